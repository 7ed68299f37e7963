package io.github.ycsbkv.results;

/**
 * One point of a latency distribution.
 *
 * @param percentile in (0, 100], for example 99.9
 * @param micros the latency at that percentile, in microseconds
 */
public record PercentileValue(double percentile, double micros) {}
