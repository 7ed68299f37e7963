package io.github.ycsbkv.internal.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.ycsbkv.internal.cli.sweep.SweepPlan;
import io.github.ycsbkv.internal.cli.sweep.SweepRunner;
import io.github.ycsbkv.internal.cli.sweep.SweepServers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SweepTest {

  private static final String WORKLOADA = Path.of("..", "workloads", "workloada").toAbsolutePath().toString();

  @TempDir
  Path tmp;

  @Test
  void sweep_memoryTwoThreadCountsTwoRepetitions_finishesEveryCell_andResumes() throws Exception {
    Path out = tmp.resolve("sweep");
    String[] args = {"sweep", "--bindings", "memory", "--workloads", WORKLOADA, "--threads", "1,2", "--repeat", "2",
        "--out", out.toString(), "-p", "recordcount=500", "-p", "operationcount=2000"};
    CliRun first = CliRun.of(args);
    assertEquals(0, first.exitCode(), first.err());
    JsonNode sweep = new ObjectMapper().readTree(out.resolve("sweep.json").toFile());
    assertEquals(2, sweep.path("cells").size());
    for (JsonNode cell : sweep.path("cells")) {
      assertEquals("memory", cell.path("binding").asText());
      assertEquals(0, cell.path("failed").size());
      JsonNode tput = cell.path("figures").path("throughputOpsPerSec");
      assertEquals(2, tput.path("n").asInt());
      double a = tput.path("values").get(0).asDouble();
      double b = tput.path("values").get(1).asDouble();
      assertEquals((a + b) / 2, tput.path("mean").asDouble(), 1e-6);
      assertEquals(Math.abs(a - b) / Math.sqrt(2), tput.path("stdDev").asDouble(), 1e-6);
      assertTrue(cell.path("figures").has("READ.p99Micros"));
    }
    for (String t : new String[] {"t1", "t2"}) {
      for (String r : new String[] {"r1", "r2"}) {
        Path result = out.resolve("memory").resolve("workloada").resolve(t).resolve(r).resolve("result.json");
        assertTrue(Files.exists(result), result.toString());
        assertTrue(Files.exists(result.resolveSibling("summary.csv")));
      }
    }
    String csv = Files.readString(out.resolve("sweep.csv"));
    assertTrue(csv.startsWith("binding,workload,threads,figure,n,mean,stdDev,cv,ci95Low,ci95High\n"), csv);
    assertTrue(csv.contains("\nmemory,workloada,2,throughputOpsPerSec,2,"), csv);

    Path cell = out.resolve("memory/workloada/t1/r1/result.json");
    FileTime before = Files.getLastModifiedTime(cell);
    CliRun again = CliRun.of(args);
    assertEquals(0, again.exitCode(), again.err());
    assertEquals(before, Files.getLastModifiedTime(cell), "a completed cell is not run again");
    assertTrue(again.err().contains("ycsb-kv sweep: resuming in " + out + ": 4 of 4 repetition(s) completed before,"
        + " 0 to run\n"), again.err());
    assertTrue(!again.err().contains("repetition 1/2"), "nothing ran: " + again.err());

    // Resumed with the first cell's two repetitions to run again, each for 2 s: the estimate before the second counts
    // the one it starts, about 2 s, not the two completed after it too (6 s or more: a resumed
    // full-scale study said 86 minutes where 34 remained).
    Files.delete(out.resolve("memory/workloada/t1/r1/result.json"));
    Files.delete(out.resolve("memory/workloada/t1/r2/result.json"));
    String[] timed = java.util.stream.Stream.concat(java.util.Arrays.stream(args),
        java.util.stream.Stream.of("-p", "operationcount=0", "-p", "maxexecutiontime=2")).toArray(String[]::new);
    CliRun resumed = CliRun.of(timed);
    assertEquals(0, resumed.exitCode(), resumed.err());
    assertTrue(resumed.err().contains("resuming in " + out + ": 2 of 4 repetition(s) completed before, 2 to run\n"),
        resumed.err());
    java.util.regex.Matcher eta = java.util.regex.Pattern.compile("\\[2 of 4, about (\\d+) s left\\] memory workloada"
        + " 1 thread\\(s\\), repetition 2/2").matcher(resumed.err());
    assertTrue(eta.find(), resumed.err());
    assertTrue(Integer.parseInt(eta.group(1)) <= 4, eta.group());
    assertTrue(!resumed.err().contains("[3 of 4") && !resumed.err().contains("[4 of 4"), resumed.err());
  }

  @Test
  void sweep_unreachableStore_recordsTheCellAsFailed_andGoesOn() throws Exception {
    Path out = tmp.resolve("failing");
    CliRun run = CliRun.of("sweep", "--bindings", "io.github.ycsbkv.engine.FailingInitDB,memory", "--workloads",
        WORKLOADA, "--threads", "1", "--out", out.toString(), "-p", "recordcount=100", "-p", "operationcount=100");
    assertEquals(1, run.exitCode(), run.err());
    JsonNode cells = new ObjectMapper().readTree(out.resolve("sweep.json").toFile()).path("cells");
    assertEquals(2, cells.size());
    assertTrue(cells.get(0).path("failed").get(0).asText().contains("cannot connect to 127.0.0.1:6390"),
        cells.get(0).toString());
    assertEquals(0, cells.get(1).path("failed").size(), "the memory cells still ran");
    assertEquals(1, cells.get(1).path("figures").path("throughputOpsPerSec").path("n").asInt());
    assertEquals("ycsb: 1 cell(s) had failed repetitions; sweep.json lists why", run.err().strip().lines()
        .reduce((x, y) -> y).orElse(""));
  }

  /** Every insert fails ("no room left"); reads are OK. */
  public static final class FullDB extends FailedOperationsTest.OkDB {
    @Override
    public site.ycsb.Status read(String table, String key, java.util.Set<String> fields,
        java.util.Map<String, site.ycsb.ByteIterator> result) {
      return site.ycsb.Status.OK;
    }

    @Override
    public site.ycsb.Status insert(String table, String key, java.util.Map<String, site.ycsb.ByteIterator> values) {
      return new site.ycsb.Status("ERROR", "no room left");
    }
  }

  /**
   * ycsb2025 at scale 1 once ran Aerospike's cells with every update failing, and said nothing until its end: a run
   * with failed operations (beyond errors.tolerance) is said at once, listed as a failed repetition with its figures
   * kept, and a load with failed inserts keeps its workload's cells from running, in one line.
   */
  @Test
  void failedOperations_areSaidAtOnce_andListedPerCell_aFailedLoadStopsItsCells() throws Exception {
    Path out = tmp.resolve("flaky");
    String workloadc = Path.of("..", "workloads", "workloadc").toAbsolutePath().toString();
    CliRun run = CliRun.of("sweep", "--bindings", FailedOperationsTest.FlakyDB.class.getName(), "--workloads",
        workloadc, "--threads", "1", "--out", out.toString(), "-p", "recordcount=100", "-p", "operationcount=2100");
    assertEquals(1, run.exitCode(), run.err());
    java.util.regex.Pattern said = java.util.regex.Pattern.compile("ycsb-kv sweep: \\S+FlakyDB workloadc"
        + " 1 thread\\(s\\), repetition 1: (\\d{3}) of 2,100 operations failed \\(4\\d\\.\\d\\d%\\);"
        + " main cause: READ disk on fire");
    java.util.regex.Matcher m = said.matcher(run.err());
    assertTrue(m.find(), run.err());
    JsonNode cell = new ObjectMapper().readTree(out.resolve("sweep.json").toFile()).path("cells").get(0);
    assertTrue(cell.path("failed").get(0).asText().startsWith("r1: " + m.group(1) + " of 2,100 operations failed"),
        cell.toString());
    assertTrue(cell.path("failed").get(0).asText().endsWith("(errors.tolerance=0)"), cell.toString());
    assertEquals(1, cell.path("figures").path("throughputOpsPerSec").path("n").asInt(), "its figures are kept");

    CliRun accepted = CliRun.of("sweep", "--bindings", FailedOperationsTest.FlakyDB.class.getName(), "--workloads",
        workloadc, "--threads", "1", "--out", tmp.resolve("accepted").toString(), "-p", "recordcount=100", "-p",
        "operationcount=2100", "-p", "errors.tolerance=50%");
    assertEquals(0, accepted.exitCode(), accepted.err());
    assertTrue(!accepted.err().contains("operations failed"), accepted.err());

    Path full = tmp.resolve("full");
    CliRun load = CliRun.of("sweep", "--bindings", FullDB.class.getName(), "--workloads", workloadc, "--threads",
        "1,2", "--out", full.toString(), "-p", "recordcount=100", "-p", "operationcount=100");
    assertEquals(1, load.exitCode(), load.err());
    // Each load thread stops at its first failed insert, as upstream's do: 2 of 2 with 2 threads.
    assertTrue(load.err().contains("workloadc: load failed: 2 of 2 operations failed (100.00%); main cause: INSERT"
        + " no room left (2) (errors.tolerance=0); its cells after it are not run"), load.err());
    assertTrue(!load.err().contains("repetition 1/1"), "no run started: " + load.err());
    JsonNode cells = new ObjectMapper().readTree(full.resolve("sweep.json").toFile()).path("cells");
    assertEquals(2, cells.size());
    for (JsonNode c : cells) {
      assertTrue(c.path("failed").get(0).asText().startsWith("r1: load failed: 2 of 2 operations failed"),
          c.toString());
    }
  }

  /** #17: each workload's load starts from an empty store when asked; never without --flush. */
  @Test
  void flush_emptiesTheStoreBeforeEachLoad_andIsRefusedForABindingThatCannot() throws Exception {
    Path out = tmp.resolve("flushed");
    io.github.ycsbkv.memory.MemoryDB db = new io.github.ycsbkv.memory.MemoryDB();
    db.insert("usertable", "leftover", java.util.Map.of());
    CliRun run = CliRun.of("sweep", "--bindings", "memory", "--workloads", WORKLOADA, "--threads", "1", "--out",
        out.toString(), "--flush", "-p", "recordcount=200", "-p", "operationcount=200");
    assertEquals(0, run.exitCode(), run.err());
    assertTrue(run.err().contains("ycsb-kv sweep: emptied memory: cleared every table of this process\n"), run.err());
    assertTrue(run.err().indexOf("emptied memory") < run.err().indexOf("loading memory"), "emptied before the load");

    CliRun refused = CliRun.of("sweep", "--bindings", "site.ycsb.BasicDB", "--workloads", WORKLOADA, "--out",
        tmp.resolve("basic").toString(), "--flush");
    assertEquals(2, refused.exitCode());
    assertEquals("ycsb: --flush: binding 'site.ycsb.BasicDB' cannot empty its store (it does not implement"
        + " io.github.ycsbkv.spi.EmptiesStore); drop --flush", refused.err().strip());
  }

  /** #17: a binding again under a label (redis+tls) has its own cells, directories and properties. */
  @Test
  void labelledBinding_runsAgainWithItsOwnProperties() throws Exception {
    Path out = tmp.resolve("labelled");
    CliRun run = CliRun.of("sweep", "--bindings", "memory,memory+small", "--workloads", WORKLOADA, "--threads", "1",
        "--out", out.toString(), "-p", "recordcount=100", "-p", "operationcount=1000",
        "-p", "memory+small:operationcount=300");
    assertEquals(0, run.exitCode(), run.err());
    JsonNode cells = new ObjectMapper().readTree(out.resolve("sweep.json").toFile()).path("cells");
    assertEquals(2, cells.size());
    assertEquals("memory", cells.get(0).path("binding").asText());
    assertEquals("memory+small", cells.get(1).path("binding").asText());
    JsonNode plain = new ObjectMapper().readTree(out.resolve("memory/workloada/t1/r1/result.json").toFile());
    JsonNode small = new ObjectMapper().readTree(out.resolve("memory+small/workloada/t1/r1/result.json").toFile());
    assertEquals(1000, plain.path("overall").path("operations").asLong());
    assertEquals(300, small.path("overall").path("operations").asLong());
    assertEquals("memory", small.path("binding").asText(), "the result names the binding that ran");
    assertTrue(cells.get(1).path("figures").has("READ.p95Micros"), cells.get(1).toString());
    assertTrue(run.err().contains("[2 of 2"), run.err());

    CliRun bad = CliRun.of("sweep", "--bindings", "memory+", "--workloads", WORKLOADA, "--out",
        tmp.resolve("bad").toString());
    assertEquals(2, bad.exitCode());
    assertEquals("ycsb: --bindings: 'memory+' is not NAME or NAME+LABEL (letters, digits, _ and - in the label)",
        bad.err().strip());
    CliRun twice = CliRun.of("sweep", "--bindings", "memory,memory", "--workloads", WORKLOADA, "--out",
        tmp.resolve("twice").toString());
    assertEquals(2, twice.exitCode());
    assertTrue(twice.err().strip().startsWith("ycsb: --bindings names 'memory' twice"), twice.err());
  }

  /** #17: a workload may have thread counts and repetitions of its own (the study's object-cache part). */
  @Test
  void workloadThreadsAndRepeat_overrideTheMatrixForThatWorkloadOnly() throws Exception {
    Path out = tmp.resolve("perworkload");
    ClassLoader loader = getClass().getClassLoader();
    io.github.ycsbkv.spi.BindingRegistry registry = io.github.ycsbkv.spi.BindingRegistry.load(loader);
    SweepPlan plan = new SweepPlan.Builder().bindings(java.util.List.of("memory"))
        .workloads(java.util.List.of(WORKLOADA, WORKLOADA.replace("workloada", "workloadc")))
        .threads(java.util.List.of(1, 2)).out(out).properties(java.util.List.of("recordcount=100", "operationcount=200"))
        .workloadRuns("workloadc", java.util.List.of(1), 3).build(registry, loader);
    java.io.StringWriter err = new java.io.StringWriter();
    int code = new SweepRunner(plan, SweepServers.NONE,
        new java.io.PrintWriter(new java.io.StringWriter()), new java.io.PrintWriter(err, true)).run();
    assertEquals(0, code, err.toString());
    JsonNode cells = new ObjectMapper().readTree(out.resolve("sweep.json").toFile()).path("cells");
    assertEquals(3, cells.size(), cells.toString());
    assertEquals("workloadc", cells.get(2).path("workload").asText());
    assertEquals(1, cells.get(2).path("threads").asInt());
    assertEquals(3, cells.get(2).path("figures").path("throughputOpsPerSec").path("n").asInt());
    assertEquals(1, cells.get(1).path("figures").path("throughputOpsPerSec").path("n").asInt());
    assertTrue(err.toString().contains("[5 of 5"), err.toString());
  }

  /** #42: memtier2025's cells run so many operations per connection (memtier's requests per client), scaled. */
  @Test
  void operationsPerThread_giveEachCellItsOwnCount_scaled_andAGivenOperationcountWins() throws Exception {
    ClassLoader loader = getClass().getClassLoader();
    io.github.ycsbkv.spi.BindingRegistry registry = io.github.ycsbkv.spi.BindingRegistry.load(loader);
    for (boolean given : new boolean[] {false, true}) {
      Path out = tmp.resolve("perthread-" + given);
      java.util.List<String> props = new java.util.ArrayList<>(java.util.List.of("recordcount=100"));
      if (given) {
        props.add("operationcount=70");
      }
      SweepPlan plan = new SweepPlan.Builder().bindings(java.util.List.of("memory"))
          .workloads(java.util.List.of(WORKLOADA)).threads(java.util.List.of(1, 4)).out(out).scale(0.5)
          .properties(props).workloadOperationsPerThread("workloada", 50).build(registry, loader);
      java.io.StringWriter err = new java.io.StringWriter();
      int code = new SweepRunner(plan, SweepServers.NONE,
          new java.io.PrintWriter(new java.io.StringWriter()), new java.io.PrintWriter(err, true)).run();
      assertEquals(0, code, err.toString());
      for (int t : new int[] {1, 4}) {
        JsonNode r = new ObjectMapper().readTree(out.resolve("memory/workloada/t" + t + "/r1/result.json").toFile());
        // 50 per thread at scale 0.5: 25 per thread; a -p operationcount is the user's, left as given.
        assertEquals(given ? 70 : 25L * t, r.path("overall").path("operations").asLong(), "t" + t + " given=" + given);
      }
    }
  }
}
