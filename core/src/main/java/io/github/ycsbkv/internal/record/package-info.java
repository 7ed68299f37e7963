/**
 * Recording what a server is sent, for a replay (#52): {@link io.github.ycsbkv.internal.record.MonitorRecording}
 * captures a RESP server's {@code MONITOR} stream into a file, its values kept or reduced to their sizes ({@link
 * io.github.ycsbkv.internal.record.ValueSizes}). The replay workload (module {@code workloads}) reads such files.
 *
 * <p>Internal: between ycsb-kv's own modules, not an API; it may change in any release without notice.
 */
package io.github.ycsbkv.internal.record;
