/**
 * The event-loop RESP engine's lanes: a client's connections as Netty channels on the process's event loops
 * ({@link io.github.ycsbkv.internal.resp.lane.RespLane}, one per node, {@link
 * io.github.ycsbkv.internal.resp.lane.LaneNode}), each operation a call that writes its command into the channel and
 * reads its reply there ({@link io.github.ycsbkv.internal.resp.lane.RespCall}; a record's calls in {@link
 * io.github.ycsbkv.internal.resp.lane.RespRecords}, a template's in {@link
 * io.github.ycsbkv.internal.resp.lane.CommandCall}), and on a cluster each call routed to its key's primary, or to a
 * replica where reads go there ({@link io.github.ycsbkv.internal.resp.lane.SlotRouter}, {@link
 * io.github.ycsbkv.internal.resp.lane.LaneReads}), redirections followed. Uses {@code wire} and {@code server}'s
 * cluster map and read settings; nothing here uses Jedis.
 */
package io.github.ycsbkv.internal.resp.lane;
