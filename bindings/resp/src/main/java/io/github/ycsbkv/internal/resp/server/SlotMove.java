package io.github.ycsbkv.internal.resp.server;

import io.github.ycsbkv.internal.resp.wire.RespException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import redis.clients.jedis.Jedis;

/**
 * A {@code reshard} event's move of slots between two primaries of a cluster while clients run, made by the tool on a
 * thread and connections of its own: {@link ClusterReshard} on Redis, Valkey and KeyDB (the cluster specification's
 * live resharding), {@link DragonflyReshard} on Dragonfly (its own slot migration). The probe's thread reads {@link
 * #running}, {@link #figures}, and what the move costs the nodes ({@link #commands}, {@link #openConnections}, {@link
 * #ownsClient}) so that the load the server saw stays the clients'; the move's thread writes them.
 *
 * <p>The move's own connections stay open until the probe is closed ({@link #release}), after the phase's last count
 * of the nodes' connections: a node may still count a connection for a moment after the client closed it (Dragonfly
 * 1.40 did in 5 to 11% of reads straight after a close, here), and one closed mid-phase would then be counted as the
 * run's.
 */
abstract class SlotMove implements Runnable {

  /** The slots to move. */
  protected final int slots;
  /** Connections this move holds open on the cluster's nodes now. */
  protected volatile int open;
  private final List<Jedis> held = new CopyOnWriteArrayList<>();
  /** Commands the nodes counted for this move: its own, and those the nodes sent each other for it. */
  protected volatile long commands;
  protected volatile int slotsMoved;
  protected volatile long keysMoved;
  private volatile boolean running = true;
  private volatile boolean released;
  private volatile String failure;
  private long startNanos;
  private volatile long endNanos;

  SlotMove(int slots) {
    this.slots = slots;
  }

  /** Moves the slots (on the move's thread); what it throws is how the move failed. */
  protected abstract void move() throws Exception;

  /**
   * Whether a line of a node's {@code CLIENT LIST} is a connection the move made the nodes open to each other (a
   * Redis source's to the target after a {@code MIGRATE}; a Dragonfly source's migration flows).
   */
  abstract boolean ownsClient(String clientListLine);

  /** Starts the move on its own thread. */
  final void start() {
    startNanos = System.nanoTime();
    Thread t = new Thread(this, "ycsb-reshard");
    t.setDaemon(true);
    t.start();
  }

  @Override
  public final void run() {
    try {
      move();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      failure = "interrupted";
    } catch (Exception e) {
      failure = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    } finally {
      endNanos = System.nanoTime();
      running = false;
      if (released) {
        closeHeld();
      }
    }
  }

  /**
   * Keeps {@code connection} (not yet connected) until {@link #release}, counted as this move's from now on: before
   * it connects, so that no count of a node's connections has it and this move's count not.
   */
  protected final Jedis hold(Jedis connection) {
    held.add(connection);
    open++;
    return connection;
  }

  /**
   * Closes the connections the move held (the probe is done counting the nodes' connections); a move still going on
   * closes them when it ends.
   */
  final void release() {
    released = true;
    if (!running) {
      closeHeld();
    }
  }

  private synchronized void closeHeld() {
    for (Jedis j : held) {
      try {
        j.close();
      } catch (RuntimeException e) {
        // a node lost: nothing left to close
      }
    }
    held.clear();
    open = 0;
  }

  /** Whether the move is still going on. */
  final boolean running() {
    return running;
  }

  /** Commands the nodes counted for this move so far. */
  final long commands() {
    return commands;
  }

  /** Connections this move holds open on the cluster's nodes now (its own). */
  int openConnections() {
    return open;
  }

  /** {@code slotsMoved}, {@code keysMoved}, {@code seconds}; throws how it failed, if it did. */
  final Map<String, Double> figures() {
    if (failure != null) {
      throw new RespException("moved " + slotsMoved + " of " + slots + " slots, then " + failure);
    }
    return Map.of("slotsMoved", (double) slotsMoved, "keysMoved", (double) keysMoved, "seconds",
        (endNanos - startNanos) / 1e9);
  }
}
