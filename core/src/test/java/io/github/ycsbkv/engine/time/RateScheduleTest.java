package io.github.ycsbkv.engine.time;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbkv.config.UserError;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code -target} as a rate schedule (#43): its text, its integral, and arrivals placed on it exactly. */
class RateScheduleTest {

  @TempDir
  Path tmp;

  @Test
  void number_isOneRate_withoutEnd() {
    RateSchedule s = RateSchedule.parse(" 5000 ");
    assertTrue(s.isConstant());
    assertEquals(5000, s.meanOpsPerSec());
    assertEquals(Long.MAX_VALUE, s.durationNanos());
    assertEquals(2500, s.arrivalsBy(0.5), 1e-9);
  }

  @Test
  void holdsAndRamps_integrateExactly() {
    // 1 s at 1,000, then 2 s from 1,000 to 3,000 (4,000 operations), then 1 s at 500.
    RateSchedule s = RateSchedule.parse("1000@1s, 1000..3000@2s, 500@1000ms");
    assertFalse(s.isConstant());
    assertEquals(4_000_000_000L, s.durationNanos());
    assertEquals(1000 + 4000 + 500, s.totalArrivals(), 1e-9);
    assertEquals(5500 / 4.0, s.meanOpsPerSec(), 1e-9);
    assertEquals(3000, s.peakOpsPerSec());
    assertEquals(1000, s.firstOpsPerSec());
    assertEquals(2000, s.opsPerSecAt(2.0), 1e-9);
    // Halfway up the ramp: 1,000 + 1 s at a rate from 1,000 to 2,000 = 1,000 + 1,500.
    assertEquals(2500, s.arrivalsBy(2.0), 1e-9);
    assertEquals(5500, s.arrivalsBy(10), 1e-9);
    assertEquals(0, s.opsPerSecAt(4.5));
    // The inverse: the instants at which the integral reaches a count, walked in order.
    RateSchedule.Cursor c = s.cursor();
    assertEquals(0.5, c.secondsAt(500), 1e-12);
    assertEquals(2.0, c.secondsAt(2500), 1e-12);
    assertEquals(3.0, c.secondsAt(5000), 1e-12);
    assertEquals(3.5, c.secondsAt(5250), 1e-12);
    assertTrue(Double.isInfinite(c.secondsAt(5501)));
  }

  @Test
  void aRampDown_andAPauseAtZero_areInvertedToo() {
    RateSchedule s = RateSchedule.parse("4000..0@2s,0@1s,1000@1s");
    RateSchedule.Cursor c = s.cursor();
    // Down from 4,000 to 0 over 2 s: 4,000 operations, 3,000 of them in the first second.
    assertEquals(1.0, c.secondsAt(3000), 1e-9);
    assertEquals(2.0, c.secondsAt(4000), 1e-6);
    // Nothing during the pause: the next arrival is in the last second.
    assertEquals(3.5, c.secondsAt(4500), 1e-9);
  }

  @Test
  void sine_followsItsCurve_andAveragesItsMean() {
    RateSchedule s = RateSchedule.parse("5000~2000/10s@20s");
    assertEquals(20_000_000_000L, s.durationNanos());
    assertEquals(5000, s.meanOpsPerSec(), 1e-6); // whole periods
    assertEquals(7000, s.opsPerSecAt(2.5), 1e-6); // a quarter period: the top
    assertEquals(3000, s.opsPerSecAt(7.5), 1e-6);
    // Straight lines through 100 points per period: between them the rate is within 0.05% of the amplitude.
    assertEquals(5000 + 2000 * Math.sin(2 * Math.PI * 0.123), s.opsPerSecAt(1.23), 2000 * 5e-4);
  }

  @Test
  void file_ofTimeRatePoints_joinedByStraightLines_aStepIsTwoPointsAtOneTime() throws Exception {
    Path f = tmp.resolve("rates.txt");
    Files.writeString(f, "# a ramp, then a spike\n0 100\n10 1000\n10 5000   # the spike\n12 5000\n12 1000\n20 1000\n");
    RateSchedule s = RateSchedule.parse("file:" + f);
    assertEquals(20_000_000_000L, s.durationNanos());
    assertEquals(550, s.opsPerSecAt(5), 1e-9);
    assertEquals(5000, s.opsPerSecAt(11), 1e-9);
    assertEquals(5500 + 10_000 + 8000, s.totalArrivals(), 1e-9);
  }

  @Test
  void malformed_isOneLine_namingThePiece() {
    assertEquals("-target: '1000 for 10s' is not a rate schedule's piece: give RATE@DURATION (a hold, 1000@30s),"
        + " FROM..TO@DURATION (a ramp, 1000..5000@1m), MEAN~AMPLITUDE/PERIOD@DURATION (a sine, 5000~2000/60s@5m)"
        + " joined by commas, file:PATH, or a number",
        assertThrows(UserError.class, () -> RateSchedule.parse("100@1s,1000 for 10s")).getMessage());
    assertTrue(assertThrows(UserError.class, () -> RateSchedule.parse("100@0s")).getMessage()
        .contains("'0s' in '100@0s' is not a positive duration"));
    assertTrue(assertThrows(UserError.class, () -> RateSchedule.parse("0@5s")).getMessage()
        .contains("has no operations in it"));
    assertTrue(assertThrows(UserError.class, () -> RateSchedule.parse("100~200/1s@5s")).getMessage()
        .contains("the amplitude is larger than the mean"));
    assertTrue(assertThrows(UserError.class, () -> RateSchedule.parse("-5")).getMessage()
        .startsWith("-target must be a positive ops/sec or a schedule"));
    assertTrue(assertThrows(UserError.class, () -> RateSchedule.parse("file:" + tmp.resolve("missing")))
        .getMessage().startsWith("-target: cannot read the rate schedule"));
  }

  @Test
  void file_malformedLines_areOneLine_withTheLineNumber() throws Exception {
    Path f = tmp.resolve("bad.txt");
    Files.writeString(f, "0 100\n5 fast\n");
    assertEquals("-target: " + f + " line 2 must be 'SECONDS RATE' (two numbers, neither negative), got '5 fast'",
        assertThrows(UserError.class, () -> RateSchedule.parse("file:" + f)).getMessage());
    Files.writeString(f, "1 100\n5 200\n");
    assertTrue(assertThrows(UserError.class, () -> RateSchedule.parse("file:" + f)).getMessage()
        .endsWith("line 1: the first point must be at second 0"));
    Files.writeString(f, "0 100\n5 200\n4 200\n");
    assertTrue(assertThrows(UserError.class, () -> RateSchedule.parse("file:" + f)).getMessage()
        .endsWith("line 3: the times must not go back (4 after 5)"));
  }

  @Test
  void scaled_isTheShareOfOneOfSeveralProcesses_andReadsBack() {
    RateSchedule s = RateSchedule.parse("900@1s,900..2700@3s");
    RateSchedule third = RateSchedule.parse(s.scaled(1.0 / 3).text());
    assertEquals(s.durationNanos(), third.durationNanos());
    assertEquals(s.totalArrivals() / 3, third.totalArrivals(), 1e-6);
    assertEquals(s.opsPerSecAt(2.5) / 3, third.opsPerSecAt(2.5), 1e-6);
  }

  @Test
  void uniformArrivals_onARamp_fallInEachSecondAsItsIntegralSays() {
    // Two threads sharing the run equally, staggered: together 1,000 + 4,000 + 500 arrivals, each second's count
    // the schedule's integral over it (to one arrival per thread at the edges).
    RateSchedule s = RateSchedule.parse("1000@1s,1000..3000@2s,500@1s");
    int[] perSecond = new int[5];
    long start = 1_000_000_000L;
    long total = 0;
    for (int t = 0; t < 2; t++) {
      Arrivals a = new Arrivals(Arrivals.Kind.UNIFORM, s, 0.5, s.meanOpsPerSec() / 2, start, t, 2, Long.MAX_VALUE,
          Long.MAX_VALUE, 1);
      long last = start;
      while (a.peek() != Long.MAX_VALUE) {
        long at = a.peek();
        assertTrue(at >= last, "in order");
        last = at;
        perSecond[(int) ((at - start) / 1_000_000_000L)]++;
        a.advance();
        total++;
      }
      assertTrue(a.pastDeadline(), "ended with the schedule");
    }
    assertEquals(5500, total);
    assertEquals(1000, perSecond[0], 2);
    assertEquals(1500, perSecond[1], 2);
    assertEquals(2500, perSecond[2], 2);
    assertEquals(500, perSecond[3], 2);
    assertEquals(0, perSecond[4]);
  }

  @Test
  void poissonArrivals_onASchedule_averageItsIntegral() {
    RateSchedule s = RateSchedule.parse("2000@1s,20000@1s");
    long[] perSecond = new long[3];
    Arrivals a = new Arrivals(Arrivals.Kind.POISSON, s, 1.0, s.meanOpsPerSec(), 0, 0, 1, Long.MAX_VALUE,
        Long.MAX_VALUE, 42);
    while (a.peek() != Long.MAX_VALUE) {
      perSecond[(int) (a.peek() / 1_000_000_000L)]++;
      a.advance();
    }
    // Poisson counts: mean 2,000 and 20,000, standard deviations about 45 and 141; 5 of them allowed.
    assertEquals(2000, perSecond[0], 5 * 45);
    assertEquals(20000, perSecond[1], 5 * 142);
    assertEquals(0, perSecond[2]);
  }

  @Test
  void spikes_areStepsUpTheScheduleComesBackFrom() {
    List<RateSchedule.Spike> spikes = RateSchedule.parse("1000@30s,10000@5s,10000..1000@10s,1000@60s,1200@10s,"
        + "5000@5s").spikes();
    // The first: up at 30 s, back within 25% of 1,000 at 45 s. The step to 1,200 is no spike (less than 1.5x), and
    // the step to 5,000 is never come back from.
    assertEquals(List.of(new RateSchedule.Spike(30, 45, 1000, 10000)), spikes);
    assertEquals(List.of(), RateSchedule.parse("1000..8000@60s,8000@30s").spikes(), "a ramp is no spike");
  }
}
