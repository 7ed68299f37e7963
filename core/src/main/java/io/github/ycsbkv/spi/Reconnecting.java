package io.github.ycsbkv.spi;

/**
 * Optional capability of a {@code site.ycsb.DB} that closes its connection and opens another every so many
 * operations, as memtier_benchmark's {@code --reconnect-interval} does (the RESP bindings' {@code
 * <binding>.reconnect.every}): the engine's timing wrapper calls {@link #reconnectIfDue()} before each synchronous
 * operation of a client thread, before it takes the operation's start, so that reconnecting is never counted in an
 * operation's latency (under {@code -target} it delays the client's next send, which its schedule lag shows). A
 * binding used without the engine is not called, and keeps its connection.
 */
public interface Reconnecting {

  /** Counts the operation about to start, and first reopens the connection when the last one filled its count. */
  void reconnectIfDue();
}
