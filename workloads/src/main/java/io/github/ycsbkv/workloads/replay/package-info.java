/**
 * Recorded traffic replayed at its own pace (#52): the readers of each recording format ({@link
 * io.github.ycsbkv.workloads.replay.RecordingFormat}), the feed that streams a file to the client threads, and the
 * workload ({@link io.github.ycsbkv.workloads.replay.ReplayWorkload}) that sends each recorded command at its recorded
 * instant, scaled by {@code replay.speed}, through the binding's {@code Commands}. docs/replay.md.
 */
package io.github.ycsbkv.workloads.replay;
