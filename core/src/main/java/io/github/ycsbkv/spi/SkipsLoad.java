package io.github.ycsbkv.spi;

/**
 * Marker for a {@code site.ycsb.Workload} whose records are not written before its runs in a {@code sweep}
 * (and so a {@code study}): each run starts from an empty store, as memtier_benchmark's do (a cold cache over
 * a large key range; the published GET hit rate is about 5%). With {@code --flush} the store is emptied before
 * every repetition instead of loaded. Its {@code recordcount} is the key range, not a number of records to write.
 */
public interface SkipsLoad extends RunsWithoutLoad {}
