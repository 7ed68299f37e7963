package io.github.ycsbkv.spi;

/**
 * Marker of a {@code site.ycsb.Workload} that never scans and whose records no scanning workload reads
 * (the cache workloads: memtier's GET/SET, the object cache). Bindings that keep a scan index beside
 * the records (the RESP bindings' {@code scanindex}) keep none for it, whatever {@code scanindex} says,
 * so the server sees only the commands the workload's reference sends (memtier_benchmark: one per
 * operation). The engine tells the bindings through {@code io.github.ycsbkv.engine.Benchmark#WORKLOAD_NEVER_SCANS}.
 */
public interface NeverScans {}
