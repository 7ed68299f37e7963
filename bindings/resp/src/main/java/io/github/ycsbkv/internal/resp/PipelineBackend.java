package io.github.ycsbkv.internal.resp;

import io.github.ycsbkv.internal.resp.jedis.JedisClients;
import io.github.ycsbkv.internal.resp.jedis.JedisPipelines;
import io.github.ycsbkv.internal.resp.wire.IndexWrite;
import io.github.ycsbkv.internal.resp.wire.RecordFormat;
import io.github.ycsbkv.internal.resp.wire.RespConnection;
import io.github.ycsbkv.internal.resp.wire.RespErrors;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import redis.clients.jedis.AbstractPipeline;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.Response;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.params.SetParams;
import site.ycsb.ByteIterator;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * Jedis pipelines as a binding instance's backend: every operation's commands wait in this thread's
 * {@link JedisPipelines} and leave at {@link #flush()}, which reads their replies on this thread. A blocking operation
 * is the asynchronous one, flushed and awaited. The redis binding's blocking Jedis client extends it with commands
 * sent one by one.
 *
 * <p>With {@link IndexWrite#MULTI} (a standalone Redis's default) a record and its index entry change in one {@code
 * MULTI}/{@code EXEC}, as does a hash record and its {@code EXPIRE}; otherwise (a cluster, whose keys live in
 * different slots, and Dragonfly) they are two commands in a row, in one write or (a blocking {@link
 * IndexWrite#AFTER}) the second once the first's reply came: the record first on insert, the index entry first on
 * delete, so that a client that dies in between leaves at most an index entry without record, which scans skip.
 */
public class PipelineBackend implements RespBackend {

  protected final RespConnection connection;
  protected final JedisPipelines pipelines;
  protected final JedisRows rows;
  /** Whether a record and its index entry change in one MULTI/EXEC ({@link IndexWrite#MULTI}). */
  protected final boolean transactions;
  /**
   * Whether a blocking insert or delete sends its second command once the first one's reply came ({@link
   * IndexWrite#AFTER}); the asynchronous ones cannot wait in a pipeline, so the bindings refuse it for them.
   */
  protected final boolean after;

  public PipelineBackend(RespConnection connection, JedisPipelines pipelines, RecordFormat format, IndexWrite write) {
    this.connection = connection;
    this.pipelines = pipelines;
    this.rows = new JedisRows(format);
    this.transactions = write == IndexWrite.MULTI;
    this.after = write == IndexWrite.AFTER;
  }

  @Override
  public Status read(String key, Set<String> fields, Map<String, ByteIterator> result) {
    return await(readAsync(key, fields, result));
  }

  @Override
  public Status update(String key, Map<String, ByteIterator> values) {
    if (!rows.format().partialUpdate(values)) {
      return await(updateAsync(key, values));
    }
    // Some fields of a multi-field string: read, merge, write (two round trips, not atomic).
    byte[] k = JedisRows.bytes(key);
    byte[][] old = new byte[1][];
    Status read = await(pipelines.hold(p -> {
      Response<byte[]> value = p.get(k);
      return () -> {
        old[0] = value.get();
        return Status.OK;
      };
    }));
    if (!read.isOk() || old[0] == null) {
      return read.isOk() ? Status.NOT_FOUND : read;
    }
    Map<String, byte[]> record = new HashMap<>(io.github.ycsbkv.codec.FieldCodec.decode(old[0]));
    record.putAll(io.github.ycsbkv.codec.FieldCodec.toBytes(values));
    byte[] value = rows.format().encode(record);
    return await(pipelines.hold(p -> done(p.set(k, value))));
  }

  @Override
  public Status insert(String key, Map<String, ByteIterator> values, String indexKey) {
    if (after && indexKey != null) {
      Status record = await(insertAsync(key, values, null));
      return record.isOk() ? await(pipelines.hold(p -> done(p.zadd(JedisRows.bytes(indexKey), 0,
          JedisRows.bytes(key))))) : record;
    }
    return await(insertAsync(key, values, indexKey));
  }

  @Override
  public Status insertWithTtl(String key, Map<String, ByteIterator> values, long ttlSeconds) {
    byte[] k = JedisRows.bytes(key);
    long ttl = Math.max(1, ttlSeconds);
    if (!rows.format().hash()) {
      byte[] value = rows.stringValue(values);
      return await(pipelines.hold(p -> done(p.set(k, value, SetParams.setParams().ex(ttl)))));
    }
    Map<byte[], byte[]> hash = rows.hashValues(values);
    if (transactions) {
      return await(pipelines.hold(p -> {
        Response<Object> exec = transaction(p, () -> {
          p.hset(k, hash);
          p.expire(k, ttl);
        });
        return () -> {
          execReplies(exec);
          return Status.OK;
        };
      }));
    }
    return await(pipelines.hold(p -> {
      Response<Long> write = p.hset(k, hash);
      Response<Long> expire = p.expire(k, ttl);
      return () -> {
        write.get();
        expire.get();
        return Status.OK;
      };
    }));
  }

  @Override
  public Status delete(String key, String indexKey) {
    if (after && indexKey != null) {
      Status unindexed = await(pipelines.hold(p -> done(p.zrem(JedisRows.bytes(indexKey), JedisRows.bytes(key)))));
      return unindexed.isOk() ? await(deleteAsync(key, null)) : unindexed;
    }
    return await(deleteAsync(key, indexKey));
  }

  /** The index ranges in one round trip, merged; then the records, read in one round trip. */
  @Override
  public Status scan(List<String> indexKeys, String startKey, int count, Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    flush();
    try {
      byte[] min = JedisRows.bytes("[" + startKey);
      byte[] max = JedisRows.bytes("+");
      List<List<byte[]>> found = new ArrayList<>(indexKeys.size());
      Status ranges = await(pipelines.hold(p -> {
        List<Response<List<byte[]>>> replies = new ArrayList<>(indexKeys.size());
        for (String indexKey : indexKeys) {
          replies.add(p.zrangeByLex(JedisRows.bytes(indexKey), min, max, 0, count));
        }
        return () -> {
          for (Response<List<byte[]>> r : replies) {
            found.add(r.get());
          }
          return Status.OK;
        };
      }));
      if (!ranges.isOk()) {
        return ranges;
      }
      List<String> keys = new ArrayList<>();
      for (List<byte[]> f : found) {
        for (byte[] k : f) {
          keys.add(new String(k, StandardCharsets.UTF_8));
        }
      }
      return readAll(mergedRange(keys, count), fields, result);
    } catch (JedisException e) {
      return RespErrors.status(e);
    }
  }

  /** The first {@code count} of keys gathered from several index keys, in key order. */
  protected static List<String> mergedRange(List<String> keys, int count) {
    keys.sort(null);
    return keys.size() > count ? keys.subList(0, count) : keys;
  }

  /** Reads {@code keys} in one round trip, adding the records that exist to {@code result} in order. */
  private Status readAll(List<String> keys, Set<String> fields, Vector<HashMap<String, ByteIterator>> result) {
    List<HashMap<String, ByteIterator>> found = new ArrayList<>(keys.size());
    List<CompletableFuture<Status>> reads = new ArrayList<>(keys.size());
    for (String key : keys) {
      HashMap<String, ByteIterator> row = new HashMap<>();
      found.add(row);
      reads.add(readAsync(key, fields, row).toCompletableFuture());
    }
    flush();
    for (int i = 0; i < reads.size(); i++) {
      Status s = reads.get(i).join();
      if (s == Status.OK) {
        result.add(found.get(i));
      } else if (s != Status.NOT_FOUND) {
        return s;
      }
    }
    return Status.OK;
  }

  @Override
  public CompletionStage<Status> readAsync(String key, Set<String> fields, Map<String, ByteIterator> result) {
    byte[] k = JedisRows.bytes(key);
    return pipelines.hold(p -> {
      Response<?> reply = !rows.format().hash() ? p.get(k)
          : fields == null ? p.hgetAll(k) : p.hmget(k, rows.names(fields));
      return () -> rows.toRow(reply.get(), fields, result) ? Status.OK : Status.NOT_FOUND;
    });
  }

  /** A partial update of a string record reads before it writes: blocking, done before this returns. */
  @Override
  public CompletionStage<Status> updateAsync(String key, Map<String, ByteIterator> values) {
    if (rows.format().partialUpdate(values)) {
      return CompletableFuture.completedFuture(update(key, values));
    }
    byte[] k = JedisRows.bytes(key);
    return pipelines.hold(p -> done(rows.format().hash() ? p.hset(k, rows.hashValues(values))
        : p.set(k, rows.stringValue(values))));
  }

  @Override
  public CompletionStage<Status> insertAsync(String key, Map<String, ByteIterator> values, String indexKey) {
    byte[] k = JedisRows.bytes(key);
    boolean hash = rows.format().hash();
    if (indexKey == null || !transactions) {
      return pipelines.hold(p -> {
        Response<?> record = hash ? p.hset(k, rows.hashValues(values)) : p.set(k, rows.stringValue(values));
        Response<?> indexed = indexKey == null ? null : p.zadd(JedisRows.bytes(indexKey), 0, k);
        return () -> {
          record.get();
          if (indexed != null) {
            indexed.get();
          }
          return Status.OK;
        };
      });
    }
    return pipelines.hold(p -> {
      Response<Object> exec = transaction(p, () -> {
        if (hash) {
          p.hset(k, rows.hashValues(values));
        } else {
          p.set(k, rows.stringValue(values));
        }
        p.zadd(JedisRows.bytes(indexKey), 0, k);
      });
      return () -> {
        execReplies(exec);
        return Status.OK;
      };
    });
  }

  @Override
  public CompletionStage<Status> deleteAsync(String key, String indexKey) {
    byte[] k = JedisRows.bytes(key);
    if (indexKey == null || !transactions) {
      return pipelines.hold(p -> {
        Response<Long> unindexed = indexKey == null ? null : p.zrem(JedisRows.bytes(indexKey), k);
        Response<Long> deleted = p.del(k);
        return () -> {
          if (unindexed != null) {
            unindexed.get();
          }
          return deleted.get() == 0 ? Status.NOT_FOUND : Status.OK;
        };
      });
    }
    return pipelines.hold(p -> {
      Response<Object> exec = transaction(p, () -> {
        p.del(k);
        p.zrem(JedisRows.bytes(indexKey), k);
      });
      return () -> ((Long) execReplies(exec).get(0)) == 0 ? Status.NOT_FOUND : Status.OK;
    });
  }

  @Override
  public void flush() {
    pipelines.flush();
  }

  @Override
  public Executor completionExecutor() {
    return null;
  }

  @Override
  public String transport() {
    return "jedis (blocking sockets)";
  }

  @Override
  public long count(String sortedSet) {
    Long n = pipelines.call(p -> p.zcard(JedisRows.bytes(sortedSet)));
    return n == null ? 0 : n;
  }

  @Override
  public String info(String section) {
    Object reply = pipelines.call(p -> p.sendCommand(Protocol.Command.INFO, section));
    return reply instanceof byte[] b ? new String(b, StandardCharsets.UTF_8) : String.valueOf(reply);
  }

  @Override
  public void flushDatabase() throws DBException {
    flush();
    JedisClients.flushDatabase(connection);
  }

  @Override
  public void close() {
    pipelines.close();
  }

  /** The operation's stage, after sending what the pipelines holds. */
  /** Any command ({@link io.github.ycsbkv.spi.Commands}), its key marked as such (a cluster pipeline routes by it). */
  @Override
  public CompletionStage<Status> commandAsync(String key, byte[][] args, java.util.function.Consumer<byte[]> head) {
    redis.clients.jedis.CommandArguments command = new redis.clients.jedis.CommandArguments(() -> args[0]);
    byte[] k = key == null ? null : JedisRows.bytes(key);
    boolean marked = false;
    for (int i = 1; i < args.length; i++) {
      if (!marked && k != null && java.util.Arrays.equals(k, args[i])) {
        command.key(args[i]);
        marked = true;
      } else {
        command.add(args[i]);
      }
    }
    return pipelines.hold(p -> {
      Response<Object> reply = p.sendCommand(command);
      return () -> {
        Object value = reply.get(); // an error reply throws
        if (head != null) {
          head.accept(value instanceof java.util.List<?> l && !l.isEmpty() && l.get(0) instanceof byte[] b ? b : null);
        }
        return value == null ? Status.NOT_FOUND : Status.OK;
      };
    });
  }

  @Override
  public Status command(String key, byte[][] args, java.util.function.Consumer<byte[]> head) {
    return await(commandAsync(key, args, head));
  }

  /**
   * As {@link #command(String, byte[][], java.util.function.Consumer)}, its bytes counted where this backend's own
   * connections count theirs ({@link io.github.ycsbkv.internal.resp.jedis.JedisPipelines#wire()}): the difference
   * around the blocking call, which sends what this thread held and reads every reply (a client thread that sends
   * commands of a template holds nothing else).
   */
  @Override
  public Status command(String key, byte[][] args, java.util.function.Consumer<byte[]> head,
      io.github.ycsbkv.internal.resp.lane.WireTally tally) {
    io.github.ycsbkv.internal.resp.jedis.WireCounter wire = tally == null ? null : pipelines.wire();
    if (wire == null) {
      return command(key, args, head);
    }
    long sent = wire.sent();
    long received = wire.received();
    Status status = command(key, args, head);
    tally.add(wire.sent() - sent, wire.received() - received);
    return status;
  }

  protected Status await(CompletionStage<Status> stage) {
    pipelines.flush();
    return stage.toCompletableFuture().join();
  }

  /** How an operation whose only reply is {@code written} is read: OK, unless the reply is an error. */
  protected static java.util.function.Supplier<Status> done(Response<?> written) {
    return () -> {
      written.get(); // an error reply throws
      return Status.OK;
    };
  }

  /**
   * {@code MULTI}, the commands {@code body} appends, {@code EXEC}, in the pipeline; the reply of each queued
   * command is only {@code QUEUED}: what they returned is in the {@code EXEC} reply.
   */
  protected static Response<Object> transaction(AbstractPipeline p, Runnable body) {
    p.sendCommand(Protocol.Command.MULTI, new byte[0][]);
    body.run();
    return p.sendCommand(Protocol.Command.EXEC, new byte[0][]);
  }

  /** The replies in an {@code EXEC} reply; throws for an aborted transaction or a command that failed in it. */
  protected static List<?> execReplies(Response<Object> exec) {
    Object reply = exec.get();
    if (!(reply instanceof List<?> replies)) {
      throw new JedisException("transaction aborted (EXEC returned " + reply + ")");
    }
    for (Object r : replies) {
      if (r instanceof RuntimeException e) {
        throw e;
      }
    }
    return replies;
  }
}
