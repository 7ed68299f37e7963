package io.github.ycsbkv.workloads;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.ycsbkv.internal.cli.Main;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code sweep} with the memtier workload (here, where CacheWorkload is on the class path). */
class SweepWithoutLoadTest {

  private static final String MEMTIER = Path.of("..", "workloads", "memtier").toAbsolutePath().normalize().toString();

  @TempDir
  Path tmp;

  /** #17: memtier's runs start from an empty store, as memtier_benchmark's: no load of its 3,000,000-key range. */
  @Test
  void memtier_isNotLoaded_andWithFlushEachRepetitionStartsEmpty() throws Exception {
    Path out = tmp.resolve("memtier");
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = Main.execute(new String[] {"sweep", "--bindings", "memory", "--workloads", MEMTIER, "--threads", "1",
        "--repeat", "2", "--out", out.toString(), "--flush", "-p", "operationcount=300"},
        new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    String stderr = err.toString(StandardCharsets.UTF_8);
    assertEquals(0, code, stderr);
    assertTrue(stderr.contains("ycsb-kv sweep: memtier is run without a load (each run starts from an empty store:"
        + " emptied before every repetition)\n"), stderr);
    assertFalse(stderr.contains("loading memory"), stderr);
    assertEquals(2, stderr.split("emptied memory", -1).length - 1, "emptied before each of the 2 repetitions");
    assertFalse(Files.exists(out.resolve("memory/memtier/load")), "no load directory");
    for (String rep : new String[] {"r1", "r2"}) {
      JsonNode result = new ObjectMapper().readTree(out.resolve("memory/memtier/t1/" + rep + "/result.json").toFile());
      assertEquals(300, result.path("overall").path("operations").asLong());
      // From an empty store most GETs miss, in each repetition alike (about 1 key in 16 is ever written).
      long reads = 0;
      long notFound = 0;
      for (JsonNode op : result.path("operations")) {
        if (op.path("operation").asText().equals("READ")) {
          reads = op.path("count").asLong();
          notFound = op.path("statuses").path("NOT_FOUND").asLong();
        }
      }
      assertTrue(reads > 200 && notFound > reads * 0.9, rep + ": " + notFound + " of " + reads + " reads missed; "
          + result.path("operations"));
    }
  }

  /**
   * #42: the object-cache test's iterations as the memtier study ran them: its 100 warm-up keys written before every
   * iteration on what the ones before left (the store emptied, with --flush, before the first only), 500 ms apart.
   */
  @Test
  void objectcache_warmsUpBeforeEveryRepetition_emptiedOnce_500msApart() throws Exception {
    Path out = tmp.resolve("objectcache");
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = Main.execute(new String[] {"sweep", "--bindings", "memory", "--workloads", MEMTIER.replace("memtier",
        "objectcache"), "--threads", "1", "--repeat", "3", "--out", out.toString(), "--flush", "-p",
        "operationcount=300"}, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    String stderr = err.toString(StandardCharsets.UTF_8);
    assertEquals(0, code, stderr);
    assertEquals(3, stderr.split("ycsb-kv sweep: loading memory", -1).length - 1, stderr);
    assertEquals(1, stderr.split("ycsb-kv sweep: emptied memory", -1).length - 1, stderr);
    java.time.Instant previousEnd = null;
    for (int r = 1; r <= 3; r++) {
      JsonNode timing = new ObjectMapper().readTree(out.resolve("memory/objectcache/t1/r" + r + "/result.json")
          .toFile()).path("timing");
      java.time.Instant start = java.time.Instant.parse(timing.path("start").asText());
      if (previousEnd != null) {
        assertTrue(java.time.Duration.between(previousEnd, start).toMillis() >= 500, "r" + r + " " + timing);
      }
      previousEnd = java.time.Instant.parse(timing.path("end").asText());
    }
    JsonNode load = new ObjectMapper().readTree(out.resolve("memory/objectcache/load/result.json").toFile());
    assertEquals(100, load.path("overall").path("operations").asLong(), "the last warm-up's 100 keys");
  }

}
