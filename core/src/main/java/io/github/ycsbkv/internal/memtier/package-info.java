/**
 * {@code ycsb memtier}: memtier_benchmark 2.3's command line ({@code MemtierArgs}) run on ycsb-kv's engine
 * ({@code MemtierRun}) through the {@code commands} workload, with memtier's results table and JSON
 * ({@code MemtierOutput}) besides ycsb-kv's own results; and {@code ycsb suite}: the Redis benchmark specification's
 * suites ({@code SuiteFile}) run as those command lines ({@code SuiteRun}), on a given server or on stores started
 * here ({@code SuiteServers}), as the most load within a budget ({@code SuiteCapacity}), listed without running
 * ({@code SuiteListing}), summed up in one table ({@code SuiteSummary}).
 *
 * <p>Internal: not an API, it may change in any release without notice.
 */
package io.github.ycsbkv.internal.memtier;
