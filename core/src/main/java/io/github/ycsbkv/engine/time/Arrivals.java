package io.github.ycsbkv.engine.time;

import java.util.SplittableRandom;

/**
 * The open loop's schedule for one serving thread: the intended start of each arrival, at {@code rate} per second
 * from {@code start}, evenly spaced ({@code uniform}, upstream YCSB's {@code -target}) or as a Poisson process
 * (exponential gaps, {@code poisson}), until {@code limit} arrivals or the deadline. The threads' schedules add up to
 * the run's rate: uniform ones are offset from each other by a fraction of their spacing, Poisson ones are
 * independent (a sum of Poisson processes is one). With a {@link RateSchedule} whose rate changes, the same
 * arrivals follow the schedule's rate at each instant. Confined to its thread.
 */
public final class Arrivals {

  /** How arrivals are spaced ({@code -p arrivals}). */
  public enum Kind {
    UNIFORM, POISSON;

    public static Kind parse(String text) {
      String t = text == null ? "uniform" : text.trim().toLowerCase(java.util.Locale.ROOT);
      return switch (t) {
        case "", "uniform" -> UNIFORM;
        case "poisson" -> POISSON;
        default -> throw new io.github.ycsbkv.config.UserError("property 'arrivals' must be uniform (evenly spaced,"
            + " the default) or poisson (exponential gaps), got '" + text + "'");
      };
    }
  }

  private final Kind kind;
  private final double meanGapNanos;
  /** A schedule whose rate changes ({@code -target} with pieces), or null for one rate. */
  private final RateSchedule.Cursor schedule;
  /** With a schedule: this thread's part of its arrivals, and its arrivals so far in the schedule's units. */
  private final double share;
  private double units;
  private final long limit;
  private final long deadline;
  private final SplittableRandom random;
  private final long start;
  private long count;
  private long next;
  private long lastGiven;
  /** Poisson: the exact (fractional) time of the next arrival, so that rounding does not drift. */
  private double exact;

  /**
   * @param index this thread's place among {@code of} serving threads (uniform schedules are staggered by it)
   * @param limit arrivals at most ({@code Long.MAX_VALUE}: no limit)
   * @param deadline no arrival at or after it ({@code Long.MAX_VALUE}: none)
   */
  public Arrivals(Kind kind, double ratePerSec, long start, int index, int of, long limit, long deadline, long seed) {
    this(kind, ratePerSec, null, 0, start, index, of, limit, deadline, seed);
  }

  /**
   * Arrivals on a schedule whose rate changes: this thread's {@code share} of the whole run's arrivals (its part of
   * {@code -target}), a uniform thread's arrival {@code k} where the schedule's integral reaches
   * {@code (k + index / of) / share}, a Poisson thread's where it reaches the sum of {@code k} exponential gaps of
   * mean 1 over {@code share} (a Poisson process of the schedule's rate, through the integral's inverse). The
   * schedule's end is a deadline. {@code meanRatePerSec}: this thread's mean rate over the schedule.
   */
  public Arrivals(Kind kind, RateSchedule schedule, double share, double meanRatePerSec, long start, int index, int of,
      long limit, long deadline, long seed) {
    this(kind, meanRatePerSec, schedule.isConstant() ? null : schedule.cursor(), share, start, index, of, limit,
        schedule.isConstant() || start > Long.MAX_VALUE - schedule.durationNanos() ? deadline
            : Math.min(deadline, start + schedule.durationNanos()), seed);
  }

  private Arrivals(Kind kind, double ratePerSec, RateSchedule.Cursor schedule, double share, long start, int index,
      int of, long limit, long deadline, long seed) {
    if (!(ratePerSec > 0) || schedule != null && !(share > 0)) {
      throw new IllegalArgumentException("rate " + ratePerSec + ", share " + share);
    }
    this.kind = kind;
    this.meanGapNanos = 1e9 / ratePerSec;
    this.schedule = schedule;
    this.share = share;
    this.limit = limit;
    this.deadline = deadline;
    this.random = new SplittableRandom(seed);
    this.start = start;
    if (schedule == null) {
      this.exact = kind == Kind.UNIFORM ? start + meanGapNanos * index / of : start + gap();
    } else {
      this.units = kind == Kind.UNIFORM ? (double) index / of : exponential();
      this.exact = onSchedule();
    }
    this.next = exact >= Long.MAX_VALUE ? Long.MAX_VALUE : Math.round(exact);
    this.lastGiven = start;
  }

  /** The next arrival's intended start, or {@code Long.MAX_VALUE} when there are no more. */
  public long peek() {
    return count >= limit || next >= deadline ? Long.MAX_VALUE : next;
  }

  /** Moves past the arrival {@link #peek()} gave. */
  public void advance() {
    lastGiven = next;
    count++;
    if (schedule == null) {
      exact = kind == Kind.UNIFORM ? exact + meanGapNanos : exact + gap();
    } else {
      units += kind == Kind.UNIFORM ? 1 : exponential();
      exact = onSchedule();
    }
    next = exact >= Long.MAX_VALUE ? Long.MAX_VALUE : Math.round(exact);
  }

  /** Whether the schedule ended at its deadline (not at its limit). */
  public boolean pastDeadline() {
    return count < limit && next >= deadline;
  }

  /** The intended start of the last arrival handed out ({@link #advance()}), or the start before any. */
  public long last() {
    return lastGiven;
  }

  /** Arrivals so far. */
  public long count() {
    return count;
  }

  /** The rate in operations per second. */
  public double rate() {
    return 1e9 / meanGapNanos;
  }

  /** The schedule's start. */
  public long start() {
    return start;
  }

  /** Where the schedule's integral reaches this thread's arrivals so far, in nanoseconds (or past every deadline). */
  private double onSchedule() {
    double seconds = schedule.secondsAt(units / share);
    return Double.isInfinite(seconds) ? Long.MAX_VALUE : start + seconds * 1e9;
  }

  private double exponential() {
    return -Math.log(1.0 - random.nextDouble());
  }

  private double gap() {
    // -ln(U) with U in (0, 1]: an exponential gap of mean meanGapNanos.
    return -Math.log(1.0 - random.nextDouble()) * meanGapNanos;
  }
}
