package io.github.ycsbkv.workloads;

import java.util.SplittableRandom;

/**
 * Zipfian ranks in {@code [0, n)}, rank 0 the most popular, drawn from a caller's random source so
 * that a workload stays deterministic from its seed (YCSB's own generators use
 * {@code ThreadLocalRandom}). Uses the rejection-free method of Gray et al., "Quickly Generating
 * Billion-Record Synthetic Databases" (SIGMOD 1994), which YCSB's {@code ZipfianGenerator} also
 * follows; {@code theta} defaults to YCSB's 0.99. Immutable and thread-safe; {@code zeta(n)} is
 * computed once, in O(n).
 */
final class ZipfianSampler {

  static final double DEFAULT_THETA = 0.99;

  private final long n;
  private final double theta;
  private final double alpha;
  private final double zetan;
  private final double eta;

  ZipfianSampler(long n, double theta) {
    if (n < 1) {
      throw new IllegalArgumentException("a Zipfian distribution needs at least one item");
    }
    this.n = n;
    this.theta = theta;
    this.alpha = 1.0 / (1.0 - theta);
    this.zetan = zeta(n, theta);
    double zeta2 = zeta(2, theta);
    this.eta = (1 - Math.pow(2.0 / n, 1 - theta)) / (1 - zeta2 / zetan);
  }

  long next(SplittableRandom random) {
    if (n == 1) {
      return 0;
    }
    double u = random.nextDouble();
    double uz = u * zetan;
    if (uz < 1.0) {
      return 0;
    }
    if (uz < 1.0 + Math.pow(0.5, theta)) {
      return 1;
    }
    long rank = (long) (n * Math.pow(eta * u - eta + 1, alpha));
    return Math.min(rank, n - 1);
  }

  private static double zeta(long n, double theta) {
    double sum = 0;
    for (long i = 1; i <= n; i++) {
      sum += 1 / Math.pow(i, theta);
    }
    return sum;
  }
}
