package io.github.ycsbkv.workloads;

import java.util.Locale;
import java.util.SplittableRandom;
import site.ycsb.WorkloadException;

/**
 * How a cache workload picks key numbers in {@code [1, max]}, as memtier_benchmark's
 * {@code --key-pattern} does: {@code uniform} (memtier's R), {@code gaussian} (G, with a median and
 * a standard deviation; draws outside the range are drawn again), {@code zipfian} (key 1 the
 * hottest: YCSB's generator, or with an exponent memtier's Z, {@link PowerLawKeys}) and {@code sequential}
 * (S, per thread, wrapping around). Immutable; the per-thread sequence position is kept by the caller.
 */
final class KeyPattern {

  enum Kind { UNIFORM, GAUSSIAN, ZIPFIAN, SEQUENTIAL }

  private final Kind kind;
  private final long max;
  private final double median;
  private final double stddev;
  private final ZipfianSampler zipf;
  /** memtier's Z instead of {@link #zipf}, over the keys' own numbers, or null. */
  private final PowerLawKeys power;
  /** What {@link #power}'s key numbers are above this pattern's (1..max): the range's first key number minus 1. */
  private final long offset;

  private KeyPattern(Kind kind, long max, double median, double stddev, double exponent, long offset) {
    this.kind = kind;
    this.max = max;
    this.median = median;
    this.stddev = stddev;
    this.offset = offset;
    boolean powerLaw = kind == Kind.ZIPFIAN && !Double.isNaN(exponent);
    this.zipf = kind == Kind.ZIPFIAN && !powerLaw ? new ZipfianSampler(max, ZipfianSampler.DEFAULT_THETA) : null;
    // memtier's Z draws from the range's positive keys only (key 0 of its default --key-minimum never).
    long first = Math.max(1, offset + 1);
    this.power = powerLaw ? new PowerLawKeys(first, Math.max(first, offset + max), exponent) : null;
  }

  /**
   * @param name uniform, gaussian, zipfian or sequential
   * @param max the largest key number (the smallest is 1)
   * @param median the Gaussian median, or NaN for the middle of the range
   * @param stddev the Gaussian standard deviation, or NaN for a sixth of the range
   */
  static KeyPattern of(String name, long max, double median, double stddev) throws WorkloadException {
    return of(name, max, median, stddev, Double.NaN, 0);
  }

  /**
   * As {@link #of(String, long, double, double)}, with {@code zipfian} memtier's Z: key numbers drawn in proportion
   * to {@code (offset + k)^-exponent}, the weight of each key's own number ({@code exponent} NaN: YCSB's generator).
   *
   * @param exponent the power law's exponent, in (0, 5) as memtier's {@code --key-zipf-exp}, or NaN
   * @param offset what the keys' own numbers are above the pattern's 1..max ({@code command.keyminimum - 1})
   */
  static KeyPattern of(String name, long max, double median, double stddev, double exponent, long offset)
      throws WorkloadException {
    Kind kind;
    try {
      kind = Kind.valueOf(name.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new WorkloadException("key pattern must be uniform, gaussian, zipfian or sequential, got '" + name + "'");
    }
    if (max < 1) {
      throw new WorkloadException("the key range needs at least one key (recordcount >= 1)");
    }
    double m = Double.isNaN(median) ? (1 + max) / 2.0 : median;
    double sd = Double.isNaN(stddev) ? max / 6.0 : stddev;
    if (kind == Kind.GAUSSIAN && (sd <= 0 || m < 1 || m > max)) {
      throw new WorkloadException("a Gaussian key pattern needs 1 <= median <= " + max + " and stddev > 0, got median "
          + m + ", stddev " + sd);
    }
    if (!Double.isNaN(exponent) && !(exponent > 0 && exponent < 5)) {
      throw new WorkloadException("a zipfian key pattern's exponent must be above 0 and below 5 (memtier's"
          + " --key-zipf-exp), got " + exponent);
    }
    return new KeyPattern(kind, max, m, sd, exponent, offset);
  }

  Kind kind() {
    return kind;
  }

  double median() {
    return median;
  }

  double stddev() {
    return stddev;
  }

  /** The next key number in {@code [1, max]}; {@code sequence} is this thread's counter for SEQUENTIAL. */
  long next(SplittableRandom random, long[] sequence) {
    switch (kind) {
      case UNIFORM:
        return 1 + random.nextLong(max);
      case ZIPFIAN:
        return power != null ? power.next(random) - offset : 1 + zipf.next(random);
      case SEQUENTIAL:
        long k = 1 + Long.remainderUnsigned(sequence[0]++, max);
        return k;
      case GAUSSIAN:
      default:
        while (true) {
          long k2 = Math.round(median + stddev * gaussian(random));
          if (k2 >= 1 && k2 <= max) {
            return k2;
          }
        }
    }
  }

  /** A standard normal draw (Marsaglia's polar method) from {@code random}. */
  static double gaussian(SplittableRandom random) {
    double u;
    double v;
    double s;
    do {
      u = 2 * random.nextDouble() - 1;
      v = 2 * random.nextDouble() - 1;
      s = u * u + v * v;
    } while (s >= 1 || s == 0);
    return u * Math.sqrt(-2 * Math.log(s) / s);
  }
}
