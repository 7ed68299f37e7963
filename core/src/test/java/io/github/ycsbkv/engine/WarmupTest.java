package io.github.ycsbkv.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbkv.config.UserError;
import io.github.ycsbkv.results.BenchmarkResult;
import io.github.ycsbkv.results.ResultJson;
import io.github.ycsbkv.results.Warmup;
import io.github.ycsbkv.results.summary.SummaryText;
import java.util.Properties;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@code -p warmup}: the same load before the measured phase, left out of every figure. */
class WarmupTest {

  private static final long MILLI = 1_000_000L;
  private final FakeClock clock = new FakeClock();

  @BeforeEach
  void setUp() {
    FixedLatencyDB.clock = clock;
    FixedLatencyDB.serviceNanos = MILLI;
    LoopAsyncDB.reset();
  }

  private static Properties readOnly(long operations, String warmup) {
    Properties p = new Properties();
    p.setProperty("recordcount", "100");
    p.setProperty("operationcount", Long.toString(operations));
    p.setProperty("readproportion", "1");
    p.setProperty("updateproportion", "0");
    p.setProperty("requestdistribution", "uniform");
    p.setProperty("warmup", warmup);
    return p;
  }

  private BenchmarkResult fixed(Phase phase, Properties p) {
    return new Benchmark(phase, p, "fixed", FixedLatencyDB.class, getClass().getClassLoader()).clock(clock).run();
  }

  @Test
  void operations_clientsRunThemFirst_andTheMeasuredPhaseHasOnlyItsOwn() {
    Properties p = readOnly(300, "1001ops");
    p.setProperty("threadcount", "4");
    BenchmarkResult r = fixed(Phase.RUN, p);
    assertEquals("completed", r.stopReason(), String.valueOf(r.error()));
    Warmup w = r.warmup();
    assertNotNull(w);
    assertEquals("1001ops", w.requested());
    assertEquals(1001, w.operations(), "every client did its share of the warm-up");
    assertEquals(0, w.failedOperations());
    assertEquals(300, r.operations());
    assertEquals(300, r.operation("READ").count(), "no warm-up operation in the histograms");
    assertEquals(300L, r.operation("READ").statuses().get("OK"));
    // Each operation takes 1 ms of the test's clock: the measured phase is its own 300 ms over 4 clients.
    assertTrue(r.runtimeMillis() <= 300, "runtime " + r.runtimeMillis());
  }

  @Test
  void time_endsTheWarmupThere_andMaxExecutionTimeCountsFromTheMeasuredStart() {
    Properties p = readOnly(0, "0.5s");
    p.setProperty("maxexecutiontime", "1");
    BenchmarkResult r = fixed(Phase.RUN, p);
    assertEquals("max_execution_time", r.stopReason(), "the warm-up's own time limit does not stop the run");
    assertEquals(500, r.warmup().operations(), 1, "1 ms per operation for 0.5 s");
    assertEquals(500, r.warmup().millis(), 2);
    assertEquals(1000, r.operations(), 1, "the measured second, without the warm-up's");
    assertEquals(1000, r.runtimeMillis(), 2);
    assertEquals(r.operations(), r.operation("READ").count());
  }

  @Test
  void drivenLoop_warmupOperationsReachTheStore_butNotTheResult() {
    Properties p = readOnly(2000, "500ops");
    p.setProperty("threadcount", "10");
    p.setProperty("drivers", "2");
    p.setProperty("readproportion", "0.9");
    p.setProperty("updateproportion", "0.1");
    BenchmarkResult r = new Benchmark(Phase.RUN, p, "loop", LoopAsyncDB.class, getClass().getClassLoader()).run();
    assertEquals("completed", r.stopReason(), String.valueOf(r.error()));
    assertEquals(2500, LoopAsyncDB.COMPLETED.get(), "the store saw both");
    assertEquals(500, r.warmup().operations());
    assertEquals(2000, r.operations());
    assertEquals(2000, r.operation("READ").count() + r.operation("UPDATE").count());
    assertEquals(10, LoopAsyncDB.MAX_IN_FLIGHT.get(), "the same clients in both: one operation in flight each");
  }

  @Test
  void load_runsWithoutOne_andSaysSo() {
    Properties p = readOnly(0, "10s");
    BenchmarkResult r = fixed(Phase.LOAD, p);
    assertNull(r.warmup());
    assertEquals(100, r.operations());
    assertTrue(r.warnings().stream().anyMatch(w -> w.startsWith("warmup=10s applies to run only")), r.warnings()
        .toString());
  }

  @Test
  void resultJson_andSummary_sayWhatTheWarmupDid() {
    BenchmarkResult r = fixed(Phase.RUN, readOnly(10, "20ops"));
    BenchmarkResult back = ResultJson.parse(ResultJson.toJson(r));
    assertEquals(r.warmup(), back.warmup());
    assertTrue(ResultJson.toJson(r).path("warmup").path("summary").asText().startsWith("warm-up (20ops): 20"
        + " operations in "), ResultJson.toJson(r).toString());
    String text = SummaryText.format(r);
    assertTrue(text.contains("[WARMUP], Operations, 20\n"), text);
    BenchmarkResult none = fixed(Phase.RUN, readOnly(10, "0"));
    assertNull(none.warmup());
    assertTrue(ResultJson.toJson(none).path("warmup").isNull());
    assertTrue(!SummaryText.format(none).contains("[WARMUP]"));
  }

  @Test
  void setting_timesAndOperations_othersRefusedInOneLine() {
    assertEquals(10_000_000_000L, WarmupSetting.parse("10s").nanos());
    assertEquals(2_500_000_000L, WarmupSetting.parse(" 2.5s ").nanos());
    assertEquals(200_000, WarmupSetting.parse("200000ops").operations());
    assertEquals(200_000, WarmupSetting.parse("200_000ops").operations());
    assertNull(WarmupSetting.parse(null));
    assertNull(WarmupSetting.parse(""));
    assertNull(WarmupSetting.parse("0"));
    assertNull(WarmupSetting.parse("0s"));
    assertNull(WarmupSetting.parse("none"));
    for (String bad : new String[] {"10", "10ms", "-5s", "ten s", "1.5ops", "s", "ops"}) {
      UserError e = assertThrows(UserError.class, () -> WarmupSetting.parse(bad), bad);
      assertEquals("property 'warmup' must be a time in seconds (for example 10s) or a number of operations over"
          + " every client (for example 200000ops), got '" + bad + "'", e.getMessage());
    }
  }
}
