package io.github.ycsbkv.spi;

/**
 * Marker for a {@code site.ycsb.Workload} whose {@code run} is meant to start from whatever the store holds,
 * possibly nothing (memtier's cold cache: the misses are part of the result). Without it, a {@code run}
 * on the embedded {@code memory} binding that finds its table empty loads the workload's records first,
 * as YCSB's load-then-run expects.
 */
public interface RunsWithoutLoad {}
