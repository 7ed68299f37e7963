package io.github.ycsbkv.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbkv.engine.time.RateSchedule;
import io.github.ycsbkv.results.IntervalSample;
import io.github.ycsbkv.results.SpikeRecovery;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The open loop's figures from a run's intervals: how the store's P99 came back after each spike of its schedule. */
class OpenLoopFiguresTest {

  @Test
  void spikeRecovery_fromTheIntervals_P99BeforeDuringAndWhenItWasBack() {
    RateSchedule s = RateSchedule.parse("1000@4s,10000@2s,1000@6s");
    List<IntervalSample> intervals = new ArrayList<>();
    double[] p99 = {900, 100, 110, 105, 5000, 8000, 3000, 400, 112, 100, 101, 99};
    for (int i = 0; i < p99.length; i++) {
      intervals.add(new IntervalSample((i + 1) * 1000L, 0, 0, p99[i], 0));
    }
    List<SpikeRecovery> r = OpenLoopFigures.spikes(s, intervals);
    assertEquals(1, r.size());
    // Before: the median of 900, 100, 110, 105 (the first interval's JIT warm-up does not move it).
    assertEquals(107.5, r.get(0).p99BeforeMicros(), 1e-9);
    assertEquals(8000, r.get(0).p99DuringMicros(), 1e-9);
    // After the spike's end at 6 s: 3,000 (6-7 s), 400 (7-8 s), 112 (8-9 s, within 10% of 107.5): back 3 s after.
    assertEquals(3.0, r.get(0).recoveredAfterSeconds(), 1e-9);
    assertTrue(r.get(0).describe().startsWith("spike at 4.0 s (1,000 to 10,000 ops/s for 2.0 s), P99 up to 8000 us;"
        + " P99 before it 108 us, back to it 3.0 s after the spike"), r.get(0).describe());
    // Never back within the run.
    List<SpikeRecovery> never = OpenLoopFigures.spikes(s, intervals.subList(0, 8));
    assertTrue(Double.isNaN(never.get(0).recoveredAfterSeconds()), never.toString());
  }

  /**
   * An open loop's intervals have the response time from the intended start too: the spike's figures are read from it,
   * since a backlog waiting in the client for a connection is not in the service time. Here the store's service time
   * is back at once after the spike, while the arrivals queued behind it wait 2 s more.
   */
  @Test
  void spikeRecovery_readsTheResponseTime_theBacklogInTheClientIncluded() {
    RateSchedule s = RateSchedule.parse("1000@4s,10000@2s,1000@6s");
    double[] service = {100, 100, 100, 100, 300, 300, 100, 100, 100, 100, 100, 100};
    double[] response = {150, 140, 150, 160, 90_000, 900_000, 1_200_000, 400_000, 150, 150, 150, 150};
    List<IntervalSample> intervals = new ArrayList<>();
    for (int i = 0; i < service.length; i++) {
      intervals.add(new IntervalSample((i + 1) * 1000L, 0, 0, service[i], 0, 1000, 50, 50, response[i]));
    }
    SpikeRecovery r = OpenLoopFigures.spikes(s, intervals).get(0);
    assertEquals(150, r.p99BeforeMicros(), 1e-9, "the median of 150, 140, 150, 160");
    assertEquals(900_000, r.p99DuringMicros(), 1e-9);
    // The spike ended at 6 s; the response time is back in the 8-9 s interval, the service time was in the 6-7 s one.
    assertEquals(3.0, r.recoveredAfterSeconds(), 1e-9, "back 3 s after, not 1 s: " + r);
  }
}
