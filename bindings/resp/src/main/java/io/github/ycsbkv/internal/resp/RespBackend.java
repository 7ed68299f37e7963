package io.github.ycsbkv.internal.resp;

import io.github.ycsbkv.internal.resp.wire.RecordFormat;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import site.ycsb.ByteIterator;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * The client a RESP binding instance talks through, chosen once at {@code init()} ({@link RespDB}): the event-loop
 * engine ({@link EngineBackend}), Jedis pipelines ({@link PipelineBackend}), the redis binding's blocking Jedis, or the
 * dragonfly binding's Lettuce. Every backend sends the same commands for an operation (docs/bindings/redis.md):
 * a record as a hash or a string ({@link RecordFormat}), its scan-index entry changed beside it when the caller
 * names an index key (null: no index).
 *
 * <p>Blocking operations run on the instance's client thread, never on {@link #completionExecutor()}; the
 * asynchronous ones return a stage that completes after {@link #flush()} sent what they wrote. One per binding
 * instance, used by one thread (its stages may complete on another).
 */
public interface RespBackend extends AutoCloseable {

  /** {@code GET}, {@code HGETALL} or {@code HMGET}; a missing record is NOT_FOUND. */
  Status read(String key, Set<String> fields, Map<String, ByteIterator> result);

  /** Up to {@code count} records from {@code startKey} on, in key order, found through {@code indexKeys}. */
  Status scan(List<String> indexKeys, String startKey, int count, Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result);

  /** {@code HSET} of the fields, or the whole string (read, merged and written when only some fields are given). */
  Status update(String key, Map<String, ByteIterator> values);

  /** The record, and its entry in {@code indexKey} (null: none). */
  Status insert(String key, Map<String, ByteIterator> values, String indexKey);

  /** A record the server expires after {@code ttlSeconds} (never indexed). */
  Status insertWithTtl(String key, Map<String, ByteIterator> values, long ttlSeconds);

  /** The record, and its entry in {@code indexKey} (null: none); NOT_FOUND when it did not exist. */
  Status delete(String key, String indexKey);

  CompletionStage<Status> readAsync(String key, Set<String> fields, Map<String, ByteIterator> result);

  CompletionStage<Status> updateAsync(String key, Map<String, ByteIterator> values);

  CompletionStage<Status> insertAsync(String key, Map<String, ByteIterator> values, String indexKey);

  CompletionStage<Status> deleteAsync(String key, String indexKey);

  /** Sends what the asynchronous operations wrote (every blocking operation does so first). */
  void flush();

  /** The thread the asynchronous operations complete on, or null when they complete in {@link #flush()}. */
  Executor completionExecutor();

  /**
   * With nothing in flight: every connection closed and opened again, without blocking; completes once they are ready.
   * Only the RESP engine's connections do ({@code null} otherwise: the caller reopens by opening another backend).
   */
  default CompletionStage<Void> reopen() {
    return null;
  }

  /**
   * The next {@code n} connections of a backend opened with fewer at its start (a staircase's step), without blocking;
   * completes once they are ready. At once for a backend whose connections are all open.
   */
  default CompletionStage<Void> openMore(int n) {
    return java.util.concurrent.CompletableFuture.completedFuture(null);
  }

  /** How the connections do their I/O, for the run's header ({@code netty epoll}, {@code jedis (blocking sockets)}). */
  String transport();

  /**
   * Any command ({@link io.github.ycsbkv.spi.Commands}), routed by {@code key} on a cluster: the event-loop engine and
   * the Jedis clients send them; Lettuce sends only the record operations, and says so.
   */
  default Status command(String key, byte[][] args, java.util.function.Consumer<byte[]> head) {
    throw new UnsupportedOperationException(commandsRefused());
  }

  /**
   * As {@link #command}, returning before the reply; {@code head} (or null) is handed the reply's first element, as
   * {@link io.github.ycsbkv.spi.Commands#command(String, String, byte[][], java.util.function.Consumer)} says.
   */
  default CompletionStage<Status> commandAsync(String key, byte[][] args, java.util.function.Consumer<byte[]> head) {
    throw new UnsupportedOperationException(commandsRefused());
  }

  /**
   * As {@link #command}, the bytes its command and reply took on the wire added to {@code tally}; a backend that
   * does not count them sends it as {@link #command} does and adds nothing.
   */
  default Status command(String key, byte[][] args, java.util.function.Consumer<byte[]> head,
      io.github.ycsbkv.internal.resp.lane.WireTally tally) {
    return command(key, args, head);
  }

  /** As {@link #commandAsync}, counted in {@code tally} as {@link #command(String, byte[][],
   * java.util.function.Consumer, io.github.ycsbkv.internal.resp.lane.WireTally)} says. */
  default CompletionStage<Status> commandAsync(String key, byte[][] args, java.util.function.Consumer<byte[]> head,
      io.github.ycsbkv.internal.resp.lane.WireTally tally) {
    return commandAsync(key, args, head);
  }

  /** Why this client sends no commands of a template. */
  default String commandsRefused() {
    return "commands of a template are not sent by " + transport() + "; drop the property that chose this client"
        + " (the RESP engine, the default, sends them)";
  }

  /** Members of a sorted set ({@code ZCARD}; set-up, not measured). */
  long count(String sortedSet);

  /** The server's {@code INFO section} text (set-up, not measured). */
  String info(String section);

  /** {@code FLUSHDB} of the configured database (on a cluster, of every primary). */
  void flushDatabase() throws DBException;

  /** Closes what this backend opened (what it held fails or is sent first); closing twice is harmless. */
  @Override
  void close();
}
