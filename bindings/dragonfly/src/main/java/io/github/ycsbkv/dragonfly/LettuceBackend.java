package io.github.ycsbkv.dragonfly;

import io.github.ycsbkv.codec.FieldCodec;
import io.github.ycsbkv.internal.resp.JedisRows;
import io.github.ycsbkv.internal.resp.RespBackend;
import io.github.ycsbkv.internal.resp.wire.RespErrors;
import io.github.ycsbkv.spi.Unavailable;
import io.lettuce.core.KeyValue;
import io.lettuce.core.RedisCommandTimeoutException;
import io.lettuce.core.RedisConnectionException;
import io.lettuce.core.RedisException;
import io.lettuce.core.SetArgs;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.async.RedisAsyncCommands;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import site.ycsb.ByteIterator;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * Lettuce as a dragonfly binding instance's backend ({@code dragonfly.asyncclient=lettuce}): the process shares a
 * few connections ({@link DragonflyClients}), every command is asynchronous underneath, and with {@code pipeline}
 * each client thread gets a connection of its own whose commands leave at {@link #flush()}. The same commands as
 * every backend sends without transactions: the record then its index entry on insert, the index entry then the
 * record on delete.
 */
final class LettuceBackend implements RespBackend {

  private final DragonflySettings settings;
  private final JedisRows rows;
  private DragonflyClients.Shared shared;
  private final StatefulRedisConnection<byte[], byte[]> connection;
  private final RedisAsyncCommands<byte[], byte[]> commands;
  /** With pipelining: this thread's own connection, whose commands wait for {@link #flush()}; else null. */
  private final StatefulRedisConnection<byte[], byte[]> batching;
  /** The event loop that reads {@link #batching}'s replies, or null. */
  private final Executor eventLoop;

  private LettuceBackend(DragonflySettings settings, DragonflyClients.Shared shared,
      StatefulRedisConnection<byte[], byte[]> connection, boolean batching, Executor eventLoop) {
    this.settings = settings;
    this.rows = new JedisRows(settings.format());
    this.shared = shared;
    this.connection = connection;
    this.commands = connection.async();
    this.batching = batching ? connection : null;
    this.eventLoop = eventLoop;
  }

  /**
   * On the process's Lettuce client of {@code s} (created by the first caller, which checks the server): a shared
   * connection in turn, or with {@code pipelined} a connection of this thread's own with manual flushing (the
   * engine keeps several operations in flight and flushes before it waits: the commands it submits in a row leave
   * in one write).
   */
  static LettuceBackend open(DragonflySettings s, boolean pipelined) throws DBException {
    DragonflyClients.Shared shared = DragonflyClients.acquire(s);
    try {
      if (pipelined) {
        DragonflyClients.Batching b = DragonflyClients.batchingConnection(shared, s);
        return new LettuceBackend(s, shared, b.connection(), true, b.eventLoop());
      }
      return new LettuceBackend(s, shared, DragonflyClients.nextConnection(shared), false, null);
    } catch (DBException | RuntimeException e) {
      DragonflyClients.release(s);
      throw e;
    }
  }

  /** {@code INFO server} of the server, as the shared client read it when it connected. */
  Map<String, String> serverInfo() {
    return shared.info;
  }

  @Override
  public Status read(String key, Set<String> fields, Map<String, ByteIterator> result) {
    return await(readAsync(key, fields, result));
  }

  @Override
  public Status update(String key, Map<String, ByteIterator> values) {
    return await(updateAsync(key, values));
  }

  @Override
  public Status insert(String key, Map<String, ByteIterator> values, String indexKey) {
    return await(insertAsync(key, values, indexKey));
  }

  @Override
  public Status delete(String key, String indexKey) {
    return await(deleteAsync(key, indexKey));
  }

  @Override
  public Status insertWithTtl(String key, Map<String, ByteIterator> values, long ttlSeconds) {
    byte[] k = JedisRows.bytes(key);
    long ttl = Math.max(1, ttlSeconds);
    if (!rows.format().hash()) {
      return await(commands.set(k, rows.stringValue(values), SetArgs.Builder.ex(ttl)).thenApply(ok -> Status.OK));
    }
    CompletableFuture<Long> set = commands.hset(k, rows.hashValues(values)).toCompletableFuture();
    CompletableFuture<Boolean> expire = commands.expire(k, ttl).toCompletableFuture();
    return await(set.thenCombine(expire, (a, b) -> Status.OK));
  }

  @Override
  public Status scan(List<String> indexKeys, String startKey, int count, Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    try {
      List<CompletableFuture<List<byte[]>>> ranges = new ArrayList<>(indexKeys.size());
      for (String indexKey : indexKeys) {
        ranges.add(commands.zrangebylex(JedisRows.bytes(indexKey), "[" + startKey, "+", 0, count)
            .toCompletableFuture());
      }
      flush();
      List<String> keys = new ArrayList<>();
      for (CompletableFuture<List<byte[]>> r : ranges) {
        for (byte[] k : r.join()) {
          keys.add(new String(k, StandardCharsets.UTF_8));
        }
      }
      keys.sort(null);
      if (keys.size() > count) {
        keys = keys.subList(0, count);
      }
      List<HashMap<String, ByteIterator>> found = new ArrayList<>(keys.size());
      List<CompletableFuture<Status>> reads = new ArrayList<>(keys.size());
      for (String key : keys) {
        HashMap<String, ByteIterator> row = new HashMap<>();
        found.add(row);
        reads.add(readAsync(key, fields, row).toCompletableFuture());
      }
      flush();
      for (int i = 0; i < reads.size(); i++) {
        if (reads.get(i).join() == Status.OK) {
          result.add(found.get(i));
        }
      }
      return Status.OK;
    } catch (CompletionException | RedisException e) {
      return error(e);
    }
  }

  @Override
  public CompletionStage<Status> readAsync(String key, Set<String> fields, Map<String, ByteIterator> result) {
    byte[] k = JedisRows.bytes(key);
    CompletionStage<Status> read;
    if (!rows.format().hash()) {
      read = commands.get(k).thenApply(value -> rows.toRow(value, fields, result) ? Status.OK : Status.NOT_FOUND);
    } else if (fields == null) {
      read = commands.hgetall(k).thenApply(all -> rows.toRow(all, null, result) ? Status.OK : Status.NOT_FOUND);
    } else {
      read = commands.hmget(k, rows.names(fields)).thenApply(values -> {
        boolean any = false;
        for (KeyValue<byte[], byte[]> kv : values) {
          if (kv.hasValue()) {
            result.put(new String(kv.getKey(), StandardCharsets.UTF_8),
                new site.ycsb.ByteArrayByteIterator(kv.getValue()));
            any = true;
          }
        }
        return any ? Status.OK : Status.NOT_FOUND;
      });
    }
    return statuses(read);
  }

  @Override
  public CompletionStage<Status> updateAsync(String key, Map<String, ByteIterator> values) {
    byte[] k = JedisRows.bytes(key);
    if (rows.format().hash()) {
      return statuses(commands.hset(k, rows.hashValues(values)).thenApply(x -> Status.OK));
    }
    if (!rows.format().partialUpdate(values)) {
      return statuses(commands.set(k, rows.stringValue(values)).thenApply(x -> Status.OK));
    }
    // Some fields of a multi-field record: read, merge, write (two round trips, not atomic).
    Map<String, byte[]> fresh = FieldCodec.toBytes(values);
    return statuses(commands.get(k).thenCompose(old -> {
      if (old == null) {
        return CompletableFuture.completedFuture(Status.NOT_FOUND);
      }
      Map<String, byte[]> record = new HashMap<>(FieldCodec.decode(old));
      record.putAll(fresh);
      CompletionStage<Status> written = commands.set(k, rows.format().encode(record)).thenApply(x -> Status.OK);
      flush(); // issued from a completion, after the engine's last flush
      return written;
    }));
  }

  @Override
  public CompletionStage<Status> insertAsync(String key, Map<String, ByteIterator> values, String indexKey) {
    byte[] k = JedisRows.bytes(key);
    CompletableFuture<?> write = rows.format().hash()
        ? commands.hset(k, rows.hashValues(values)).toCompletableFuture()
        : commands.set(k, rows.stringValue(values)).toCompletableFuture();
    if (indexKey == null) {
      return statuses(write.thenApply(x -> Status.OK));
    }
    CompletableFuture<Long> indexed = commands.zadd(JedisRows.bytes(indexKey), 0, k).toCompletableFuture();
    return statuses(write.thenCombine(indexed, (a, b) -> Status.OK));
  }

  @Override
  public CompletionStage<Status> deleteAsync(String key, String indexKey) {
    byte[] k = JedisRows.bytes(key);
    if (indexKey != null) {
      commands.zrem(JedisRows.bytes(indexKey), k);
    }
    return statuses(commands.del(k).thenApply(n -> n == 0 ? Status.NOT_FOUND : Status.OK));
  }

  /** Sends the commands this thread's batching connection holds; nothing without pipelining. */
  @Override
  public void flush() {
    if (batching != null) {
      batching.flushCommands();
    }
  }

  /** With pipelining, the event loop on which this thread's operations complete; else null. */
  @Override
  public Executor completionExecutor() {
    return eventLoop;
  }

  @Override
  public String transport() {
    return "lettuce (netty)";
  }

  @Override
  public long count(String sortedSet) {
    flush();
    Long n = connection.sync().zcard(JedisRows.bytes(sortedSet));
    return n == null ? 0 : n;
  }

  @Override
  public String info(String section) {
    flush();
    return connection.sync().info(section);
  }

  @Override
  public void flushDatabase() throws DBException {
    flush();
    try {
      commands.flushdb().get(settings.connection().timeoutMillis(), TimeUnit.MILLISECONDS);
    } catch (Exception e) {
      throw new DBException("cannot empty " + settings.connection().where() + ": " + e.getMessage());
    }
  }

  /** Releases this instance's reference on the shared client (the last one closes it). */
  @Override
  public void close() {
    if (shared != null) {
      shared = null;
      DragonflyClients.release(settings);
    }
  }

  private Status await(CompletionStage<Status> stage) {
    flush();
    try {
      return stage.toCompletableFuture().join();
    } catch (CompletionException | RedisException e) {
      return error(e);
    }
  }

  /**
   * A Lettuce operation's stage with its failure as a status ({@link #error}), not an exception: a failure to reach
   * the server is then {@link Unavailable}, which the engine waits after (docs/faults.md).
   */
  private static CompletionStage<Status> statuses(CompletionStage<Status> stage) {
    return stage.exceptionally(e -> error(e instanceof RuntimeException r ? r : new CompletionException(e)));
  }

  /**
   * ERROR with the cause's message; {@link Unavailable} when Lettuce could not reach the server (a connection that
   * failed, closed or timed out) or the server said it cannot serve now (LOADING, ...).
   */
  private static Status error(RuntimeException e) {
    Throwable cause = e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
    String message = cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
    boolean unreachable = cause instanceof RedisConnectionException || cause instanceof RedisCommandTimeoutException
        || cause instanceof IOException
        || (cause instanceof RedisException && (message.startsWith("Connection closed")
            || message.startsWith("Connection disconnected") || message.startsWith("Currently not connected")))
        || RespErrors.isUnavailableReply(message);
    return unreachable ? new Unavailable(message) : new Status("ERROR", message);
  }
}
