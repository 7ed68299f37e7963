package io.github.ycsbkv.results;

/**
 * Throughput over one status interval.
 *
 * @param elapsedMillis time since the start of the measured phase, at the end of the interval
 * @param operations workload operations completed since the start
 * @param opsPerSec throughput during the interval
 * @param p99Micros the 99th percentile of service time during the interval, over every operation
 *     type and outcome, or NaN when none completed
 * @param failedOperations operations that failed since the start (0 in results of earlier versions)
 */
public record IntervalSample(long elapsedMillis, long operations, double opsPerSec, double p99Micros,
    long failedOperations) {

  /** A sample without failures (the layout before they were counted). */
  public IntervalSample(long elapsedMillis, long operations, double opsPerSec, double p99Micros) {
    this(elapsedMillis, operations, opsPerSec, p99Micros, 0);
  }
}
