/**
 * What ycsb-kv reads of the machine it runs on, beside what the stores report: {@link
 * io.github.ycsbkv.internal.host.ServerProcess}, the CPU time of a server process listening on this host, for the
 * stores whose own CPU counters are missing or unreliable (Dragonfly, Aerospike).
 *
 * <p>Internal: between ycsb-kv's own modules, not an API; it may change in any release without notice.
 */
package io.github.ycsbkv.internal.host;
