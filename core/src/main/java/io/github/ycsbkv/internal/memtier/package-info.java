/**
 * {@code ycsb memtier}: memtier_benchmark 2.3's command line ({@code MemtierArgs}) run on ycsb-kv's engine
 * ({@code MemtierRun}) through the {@code commands} workload, with memtier's results table and JSON
 * ({@code MemtierOutput}) besides ycsb-kv's own results.
 *
 * <p>Internal: not an API, it may change in any release without notice.
 */
package io.github.ycsbkv.internal.memtier;
