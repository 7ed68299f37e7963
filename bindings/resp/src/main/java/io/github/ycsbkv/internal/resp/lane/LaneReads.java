package io.github.ycsbkv.internal.resp.lane;

import io.github.ycsbkv.internal.resp.server.ReplicaReads;
import io.github.ycsbkv.internal.resp.wire.RespEndpoint;
import io.github.ycsbkv.internal.resp.wire.RespErrors;
import io.github.ycsbkv.internal.resp.wire.RespException;
import java.util.ArrayList;
import java.util.List;

/**
 * Where a standalone {@link RespLane}'s reads go when not to its server ({@link ReplicaReads}): a {@link LaneNode} per
 * replica, with the lane's settings and as many connections as the lane has to its server, and with {@code any} the
 * server's own node first; each read takes the next in turn. Opened once, off the loop, before the lane is used; then
 * confined to the lane's loop.
 */
final class LaneReads {

  /** The nodes reads go to, in turn (with {@code any}, the server's own first). */
  final LaneNode[] nodes;
  /** Where the reads go, for the run's header. */
  final String described;
  private int next;

  private LaneReads(LaneNode[] nodes, String described) {
    this.nodes = nodes;
    this.described = described;
  }

  /**
   * Connects to the replicas of {@code lane}'s server ({@code primary}): those {@code reads} names, else those its
   * {@code ROLE} names. A replica that cannot be reached is one line naming it; the replicas opened before are in
   * {@code opened}, for the lane to close.
   */
  static LaneReads open(RespLane lane, LaneNode primary, ReplicaReads reads, List<LaneNode> opened) {
    RespEndpoint endpoint = primary.endpoint;
    List<String> addresses = reads.addresses(lane.call("ROLE"), endpoint.where());
    List<LaneNode> to = new ArrayList<>();
    if (reads.mode() == ReplicaReads.Mode.ANY) {
      to.add(primary);
    }
    for (String address : addresses) {
      int colon = address.lastIndexOf(':');
      LaneNode replica = new LaneNode(lane, endpoint.at(address.substring(0, colon),
          Integer.parseInt(address.substring(colon + 1)), address), primary.conns.length);
      opened.add(replica);
      try {
        replica.open();
      } catch (RespException x) {
        throw unreachable(reads.mode(), address, reads.replicas().isEmpty() ? ", which the primary's ROLE names" : "",
            x);
      }
      to.add(replica);
    }
    return new LaneReads(to.toArray(LaneNode[]::new), (reads.mode() == ReplicaReads.Mode.ANY
        ? "the primary and " : "") + (addresses.size() == 1 ? "the replica " : addresses.size() + " replicas ")
        + String.join(", ", addresses) + (reads.replicas().isEmpty() ? " (the primary's ROLE)" : "") + ", in turn");
  }

  /**
   * One line for a replica to read from that cannot be reached: {@code address}, {@code whose} (", which ... names")
   * and the socket's own words.
   */
  static RespException unreachable(ReplicaReads.Mode mode, String address, String whose, RespException x) {
    Throwable root = x.getCause() == null ? x : RespErrors.plain(x.getCause());
    return RespException.whole("-p " + ReplicaReads.PROPERTY + "=" + mode.id() + ": cannot open a connection to the"
        + " replica " + address + whose + ": " + String.valueOf(root.getMessage()).replaceFirst("^.*\\(\\.\\.\\)"
        + " failed( with error\\(-?\\d+\\))?: ", "") + "; is it running, and reachable at that address? (-p "
        + ReplicaReads.REPLICAS + "=host:port,... names the replicas)");
  }

  /** The node the next read goes to (on the loop). */
  LaneNode next() {
    LaneNode n = nodes[next];
    next = next + 1 == nodes.length ? 0 : next + 1;
    return n;
  }
}
