package io.github.ycsbkv.redis;

import io.github.ycsbkv.codec.FieldCodec;
import io.github.ycsbkv.internal.resp.JedisRows;
import io.github.ycsbkv.internal.resp.PipelineBackend;
import io.github.ycsbkv.internal.resp.jedis.JedisClients;
import io.github.ycsbkv.internal.resp.jedis.JedisPipelines;
import io.github.ycsbkv.internal.resp.wire.IndexWrite;
import io.github.ycsbkv.internal.resp.wire.RespErrors;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import redis.clients.jedis.AbstractPipeline;
import redis.clients.jedis.AbstractTransaction;
import redis.clients.jedis.Response;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.params.SetParams;
import site.ycsb.ByteIterator;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * The redis binding's blocking Jedis backend: a client thread of its own on its own connection (as upstream YCSB's
 * binding keeps one {@code Jedis} per thread), the shared pool ({@code redis.connections=pool}), or Jedis's cluster
 * client, which follows a failover. Blocking operations are sent one by one on that client; the asynchronous ones
 * (with {@code redis.asyncclient=jedis}, or on a cluster) wait in Jedis pipelines ({@link PipelineBackend}).
 *
 * <p>What the server receives per operation is what every backend sends: insert and delete change the record and
 * its index entry in one {@code MULTI}/{@code EXEC} on a standalone server (in one write with
 * {@code redis.scanindex.write=pipelined}), in two commands in a row on a cluster
 * (record first on insert, index first on delete: a client that dies in between leaves at most one index entry
 * without record, which scans skip). Every blocking call first sends what the pipelines hold, so replies never mix.
 */
final class JedisBackend extends PipelineBackend {

  private final RedisSettings settings;
  private final UnifiedJedis jedis;
  /** Who closes {@link #jedis}: the pipelines (which own it), or the process's shared clients. */
  private enum Owner { LANE, SHARED }

  private final Owner owner;
  private final boolean cluster;
  private boolean closed;

  private JedisBackend(RedisSettings s, JedisPipelines pipelines, UnifiedJedis jedis, Owner owner) {
    super(s.connection(), pipelines, s.format(), s.cluster() ? IndexWrite.AFTER : s.indexWrite());
    this.settings = s;
    this.jedis = jedis;
    this.owner = owner;
    this.cluster = s.cluster();
  }

  /** On the process's shared client of {@code s} (the pool, or the cluster client), released when this closes. */
  static JedisBackend shared(RedisSettings s) throws DBException {
    UnifiedJedis shared = RedisClients.acquire(s);
    return new JedisBackend(s, new JedisPipelines(shared, false), shared, Owner.SHARED);
  }

  /**
   * On {@code connections} connections of this instance's own (one per client it serves, its share of
   * {@code connections=N}) to a standalone server, opened now so that they exist before the clock starts.
   */
  static JedisBackend own(RedisSettings s, int connections) throws DBException {
    // The pipelines own their connections (one: the client's own), which count their bytes on the wire.
    JedisPipelines pipelines = JedisPipelines.open(s.connection(), connections);
    JedisBackend backend = new JedisBackend(s, pipelines, pipelines.client(), Owner.LANE);
    try {
      pipelines.connect();
    } catch (JedisException e) {
      backend.close();
      throw RedisClients.explain(s, e);
    }
    return backend;
  }

  @Override
  public Status read(String key, Set<String> fields, Map<String, ByteIterator> result) {
    flush();
    try {
      byte[] k = JedisRows.bytes(key);
      Object reply = !rows.format().hash() ? jedis.get(k)
          : fields == null ? jedis.hgetAll(k) : jedis.hmget(k, rows.names(fields));
      return rows.toRow(reply, fields, result) ? Status.OK : Status.NOT_FOUND;
    } catch (JedisException | IllegalArgumentException e) {
      return error(e);
    }
  }

  @Override
  public Status update(String key, Map<String, ByteIterator> values) {
    flush();
    try {
      byte[] k = JedisRows.bytes(key);
      if (rows.format().hash()) {
        jedis.hset(k, rows.hashValues(values));
        return Status.OK;
      }
      Map<String, byte[]> record = new HashMap<>();
      if (rows.format().partialUpdate(values)) {
        // Some fields only: read, merge, write (two round trips, not atomic; documented).
        byte[] old = jedis.get(k);
        if (old == null) {
          return Status.NOT_FOUND;
        }
        record.putAll(FieldCodec.decode(old));
      }
      values.forEach((f, v) -> record.put(f, v.toArray()));
      jedis.set(k, rows.format().encode(record));
      return Status.OK;
    } catch (JedisException | IllegalArgumentException e) {
      return error(e);
    }
  }

  @Override
  public Status insert(String key, Map<String, ByteIterator> values, String indexKey) {
    if (indexKey != null && !cluster && !transactions && !after) {
      return super.insert(key, values, indexKey); // redis.scanindex.write=pipelined: both in one write
    }
    flush();
    try {
      byte[] k = JedisRows.bytes(key);
      boolean hash = rows.format().hash();
      Map<byte[], byte[]> hashValues = hash ? rows.hashValues(values) : null;
      byte[] stringValue = hash ? null : rows.stringValue(values);
      if (indexKey == null || cluster || after) {
        if (hash) {
          jedis.hset(k, hashValues);
        } else {
          jedis.set(k, stringValue);
        }
        if (indexKey != null) {
          jedis.zadd(JedisRows.bytes(indexKey), 0, k);
        }
        return Status.OK;
      }
      try (AbstractTransaction t = jedis.multi()) {
        if (hash) {
          t.hset(k, hashValues);
        } else {
          t.set(k, stringValue);
        }
        t.zadd(JedisRows.bytes(indexKey), 0, k);
        t.exec();
      }
      return Status.OK;
    } catch (JedisException | IllegalArgumentException e) {
      return error(e);
    }
  }

  /**
   * {@code SET key value EX ttl} (string model), or {@code HSET} and {@code EXPIRE} in one pipelined
   * {@code MULTI}/{@code EXEC} (hash model; pipelined without {@code MULTI} on a cluster, where both still go to the
   * key's slot).
   */
  @Override
  public Status insertWithTtl(String key, Map<String, ByteIterator> values, long ttlSeconds) {
    flush();
    try {
      byte[] k = JedisRows.bytes(key);
      long ttl = Math.max(1, ttlSeconds);
      if (!rows.format().hash()) {
        jedis.set(k, rows.stringValue(values), SetParams.setParams().ex(ttl));
        return Status.OK;
      }
      Map<byte[], byte[]> hash = rows.hashValues(values);
      if (!transactions) {
        try (AbstractPipeline p = jedis.pipelined()) {
          p.hset(k, hash);
          p.expire(k, ttl);
          p.sync();
        }
      } else {
        try (AbstractTransaction t = jedis.multi()) {
          t.hset(k, hash);
          t.expire(k, ttl);
          t.exec();
        }
      }
      return Status.OK;
    } catch (JedisException | IllegalArgumentException e) {
      return error(e);
    }
  }

  @Override
  public Status delete(String key, String indexKey) {
    if (indexKey != null && !cluster && !transactions && !after) {
      return super.delete(key, indexKey); // redis.scanindex.write=pipelined: both in one write
    }
    flush();
    try {
      byte[] k = JedisRows.bytes(key);
      long deleted;
      if (indexKey == null) {
        deleted = jedis.del(k);
      } else if (cluster || after) {
        jedis.zrem(JedisRows.bytes(indexKey), k);
        deleted = jedis.del(k);
      } else {
        try (AbstractTransaction t = jedis.multi()) {
          Response<Long> del = t.del(k);
          t.zrem(JedisRows.bytes(indexKey), k);
          t.exec();
          deleted = del.get();
        }
      }
      return deleted == 0 ? Status.NOT_FOUND : Status.OK;
    } catch (JedisException e) {
      return error(e);
    }
  }

  /** The index ranges (pipelined over the shards), merged; then the records, read in one pipeline. */
  @Override
  public Status scan(List<String> indexKeys, String startKey, int count, Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    flush();
    try {
      List<String> keys = indexRange(indexKeys, "[" + startKey, count);
      if (keys.isEmpty()) {
        return Status.OK;
      }
      try (AbstractPipeline p = jedis.pipelined()) {
        List<Response<?>> replies = new ArrayList<>(keys.size());
        for (String key : keys) {
          byte[] k = JedisRows.bytes(key);
          replies.add(!rows.format().hash() ? p.get(k) : fields == null ? p.hgetAll(k) : p.hmget(k, rows.names(fields)));
        }
        p.sync();
        for (Response<?> reply : replies) {
          HashMap<String, ByteIterator> row = new HashMap<>();
          if (rows.toRow(reply.get(), fields, row)) {
            result.add(row);
          }
        }
      }
      return Status.OK;
    } catch (JedisException | IllegalArgumentException e) {
      return error(e);
    }
  }

  /** Keys from {@code min} on, in key order, over every index key. */
  private List<String> indexRange(List<String> indexKeys, String min, int count) {
    if (indexKeys.size() == 1) {
      return jedis.zrangeByLex(indexKeys.get(0), min, "+", 0, count);
    }
    List<Response<List<String>>> replies = new ArrayList<>();
    try (AbstractPipeline p = jedis.pipelined()) {
      for (String indexKey : indexKeys) {
        replies.add(p.zrangeByLex(indexKey, min, "+", 0, count));
      }
      p.sync();
    }
    List<String> merged = new ArrayList<>();
    for (Response<List<String>> r : replies) {
      merged.addAll(r.get());
    }
    return mergedRange(merged, count);
  }

  @Override
  public long count(String sortedSet) {
    flush();
    return jedis.zcard(sortedSet);
  }

  /** {@code FLUSHDB}: on a connection of its own on a standalone server, through the cluster client on a cluster. */
  @Override
  public void flushDatabase() throws DBException {
    flush();
    if (!cluster) {
      JedisClients.flushDatabase(connection);
      return;
    }
    try {
      jedis.flushDB();
    } catch (JedisException e) {
      throw RespErrors.explain(connection, e);
    }
  }

  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    super.close();
    if (owner == Owner.SHARED) {
      RedisClients.release(settings);
    }
  }

  private static Status error(RuntimeException e) {
    return RespErrors.status(e);
  }
}
