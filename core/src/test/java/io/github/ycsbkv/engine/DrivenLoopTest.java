package io.github.ycsbkv.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbkv.results.BenchmarkResult;
import java.util.Properties;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Clients served on the binding's event loop ({@code drivers} with a completion executor). */
class DrivenLoopTest {

  @BeforeEach
  void reset() {
    LoopAsyncDB.reset();
  }

  private static Properties props(String clients, String operations) {
    Properties p = new Properties();
    p.setProperty("recordcount", "100");
    p.setProperty("operationcount", operations);
    p.setProperty("readproportion", "0.9");
    p.setProperty("updateproportion", "0.1");
    p.setProperty("requestdistribution", "uniform");
    p.setProperty("threadcount", clients);
    p.setProperty("drivers", "2");
    return p;
  }

  private BenchmarkResult run(Properties p) {
    return new Benchmark(Phase.RUN, p, "loop", LoopAsyncDB.class, getClass().getClassLoader()).run();
  }

  @Test
  void run_tenClientsOnTwoLoops_everyOperationSubmittedOnTheLoop_andRecorded() {
    BenchmarkResult r = run(props("10", "2000"));
    assertEquals("completed", r.stopReason(), String.valueOf(r.error()));
    assertEquals(2000, r.operations());
    assertEquals(2000, LoopAsyncDB.COMPLETED.get());
    assertEquals(10, LoopAsyncDB.MAX_IN_FLIGHT.get(), "one operation in flight per client, never more");
    assertEquals(0, LoopAsyncDB.SUBMITTED_OFF_LOOP.get(), "no hand-off: operations are submitted on the loop");
    long ok = r.operation("READ").statuses().getOrDefault("OK", 0L);
    long miss = r.operation("READ").statuses().getOrDefault("NOT_FOUND", 0L);
    long updates = r.operation("UPDATE").statuses().getOrDefault("OK", 0L);
    assertEquals(2000, ok + miss + updates, "the real outcome is recorded, not BATCHED_OK");
    assertTrue(r.operation("READ").serviceOk().minMicros() >= 900, "timed to completion");
    assertTrue(LoopAsyncDB.FLUSHES.get() > 0, "the binding is asked to send what it batched");
  }

  /** A loop thread that dies (nothing completes on it again) stops the run at once, with one line saying so. */
  @Test
  void run_loopThreadDies_stopsTheRunWithTheReason_andKeepsWhatCompleted() {
    DyingLoopDB.COMPLETIONS.set(0);
    Properties p = props("4", "0");
    p.setProperty("drivers", "1");
    p.setProperty("maxexecutiontime", "600");
    BenchmarkResult r = new Benchmark(Phase.RUN, p, "dying", DyingLoopDB.class, getClass().getClassLoader()).run();
    // Stopped by the thread's death, not by maxexecutiontime (which would say max_execution_time, after 10 minutes).
    assertEquals("failed", r.stopReason(), String.valueOf(r.error()));
    assertTrue(String.valueOf(r.error()).contains("dying-loop") && r.error().contains("died"), r.error());
    long recorded = r.operation("READ").statuses().values().stream().mapToLong(Long::longValue).sum()
        + (r.operation("UPDATE") == null ? 0 : r.operation("UPDATE").statuses().values().stream()
        .mapToLong(Long::longValue).sum());
    assertEquals(99, recorded, "the 99 operations completed before the thread died are recorded");
    assertEquals(103, r.operations(), "issued: those and the 4 that were in flight on the dead thread");
  }

  @Test
  void run_maxExecutionTime_stopsTheLoops() {
    Properties p = props("6", "0");
    p.setProperty("maxexecutiontime", "1");
    // Loops that did not stop at the deadline would run on until the stop's grace gave up on them, 10 minutes on.
    p.setProperty("stop.grace", "600");
    BenchmarkResult r = run(p);
    assertEquals("max_execution_time", r.stopReason());
    assertTrue(r.operations() > 100, "ran for a second: " + r.operations());
    assertTrue(r.runtimeMillis() < 300_000, "the loops stopped themselves: " + r.runtimeMillis() + " ms");
  }

  /**
   * A store that stops answering: nothing completes on the loop, so the loop never sees the deadline; the thread that
   * waits on it does (it wakes at the deadline, not only at its idle look), and the run ends after the stop's grace
   * with what completed.
   */
  @Test
  @org.junit.jupiter.api.Timeout(120) // a waiting thread that never woke would hang here: a hang detector, not a bound
  void run_storeStopsAnswering_endsAtTheDeadlinePlusGrace_withWhatCompleted() {
    StallingLoopDB.CALLS.set(0);
    Properties p = props("4", "0");
    p.setProperty("drivers", "1");
    p.setProperty("maxexecutiontime", "2");
    p.setProperty("stop.grace", "1");
    BenchmarkResult r = new Benchmark(Phase.RUN, p, "stalling", StallingLoopDB.class, getClass().getClassLoader())
        .run();
    assertEquals("max_execution_time", r.stopReason(), String.valueOf(r.error()));
    long recorded = r.operation("READ").statuses().values().stream().mapToLong(Long::longValue).sum()
        + (r.operation("UPDATE") == null ? 0 : r.operation("UPDATE").statuses().values().stream()
        .mapToLong(Long::longValue).sum());
    assertEquals(StallingLoopDB.ANSWERED, recorded, "the operations answered before the store hung are recorded");
    assertEquals(StallingLoopDB.ANSWERED + 4, r.operations(), "and the 4 in flight when it hung were issued");
    assertTrue(r.runtimeMillis() >= 2_000, "the run kept its deadline: " + r.runtimeMillis() + " ms");
  }

  @Test
  void run_workloadThatScans_isServedFromEngineThreads_neverBlocksTheLoop() {
    Properties p = props("6", "500");
    p.setProperty("readproportion", "0.5");
    p.setProperty("scanproportion", "0.5");
    p.setProperty("updateproportion", "0");
    BenchmarkResult r = run(p);
    // drivers=2 given explicitly with a scanning workload: served from threads of the engine, not the loop.
    assertEquals("completed", r.stopReason(), String.valueOf(r.error()));
    assertEquals(500, r.operations());
  }

  /** A pipelined run under -target keeps its schedule: it is not moved onto the loop, which has none. */
  @Test
  void run_pipelineWithTarget_keepsTheSchedule() {
    Properties p = props("2", "200");
    p.remove("drivers");
    p.setProperty("pipeline", "4");
    p.setProperty("target", "400");
    BenchmarkResult r = run(p);
    assertEquals(200, r.operations());
    assertTrue(r.runtimeMillis() >= 400, "200 operations at 400 ops/s take about 500 ms: " + r.runtimeMillis());
    assertTrue(LoopAsyncDB.SUBMITTED_OFF_LOOP.get() > 0, "submitted by the engine's threads, on schedule");
  }
}
