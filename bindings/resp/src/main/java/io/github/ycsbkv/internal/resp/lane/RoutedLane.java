package io.github.ycsbkv.internal.resp.lane;

import io.github.ycsbkv.internal.resp.wire.RespEndpoint;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import site.ycsb.Status;

/**
 * What a {@link SlotRouter} asks of the {@link RespLane} it routes for: sending a call again, asking a node, the map
 * thread and the loop, and the nodes' connections. The lane hands the router its own view; the router knows the lane
 * by this only.
 */
interface RoutedLane {

  /** Sends {@code call} again (after a redirection, or once the map is read); on the loop. */
  void resend(RespCall call);

  /** Sends {@code call} to its target node and waits for its outcome (off the loop). */
  Status ask(RespCall call);

  /** Whether the lane was closed. */
  boolean closed();

  /** The thread on which the map is read and nodes opened. */
  ExecutorService mapThread();

  /** The lane's event loop. */
  Executor loop();

  /** The lane's first seed, whose settings every node shares. */
  RespEndpoint seed();

  /** A node of the lane at {@code at} ({@code readOnly}: a replica reads go to), not yet connected. */
  LaneNode node(RespEndpoint at, int connections, boolean readOnly);

  /** Closes a node's connections (on the loop); what they held fails. */
  void closeNode(LaneNode node);
}
