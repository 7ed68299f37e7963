package io.github.ycsbkv.internal.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Bad input gets one line on stderr, no stack trace, and a non-zero exit code. */
class CliErrorsTest {

  private static final String WORKLOADA = Path.of("..", "workloads", "workloada").toString();

  private static void assertOneLine(CliRun run, int exitCode, String expectedLine) {
    assertEquals(exitCode, run.exitCode(), run.err());
    String[] lines = run.err().strip().split("\n");
    assertEquals(expectedLine, lines[lines.length - 1]);
    assertFalse(run.err().contains("\tat "), "no stack trace: " + run.err());
    assertFalse(run.err().contains("Exception"), "no exception names: " + run.err());
  }

  /** An open loop's settings without -target were dropped without a word; now a warning names them. */
  @Test
  void openLoopSettingsWithoutTarget_areNamed_notSilentlyDropped() {
    CliRun run = CliRun.of("run", "memory", "-P", WORKLOADA, "-p", "operationcount=100", "-p", "maxinflight=4",
        "-p", "arrivals=poisson");
    assertEquals(0, run.exitCode(), run.err());
    assertTrue(run.err().contains("ycsb: warning: maxinflight=4, arrivals=poisson set an open loop, which -target"
        + " starts; without it this run is a closed loop and they are not used"), run.err());
    CliRun open = CliRun.of("run", "memory", "-P", WORKLOADA, "-p", "operationcount=100", "-p", "arrivals=poisson",
        "-target", "1000");
    assertEquals(0, open.exitCode(), open.err());
    assertFalse(open.err().contains("set an open loop"), open.err());
  }

  @Test
  void capacityWithoutABudget_andSweepSearchOptionsWithoutCapacity_areOneLine() {
    assertOneLine(CliRun.of("capacity", "memory", "-P", WORKLOADA, "--step", "5s"), 2,
        "ycsb: capacity needs a latency budget: --slo p99=1ms (or several bounds: p99=1ms,p999=5ms)");
    assertOneLine(CliRun.of("capacity", "memory", "-P", WORKLOADA, "--slo", "p99=1ms", "--step", "0s"), 2,
        "ycsb: --step must be whole seconds, at least 1 (for example 10s), got '0s'");
    assertOneLine(CliRun.of("sweep", "--bindings", "memory", "--workloads", WORKLOADA, "--out", "unused",
        "--resolution", "5%"), 2, "ycsb: --resolution belongs to a capacity search: add --capacity, or drop --resolution");
  }

  @Test
  void sweepMaxmemory_aSizeItCannotRead_orABindingWithoutALimit_isOneLine() {
    assertOneLine(CliRun.of("sweep", "--bindings", "memory", "--workloads", WORKLOADA, "--out", "unused",
        "--maxmemory", "10xb"), 2, "ycsb: --maxmemory: '10xb' is not a size the server takes (32mb, 1gb, or bytes)");
    assertOneLine(CliRun.of("sweep", "--bindings", "memory", "--workloads", WORKLOADA, "--out", "unused",
        "--maxmemory", "10mb"), 2, "ycsb: --maxmemory sets the memory limit of a RESP server or Aerospike"
        + " (server.maxmemory); binding 'memory' has none: drop it, or --maxmemory");
  }

  @Test
  void run_unknownBinding_listsTheKnownOnes() {
    assertOneLine(CliRun.of("run", "nosuchstore", "-P", WORKLOADA), 2,
        "ycsb: unknown binding 'nosuchstore'; known: memory (or give a fully qualified site.ycsb.DB class)");
  }

  @Test
  void run_unknownClass_saysHowToAddIt() {
    assertOneLine(CliRun.of("run", "com.example.NoSuchDB", "-P", WORKLOADA), 2,
        "ycsb: binding class 'com.example.NoSuchDB' not found on the class path; add its jar to it (bin/ycsb: -cp or"
            + " YCSB_CLASSPATH)");
  }

  @Test
  void run_classThatIsNotADb_isRejected() {
    assertOneLine(CliRun.of("run", "java.lang.String", "-P", WORKLOADA), 2, "ycsb: 'java.lang.String' is not a site.ycsb.DB");
  }

  @Test
  void run_missingWorkloadFile_namesIt() {
    CliRun run = CliRun.of("run", "memory", "-P", "no/such/file");
    assertEquals(2, run.exitCode());
    assertTrue(run.err().startsWith("ycsb: workload file 'no/such/file' not found"), run.err());
  }

  @Test
  void run_malformedProperty_namesPropertyAndValue() {
    assertOneLine(CliRun.of("run", "memory", "-P", WORKLOADA, "-p", "operationcount=lots"), 2,
        "ycsb: property 'operationcount' must be a whole number, got 'lots'");
  }

  /** Regression: CoreWorkload failed with "/ by zero", and fieldlength=0 ran with empty values. */
  @Test
  void run_fieldCountOrLengthZero_isOneLine() {
    assertOneLine(CliRun.of("run", "memory", "-P", WORKLOADA, "-p", "fieldcount=0"), 2,
        "ycsb: property 'fieldcount' must be at least 1, got 0");
    assertOneLine(CliRun.of("run", "memory", "-P", WORKLOADA, "-p", "fieldlength=0"), 2,
        "ycsb: property 'fieldlength' must be at least 1, got 0");
  }

  /** Regression: the run header came first ("..., 0 thread(s)"), then the error. */
  @Test
  void run_zeroThreads_isTheOneLinePrinted() {
    CliRun run = CliRun.of("run", "memory", "-P", WORKLOADA, "-threads", "0");
    assertEquals(2, run.exitCode());
    assertEquals("ycsb: property 'threadcount' must be at least 1, got 0", run.err().strip());
  }

  /** Regression: an OutOfMemoryError stack trace after 44 s. */
  @Test
  void run_moreThreadsThanTheHeapHolds_isOneLineBeforeAnythingRuns() {
    long heapMb = Runtime.getRuntime().maxMemory() >> 20;
    int threads = (int) Math.min(Integer.MAX_VALUE, Math.max(100_000, heapMb * 4));
    CliRun run = CliRun.of("run", "memory", "-P", WORKLOADA, "-threads", Integer.toString(threads));
    assertOneLine(run, 2, String.format(java.util.Locale.ROOT, "ycsb: %,d client threads need about %,d MB of heap for"
        + " their latency histograms (about 512 KB each), but this JVM may use %,d MB: at most %,d threads fit; use"
        + " fewer threads, or more heap (JAVA_OPTS=-Xmx...)", threads, threads / 2, heapMb,
        (long) (Runtime.getRuntime().maxMemory() * 0.8 / (512 * 1024))));
    assertFalse(run.out().contains("[OVERALL]"), run.out());
  }

  @Test
  void run_malformedThreads_isAUsageError() {
    CliRun run = CliRun.of("run", "memory", "-P", WORKLOADA, "-threads", "many");
    assertEquals(2, run.exitCode());
    assertTrue(run.err().contains("'many' is not an int"), run.err());
    assertEquals(1, run.err().strip().split("\n").length, run.err());
  }

  @Test
  void run_pairWithoutEquals_isRejected() {
    assertOneLine(CliRun.of("run", "memory", "-P", WORKLOADA, "-p", "operationcount"), 2,
        "ycsb: -p expects key=value, got 'operationcount'");
  }

  @Test
  void unknownCommand_listsCommands() {
    assertOneLine(CliRun.of("bench"), 2,
        "ycsb: unknown command 'bench'; commands: load, run, capacity, sweep, study, memtier, suite, record, replay, merge, report, bindings, demo (see 'ycsb --help')");
  }

  @Test
  void unknownOption_isOneLine() {
    CliRun run = CliRun.of("run", "memory", "-P", WORKLOADA, "-threadz", "4");
    assertEquals(2, run.exitCode());
    assertEquals(1, run.err().strip().split("\n").length, run.err());
    assertTrue(run.err().startsWith("ycsb run: Unknown option") && run.err().contains("'-threadz'"), run.err());
  }

  @Test
  void run_noWorkloadFile_saysHowToGiveOne() {
    assertOneLine(CliRun.of("run", "memory"), 2,
        "ycsb: no workload given: pass a workload file with -P (for example -P workloads/workloada) or -p workload=CLASS");
  }

  @Test
  void run_noBinding_saysHowToGiveOne() {
    assertOneLine(CliRun.of("run", "-P", WORKLOADA), 2,
        "ycsb: no binding given: ycsb run <binding> -P <workload file> (see 'ycsb bindings')");
  }

  @Test
  void run_bindingInitFails_exitsOneWithTheReasonAndNoSecret() {
    CliRun run = CliRun.of("run", "io.github.ycsbkv.engine.FailingInitDB", "-P", WORKLOADA,
        "-p", "redis.password=hunter2");
    assertOneLine(run, 1,
        "ycsb: cannot initialize binding 'io.github.ycsbkv.engine.FailingInitDB': cannot connect to 127.0.0.1:6390:"
        + " Connection refused");
    assertFalse(run.err().contains("hunter2") || run.out().contains("hunter2"));
  }

  @Test
  void run_badWorkloadProperty_reportsTheWorkloadsMessage() {
    CliRun run = CliRun.of("run", "memory", "-P", WORKLOADA, "-p", "requestdistribution=pareto");
    assertEquals(2, run.exitCode());
    assertOneLine(run, 2, "ycsb: workload 'site.ycsb.workloads.CoreWorkload' rejected its properties:"
        + " Unknown request distribution \"pareto\"");
  }

  @Test
  void run_dataIntegrityWithVariableFieldLength_isAnErrorNotAnExit() {
    // Upstream CoreWorkload calls System.exit(-1) here; the test JVM surviving is part of the assertion.
    assertOneLine(CliRun.of("run", "memory", "-P", WORKLOADA, "-p", "dataintegrity=true",
        "-p", "fieldlengthdistribution=uniform"), 2,
        "ycsb: dataintegrity=true needs fieldlengthdistribution=constant, got 'uniform'");
  }

  @Test
  void load_insertRangeBeyondRecordCount_isAnErrorNotAnExit() {
    assertOneLine(CliRun.of("load", "memory", "-P", WORKLOADA, "-p", "insertstart=900", "-p", "insertcount=200"), 2,
        "ycsb: recordcount (1000) must be at least insertstart + insertcount (900 + 200)");
  }

  @Test
  void load_withUpstreamRunFlag_isAContradiction() {
    assertOneLine(CliRun.of("load", "memory", "-P", WORKLOADA, "-t"), 2,
        "ycsb: '-t' contradicts the 'load' command; drop the flag");
  }

  @Test
  void run_missingClasspathEntry_isNamed() {
    assertOneLine(CliRun.of("run", "memory", "-P", WORKLOADA, "-cp", "/no/such.jar"), 2,
        "ycsb: class path entry '/no/such.jar' does not exist");
  }
}
