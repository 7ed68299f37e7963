package io.github.ycsbkv.workloads;

import java.util.Locale;
import java.util.SplittableRandom;
import site.ycsb.WorkloadException;

/**
 * How a cache workload picks key numbers in {@code [1, max]}, as memtier_benchmark's
 * {@code --key-pattern} does: {@code uniform} (memtier's R), {@code gaussian} (G, with a median and
 * a standard deviation; draws outside the range are drawn again), {@code zipfian} (key 1 the
 * hottest) and {@code sequential} (S, per thread, wrapping around). Immutable; the per-thread
 * sequence position is kept by the caller.
 */
final class KeyPattern {

  enum Kind { UNIFORM, GAUSSIAN, ZIPFIAN, SEQUENTIAL }

  private final Kind kind;
  private final long max;
  private final double median;
  private final double stddev;
  private final ZipfianSampler zipf;

  private KeyPattern(Kind kind, long max, double median, double stddev) {
    this.kind = kind;
    this.max = max;
    this.median = median;
    this.stddev = stddev;
    this.zipf = kind == Kind.ZIPFIAN ? new ZipfianSampler(max, ZipfianSampler.DEFAULT_THETA) : null;
  }

  /**
   * @param name uniform, gaussian, zipfian or sequential
   * @param max the largest key number (the smallest is 1)
   * @param median the Gaussian median, or NaN for the middle of the range
   * @param stddev the Gaussian standard deviation, or NaN for a sixth of the range
   */
  static KeyPattern of(String name, long max, double median, double stddev) throws WorkloadException {
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
    return new KeyPattern(kind, max, m, sd);
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
        return 1 + zipf.next(random);
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
