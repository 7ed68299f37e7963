package io.github.ycsbkv.internal.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.ycsbkv.memory.MemoryDB;
import io.github.ycsbkv.results.ResultJson;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code load} then {@code run} of upstream's workload A through the command line, on the memory binding. */
class EndToEndTest {

  @TempDir
  Path tmp;

  private static final String WORKLOADA = Path.of("..", "workloads", "workloada").toString();

  @BeforeEach
  void clear() {
    MemoryDB.clearAll();
  }

  @Test
  void loadThenRun_workloadaWithDataIntegrity_countsMatchAndResultJsonIsComplete() throws Exception {
    Path loadDir = tmp.resolve("load");
    Path runDir = tmp.resolve("run");
    CliRun load = CliRun.of("load", "memory", "-P", WORKLOADA, "-p", "dataintegrity=true", "-p", "table=e2e",
        "-threads", "2", "-p", "export.dir=" + loadDir);
    assertEquals(0, load.exitCode(), load.err());
    assertEquals("1000", load.summary("INSERT", "Operations"));
    assertEquals("1000", load.summary("INSERT", "Return=OK"));
    assertEquals(1000, MemoryDB.size("e2e"));

    CliRun run = CliRun.of("run", "memory", "-P", WORKLOADA, "-p", "dataintegrity=true", "-p", "table=e2e",
        "-threads", "2", "-l", "e2e-label", "-p", "export.dir=" + runDir, "-p", "redis.password=hunter2");
    assertEquals(0, run.exitCode(), run.err());
    long reads = Long.parseLong(run.summary("READ", "Operations"));
    long updates = Long.parseLong(run.summary("UPDATE", "Operations"));
    assertEquals(1000, reads + updates);
    assertTrue(reads > 400 && updates > 400, "a 50/50 mix: " + reads + "/" + updates);
    assertEquals(null, run.summary("READ-FAILED", "Operations"));
    // Every read was verified by the workload, and none came back different from what was written.
    assertEquals(null, run.summary("VERIFY", "Return=UNEXPECTED_STATE"));
    assertTrue(Long.parseLong(run.summary("VERIFY", "Return=OK")) >= reads);

    JsonNode json = ResultJson.read(runDir.resolve("result.json"));
    assertEquals("ycsb-kv/result/1", json.path("schema").asText());
    assertEquals("run", json.path("command").asText());
    assertEquals("memory", json.path("binding").asText());
    assertEquals("io.github.ycsbkv.memory.MemoryDB", json.path("dbClass").asText());
    assertEquals("site.ycsb.workloads.CoreWorkload", json.path("workload").asText());
    assertEquals("e2e-label", json.path("label").asText());
    assertEquals(2, json.path("threads").asInt());
    assertEquals("completed", json.path("stopReason").asText());
    assertEquals(1000, json.path("overall").path("operations").asLong());
    assertEquals(0, json.path("overall").path("errors").asLong());
    assertTrue(json.path("overall").path("throughputOpsPerSec").asDouble() > 0);
    assertTrue(json.path("timing").path("runtimeMillis").asLong() >= 0);
    assertFalse(json.path("timing").path("start").asText().isEmpty());

    JsonNode read = null;
    for (JsonNode op : json.path("operations")) {
      if (op.path("operation").asText().equals("READ")) {
        read = op;
      }
    }
    assertEquals(reads, read.path("count").asLong());
    assertEquals(0, read.path("errors").asLong());
    assertEquals(reads, read.path("statuses").path("OK").asLong());
    JsonNode latency = read.path("serviceOk");
    assertEquals(reads, latency.path("count").asLong());
    double p50 = latency.path("p50Micros").asDouble();
    double p99 = latency.path("p99Micros").asDouble();
    double p999 = latency.path("p99_9Micros").asDouble();
    assertTrue(p50 > 0 && p50 <= p99 && p99 <= p999 && p999 <= latency.path("maxMicros").asDouble());
    assertEquals(Double.parseDouble(run.summary("READ", "99thPercentileLatency(us)")), p99, 0.001);
    assertTrue(read.path("responseOk").isNull(), "no response-time series without -target");

    assertEquals("*****", json.path("configuration").path("redis.password").asText());
    assertEquals("2", json.path("configuration").path("threadcount").asText());
    assertTrue(json.path("environment").path("availableProcessors").asInt() >= 1);
    assertFalse(json.path("environment").path("javaVersion").asText().isEmpty());
    assertFalse(json.toString().contains("hunter2"));
    assertFalse(run.out().contains("hunter2") || run.err().contains("hunter2"));
  }

  @Test
  void run_upstreamBasicDbByClassName_runsAndCountsOperations() {
    CliRun run = CliRun.of("run", "site.ycsb.BasicDB", "-P", WORKLOADA, "-p", "basicdb.verbose=false",
        "-p", "operationcount=500");
    assertEquals(0, run.exitCode(), run.err());
    assertEquals(500, Long.parseLong(run.summary("READ", "Operations"))
        + Long.parseLong(run.summary("UPDATE", "Operations")));
  }

  @Test
  void run_dbOptionAsUpstreamClientTakesIt_runs() {
    CliRun run = CliRun.of("run", "-db", "site.ycsb.BasicDB", "-P", WORKLOADA, "-p", "basicdb.verbose=false",
        "-p", "operationcount=10", "-t");
    assertEquals(0, run.exitCode(), run.err());
    // Ten operations at 50/50: all of one kind now and then (2 in 1,024), and then the other has no line.
    assertEquals(10, operations(run, "READ") + operations(run, "UPDATE"), run.out());
  }

  /** The summary's operation count of {@code op}, or 0 when the run did none (no line). */
  private static long operations(CliRun run, String op) {
    String n = run.summary(op, "Operations");
    return n == null ? 0 : Long.parseLong(n);
  }

  @Test
  void run_workloadfReadModifyWrite_reportsUpstreamsOwnMeasurement() {
    CliRun load = CliRun.of("load", "memory", "-P", Path.of("..", "workloads", "workloadf").toString(),
        "-p", "table=rmw");
    assertEquals(0, load.exitCode(), load.err());
    CliRun run = CliRun.of("run", "memory", "-P", Path.of("..", "workloads", "workloadf").toString(),
        "-p", "table=rmw");
    assertEquals(0, run.exitCode(), run.err());
    assertTrue(Long.parseLong(run.summary("READ-MODIFY-WRITE", "Operations")) > 300);
  }

  @Test
  void run_target_reportsIntendedSeries() {
    CliRun load = CliRun.of("load", "memory", "-P", WORKLOADA, "-p", "table=target");
    assertEquals(0, load.exitCode(), load.err());
    CliRun run = CliRun.of("run", "memory", "-P", WORKLOADA, "-p", "table=target", "-p", "operationcount=200",
        "-target", "2000", "-threads", "2");
    assertEquals(0, run.exitCode(), run.err());
    assertTrue(Long.parseLong(run.summary("Intended-READ", "Operations")) > 50);
  }

  @Test
  void load_exportDir_writesCsvAndHistogramsThatReadBack() throws Exception {
    Path out = tmp.resolve("export");
    CliRun load = CliRun.of("load", "memory", "-P", WORKLOADA, "-p", "recordcount=20000", "-p", "table=exports",
        "-p", "status.interval=1", "-threads", "2", "-p", "export.dir=" + out);
    assertEquals(0, load.exitCode(), load.err());

    java.util.List<String> csv = java.nio.file.Files.readAllLines(out.resolve("summary.csv"));
    assertEquals("operation,outcome,latency,count,errors,meanMicros,minMicros,maxMicros,stdDevMicros,p50Micros,"
        + "p90Micros,p95Micros,p99Micros,p99_9Micros,p99_99Micros", csv.get(0));
    String[] insert = csv.get(1).split(",");
    assertEquals("INSERT", insert[0]);
    assertEquals("ok", insert[1]);
    assertEquals("service", insert[2]);
    assertEquals("20000", insert[3]);
    assertEquals(load.summary("INSERT", "99thPercentileLatency(us)"), insert[12]);

    String hgrm = java.nio.file.Files.readString(out.resolve("INSERT.hgrm"));
    assertTrue(hgrm.contains("#[Mean    =") && hgrm.contains("Total count    =        20000]"), hgrm);

    long logged = 0;
    org.HdrHistogram.HistogramLogReader reader = new org.HdrHistogram.HistogramLogReader(
        out.resolve("INSERT.hlog").toFile());
    while (reader.hasNext()) {
      logged += ((org.HdrHistogram.Histogram) reader.nextIntervalHistogram()).getTotalCount();
    }
    assertEquals(20000, logged, "the interval log adds up to every insert");
    assertFalse(java.nio.file.Files.exists(out.resolve("DELETE.hlog")), "no log for an unused operation");
  }
}
