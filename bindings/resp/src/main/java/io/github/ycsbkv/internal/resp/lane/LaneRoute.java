package io.github.ycsbkv.internal.resp.lane;

import java.util.List;

/**
 * Where a {@link RespLane}'s calls go, and the nodes it holds connections to: one server (and the replicas its reads
 * may go to, {@link StandaloneRoute}), or a cluster's primaries by slot ({@link SlotRouter}). The lane asks it for each
 * call's node on its loop and tells it what its connections saw; it holds no state of the process.
 */
interface LaneRoute {

  /** Connects to the nodes (off the loop, blocking); throws {@code RespException} when one cannot be reached. */
  void open();

  /** The node {@code call} goes to, or null when none serves it ({@link #unrouted} says why). On the loop. */
  LaneNode route(RespCall call);

  /** Why {@code call} has no node. */
  String unrouted(RespCall call);

  /**
   * Whether a call to a node whose connection is down fails at once (a lost cluster node: its share of the operations
   * fails, with paced attempts to connect again), rather than waiting for the connection's one attempt.
   */
  boolean failsWhileDown();

  /** Whether the reply just read redirected {@code call} (then it is sent again, and not finished). On the loop. */
  boolean redirected(RespCall call);

  /** A connection to a node was lost or refused (on the loop). */
  void trouble(String why);

  /** Every node the lane holds connections to: the server or the primaries, then the replicas reads go to. */
  List<LaneNode> nodes();

  /** The connections held to each server (its one server, or the most to one primary). */
  int connections();

  /** The servers the lane has connections to: 1, or the primaries; and the replicas it reads from. */
  int nodeCount();

  /** The standalone server's address, or a cluster's primaries' ({@code host:port}). */
  List<String> primaryAddresses();

  /** Where reads go when not to the primaries, for the run's header; null: the primaries. */
  String readsDescribed();

  /** Whether the calls are routed over a cluster. */
  boolean cluster();
}
