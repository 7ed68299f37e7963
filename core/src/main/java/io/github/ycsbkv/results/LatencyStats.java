package io.github.ycsbkv.results;

import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.AbstractHistogram;

/**
 * Summary of one latency series, in microseconds, computed from an HdrHistogram that holds
 * nanoseconds (3 significant digits: each figure is within 0.1% of the exact value).
 *
 * @param count operations in the series
 * @param meanMicros arithmetic mean
 * @param minMicros smallest value
 * @param maxMicros largest value
 * @param stdDevMicros standard deviation
 * @param percentiles the configured percentiles, ascending
 */
public record LatencyStats(long count, double meanMicros, double minMicros, double maxMicros,
    double stdDevMicros, List<PercentileValue> percentiles) {

  /** Defensive copy of the percentile list. */
  public LatencyStats {
    percentiles = List.copyOf(percentiles);
  }

  /** Summarises a histogram of nanosecond values; {@code null} when it is {@code null} or empty. */
  public static LatencyStats ofNanos(AbstractHistogram histogram, List<Double> percentiles) {
    if (histogram == null || histogram.getTotalCount() == 0) {
      return null;
    }
    List<PercentileValue> values = new ArrayList<>(percentiles.size());
    for (double p : percentiles) {
      values.add(new PercentileValue(p, micros(histogram.getValueAtPercentile(p))));
    }
    return new LatencyStats(histogram.getTotalCount(), histogram.getMean() / 1000.0,
        micros(histogram.getMinValue()), micros(histogram.getMaxValue()),
        histogram.getStdDeviation() / 1000.0, values);
  }

  /** The value at {@code percentile} if it was computed, else {@code NaN}. */
  public double percentileMicros(double percentile) {
    for (PercentileValue v : percentiles) {
      if (v.percentile() == percentile) {
        return v.micros();
      }
    }
    return Double.NaN;
  }

  private static double micros(long nanos) {
    return nanos / 1000.0;
  }
}
