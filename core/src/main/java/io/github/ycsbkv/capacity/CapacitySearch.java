package io.github.ycsbkv.capacity;

import io.github.ycsbkv.config.Slo;
import java.util.ArrayList;
import java.util.List;

/**
 * The search for the most load a store takes within a latency budget, as a pure state machine: it says which step to
 * run next ({@link #next()}), is told what the step measured ({@link #observe}), and ends with the capacity and why
 * it stopped. No clock, no I/O: the same observations give the same steps.
 *
 * <ol>
 *   <li>a closed-loop probe on the same connections, for scale (its throughput {@code X});</li>
 *   <li>open-loop steps at rising rates, {@code X} times {@link Settings#startFraction}, then each {@link
 *       Settings#growth} times the last, until one fails (breaks the budget, errs, or achieves less than {@link
 *       Settings#achievedMin} of its rate); when the first rate already fails, lower ones (halving) until one meets
 *       it;</li>
 *   <li>bisection between the last rate that met the budget and the first that did not, until they are within
 *       {@link Settings#resolution} of each other;</li>
 *   <li>the best rate again for {@link Settings#confirmSteps} steps' length; if that fails, a rate {@code resolution}
 *       lower, then twice and four times that lower, at most {@link Settings#confirmAttempts} attempts in all.</li>
 * </ol>
 *
 * <p>A step on which the client itself was the bottleneck ({@link Observation#clientBound()}) runs once more at the
 * same rate ({@link Settings#clientBoundRetries}): a client that stalled once (a collector pause, the compiler taking
 * a core) is not a client that cannot keep the schedule. When the step is client-bound again and a lower rate met
 * the budget, the search bisects below it as below a failed step, and the capacity it confirms is a lower bound
 * ({@link Outcome#clientBoundAbove()}): the store took at least that, and above it the client, not the store, was
 * the limit. When no rate met the budget yet, lower rates are tried (halving) as below a first rate that failed;
 * when none of those the client can measure either (or the probe was client-bound) the search ends without a
 * capacity, saying so. When the client's schedule lag does not fall as the rate is halved, and a thread of the client
 * that only sleeps wakes as late (its stall meter), the lag is this machine's timer precision, not a saturated
 * client: lower rates cannot help, and the search ends at once saying which budgets the machine can verify.
 * Not thread-safe.
 */
public final class CapacitySearch {

  /**
   * How the search moves.
   *
   * @param startFraction the first open-loop rate as a fraction of the closed-loop probe's throughput
   * @param growth each rising step's rate over the last one's
   * @param resolution bisection ends when (bad - good) / good is at most this
   * @param achievedMin a step fails when it achieves less than this share of the rate its schedule offered (what
   *     arrived and was not served within the run's grace counts against it)
   * @param confirmSteps the confirming run's length, in steps
   * @param confirmAttempts confirming runs at most (each after the first a resolution lower)
   * @param maxSteps open-loop steps at most, confirmations included
   * @param lowerings halvings of the first rate at most, when it already fails
   * @param clientBoundRetries how many times a client-bound step runs again at its rate before the search ends
   */
  public record Settings(double startFraction, double growth, double resolution, double achievedMin, int confirmSteps,
      int confirmAttempts, int maxSteps, int lowerings, int clientBoundRetries) {

    /**
     * The defaults: start at a quarter of the probe, x1.5, 2%, 99% achieved, 3 steps to confirm, a client-bound step
     * run once more.
     */
    public static Settings defaults(double resolution) {
      return new Settings(0.25, 1.5, resolution, 0.99, 3, 3, 40, 6, 1);
    }
  }

  /** What a step is for. */
  public enum Kind { PROBE, RAISE, LOWER, BISECT, CONFIRM }

  /**
   * The next step to run.
   *
   * @param kind why it runs
   * @param rate the target rate in operations per second; 0 for the closed-loop probe
   * @param lengthSteps its length in steps (the confirmation runs longer)
   */
  public record Plan(Kind kind, double rate, int lengthSteps) {}

  /** The lag must stay at least this share of the last as the rate halves to be the machine's, not the client's. */
  static final double FLAT_LAG = 0.75;
  /** The stall meter's P99 must be at least this share of the lag's for the lag to be the machine's timer. */
  static final double TIMER_SHARE = 0.5;

  /** A step's standing against the budget. */
  public enum Verdict { MEETS, BREAKS_SLO, ERRS, SHORT_OF_RATE, CLIENT_BOUND, INTERRUPTED, PROBE }

  /** A step run, what it measured and how it stood. */
  public record Step(Plan plan, Observation observation, Verdict verdict, String why) {}

  /**
   * How the search ended.
   *
   * @param capacity the most operations per second found to meet the budget, confirmed; NaN when none was
   * @param bestUnconfirmed the best rate that met the budget in a step, whether or not confirmed; NaN when none did
   * @param reason why the search stopped, one line
   * @param clientBoundAbove NaN when the capacity is the store's; else the lowest rate at which the client, not the
   *     store, was the bottleneck, above the capacity: the capacity is then a lower bound
   */
  public record Outcome(double capacity, double bestUnconfirmed, String reason, double clientBoundAbove) {

    /** An outcome whose bound above is the store's. */
    public Outcome(double capacity, double bestUnconfirmed, String reason) {
      this(capacity, bestUnconfirmed, reason, Double.NaN);
    }

    /** Whether the capacity is a lower bound: the client was the limit above it, not the store. */
    public boolean lowerBound() {
      return found() && !Double.isNaN(clientBoundAbove);
    }

    /** Whether a capacity was found and confirmed. */
    public boolean found() {
      return !Double.isNaN(capacity);
    }

    /** Whether the user stopped the search (Ctrl-C) before it ended by itself. */
    public boolean interrupted() {
      return INTERRUPTED.equals(reason);
    }
  }

  /** The reason of a search the user stopped. */
  static final String INTERRUPTED = "interrupted by the user";

  private final Slo slo;
  private final Settings settings;
  private final List<Step> steps = new ArrayList<>();
  private Plan pending = new Plan(Kind.PROBE, 0, 1);
  private double probe = Double.NaN;
  private double good = Double.NaN;
  private double bad = Double.NaN;
  /** Whether {@code bad} is where the client, not the store, was the bottleneck. */
  private boolean badIsClient;
  private int lowered;
  /** The last client-bound step before any rate met the budget: its rate and schedule lag P99 (NaN: none). */
  private double boundRate = Double.NaN;
  private double boundLagMicros = Double.NaN;
  private int confirmations;
  private int openSteps;
  /** The client-bound steps in a row at the pending plan's rate. */
  private int clientBoundInARow;
  private Outcome outcome;

  public CapacitySearch(Slo slo, Settings settings) {
    this.slo = slo;
    this.settings = settings;
  }

  /** The next step to run, or null once the search ended ({@link #outcome()}). */
  public Plan next() {
    return outcome == null ? pending : null;
  }

  /** The outcome, or null while the search goes on. */
  public Outcome outcome() {
    return outcome;
  }

  /** Every step so far, in order. */
  public List<Step> steps() {
    return List.copyOf(steps);
  }

  /** How this search steps. */
  public Settings settings() {
    return settings;
  }

  /** The closed-loop probe's throughput, or NaN before it ran. */
  public double probeThroughput() {
    return probe;
  }

  /** How {@code o} stands for a step at {@code rate} (0: the probe), with why. */
  public Verdict judge(double rate, Observation o, StringBuilder why) {
    if (o.interrupted()) {
      why.append("interrupted");
      return Verdict.INTERRUPTED;
    }
    if (o.erred()) {
      why.append("errors beyond the tolerance");
      return Verdict.ERRS;
    }
    if (o.clientBound() != null) {
      why.append("client-bound: ").append(o.clientBound());
      return Verdict.CLIENT_BOUND;
    }
    if (rate == 0) {
      return Verdict.PROBE;
    }
    double offered = Double.isNaN(o.offered()) ? rate : o.offered();
    if (o.achieved() < settings.achievedMin() * offered) {
      why.append(String.format(java.util.Locale.ROOT, "achieved %.0f of %.0f ops/s%s", o.achieved(), offered,
          Double.isNaN(o.offered()) ? "" : " offered"));
      return Verdict.SHORT_OF_RATE;
    }
    Slo.Bound broken = slo.broken(o.latencyMicros());
    if (broken != null) {
      Double v = o.latencyMicros().get(broken.percentile());
      why.append(Slo.name(broken.percentile())).append(' ')
          .append(v == null || v.isNaN() ? "not measured" : Slo.measured(v)).append(" > ")
          .append(Slo.duration(broken.maxMicros()));
      return Verdict.BREAKS_SLO;
    }
    return Verdict.MEETS;
  }

  /** What the step {@link #next()} gave measured. */
  public void observe(Observation o) {
    if (outcome != null) {
      throw new IllegalStateException("the search has ended");
    }
    Plan p = pending;
    StringBuilder why = new StringBuilder();
    Verdict v = judge(p.rate(), o, why);
    boolean retry = v == Verdict.CLIENT_BOUND && clientBoundInARow < settings.clientBoundRetries();
    clientBoundInARow = v == Verdict.CLIENT_BOUND ? clientBoundInARow + 1 : 0;
    if (retry) {
      why.append("; the step runs again");
    }
    steps.add(new Step(p, o, v, why.toString()));
    if (p.kind() != Kind.PROBE) {
      openSteps++;
    }
    if (v == Verdict.INTERRUPTED) {
      end(INTERRUPTED);
      return;
    }
    if (retry) {
      if (openSteps >= settings.maxSteps()) {
        end("stopped after " + openSteps + " steps without converging");
      }
      return;
    }
    if (v == Verdict.CLIENT_BOUND && Double.isNaN(good) && (p.kind() == Kind.RAISE || p.kind() == Kind.LOWER)) {
      clientBoundBeforeAnyMet(p, o);
      return;
    }
    if (v == Verdict.CLIENT_BOUND && p.kind() != Kind.PROBE && !Double.isNaN(good)) {
      clientBoundAboveMet(p, v, o, why);
      return;
    }
    if (v == Verdict.CLIENT_BOUND) {
      end(String.format(java.util.Locale.ROOT, "the client was the bottleneck at %s (%s): the store's capacity above"
          + " the last rate met is not known here", p.kind() == Kind.PROBE ? "the closed-loop probe"
          : rate(p.rate()), o.clientBound()));
      return;
    }
    switch (p.kind()) {
      case PROBE -> afterProbe(o, v);
      case RAISE -> afterRaise(p, v, why);
      case LOWER -> afterLower(p, v, why);
      case BISECT -> afterBisect(p, v);
      case CONFIRM -> afterConfirm(p, v, o, why);
      default -> throw new IllegalStateException(p.kind().toString());
    }
    if (outcome == null && openSteps >= settings.maxSteps()) {
      end("stopped after " + openSteps + " steps without converging");
    }
  }

  /** A client-bound step before any rate met the budget: lower rates (halving), as below a first rate that failed. */
  private void clientBoundBeforeAnyMet(Plan p, Observation o) {
    bad = p.rate();
    badIsClient = true;
    String timer = p.kind() == Kind.LOWER ? timerPrecision(p.rate(), o) : null;
    if (timer != null) {
      end(timer);
      return;
    }
    boundRate = p.rate();
    boundLagMicros = o.lagP99Micros();
    if (p.kind() == Kind.LOWER && lowered >= settings.lowerings()) {
      end(String.format(java.util.Locale.ROOT, "the client was the bottleneck at every rate tried, down to %s (%s):"
          + " the store's capacity is not known here", rate(p.rate()), o.clientBound()));
      return;
    }
    lowered = p.kind() == Kind.RAISE ? 1 : lowered + 1;
    pending = new Plan(Kind.LOWER, p.rate() / 2, 1);
  }

  /** A client-bound step above a rate that met the budget: the search goes on below the client's limit. */
  private void clientBoundAboveMet(Plan p, Verdict v, Observation o, StringBuilder why) {
    if (p.kind() == Kind.CONFIRM) {
      afterConfirm(p, v, o, why);
    } else {
      if (Double.isNaN(bad) || p.rate() <= bad) {
        bad = p.rate();
      }
      bisectOrConfirm();
    }
    if (bad == p.rate()) {
      badIsClient = true;
    }
    if (outcome == null && openSteps >= settings.maxSteps()) {
      end("stopped after " + openSteps + " steps without converging");
    }
  }

  /**
   * Why the search cannot go on, when a client-bound step at {@code rate} (half the last one's) is the machine's timer
   * precision and not a saturated client: the schedule lag over the budget's tenth did not fall with the rate, and a
   * thread that only sleeps woke as late. Null otherwise (a saturated client's lag falls as the rate does; a client
   * that stalls by itself has a stall meter that woke on time).
   */
  private String timerPrecision(double rate, Observation o) {
    double lag = o.lagP99Micros();
    if (Double.isNaN(boundLagMicros) || Double.isNaN(lag) || Double.isNaN(o.stallP99Micros())
        || lag <= slo.tightestMicros() / 10 || lag < FLAT_LAG * boundLagMicros
        || o.stallP99Micros() < TIMER_SHARE * lag) {
      return null;
    }
    double worst = Math.max(lag, boundLagMicros);
    return String.format(java.util.Locale.ROOT, "this machine's timer precision is too coarse to verify %s: the"
        + " client's schedule lag P99 stayed at %s and %s as the rate fell from %s to %s, and a thread of the client"
        + " that only sleeps woke up to %s late (P99), so a lower rate cannot help; budgets from about %s up can be"
        + " verified here (ten times that lag)", slo.describe(), Slo.measured(boundLagMicros), Slo.measured(lag),
        rate(boundRate), rate(rate), Slo.measured(o.stallP99Micros()), Slo.duration(roundUp(10 * worst)));
  }

  /** A budget to suggest: {@code micros} rounded up to one significant figure's step (9.1 ms: 10 ms). */
  private static double roundUp(double micros) {
    double step = Math.pow(10, Math.floor(Math.log10(micros)));
    return Math.ceil(micros / step) * step;
  }

  private void afterProbe(Observation o, Verdict v) {
    if (v == Verdict.ERRS) {
      end("the store erred beyond the tolerance in the closed-loop probe");
      return;
    }
    if (!(o.achieved() > 0)) {
      end("the closed-loop probe completed no operation");
      return;
    }
    probe = o.achieved();
    pending = new Plan(Kind.RAISE, probe * settings.startFraction(), 1);
  }

  private void afterRaise(Plan p, Verdict v, StringBuilder why) {
    if (v == Verdict.MEETS) {
      good = p.rate();
      pending = new Plan(Kind.RAISE, p.rate() * settings.growth(), 1);
      return;
    }
    bad = p.rate();
    badIsClient = false;
    if (Double.isNaN(good)) {
      lowered = 1;
      pending = new Plan(Kind.LOWER, p.rate() / 2, 1);
    } else {
      bisectOrConfirm();
    }
  }

  private void afterLower(Plan p, Verdict v, StringBuilder why) {
    if (v == Verdict.MEETS) {
      good = p.rate();
      bisectOrConfirm();
      return;
    }
    bad = p.rate();
    if (lowered >= settings.lowerings()) {
      end(String.format(java.util.Locale.ROOT, "the budget (%s) was not met at any rate tried, down to %s (%s)",
          slo.describe(), rate(p.rate()), why));
      return;
    }
    lowered++;
    pending = new Plan(Kind.LOWER, p.rate() / 2, 1);
  }

  private void afterBisect(Plan p, Verdict v) {
    if (v == Verdict.MEETS) {
      good = p.rate();
    } else {
      bad = p.rate();
      badIsClient = false;
    }
    bisectOrConfirm();
  }

  private void bisectOrConfirm() {
    if ((bad - good) / good > settings.resolution()) {
      pending = new Plan(Kind.BISECT, (good + bad) / 2, 1);
    } else {
      confirmations = 1;
      pending = new Plan(Kind.CONFIRM, good, settings.confirmSteps());
    }
  }

  private void afterConfirm(Plan p, Verdict v, Observation o, StringBuilder why) {
    if (v == Verdict.MEETS && badIsClient) {
      outcome = new Outcome(p.rate(), p.rate(), String.format(java.util.Locale.ROOT, "at least %s: it met %s for %d"
          + " steps; above it the client, not the store, was the bottleneck (at %s)", rate(p.rate()), slo.describe(),
          p.lengthSteps(), rate(bad)), bad);
      return;
    }
    if (v == Verdict.MEETS) {
      outcome = new Outcome(p.rate(), p.rate(), String.format(java.util.Locale.ROOT, "%s met %s for %d steps;"
          + " %s did not", rate(p.rate()), slo.describe(), p.lengthSteps(), rate(bad)));
      return;
    }
    bad = p.rate();
    badIsClient = v == Verdict.CLIENT_BOUND;
    if (confirmations >= settings.confirmAttempts() && badIsClient) {
      end(String.format(java.util.Locale.ROOT, "the client was the bottleneck at %s (%s): no rate held the budget"
          + " for %d steps below it, and the store's capacity is not known here", rate(p.rate()), o.clientBound(),
          p.lengthSteps()));
      return;
    }
    if (confirmations >= settings.confirmAttempts()) {
      end(String.format(java.util.Locale.ROOT, "no rate held the budget for %d steps (last tried %s: %s)",
          p.lengthSteps(), rate(p.rate()), why));
      return;
    }
    // Each further attempt steps down twice as far as the last: a P99 near the budget is noisy, and a longer run
    // sees more of its tail than the short step that passed it.
    pending = new Plan(Kind.CONFIRM, p.rate() * (1 - settings.resolution() * (1L << (confirmations - 1))),
        settings.confirmSteps());
    confirmations++;
  }

  private void end(String reason) {
    outcome = new Outcome(Double.NaN, bestMet(), reason);
  }

  /** The highest rate a step met the budget at, or NaN. */
  private double bestMet() {
    double best = Double.NaN;
    for (Step s : steps) {
      if (s.verdict() == Verdict.MEETS && (Double.isNaN(best) || s.plan().rate() > best)) {
        best = s.plan().rate();
      }
    }
    return best;
  }

  private static String rate(double opsPerSec) {
    return String.format(java.util.Locale.ROOT, "%.0f ops/s", opsPerSec);
  }
}
