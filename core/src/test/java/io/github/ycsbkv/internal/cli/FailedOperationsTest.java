package io.github.ycsbkv.internal.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.ycsbkv.internal.cli.console.FailedOperations;
import io.github.ycsbkv.results.BenchmarkResult;
import io.github.ycsbkv.results.ErrorCause;
import io.github.ycsbkv.results.ResultJson;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;

/**
 * Runs whose operations fail: the causes are counted and printed, the exit code says so, a
 * tolerance accepts some, and a client thread that dies stops the run with one line.
 */
class FailedOperationsTest {

  private static final String WORKLOADC = Path.of("..", "workloads", "workloadc").toString();

  @TempDir
  Path tmp;

  /** Every operation OK; the tests' bindings override {@code read}. */
  public abstract static class OkDB extends DB {
    @Override
    public Status scan(String t, String s, int n, Set<String> f, Vector<HashMap<String, ByteIterator>> r) {
      return Status.OK;
    }

    @Override
    public Status update(String table, String key, Map<String, ByteIterator> values) {
      return Status.OK;
    }

    @Override
    public Status insert(String table, String key, Map<String, ByteIterator> values) {
      return Status.OK;
    }

    @Override
    public Status delete(String table, String key) {
      return Status.OK;
    }
  }

  /** Every third read fails with "disk on fire", every seventh with a bare ERROR, the rest are OK. */
  public static final class FlakyDB extends OkDB {
    private static final AtomicLong READS = new AtomicLong();

    @Override
    public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
      long n = READS.incrementAndGet();
      if (n % 3 == 0) {
        return new Status("ERROR", "disk on fire\n  (shard " + (n % 2) + ")");
      }
      return n % 7 == 0 ? Status.ERROR : Status.OK;
    }
  }

  /** A binding whose reads hit a class conflict, as an upstream jar compiled against another Jedis does. */
  public static final class LinkageDB extends OkDB {
    @Override
    public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
      throw new IncompatibleClassChangeError("Found interface redis.clients.jedis.Foo, but class was expected");
    }
  }

  private CliRun flaky(String... extra) {
    FlakyDB.READS.set(0);
    String[] base = {"run", FlakyDB.class.getName(), "-P", WORKLOADC, "-p", "operationcount=2100",
        "-p", "export.dir=" + tmp};
    String[] args = java.util.Arrays.copyOf(base, base.length + extra.length);
    System.arraycopy(extra, 0, args, base.length, extra.length);
    return CliRun.of(args);
  }

  @Test
  void failedOperations_eachCauseCountedAndPrinted_exitCode3() throws Exception {
    CliRun run = flaky();
    // 2100 reads: 700 multiples of 3 ("disk on fire", two shards), 200 multiples of 7 but not of 21.
    assertEquals(FailedOperations.EXIT_OPERATIONS_FAILED, run.exitCode(), run.err());
    assertTrue(run.out().contains("[READ], Error, 350, disk on fire (shard 0)\n"), run.out());
    assertTrue(run.out().contains("[READ], Error, 350, disk on fire (shard 1)\n"), run.out());
    assertTrue(run.out().contains("[READ], Error, 200, " + ErrorCause.NO_CAUSE + "\n"), run.out());
    assertEquals("900", run.summary("READ", "Return=ERROR"));
    String last = run.err().strip().lines().reduce((a, b) -> b).orElseThrow();
    assertTrue(last.startsWith("ycsb: 900 of 2,100 operations failed (42.86%); main cause: READ disk on fire (shard"),
        last);
    assertTrue(last.contains("errors.tolerance"), last);

    BenchmarkResult written = ResultJson.readResult(tmp.resolve("result.json"));
    assertEquals(3, written.operation("READ").errorCauses().size());
    assertEquals(350, written.operation("READ").errorCauses().get(0).count());
    JsonNode json = new ObjectMapper().readTree(tmp.resolve("result.json").toFile());
    assertEquals(200, json.path("operations").get(0).path("errorCauses").get(2).path("count").asLong());
  }

  @Test
  void tolerance_countOrShare_acceptsSomeFailures() {
    assertEquals(0, flaky("-p", "errors.tolerance=900").exitCode());
    assertEquals(FailedOperations.EXIT_OPERATIONS_FAILED, flaky("-p", "errors.tolerance=899").exitCode());
    assertEquals(0, flaky("-p", "errors.tolerance=50%").exitCode());
    assertEquals(FailedOperations.EXIT_OPERATIONS_FAILED, flaky("-p", "errors.tolerance=40%").exitCode());
  }

  @Test
  void tolerance_malformed_isAUsageErrorBeforeAnythingRuns() {
    CliRun run = flaky("-p", "errors.tolerance=some");
    assertEquals(2, run.exitCode());
    assertTrue(run.err().contains("property 'errors.tolerance' must be a count"), run.err());
    assertFalse(Files.exists(tmp.resolve("result.json")));
  }

  /** Regression: a LinkageError in a client thread printed two stack traces, then Throughput 0 and exit 0. */
  @Test
  void clientThreadThatThrowsAnError_stopsTheRunWithOneLine_andWritesResults() {
    CliRun run = CliRun.of("run", LinkageDB.class.getName(), "-P", WORKLOADC, "-p", "operationcount=100",
        "-threads", "2", "-p", "export.dir=" + tmp);
    assertEquals(1, run.exitCode(), run.err());
    String last = run.err().strip().lines().reduce((a, b) -> b).orElseThrow();
    assertTrue(last.matches("ycsb: client thread [01] died: IncompatibleClassChangeError: Found interface .*"), last);
    assertFalse(run.err().contains("\tat "), "no stack trace: " + run.err());
    assertTrue(Files.exists(tmp.resolve("result.json")));
  }

  /** Regression (hardening issue, item 4): a file as export.dir ran the whole benchmark, then lost its results. */
  @Test
  void exportDirThatIsAFile_isRefusedBeforeAnythingRuns() throws Exception {
    Path file = Files.writeString(tmp.resolve("a-file"), "x");
    FlakyDB.READS.set(0);
    CliRun run = CliRun.of("run", FlakyDB.class.getName(), "-P", WORKLOADC, "-p", "operationcount=100",
        "-p", "export.dir=" + file);
    assertEquals(2, run.exitCode(), run.err());
    assertEquals("ycsb: export.dir '" + file + "' cannot hold the results: Not a directory", run.err().strip());
    assertEquals(0, FlakyDB.READS.get(), "nothing ran");
    CliRun below = CliRun.of("run", FlakyDB.class.getName(), "-P", WORKLOADC, "-p", "operationcount=100",
        "-p", "export.dir=" + file.resolve("sub"));
    assertEquals(2, below.exitCode(), below.err());
    assertEquals("ycsb: export.dir '" + file.resolve("sub") + "' cannot be created: Not a directory",
        below.err().strip());
  }
}
