package io.github.ycsbkv.internal.resp.jedis;

/**
 * The bytes a client's Jedis connections wrote and read, after each connection's handshake (HELLO, AUTH, SELECT,
 * which memtier_benchmark does not count either): read around a blocking call on the client's one thread, the
 * difference is that call's command and reply ({@code PipelineBackend}). Written by the connections of one client,
 * which YCSB gives one thread: not thread-safe.
 */
public final class WireCounter {
  long sent;
  long received;

  /** Bytes written so far. */
  public long sent() {
    return sent;
  }

  /** Bytes read so far. */
  public long received() {
    return received;
  }
}
