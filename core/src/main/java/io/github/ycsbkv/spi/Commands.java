package io.github.ycsbkv.spi;

import java.util.concurrent.CompletionStage;
import java.util.function.Consumer;
import site.ycsb.Status;

/**
 * Optional capability of a {@code site.ycsb.DB}: any command of the store's protocol, as the {@code commands} workload
 * sends them from templates ({@code ZADD key 1 member}, {@code LPUSH}, {@code INCR}, {@code JSON.SET}, a script). The
 * engine's timing wrapper implements it too and records each command under its operation name, so that
 * {@code [ZADD]} and {@code [ZRANGE]} each get their own histogram.
 *
 * <p>A reply that is an error ({@code WRONGTYPE ...}) is an error status with the server's text, never a success; a
 * nil reply is {@link Status#NOT_FOUND} (a miss, counted apart from errors); any other reply is OK. Implemented by the
 * RESP bindings on their event-loop engine ({@code redis}/{@code valkey}/{@code keydb}, {@code dragonfly}), on one
 * server or a cluster.
 */
public interface Commands {

  /**
   * Whether this instance can send commands: true for a binding that implements this interface; the engine's timing
   * wrapper, which implements it for every binding, answers for the binding it wraps. A workload that has another way
   * to run on a binding without commands (the replay's key-value subset) asks this first.
   */
  default boolean sendsCommands() {
    return true;
  }

  /**
   * Sends one command and waits for its reply.
   *
   * @param operation the name its latency is recorded under (the command's name, unless the workload names it)
   * @param key the key whose cluster slot decides the node it goes to, or null for any node
   * @param args the command's name and arguments, as the protocol sends them
   */
  Status command(String operation, String key, byte[][] args);

  /** As {@link #command}, returning before the reply came; the stage completes once, with the status. */
  CompletionStage<Status> commandAsync(String operation, String key, byte[][] args);

  /**
   * As {@link #command}, and {@code head} is handed the reply's first element once the reply is read, before the
   * status: its bytes when the reply is an array whose first element is a string (a {@code SCAN}'s next cursor),
   * else null; not called for an error reply or a failed connection. A binding that cannot hand it back keeps this
   * default, which refuses (an incremental SCAN then stops the run with this message).
   */
  default Status command(String operation, String key, byte[][] args, Consumer<byte[]> head) {
    if (head == null) {
      return command(operation, key, args);
    }
    throw new UnsupportedOperationException(getClass().getSimpleName() + " does not hand back a reply's first element"
        + " (a SCAN's cursor)");
  }

  /** As {@link #command(String, String, byte[][], Consumer)}, returning before the reply came. */
  default CompletionStage<Status> commandAsync(String operation, String key, byte[][] args, Consumer<byte[]> head) {
    if (head == null) {
      return commandAsync(operation, key, args);
    }
    throw new UnsupportedOperationException(getClass().getSimpleName() + " does not hand back a reply's first element"
        + " (a SCAN's cursor)");
  }
}
