package io.github.ycsbkv.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbkv.config.UserError;
import io.github.ycsbkv.results.BenchmarkResult;
import java.util.Properties;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The engine's pipelined mode ({@code -p pipeline=N}) with an asynchronous binding. */
class PipelineTest {

  @BeforeEach
  void reset() {
    DelayedAsyncDB.reset();
  }

  private static Properties props(String pipeline, String threads) {
    Properties p = new Properties();
    p.setProperty("recordcount", "100");
    p.setProperty("operationcount", "400");
    p.setProperty("readproportion", "1");
    p.setProperty("updateproportion", "0");
    p.setProperty("requestdistribution", "uniform");
    p.setProperty("pipeline", pipeline);
    p.setProperty("threadcount", threads);
    return p;
  }

  private BenchmarkResult run(Properties p) {
    return new Benchmark(Phase.RUN, p, "async", DelayedAsyncDB.class, getClass().getClassLoader()).run();
  }

  @Test
  void run_pipeline8_keepsEightInFlightPerThread_andRecordsEveryCompletion() {
    BenchmarkResult r = run(props("8", "2"));
    assertEquals("completed", r.stopReason());
    assertEquals(400, r.operations());
    assertEquals(400, DelayedAsyncDB.COMPLETED.get(), "every operation completed before the run ended");
    assertEquals(16, DelayedAsyncDB.MAX_IN_FLIGHT.get(), "2 threads x 8 in flight, never more");
    long ok = r.operation("READ").statuses().getOrDefault("OK", 0L);
    long miss = r.operation("READ").statuses().getOrDefault("NOT_FOUND", 0L);
    assertEquals(400, ok + miss, "the real outcome is recorded, not BATCHED_OK");
    assertEquals(null, r.operation("READ").statuses().get("BATCHED_OK"));
    assertTrue(r.operation("READ").serviceOk().minMicros() >= 1_900, "timed to completion: "
        + r.operation("READ").serviceOk().minMicros());
  }

  @Test
  void run_pipeline1_isTheClosedLoop() {
    BenchmarkResult r = run(props("1", "1"));
    assertEquals(400, r.operations());
    assertEquals(1, DelayedAsyncDB.MAX_IN_FLIGHT.get());
  }

  @Test
  void run_pipelineWithABlockingBinding_isAClearError() {
    Properties p = props("4", "1");
    UserError e = assertThrows(UserError.class, () -> new Benchmark(Phase.RUN, p, "fixed", FixedLatencyDB.class,
        getClass().getClassLoader()).run());
    assertEquals("binding 'fixed' has no asynchronous operations (io.github.ycsbkv.spi.AsyncOperations), so it cannot"
        + " pipeline; drop -p pipeline=4", e.getMessage());
  }

  @Test
  void run_pipelineWithDataIntegrity_isAClearError() {
    Properties p = props("4", "1");
    p.setProperty("dataintegrity", "true");
    UserError e = assertThrows(UserError.class, () -> run(p));
    assertTrue(e.getMessage().startsWith("dataintegrity=true checks each read's values"), e.getMessage());
  }

  /** Regression: a load never reads, yet dataintegrity=true refused its pipeline. */
  @Test
  void load_pipelineWithDataIntegrity_runs() {
    Properties p = props("4", "2");
    p.setProperty("dataintegrity", "true");
    BenchmarkResult r = new Benchmark(Phase.LOAD, p, "async", DelayedAsyncDB.class, getClass().getClassLoader()).run();
    assertEquals("completed", r.stopReason());
    assertEquals(100, r.operation("INSERT").count());
    assertEquals(8, DelayedAsyncDB.MAX_IN_FLIGHT.get());
  }

  /** Regression: dataintegrity=true was silently ignored by workloads that do not check, yet refused their pipeline. */
  @Test
  void run_dataIntegrityWithAWorkloadThatDoesNotCheck_saysSo_andPipelines() {
    Properties p = props("4", "2");
    p.setProperty("dataintegrity", "true");
    p.setProperty("workload", UncheckedWorkload.class.getName());
    BenchmarkResult r = run(p);
    assertEquals("completed", r.stopReason());
    assertEquals(400, r.operations());
    assertEquals(8, DelayedAsyncDB.MAX_IN_FLIGHT.get());
    assertTrue(r.warnings().contains("dataintegrity=true has no effect: UncheckedWorkload does not check the values"
        + " it reads"), r.warnings().toString());
  }

  /** Upstream's CoreWorkload, declaring that it does not check values. */
  public static class UncheckedWorkload extends site.ycsb.workloads.CoreWorkload
      implements WorkloadTraits {
    @Override
    public boolean checksValues() {
      return false;
    }
  }

  @Test
  void run_drivers2_tenClientsOnTwoThreads_eachClientOneInFlight() {
    Properties p = props("1", "10");
    p.setProperty("drivers", "2");
    BenchmarkResult r = run(p);
    assertEquals("completed", r.stopReason());
    assertEquals(400, r.operations());
    assertEquals(400, DelayedAsyncDB.COMPLETED.get());
    assertEquals(10, DelayedAsyncDB.MAX_IN_FLIGHT.get(), "10 clients, one operation in flight each");
    assertEquals(10, r.threads(), "the result speaks of the clients the user asked for");
    assertEquals("2", r.configuration().get("drivers.threads"));
    assertEquals("10", r.configuration().get("threadcount"));
  }

  @Test
  void run_driversAuto_moreClientsThanCores_servedByOneThreadPerCore() {
    int cores = Runtime.getRuntime().availableProcessors();
    Properties p = props("1", Integer.toString(2 * cores + 1));
    p.setProperty("operationcount", Integer.toString(40 * (2 * cores + 1)));
    BenchmarkResult r = run(p);
    assertEquals(Integer.toString(cores), r.configuration().get("drivers.threads"));
    assertEquals(2 * cores + 1, DelayedAsyncDB.MAX_IN_FLIGHT.get());
    assertEquals(40L * (2 * cores + 1), r.operations());
  }

  @Test
  void run_driversAuto_readModifyWrite_keepsAThreadPerClient() {
    int cores = Runtime.getRuntime().availableProcessors();
    Properties p = props("1", Integer.toString(2 * cores + 1));
    p.setProperty("readproportion", "0.5");
    p.setProperty("readmodifywriteproportion", "0.5");
    BenchmarkResult r = run(p);
    assertEquals(Integer.toString(2 * cores + 1), r.configuration().get("drivers.threads"),
        "a read-modify-write must see its read before it writes: one thread per client");
  }

  @Test
  void drivers_withABlockingBinding_orMalformed_isAClearError() {
    Properties p = props("1", "8");
    p.setProperty("drivers", "2");
    UserError e = assertThrows(UserError.class, () -> new Benchmark(Phase.RUN, p, "fixed", FixedLatencyDB.class,
        getClass().getClassLoader()).run());
    assertTrue(e.getMessage().startsWith("drivers=2 needs a binding with asynchronous operations"), e.getMessage());
    p.setProperty("drivers", "many");
    e = assertThrows(UserError.class, () -> run(p));
    assertTrue(e.getMessage().startsWith("property 'drivers' must be auto, 0"), e.getMessage());
  }
}
