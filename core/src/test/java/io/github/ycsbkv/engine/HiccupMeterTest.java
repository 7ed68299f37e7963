package io.github.ycsbkv.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbkv.engine.time.NanoClock;
import io.github.ycsbkv.engine.watch.HiccupMeter;
import io.github.ycsbkv.results.BenchmarkResult;
import io.github.ycsbkv.results.ClientStalls;
import io.github.ycsbkv.results.LatencyStats;
import io.github.ycsbkv.results.OperationResult;
import io.github.ycsbkv.results.PercentileValue;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The client's own stalls, measured as jHiccup does, and the warning when they reach a reported percentile. */
class HiccupMeterTest {

  @Test
  void meter_inducedStallOf50ms_isItsMax_andShortIntervalsStayShort() {
    AtomicInteger calls = new AtomicInteger();
    // The tenth sleep is 50 ms late, as if the JVM had stood still.
    HiccupMeter.Sleeper sleeper = nanos -> {
      HiccupMeter.PARK.sleepNanos(nanos);
      if (calls.incrementAndGet() == 10) {
        Thread.sleep(50);
      }
    };
    HiccupMeter meter = new HiccupMeter(NanoClock.SYSTEM, sleeper).start();
    while (calls.get() < 30) {
      Thread.onSpinWait();
    }
    ClientStalls s = meter.stop(3, 42);
    assertTrue(s.maxMicros() >= 49_000 && s.maxMicros() < 1_000_000, "max " + s.maxMicros());
    assertTrue(s.samples() >= 30 + 40, "a 50 ms stall stands for the ~49 wake-ups it swallowed: " + s.samples());
    assertEquals(3, s.gcPauses());
    assertEquals(42, s.gcPauseMillis());
    assertEquals(1000.0, s.intervalMicros());
  }

  @Test
  void intervalLongest_isTheLongestStallSinceTheLastTake_thenStartsAgain() throws Exception {
    FakeClock clock = new FakeClock();
    AtomicInteger calls = new AtomicInteger();
    java.util.concurrent.Semaphore entered = new java.util.concurrent.Semaphore(0);
    java.util.concurrent.Semaphore go = new java.util.concurrent.Semaphore(0);
    // Each sleep says it began (so the wake-up before it is recorded), waits for the test's go, then moves the fake
    // clock: the 2nd sleep 30 ms late, the 3rd 7 ms, the others on time.
    HiccupMeter.Sleeper sleeper = nanos -> {
      entered.release();
      go.acquire();
      int n = calls.incrementAndGet();
      clock.advance(nanos + (n == 2 ? 30_000_000 : n == 3 ? 7_000_000 : 0));
    };
    HiccupMeter meter = new HiccupMeter(clock, sleeper).start();
    entered.acquire();
    for (int i = 0; i < 2; i++) {
      go.release();
      entered.acquire();
    }
    assertEquals(30_000_000, meter.takeIntervalLongestNanos(), "the 30 ms stall, the longest of the interval");
    go.release();
    entered.acquire();
    assertEquals(7_000_000, meter.takeIntervalLongestNanos(), "the next interval starts again: 7 ms, not 30");
    assertEquals(0, meter.takeIntervalLongestNanos(), "nothing since");
    go.release(100);
    meter.stop(0, 0);
  }

  private static OperationResult read(double p99Micros, double p999Micros) {
    LatencyStats ok = new LatencyStats(1000, 100, 10, p999Micros, 10, List.of(new PercentileValue(99, p99Micros),
        new PercentileValue(99.9, p999Micros)));
    return new OperationResult("READ", 1000, 0, Map.of("OK", 1000L), ok, null, null, null, List.of());
  }

  @Test
  void warnings_onlyWhenTheStallsReachAPercentile() {
    ClientStalls small = new ClientStalls(1000, 5000, 80, 300, 900, 0, 0);
    ClientStalls shortRun = new ClientStalls(1000, 600, 2_500, 8_000, 25_000, 0, 0);
    assertEquals(List.of(), shortRun.warnings(List.of(read(2_000, 5_000))), "600 wake-ups make no percentile");
    assertEquals(List.of(), small.warnings(List.of(read(2_000, 5_000))));
    ClientStalls big = new ClientStalls(1000, 5000, 2_500, 8_000, 25_000, 2, 33);
    List<String> w = big.warnings(List.of(read(2_000, 5_000)));
    assertEquals(1, w.size(), w.toString());
    assertEquals("the client itself stalled (P99 2.50 ms, max 25.0 ms; collector pauses: 2, 33 ms in all), as long as"
        + " the P99 of READ 2.00 ms and the P99.9 of READ 5.00 ms: those percentiles may be the client's, not the"
        + " server's", w.get(0));
  }

  @Test
  void run_clientStandsStill50ms_stallsInResult_andTheWarningSaysThePercentileMayBeTheClients() {
    FakeClock clock = new FakeClock();
    PausingDB.clock = clock;
    PausingDB.pauseAt = 500;
    PausingDB.pauseNanos = 50_000_000;
    PausingDB.CALLS.set(0);
    PausingDB.sleepNanos = 1_500_000; // 1,000 operations over about 1.5 s: enough wake-ups to compare
    Properties p = new Properties();
    p.setProperty("recordcount", "100");
    p.setProperty("operationcount", "1000");
    p.setProperty("readproportion", "1");
    p.setProperty("updateproportion", "0");
    p.setProperty("requestdistribution", "uniform");
    BenchmarkResult r = new Benchmark(Phase.RUN, p, "pausing", PausingDB.class, getClass().getClassLoader())
        .clock(clock).run();
    assertEquals(1000, r.operations());
    assertTrue(r.stalls().maxMicros() >= 49_000, "the meter saw the pause: " + r.stalls());
    assertTrue(r.warnings().stream().anyMatch(w -> w.startsWith("the client itself stalled")
        && w.contains("the P99.9 of READ")), r.warnings().toString());
  }
}
