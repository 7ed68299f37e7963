/**
 * Java workloads for key-value stores, beside upstream's {@code CoreWorkload}: the write-heavy time series
 * ({@link io.github.ycsbkv.workloads.TimeSeriesWorkload}), memtier_benchmark's GET/SET
 * ({@link io.github.ycsbkv.workloads.CacheWorkload}), the WordPress-shaped object cache
 * ({@link io.github.ycsbkv.workloads.ObjectCacheWorkload}), and the harness's own cost
 * ({@link io.github.ycsbkv.workloads.HarnessCostWorkload}); each says what the engine needs to know through
 * {@code io.github.ycsbkv.engine.WorkloadTraits}. The property files users pass with {@code -P} are in
 * {@code workloads/} (docs/workloads.md).
 */
package io.github.ycsbkv.workloads;
