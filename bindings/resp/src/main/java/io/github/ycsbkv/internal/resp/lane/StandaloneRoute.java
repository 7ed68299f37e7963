package io.github.ycsbkv.internal.resp.lane;

import io.github.ycsbkv.internal.resp.server.ReplicaReads;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@link RespLane}'s one server: every call on its connections, or a call that only reads on the replicas of
 * {@link LaneReads} when the reads go off the primary. Nothing is redirected; a call to a connection that is down waits
 * for the connection's one attempt to come back.
 */
final class StandaloneRoute implements LaneRoute {

  private final LaneNode node;
  /** The server's connections opened by {@link #open()}: all, or a staircase's first. */
  private final int atStart;
  /** Where reads go when not to the server, or null: to it. Set before use. */
  private LaneReads reads;
  /**
   * Replica nodes opened, for closing also when opening failed part way; added off the loop while its sweeper may read
   * them.
   */
  private final List<LaneNode> replicas = new java.util.concurrent.CopyOnWriteArrayList<>();

  StandaloneRoute(LaneNode node) {
    this(node, node.conns.length);
  }

  /** With {@code atStart} below the node's connections: the others opened later, by {@link #openMore}. */
  StandaloneRoute(LaneNode node, int atStart) {
    this.node = node;
    this.atStart = atStart;
  }

  /** On the loop: the next {@code n} of the server's connections opened; completes once they are ready. */
  java.util.concurrent.CompletableFuture<Void> openMore(int n) {
    return node.openMore(n);
  }

  /** Before use, off the loop: reads go to the replicas {@code readReplicas} names (or the server's ROLE does). */
  void readFrom(RespLane lane, ReplicaReads readReplicas) {
    reads = LaneReads.open(lane, node, readReplicas, replicas);
  }

  @Override
  public void open() {
    node.open(atStart);
  }

  @Override
  public LaneNode route(RespCall call) {
    return reads != null && call.readsOnly() ? reads.next() : node;
  }

  @Override
  public String unrouted(RespCall call) {
    return "no node"; // never: every call has the server
  }

  @Override
  public boolean failsWhileDown() {
    return false;
  }

  @Override
  public boolean redirected(RespCall call) {
    return false;
  }

  @Override
  public void trouble(String why) {
    // One server: nothing to read again; its connection's attempt says the rest.
  }

  @Override
  public List<LaneNode> nodes() {
    if (replicas.isEmpty()) {
      return List.of(node);
    }
    List<LaneNode> all = new ArrayList<>(List.of(node));
    all.addAll(replicas);
    return all;
  }

  @Override
  public int connections() {
    return node.conns.length;
  }

  @Override
  public int nodeCount() {
    return 1 + replicas.size();
  }

  @Override
  public List<String> primaryAddresses() {
    return List.of(node.endpoint.where());
  }

  @Override
  public String readsDescribed() {
    return reads == null ? null : reads.described;
  }

  @Override
  public boolean cluster() {
    return false;
  }
}
