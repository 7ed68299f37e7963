package io.github.ycsbkv.workloads;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbkv.internal.cli.Main;
import io.github.ycsbkv.memory.MemoryDB;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Each study workload file through the command line on the {@code memory} binding, at a small
 * {@code recordcount}/{@code operationcount} override, load then run in one JVM.
 */
class WorkloadFilesEndToEndTest {

  private static final Path DIR = Path.of("..", "workloads").toAbsolutePath().normalize();

  /** The summary's {@code [SECTION], Metric, value} lines as a map "SECTION Metric" to value. */
  private static Map<String, String> run(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = Main.execute(args, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    assertEquals(0, code, err.toString(StandardCharsets.UTF_8));
    Map<String, String> lines = new HashMap<>();
    for (String line : out.toString(StandardCharsets.UTF_8).split("\n")) {
      String[] parts = line.split(", ", 3);
      if (parts.length == 3) {
        lines.put(parts[0].substring(1, parts[0].length() - 1) + " " + parts[1], parts[2].trim());
      }
    }
    return lines;
  }

  private static long n(Map<String, String> s, String key) {
    String v = s.get(key);
    return v == null ? 0 : Long.parseLong(v);
  }

  private static String file(String name) {
    return DIR.resolve(name).toString();
  }

  @BeforeEach
  void clear() {
    MemoryDB.clearAll();
  }

  @Test
  void readheavyAndBalanced_loadEveryRecord_andRunTheirMix() {
    for (String w : new String[] {"readheavy", "balanced"}) {
      MemoryDB.clearAll();
      Map<String, String> load = run("load", "memory", "-P", file(w), "-p", "recordcount=1000", "-threads", "2",
          "-p", "dataintegrity=true");
      assertEquals(1000, n(load, "INSERT Return=OK"), w);
      Map<String, String> r = run("run", "memory", "-P", file(w), "-p", "recordcount=1000", "-p", "operationcount=4000",
          "-p", "dataintegrity=true", "-threads", "2");
      long reads = n(r, "READ Return=OK");
      long updates = n(r, "UPDATE Return=OK");
      assertEquals(4000, reads + updates, w + ": every operation found its record");
      assertNull(r.get("VERIFY Return=UNEXPECTED_STATE"), w);
      assertEquals(reads, n(r, "VERIFY Return=OK"), w + ": every read verified, counted for this run only");
      double expected = w.equals("readheavy") ? 0.95 : 0.5;
      assertEquals(expected, reads / 4000.0, 0.04, w + ": read share");
    }
  }

  @Test
  void writeheavy_loadsWholeDaysAndAppends() {
    Map<String, String> load = run("load", "memory", "-P", file("writeheavy"), "-p", "recordcount=2048",
        "-p", "ts.series=64", "-threads", "4");
    assertEquals(2048, n(load, "INSERT Return=OK"));
    assertEquals(2048, MemoryDB.size("usertable"));
    Map<String, String> r = run("run", "memory", "-P", file("writeheavy"), "-p", "recordcount=2048",
        "-p", "ts.series=64", "-p", "operationcount=4096", "-p", "dataintegrity=true", "-threads", "4");
    long reads = n(r, "READ Return=OK");
    long inserts = n(r, "INSERT Return=OK");
    assertEquals(4096, reads + inserts);
    assertEquals(0, n(r, "READ Return=NOT_FOUND"), "a read always finds a point that exists");
    assertNull(r.get("VERIFY Return=UNEXPECTED_STATE"));
    assertEquals(0.1, reads / 4096.0, 0.03);
    assertEquals(2048 + inserts, MemoryDB.size("usertable"));
  }

  @Test
  void memtier_runsWithoutLoad_andReportsItsHitRate() {
    Map<String, String> r = run("run", "memory", "-P", file("memtier"), "-p", "recordcount=3000",
        "-p", "operationcount=16000");
    long sets = n(r, "INSERT Return=OK");
    long hits = n(r, "READ Return=OK");
    long misses = n(r, "READ Return=NOT_FOUND");
    assertEquals(16000, sets + hits + misses);
    assertEquals(1000, sets, 150, "1:15 SET:GET");
    assertTrue(misses > hits, "a cold cache misses more than it hits");
    double hitRate = Double.parseDouble(r.get("READ HitRate(%)"));
    assertEquals(100.0 * hits / (hits + misses), hitRate, 0.001);
    assertTrue(MemoryDB.size("usertable") <= sets);
  }

  @Test
  void objectcache_warmsUpThenGetsAndSetsWithTtls() {
    Map<String, String> load = run("load", "memory", "-P", file("objectcache"));
    assertEquals(100, n(load, "INSERT Return=OK"));
    Map<String, String> r = run("run", "memory", "-P", file("objectcache"), "-p", "operationcount=5000");
    long gets = n(r, "READ Return=OK") + n(r, "READ Return=NOT_FOUND");
    long sets = n(r, "INSERT Return=OK");
    assertEquals(0.7 * 5000, gets, 150);
    // SETs: 30% of operations, plus 20% of the GETs that missed.
    long misses = n(r, "READ Return=NOT_FOUND");
    assertEquals(0.3 * 5000 + 0.2 * misses, sets, 150);
    assertTrue(n(r, "READ Return=OK") > 0, "warm-up and earlier SETs are hit");
  }
}
