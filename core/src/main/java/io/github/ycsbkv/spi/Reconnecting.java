package io.github.ycsbkv.spi;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Optional capability of a {@code site.ycsb.DB} that closes its connection and opens another every so many
 * operations, as memtier_benchmark's {@code --reconnect-interval} does (the RESP bindings' {@code
 * <binding>.reconnect.every}).
 *
 * <p>A client thread of its own: the engine's timing wrapper calls {@link #reconnectIfDue()} before each synchronous
 * operation, before it takes the operation's start, so that reconnecting is never counted in an operation's latency
 * (under {@code -target} it delays the client's next send, which its schedule lag shows).
 *
 * <p>Several requests in flight on the instance's one connection ({@code pipeline}): the engine's loop on the
 * binding's completion thread stops starting operations once {@link #reconnectEvery()} went on the connection, lets
 * those in flight complete, calls {@link #reopen()} and starts the next operations once it completed, as memtier
 * stops filling its pipeline at the interval and reconnects when it drained. Again nothing of the reconnect is in an
 * operation's latency.
 *
 * <p>A binding used without the engine is not called, and keeps its connection.
 */
public interface Reconnecting {

  /** Counts the operation about to start, and first reopens the connection when the last one filled its count. */
  void reconnectIfDue();

  /**
   * With asynchronous operations on one connection: the operations after which it is reopened ({@link #reopen()});
   * 0 (the default): the instance reconnects in {@link #reconnectIfDue()} only, or never.
   */
  default long reconnectEvery() {
    return 0;
  }

  /**
   * With nothing in flight: closes the connection and opens another (with its handshake), without blocking. The
   * stage completes, on any thread, once the new connection is ready, or fails with why it is not.
   */
  default CompletionStage<Void> reopen() {
    return CompletableFuture.failedFuture(new UnsupportedOperationException("this binding does not reopen its"
        + " connection between asynchronous operations"));
  }
}
