/**
 * The event-loop RESP engine's lanes: a client's connections as Netty channels on the process's event loops
 * ({@link io.github.ycsbkv.internal.resp.lane.RespLane}, one per node, {@link
 * io.github.ycsbkv.internal.resp.lane.LaneNode}), each operation a call that writes its command into the channel and
 * reads its reply there ({@link io.github.ycsbkv.internal.resp.lane.RespCall}; a record's calls in {@link
 * io.github.ycsbkv.internal.resp.lane.RespRecords}, a template's in {@link
 * io.github.ycsbkv.internal.resp.lane.CommandCall}). Where each call goes is the lane's {@link
 * io.github.ycsbkv.internal.resp.lane.LaneRoute}: its one server, or a replica where reads go there ({@link
 * io.github.ycsbkv.internal.resp.lane.StandaloneRoute}, {@link io.github.ycsbkv.internal.resp.lane.LaneReads}); on a
 * cluster its key's primary or a replica of it, redirections followed ({@link
 * io.github.ycsbkv.internal.resp.lane.SlotRouter}, which knows its lane only as a {@link
 * io.github.ycsbkv.internal.resp.lane.RoutedLane}). Uses {@code wire} and {@code server}'s
 * cluster map and read settings; nothing here uses Jedis.
 */
package io.github.ycsbkv.internal.resp.lane;
