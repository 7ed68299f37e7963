/**
 * What a RESP server says of itself and what is done to it beside the load, over Jedis connections of their own:
 * the probe a run reads before and after ({@link io.github.ycsbkv.internal.resp.server.RespProbe}), the server's
 * states sampled during it and the events set on it ({@code RespStates}: BGSAVE, BGREWRITEAOF, replicas attached
 * and detached), a cluster's map ({@link io.github.ycsbkv.internal.resp.server.ClusterSlots}) and its slots moved
 * ({@link io.github.ycsbkv.internal.resp.server.ClusterReshard}, Dragonfly's own migration in {@link
 * io.github.ycsbkv.internal.resp.server.DragonflyReshard}), and where a run's reads go ({@link
 * io.github.ycsbkv.internal.resp.server.ReplicaReads}, the replicas a primary names).
 */
package io.github.ycsbkv.internal.resp.server;
