package io.github.ycsbkv.internal.resp.lane;

import io.github.ycsbkv.internal.resp.wire.RespEndpoint;
import io.github.ycsbkv.internal.resp.wire.RespException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A {@link RespLane}'s connections to one server: the standalone server, or one primary of a cluster (the lane then
 * holds one per primary, and sends each call to its key's node). Which connection takes the next call: the only one;
 * else one with nothing in flight; else, with the lane's {@code maxInFlight} above 1, one with fewer than that; else
 * the next in turn. Confined to the lane's event loop, but for {@link #open}, which runs off it.
 */
final class LaneNode {

  final RespLane lane;
  final RespEndpoint endpoint;
  /** A cluster's replica that the lane reads from: each connection asks it for {@code READONLY} first. */
  final boolean readOnly;
  final LaneConnection[] conns;
  final ArrayDeque<LaneConnection> idle = new ArrayDeque<>();
  /**
   * With the lane's maxInFlight above 1: connections that had fewer than that in flight when they went in, first in
   * first out; an entry that filled up meanwhile is skipped when taken ({@link LaneConnection#inBelow}).
   */
  final ArrayDeque<LaneConnection> below = new ArrayDeque<>();
  private int next;
  /** The connections opened so far: all of them, or the first few of a staircase ({@link #openMore}). */
  private int opened;

  LaneNode(RespLane lane, RespEndpoint endpoint, int connections) {
    this(lane, endpoint, connections, false);
  }

  LaneNode(RespLane lane, RespEndpoint endpoint, int connections, boolean readOnly) {
    this.lane = lane;
    this.endpoint = endpoint;
    this.readOnly = readOnly;
    this.conns = new LaneConnection[Math.max(1, connections)];
    for (int i = 0; i < conns.length; i++) {
      conns[i] = new LaneConnection(lane, this);
    }
  }

  /**
   * Connections opened at once, at most, after the first: thousands of connects at once overflow a server's accept
   * queue (net.core.somaxconn, the server's own backlog), whose dropped handshakes then take seconds to be retried
   * and time out. Measured: 5,000 clients on Dragonfly 1.40 timed out at start without waves; with waves of 64 per
   * loop they connect in about a second.
   */
  static final int CONNECT_WAVE = 64;

  /**
   * Opens every connection and waits until they are ready (not on the loop): the first alone, then the others in
   * waves, so that a server that accepts and never answers gets one connection and one timeout, not one per
   * connection. Throws {@link RespException} when one is not ready.
   */
  void open() {
    open(conns.length);
  }

  /** As {@link #open()}, for the first {@code first} connections only (at least one); {@link #openMore} the rest. */
  void open(int first) {
    int n = Math.max(1, Math.min(conns.length, first));
    connect(0, 1);
    for (int from = 1; from < n; from += CONNECT_WAVE) {
      connect(from, Math.min(n, from + CONNECT_WAVE));
    }
    opened = n;
  }

  /**
   * On the loop: starts opening the next {@code n} connections not opened yet (a staircase's step); completes once
   * they are ready, or fails with the first one's cause. A connection already up (a call sent to it opened it) or
   * being opened counts as ready.
   */
  CompletableFuture<Void> openMore(int n) {
    List<CompletableFuture<Void>> ready = new ArrayList<>();
    int to = Math.min(conns.length, opened + Math.max(0, n));
    for (int i = opened; i < to; i++) {
      LaneConnection c = conns[i];
      if (c.up || c.connecting) {
        continue;
      }
      CompletableFuture<Void> f = new CompletableFuture<>();
      ready.add(f);
      try {
        c.connect(f);
      } catch (RuntimeException e) {
        f.completeExceptionally(e);
      }
    }
    opened = to;
    return CompletableFuture.allOf(ready.toArray(new CompletableFuture<?>[0]));
  }

  /**
   * The connection for the next call: the only one; else one with nothing in flight; else, with maxInFlight above
   * 1, one with fewer than that (the engine keeps no more in flight than the connections hold, so there is one
   * unless a connection is down); else the next in turn.
   */
  LaneConnection choose() {
    if (conns.length == 1) {
      return conns[0];
    }
    LaneConnection c = idle.pollLast();
    if (c != null) {
      c.idle = false;
      return c;
    }
    while ((c = below.pollFirst()) != null) {
      c.inBelow = false;
      if (c.pending.size() < lane.maxInFlight) {
        return c;
      }
    }
    c = conns[next];
    next = next + 1 == conns.length ? 0 : next + 1;
    return c;
  }

  /**
   * Opens connections {@code from} to {@code to} (exclusive) and waits until they are ready. A failure of the first
   * connection is thrown as it came; one of a later connection says how many this node opened first.
   */
  private void connect(int from, int to) {
    List<CompletableFuture<Void>> ready = new ArrayList<>();
    for (int i = from; i < to; i++) {
      LaneConnection c = conns[i];
      CompletableFuture<Void> f = new CompletableFuture<>();
      ready.add(f);
      lane.loop().execute(() -> {
        try {
          c.connect(f);
        } catch (RuntimeException e) { // a failure of ours, not the network's: said, not waited for
          f.completeExceptionally(e);
        }
      });
    }
    // A connection attempt and then the set-up replies, each within the timeout.
    long timeoutNanos = TimeUnit.MILLISECONDS.toNanos(endpoint.timeoutMillis());
    long deadline = System.nanoTime() + 2 * timeoutNanos;
    RespException failed = null;
    int opened = from;
    for (CompletableFuture<Void> f : ready) {
      try {
        f.get(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        opened++;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new RespException("interrupted while connecting to " + endpoint.where());
      } catch (ExecutionException e) {
        failed = failed != null ? failed : e.getCause() instanceof RespException r ? r
            : new RespException("cannot connect to " + endpoint.where() + ": " + e.getCause(), e.getCause());
      } catch (TimeoutException e) {
        failed = failed != null ? failed : new RespException("no answer from " + endpoint.where() + " within "
            + endpoint.timeoutMillis() + " ms", new java.net.SocketTimeoutException("Read timed out"));
      }
    }
    if (failed != null) {
      throw from == 0 ? failed : failed.opened(opened, conns.length);
    }
  }

  /** Closes a connection that had calls in flight and received nothing for a whole timeout (on the loop). */
  void sweep(long period, long timeoutNanos) {
    for (LaneConnection c : conns) {
      if (c.pending.isEmpty() || c.received != c.receivedAtSweep) {
        c.stalledNanos = 0;
      } else {
        c.stalledNanos += period;
        if (c.stalledNanos >= timeoutNanos) {
          c.stalledNanos = 0;
          c.fail("no reply from " + endpoint.where() + " within " + endpoint.timeoutMillis()
              + " ms (the binding's timeout property)", null);
          if (c.channel != null) {
            c.channel.close();
          }
        }
      }
      c.receivedAtSweep = c.received;
    }
  }
}
