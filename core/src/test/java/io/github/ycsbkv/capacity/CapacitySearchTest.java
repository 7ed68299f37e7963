package io.github.ycsbkv.capacity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbkv.capacity.CapacitySearch.Kind;
import io.github.ycsbkv.capacity.CapacitySearch.Outcome;
import io.github.ycsbkv.capacity.CapacitySearch.Plan;
import io.github.ycsbkv.capacity.CapacitySearch.Verdict;
import io.github.ycsbkv.config.Slo;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.DoubleFunction;
import org.junit.jupiter.api.Test;

/**
 * The capacity search against model stores (no clock, no server): a queue whose P99 grows as the rate nears its
 * service rate, with noise, a client that saturates, a store that errs, and a user who presses Ctrl-C.
 */
class CapacitySearchTest {

  /** An M/M/1-like store: P99 = ln(100) x service time / (1 - rate/capacity); at or above capacity it falls short. */
  private static DoubleFunction<Observation> queue(double capacity, double serviceMicros) {
    return rate -> {
      if (rate == 0) {
        return obs(capacity * 0.97, 4.6 * serviceMicros * 30);
      }
      if (rate >= capacity) {
        return obs(capacity * 0.98, 1e6);
      }
      return obs(rate, 4.6 * serviceMicros / (1 - rate / capacity));
    };
  }

  private static Observation obs(double achieved, double p99) {
    return new Observation(achieved, Map.of(99.0, p99), false, null, false);
  }

  private static Outcome run(CapacitySearch s, DoubleFunction<Observation> store) {
    Plan p;
    int n = 0;
    while ((p = s.next()) != null) {
      s.observe(store.apply(p.rate()));
      assertTrue(++n < 100, "the search ends");
    }
    return s.outcome();
  }

  /** The rate at which the model's P99 equals the budget: what the search must find. */
  private static double sloRate(double capacity, double serviceMicros, double budgetMicros) {
    return capacity * (1 - 4.6 * serviceMicros / budgetMicros);
  }

  @Test
  void monotoneStore_findsTheRateWhereP99MeetsTheBudget_withinTheResolution() {
    Slo slo = Slo.parse("p99=1ms");
    CapacitySearch s = new CapacitySearch(slo, CapacitySearch.Settings.defaults(0.02));
    Outcome o = run(s, queue(5000, 20));
    double truth = sloRate(5000, 20, 1000); // 4540 ops/s
    assertTrue(o.found(), o.reason());
    assertTrue(o.capacity() <= truth && o.capacity() >= truth * 0.97, o.capacity() + " vs " + truth);
    List<CapacitySearch.Step> steps = s.steps();
    assertEquals(Kind.PROBE, steps.get(0).plan().kind());
    assertEquals(Kind.RAISE, steps.get(1).plan().kind());
    assertEquals(5000 * 0.97 * 0.25, steps.get(1).plan().rate(), 1e-6);
    CapacitySearch.Step last = steps.get(steps.size() - 1);
    assertEquals(Kind.CONFIRM, last.plan().kind());
    assertEquals(3, last.plan().lengthSteps());
    assertEquals(Verdict.MEETS, last.verdict());
    assertTrue(o.reason().contains("met p99<=1ms for 3 steps"), o.reason());
  }

  @Test
  void tighterBudget_findsLess_neverMore() {
    double loose = run(new CapacitySearch(Slo.parse("p99=5ms"), CapacitySearch.Settings.defaults(0.02)),
        queue(5000, 20)).capacity();
    double tight = run(new CapacitySearch(Slo.parse("p99=300us"), CapacitySearch.Settings.defaults(0.02)),
        queue(5000, 20)).capacity();
    assertTrue(tight < loose, tight + " < " + loose);
    assertTrue(loose <= 5000, "never more than the store serves: " + loose);
    assertTrue(tight <= sloRate(5000, 20, 300), tight + "");
  }

  @Test
  void noisyStore_stillEndsWithARateThatMetTheBudgetInItsConfirmation() {
    Random r = new Random(42);
    DoubleFunction<Observation> quiet = queue(8000, 15);
    DoubleFunction<Observation> noisy = rate -> {
      Observation o = quiet.apply(rate);
      double p99 = o.latencyMicros().get(99.0) * (1 + 0.15 * (r.nextDouble() - 0.5));
      return obs(o.achieved(), p99);
    };
    CapacitySearch s = new CapacitySearch(Slo.parse("p99=1ms"), CapacitySearch.Settings.defaults(0.02));
    Outcome o = run(s, noisy);
    assertTrue(o.found(), o.reason());
    double truth = sloRate(8000, 15, 1000);
    assertTrue(Math.abs(o.capacity() / truth - 1) < 0.1, o.capacity() + " vs " + truth);
    // Every rate the search kept as good met the budget in the step that tested it.
    for (CapacitySearch.Step step : s.steps()) {
      if (step.plan().kind() == Kind.CONFIRM && step.verdict() == Verdict.MEETS) {
        assertEquals(o.capacity(), step.plan().rate());
      }
    }
  }

  @Test
  void clientBoundAboveARateMet_bisectsBelowIt_andReportsALowerBound() {
    DoubleFunction<Observation> store = queue(50_000, 10);
    DoubleFunction<Observation> clientLimited = rate -> rate > 20_000
        ? new Observation(rate, Map.of(99.0, 200.0), false, "schedule lag P99 310 us > 100 us", false)
        : store.apply(rate);
    CapacitySearch s = new CapacitySearch(Slo.parse("p99=1ms"), CapacitySearch.Settings.defaults(0.02));
    Outcome o = run(s, clientLimited);
    // The store meets the budget up to 45,400 ops/s; the client measures up to 20,000: at least that, said so.
    assertTrue(o.found(), o.reason());
    assertTrue(o.lowerBound(), o.reason());
    assertTrue(o.capacity() <= 20_000 && o.capacity() >= 20_000 * 0.96, "" + o.capacity());
    assertTrue(o.clientBoundAbove() > 20_000 && o.clientBoundAbove() <= o.capacity() * 1.03, o.clientBoundAbove() + "");
    assertTrue(o.reason().startsWith("at least "), o.reason());
    assertTrue(o.reason().contains("above it the client, not the store, was the bottleneck"), o.reason());
    // Each client-bound step ran twice at its rate before the search went below it.
    List<CapacitySearch.Step> steps = s.steps();
    int firstBound = 0;
    while (steps.get(firstBound).verdict() != Verdict.CLIENT_BOUND) {
      firstBound++;
    }
    assertEquals(steps.get(firstBound).plan(), steps.get(firstBound + 1).plan());
    assertTrue(steps.get(firstBound).why().endsWith("; the step runs again"), steps.get(firstBound).why());
    assertEquals(Verdict.CLIENT_BOUND, steps.get(firstBound + 1).verdict());
    assertTrue(steps.get(firstBound + 2).plan().rate() < steps.get(firstBound).plan().rate(), "then below it");
  }

  @Test
  void clientBoundBeforeAnyRateMet_lowersTheRate_untilTheClientCanMeasure_andReportsALowerBound() {
    DoubleFunction<Observation> store = queue(50_000, 10);
    // The first open-loop step (a quarter of the probe, about 12,000 ops/s) is beyond the client already.
    DoubleFunction<Observation> clientLimited = rate -> rate > 5_000
        ? new Observation(rate, Map.of(99.0, 200.0), false, "schedule lag P99 310 us > 100 us", false)
        : store.apply(rate);
    CapacitySearch s = new CapacitySearch(Slo.parse("p99=1ms"), CapacitySearch.Settings.defaults(0.02));
    Outcome o = run(s, clientLimited);
    assertTrue(o.lowerBound(), o.reason());
    assertTrue(o.capacity() <= 5_000 && o.capacity() >= 5_000 * 0.96, "" + o.capacity());
    List<CapacitySearch.Step> steps = s.steps();
    assertEquals(Verdict.CLIENT_BOUND, steps.get(2).verdict(), "the first step, again");
    assertEquals(Kind.LOWER, steps.get(3).plan().kind());
    assertEquals(steps.get(2).plan().rate() / 2, steps.get(3).plan().rate(), 1e-9);
  }

  @Test
  void clientBoundAtEveryRate_endsTheSearch_withoutReportingACapacity() {
    DoubleFunction<Observation> stalling = rate -> rate == 0 ? obs(40_000, 300)
        : new Observation(rate, Map.of(99.0, 200.0), false, "schedule lag P99 20 ms > 100 us", false);
    CapacitySearch s = new CapacitySearch(Slo.parse("p99=1ms"), CapacitySearch.Settings.defaults(0.02));
    Outcome o = run(s, stalling);
    assertFalse(o.found());
    assertFalse(o.lowerBound());
    assertTrue(Double.isNaN(o.capacity()));
    assertTrue(o.reason().startsWith("the client was the bottleneck at every rate tried, down to "), o.reason());
    assertTrue(o.reason().contains("schedule lag P99 20 ms > 100 us"), o.reason());
    // The probe, the first step twice, then six halvings once each (the client was bound twice in a row already).
    assertEquals(1 + 2 + 6, s.steps().size());
  }

  /**
   * #54: a shared machine whose timer wakes threads about 0.55-0.9 ms late makes a 3 ms budget unverifiable at any
   * rate (a tenth of it, 300 us, is the lag allowed). The lag does not fall as the rate halves, and the stall meter
   * (a thread that only sleeps) wakes as late: the search ends at the first halving, saying so and which budgets can
   * be verified, instead of halving down to 3 ops/s and calling the client the bottleneck.
   */
  @Test
  void lagFlatAsTheRateFalls_andTheStallMeterAsLate_isTheMachinesTimer_notAClientBound() {
    double[] lags = {547, 610, 895, 700};
    int[] n = {0};
    DoubleFunction<Observation> timer = rate -> rate == 0 ? obs(40_000, 300)
        : new Observation(rate, rate, Map.of(99.0, 2000.0), false, "its schedule lag P99 was 600us, over 300us",
            false, lags[Math.min(n[0]++, lags.length - 1)], 560);
    CapacitySearch s = new CapacitySearch(Slo.parse("p99=3ms"), CapacitySearch.Settings.defaults(0.02));
    Outcome o = run(s, timer);
    assertFalse(o.found());
    assertTrue(o.reason().startsWith("this machine's timer precision is too coarse to verify p99<=3ms: the client's"
        + " schedule lag P99 stayed at 610us and 895us as the rate fell from "), o.reason());
    assertTrue(o.reason().endsWith("woke up to 560us late (P99), so a lower rate cannot help; budgets from about 9ms"
        + " up can be verified here (ten times that lag)"), o.reason());
    // The probe, the first rate twice (a client-bound step runs again), one halving.
    assertEquals(4, s.steps().size());
    assertEquals(Kind.LOWER, s.steps().get(3).plan().kind());
  }

  /** A client that stalls by itself (its event loop blocked 20 ms in every 50) is client-bound, not the timer. */
  @Test
  void lagFlat_butTheStallMeterOnTime_isAClientThatStalls_andTheSearchGoesOnDown() {
    DoubleFunction<Observation> stalling = rate -> rate == 0 ? obs(40_000, 300)
        : new Observation(rate, rate, Map.of(99.0, 200.0), false, "its schedule lag P99 was 20ms, over 100us", false,
            20_000, 150);
    CapacitySearch s = new CapacitySearch(Slo.parse("p99=1ms"), CapacitySearch.Settings.defaults(0.02));
    Outcome o = run(s, stalling);
    assertTrue(o.reason().startsWith("the client was the bottleneck at every rate tried, down to "), o.reason());
    assertEquals(1 + 2 + 6, s.steps().size());
  }

  /** A saturated client's lag falls as the rate halves: the search goes on down, as before. */
  @Test
  void lagFallingWithTheRate_isASaturatedClient_andTheSearchGoesOnDown() {
    DoubleFunction<Observation> saturated = rate -> rate == 0 ? obs(40_000, 300)
        : rate > 5000 ? new Observation(rate, rate, Map.of(99.0, 200.0), false, "its schedule lag P99 was high", false,
            rate * 2, 300)
        : obs(rate, 200);
    CapacitySearch s = new CapacitySearch(Slo.parse("p99=1ms"), CapacitySearch.Settings.defaults(0.02));
    Outcome o = run(s, saturated);
    assertTrue(o.found(), o.reason());
    assertTrue(o.lowerBound(), o.reason());
  }

  @Test
  void clientBoundOnce_theStepRunsAgain_andTheSearchGoesOn() {
    DoubleFunction<Observation> store = queue(5000, 20);
    int[] calls = {0};
    // The fourth step (the third open-loop one) sees the client stall once, as a collector pause would make it.
    DoubleFunction<Observation> stallsOnce = rate -> ++calls[0] == 4
        ? new Observation(rate, Map.of(99.0, 200.0), false, "its schedule lag P99 was 12ms, over 100us", false)
        : store.apply(rate);
    CapacitySearch s = new CapacitySearch(Slo.parse("p99=1ms"), CapacitySearch.Settings.defaults(0.02));
    Outcome o = run(s, stallsOnce);
    assertTrue(o.found(), o.reason());
    double truth = sloRate(5000, 20, 1000);
    assertTrue(o.capacity() <= truth && o.capacity() >= truth * 0.97, o.capacity() + " vs " + truth);
    CapacitySearch.Step stalled = s.steps().get(3);
    assertEquals(Verdict.CLIENT_BOUND, stalled.verdict());
    assertEquals(stalled.plan(), s.steps().get(4).plan(), "the same step again");
    assertEquals(Verdict.MEETS, s.steps().get(4).verdict());
  }

  @Test
  void noClientBoundRetries_theFirstClientBoundStepBoundsTheSearch() {
    DoubleFunction<Observation> store = queue(5000, 20);
    int[] calls = {0};
    DoubleFunction<Observation> stallsOnce = rate -> ++calls[0] == 4
        ? new Observation(rate, Map.of(99.0, 200.0), false, "its schedule lag P99 was 12ms, over 100us", false)
        : store.apply(rate);
    CapacitySearch.Settings d = CapacitySearch.Settings.defaults(0.02);
    CapacitySearch s = new CapacitySearch(Slo.parse("p99=1ms"), new CapacitySearch.Settings(d.startFraction(),
        d.growth(), d.resolution(), d.achievedMin(), d.confirmSteps(), d.confirmAttempts(), d.maxSteps(),
        d.lowerings(), 0));
    Outcome o = run(s, stallsOnce);
    // The stall is taken at its word: the search goes below it, and what it confirms is a lower bound.
    assertEquals(Verdict.CLIENT_BOUND, s.steps().get(3).verdict());
    assertTrue(s.steps().get(4).plan().rate() < s.steps().get(3).plan().rate(), "below the stalled step");
    assertTrue(o.lowerBound(), o.reason());
    assertTrue(o.capacity() < s.steps().get(3).plan().rate(), o.reason());
  }

  @Test
  void storeThatErrsAboveARate_isHeldBelowIt() {
    DoubleFunction<Observation> store = queue(10_000, 10);
    DoubleFunction<Observation> erring = rate -> rate > 6_000
        ? new Observation(rate * 0.9, Map.of(99.0, 100.0), true, null, false) : store.apply(rate);
    CapacitySearch s = new CapacitySearch(Slo.parse("p99=1ms"), CapacitySearch.Settings.defaults(0.02));
    Outcome o = run(s, erring);
    assertTrue(o.found(), o.reason());
    assertTrue(o.capacity() <= 6_000 && o.capacity() >= 6_000 * 0.97, "" + o.capacity());
    assertTrue(s.steps().stream().anyMatch(x -> x.verdict() == Verdict.ERRS));
  }

  @Test
  void budgetMetNowhere_lowersTheRate_thenSaysSo() {
    DoubleFunction<Observation> slow = rate -> obs(rate == 0 ? 1000 : rate, 50_000);
    CapacitySearch s = new CapacitySearch(Slo.parse("p99=1ms"), CapacitySearch.Settings.defaults(0.02));
    Outcome o = run(s, slow);
    assertFalse(o.found());
    assertTrue(o.reason().startsWith("the budget (p99<=1ms) was not met at any rate tried, down to "), o.reason());
    assertEquals(1 + 1 + 6, s.steps().size(), "the probe, the first rate and 6 halvings");
    assertEquals(Kind.LOWER, s.steps().get(2).plan().kind());
    assertEquals(250 / 2.0, s.steps().get(2).plan().rate(), 1e-9);
  }

  @Test
  void firstRateTooHigh_lowersUntilItMeets_thenBisects() {
    // The probe runs fast, the open loop cannot: the first rate (a quarter of the probe) already breaks the budget.
    DoubleFunction<Observation> store = queue(1000, 100);
    DoubleFunction<Observation> fastProbe = rate -> rate == 0 ? obs(20_000, 500) : store.apply(rate);
    CapacitySearch s = new CapacitySearch(Slo.parse("p99=2ms"), CapacitySearch.Settings.defaults(0.02));
    Outcome o = run(s, fastProbe);
    assertTrue(o.found(), o.reason());
    assertTrue(o.capacity() <= sloRate(1000, 100, 2000) && o.capacity() > sloRate(1000, 100, 2000) * 0.97,
        "" + o.capacity());
    assertTrue(s.steps().stream().anyMatch(x -> x.plan().kind() == Kind.LOWER));
  }

  @Test
  void failedConfirmation_stepsDownAResolution_andTriesAgain() {
    DoubleFunction<Observation> store = queue(5000, 20);
    int[] confirms = {0};
    DoubleFunction<Observation> flaky = rate -> rate > 0 && confirms[0] < 1 && rate > 4400 && rate < 4541
        ? obs(rate, 5000) : store.apply(rate);
    CapacitySearch s = new CapacitySearch(Slo.parse("p99=1ms"), CapacitySearch.Settings.defaults(0.02));
    Plan p;
    while ((p = s.next()) != null) {
      Observation obs = flaky.apply(p.rate());
      if (p.kind() == Kind.CONFIRM) {
        confirms[0]++;
      }
      s.observe(p.kind() == Kind.CONFIRM && confirms[0] == 1 ? obs(p.rate(), 5000) : obs);
    }
    List<CapacitySearch.Step> confirmSteps = s.steps().stream().filter(x -> x.plan().kind() == Kind.CONFIRM).toList();
    assertEquals(2, confirmSteps.size());
    assertEquals(confirmSteps.get(0).plan().rate() * 0.98, confirmSteps.get(1).plan().rate(), 1e-6);
    assertTrue(s.outcome().found());
    assertEquals(confirmSteps.get(1).plan().rate(), s.outcome().capacity());
  }

  @Test
  void confirmationsThatKeepFailing_stepDownFartherEachTime_thenSayNoRateHeld() {
    CapacitySearch s = new CapacitySearch(Slo.parse("p99=1ms"), CapacitySearch.Settings.defaults(0.02));
    DoubleFunction<Observation> store = queue(5000, 20);
    Plan p;
    while ((p = s.next()) != null) {
      s.observe(p.kind() == Kind.CONFIRM ? obs(p.rate(), 5000) : store.apply(p.rate()));
    }
    List<CapacitySearch.Step> c = s.steps().stream().filter(x -> x.plan().kind() == Kind.CONFIRM).toList();
    assertEquals(3, c.size());
    double first = c.get(0).plan().rate();
    assertEquals(first * 0.98, c.get(1).plan().rate(), 1e-6);
    assertEquals(first * 0.98 * 0.96, c.get(2).plan().rate(), 1e-6);
    assertFalse(s.outcome().found());
    assertTrue(s.outcome().reason().startsWith("no rate held the budget for 3 steps (last tried "), s.outcome().reason());
  }

  @Test
  void ctrlC_endsWithTheBestRateSoFar_unconfirmed() {
    DoubleFunction<Observation> store = queue(5000, 20);
    CapacitySearch s = new CapacitySearch(Slo.parse("p99=1ms"), CapacitySearch.Settings.defaults(0.02));
    s.observe(store.apply(0));
    s.observe(store.apply(s.next().rate()));
    s.observe(new Observation(0, Map.of(), false, null, true));
    assertNull(s.next());
    assertFalse(s.outcome().found());
    assertEquals("interrupted by the user", s.outcome().reason());
    assertEquals(5000 * 0.97 * 0.25, s.outcome().bestUnconfirmed(), 1e-6);
  }

  @Test
  void probeThatErrs_orDoesNothing_endsAtOnce() {
    CapacitySearch s = new CapacitySearch(Slo.parse("p99=1ms"), CapacitySearch.Settings.defaults(0.02));
    s.observe(new Observation(1000, Map.of(99.0, 10.0), true, null, false));
    assertEquals("the store erred beyond the tolerance in the closed-loop probe", s.outcome().reason());
    CapacitySearch t = new CapacitySearch(Slo.parse("p99=1ms"), CapacitySearch.Settings.defaults(0.02));
    t.observe(obs(0, Double.NaN));
    assertEquals("the closed-loop probe completed no operation", t.outcome().reason());
  }

  @Test
  void shortOfItsRate_isAFailure_evenWithinTheBudget() {
    CapacitySearch s = new CapacitySearch(Slo.parse("p99=1ms"), CapacitySearch.Settings.defaults(0.02));
    StringBuilder why = new StringBuilder();
    assertEquals(Verdict.SHORT_OF_RATE, s.judge(1000, obs(980, 10), why));
    assertEquals("achieved 980 of 1000 ops/s", why.toString());
    assertEquals(Verdict.MEETS, s.judge(1000, obs(995, 10), new StringBuilder()));
    // Held to the rate the schedule offered: Poisson arrivals over a short step offer more or less than the rate.
    assertEquals(Verdict.MEETS, s.judge(1000, new Observation(930, 935, Map.of(99.0, 10.0), false, null, false),
        new StringBuilder()));
    why.setLength(0);
    assertEquals(Verdict.SHORT_OF_RATE, s.judge(1000, new Observation(990, 1040, Map.of(99.0, 10.0), false, null,
        false), why));
    assertEquals("achieved 990 of 1040 ops/s offered", why.toString());
    why.setLength(0);
    assertEquals(Verdict.BREAKS_SLO, s.judge(1000, obs(1000, 1500), why));
    assertEquals("p99 1.50ms > 1ms", why.toString());
  }
}
