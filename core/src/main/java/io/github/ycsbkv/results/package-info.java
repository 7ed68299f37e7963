/**
 * Result types (immutable records, usable as a library: {@link io.github.ycsbkv.results.BenchmarkResult} and its
 * parts), their files ({@code result.json}: {@link io.github.ycsbkv.results.ResultJson}; a sweep's {@code sweep.json}:
 * {@link io.github.ycsbkv.results.SweepJson}; the histograms), merging several clients' results exactly
 * ({@link io.github.ycsbkv.results.ResultMerge}), and the YCSB-compatible text summary. Latency is in microseconds
 * wherever it leaves the engine.
 */
package io.github.ycsbkv.results;
