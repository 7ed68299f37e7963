/**
 * What a phase's clients record and how it leaves the process: each client thread's recorders per operation and
 * outcome ({@link io.github.ycsbkv.engine.metrics.OperationRecorder}, HdrHistogram in nanoseconds) and their totals
 * ({@link io.github.ycsbkv.engine.metrics.Metrics}), the open loop's schedule lag and queue
 * ({@link io.github.ycsbkv.engine.metrics.OpenLoopStats}), the histogram exports ({@code export.histograms}), the
 * live metrics and their Prometheus endpoint ({@link io.github.ycsbkv.engine.metrics.LiveMetrics},
 * {@link io.github.ycsbkv.engine.metrics.PrometheusEndpoint}), and the process's own CPU time. Imports nothing of the
 * engine above it.
 */
package io.github.ycsbkv.engine.metrics;
