package io.github.ycsbkv.results.sweep;

import java.util.List;

/**
 * Statistics of one figure over repetitions: mean, sample standard deviation, coefficient of
 * variation and a 95% confidence interval of the mean (Student's t, n - 1 degrees of freedom).
 * With one value the spread is 0 and the interval is the value itself.
 *
 * @param n repetitions
 * @param mean arithmetic mean
 * @param stdDev sample standard deviation (n - 1 in the denominator)
 * @param cv {@code stdDev / mean}, or NaN when the mean is 0
 * @param ci95Low lower end of the 95% confidence interval of the mean
 * @param ci95High upper end
 * @param values the values, in the order of the repetitions
 */
public record Summary(int n, double mean, double stdDev, double cv, double ci95Low, double ci95High,
    List<Double> values) {

  /** Two-sided 97.5% quantiles of Student's t for 1..30 degrees of freedom; beyond, the normal's 1.96. */
  private static final double[] T975 = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
      2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056,
      2.052, 2.048, 2.045, 2.042};

  /** Defensive copy. */
  public Summary {
    values = List.copyOf(values);
  }

  /** Summarises {@code values} (at least one). */
  public static Summary of(List<Double> values) {
    int n = values.size();
    if (n == 0) {
      throw new IllegalArgumentException("no values");
    }
    double sum = 0;
    for (double v : values) {
      sum += v;
    }
    double mean = sum / n;
    if (n == 1) {
      return new Summary(1, mean, 0, mean == 0 ? Double.NaN : 0, mean, mean, values);
    }
    double sq = 0;
    for (double v : values) {
      sq += (v - mean) * (v - mean);
    }
    double sd = Math.sqrt(sq / (n - 1));
    double t = n - 1 <= T975.length ? T975[n - 2] : 1.96;
    double half = t * sd / Math.sqrt(n);
    return new Summary(n, mean, sd, mean == 0 ? Double.NaN : sd / mean, mean - half, mean + half, values);
  }
}
