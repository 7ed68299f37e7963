/**
 * Result types (immutable records, usable as a library: {@link io.github.ycsbkv.results.BenchmarkResult} and its
 * parts) and their file ({@code result.json}: {@link io.github.ycsbkv.results.ResultJson}; the histograms). Latency is
 * in microseconds wherever it leaves the engine. Its rooms, each importing this package and nothing above it:
 * {@link io.github.ycsbkv.results.summary} (what a run prints and writes for people and scripts: the table, the
 * YCSB-compatible text, {@code summary.csv}), {@link io.github.ycsbkv.results.merge} (several clients' results merged
 * exactly into one) and {@link io.github.ycsbkv.results.sweep} (a sweep's cells, their statistics over repetitions,
 * {@code sweep.json}).
 */
package io.github.ycsbkv.results;
