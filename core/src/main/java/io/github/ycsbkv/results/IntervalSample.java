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
 * @param offeredOpsPerSec the operations per second {@code -target} intended during the interval (its rate, or a
 *     rate schedule's mean over the interval), or NaN without a target (and in results of earlier versions)
 * @param lagMaxMicros the open loop's longest schedule lag in the interval (from an arrival's intended start to the
 *     moment the client acted on it), in microseconds: how far behind its schedule the client itself fell; NaN in a
 *     closed loop, an interval without arrivals, a merged timeline and results of earlier versions
 * @param stallMaxMicros the client process's longest stall that ended in the interval (its stall meter's thread woke
 *     this much later than asked: a collection, a machine whose cores were busy), in microseconds; NaN where not
 *     measured (a merged timeline, results of earlier versions)
 * @param responseP99Micros under {@code -target}, the 99th percentile of the response time of the operations that
 *     completed in the interval, from each one's intended start (the time it waited in the client behind busy
 *     connections included: what a server that replied late cost the schedule), over every type and outcome; NaN in
 *     a closed loop, an interval without completions, a merged timeline and results of earlier versions
 */
public record IntervalSample(long elapsedMillis, long operations, double opsPerSec, double p99Micros,
    long failedOperations, double offeredOpsPerSec, double lagMaxMicros, double stallMaxMicros,
    double responseP99Micros) {

  /** A sample without the response time from the intended start (the layout before it was recorded). */
  public IntervalSample(long elapsedMillis, long operations, double opsPerSec, double p99Micros,
      long failedOperations, double offeredOpsPerSec, double lagMaxMicros, double stallMaxMicros) {
    this(elapsedMillis, operations, opsPerSec, p99Micros, failedOperations, offeredOpsPerSec, lagMaxMicros,
        stallMaxMicros, Double.NaN);
  }

  /** A sample without the client's own lag and stalls (the layout before they were recorded). */
  public IntervalSample(long elapsedMillis, long operations, double opsPerSec, double p99Micros,
      long failedOperations, double offeredOpsPerSec) {
    this(elapsedMillis, operations, opsPerSec, p99Micros, failedOperations, offeredOpsPerSec, Double.NaN, Double.NaN);
  }

  /** A sample without a target's offered rate (the layout before it was recorded). */
  public IntervalSample(long elapsedMillis, long operations, double opsPerSec, double p99Micros,
      long failedOperations) {
    this(elapsedMillis, operations, opsPerSec, p99Micros, failedOperations, Double.NaN);
  }

  /** A sample without failures (the layout before they were counted). */
  public IntervalSample(long elapsedMillis, long operations, double opsPerSec, double p99Micros) {
    this(elapsedMillis, operations, opsPerSec, p99Micros, 0);
  }
}
