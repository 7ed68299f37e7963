package io.github.ycsbkv.internal.resp;

import java.util.Map;

/**
 * A {@code reshard} event's move of slots between two primaries of a cluster while clients run, made by the tool on a
 * thread and connections of its own: {@link ClusterReshard} on Redis, Valkey and KeyDB (the cluster specification's
 * live resharding), {@link DragonflyReshard} on Dragonfly (its own slot migration). The probe reads {@link #running},
 * {@link #figures}, and what the move costs the nodes so that the load the server saw stays the clients'.
 */
interface SlotMove {

  /** Starts the move on its own thread. */
  void start();

  /** Whether the move is still going on. */
  boolean running();

  /** {@code slotsMoved}, {@code keysMoved}, {@code seconds}; throws how it failed, if it did. */
  Map<String, Double> figures();

  /** Commands the nodes counted for this move so far: its own, and those the nodes sent each other for it. */
  long commands();

  /** Connections this move holds open on the cluster's nodes now (its own). */
  int openConnections();

  /**
   * Whether a line of a node's {@code CLIENT LIST} is a connection the move made the nodes open to each other (a
   * Redis source's to the target after a {@code MIGRATE}; a Dragonfly source's migration flows).
   */
  boolean ownsClient(String clientListLine);
}
