package io.github.ycsbkv.workloads;

import java.util.SplittableRandom;

/**
 * Key numbers in {@code [first, last]} drawn with probability proportional to {@code k^-exponent}: Zipf's law over
 * the keys' own numbers, the first key the most popular, as memtier_benchmark's {@code Z} pattern draws them (its
 * {@code --key-zipf-exp}, default 1; with {@code --key-minimum 5} key 5 is drawn in proportion to {@code 5^-s}, not
 * to {@code 1^-s}). Sampled exactly, in constant time and memory for any range, by rejection-inversion: W. Hörmann
 * and G. Derflinger, "Rejection-inversion to generate variates from monotone discrete distributions", ACM TOMACS 6(3),
 * 1996, https://doi.org/10.1145/235025.235029. Unlike {@link ZipfianSampler} (YCSB's approximation of Gray et al.,
 * its constant below 1), any exponent in (0, 5) is exact, 1 included. Immutable and thread-safe; the random source
 * is the caller's, so that a workload stays deterministic from its seed.
 */
final class PowerLawKeys {

  private final long first;
  private final long last;
  private final double exponent;
  /** {@code H(first + 1/2) - h(first)}: the lower end of the integral's range that draws are taken from. */
  private final double lower;
  /** {@code H(last + 1/2)}: its upper end. */
  private final double upper;
  /** Below this distance of a rounded draw to its real, the draw is taken without the second test. */
  private final double squeeze;

  PowerLawKeys(long first, long last, double exponent) {
    if (first < 1 || last < first) {
      throw new IllegalArgumentException("a power law over keys needs 1 <= first <= last, got " + first + ".." + last);
    }
    if (!(exponent > 0) || Double.isInfinite(exponent)) {
      throw new IllegalArgumentException("a power law's exponent must be above 0, got " + exponent);
    }
    this.first = first;
    this.last = last;
    this.exponent = exponent;
    this.lower = integral(first + 0.5) - density(first);
    this.upper = integral(last + 0.5);
    this.squeeze = first + 1 - inverse(integral(first + 1.5) - density(first + 1));
  }

  long first() {
    return first;
  }

  long last() {
    return last;
  }

  double exponent() {
    return exponent;
  }

  /** The next key number. */
  long next(SplittableRandom random) {
    if (first == last) {
      return first;
    }
    while (true) {
      double u = lower + random.nextDouble() * (upper - lower);
      double x = inverse(u);
      long k = Math.max(first, Math.min(last, Math.round(x)));
      // The squeeze accepts most draws at once; the rest are taken where u lies under the step of k's mass.
      if (k - x <= squeeze || u >= integral(k + 0.5) - density(k)) {
        return k;
      }
    }
  }

  /** {@code h(x) = x^-s}, the unnormalised mass. */
  private double density(double x) {
    return Math.exp(-exponent * Math.log(x));
  }

  /**
   * {@code H(x) = (x^(1-s) - 1) / (1-s)}, an antiderivative of {@code h} ({@code log x} at {@code s = 1}), written so
   * that it stays exact as {@code s} nears 1.
   */
  private double integral(double x) {
    double log = Math.log(x);
    return log * expm1Ratio((1 - exponent) * log);
  }

  /** The inverse of {@link #integral}: {@code x} with {@code H(x) = y}. */
  private double inverse(double y) {
    double t = (1 - exponent) * y;
    if (t < -1) {
      t = -1; // rounding at the range's very end, for s > 1: H stays below 1 / (s - 1)
    }
    return Math.exp(y * log1pRatio(t));
  }

  /** {@code (e^t - 1) / t}, 1 at 0. */
  private static double expm1Ratio(double t) {
    return Math.abs(t) > 1e-8 ? Math.expm1(t) / t : 1 + t / 2;
  }

  /** {@code log(1 + t) / t}, 1 at 0. */
  private static double log1pRatio(double t) {
    return Math.abs(t) > 1e-8 ? Math.log1p(t) / t : 1 - t / 2;
  }
}
