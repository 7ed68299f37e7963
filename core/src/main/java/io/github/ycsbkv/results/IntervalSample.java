package io.github.ycsbkv.results;

/**
 * Throughput over one status interval.
 *
 * @param elapsedMillis time since the start of the measured phase, at the end of the interval
 * @param operations workload operations completed since the start
 * @param opsPerSec throughput during the interval
 * @param p99Micros the 99th percentile of service time during the interval, over every operation
 *     type and outcome, or NaN when none completed
 */
public record IntervalSample(long elapsedMillis, long operations, double opsPerSec, double p99Micros) {}
