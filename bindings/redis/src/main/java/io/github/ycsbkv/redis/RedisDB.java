package io.github.ycsbkv.redis;

import io.github.ycsbkv.codec.FieldCodec;
import io.github.ycsbkv.config.BindingProperties;
import io.github.ycsbkv.config.ScanIndex;
import io.github.ycsbkv.resp.RespCall;
import io.github.ycsbkv.resp.RespRecords;
import io.github.ycsbkv.spi.AsyncOperations;
import io.github.ycsbkv.spi.ExpiringWrites;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import redis.clients.jedis.AbstractPipeline;
import redis.clients.jedis.AbstractTransaction;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.Response;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.params.SetParams;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * YCSB binding for RESP servers (Redis, Valkey, KeyDB) over Jedis: one pooled client per process,
 * shared by every client thread and closed by the last {@link #cleanup()}.
 *
 * <p>Data model {@code hash} (default): a record is a hash; insert and update send all fields in one
 * {@code HSET}; read uses {@code HGETALL}, or {@code HMGET} for some fields. Data model
 * {@code string}: a record is one value ({@code SET}/{@code GET}), see {@link FieldCodec}. A missing
 * record is {@link Status#NOT_FOUND}. The YCSB table name is not part of the key (records are stored
 * under the workload's keys, as memtier and upstream's binding store them).
 *
 * <p>Scans need an index: a sorted set per table with every score 0, so that members sort by key
 * and {@code ZRANGE BYLEX} returns the keys from the start key in order. It is kept unless
 * {@code redis.scanindex=off} (or {@code auto} and this workload does not scan); then insert and delete
 * change record and index in one pipelined {@code MULTI}/{@code EXEC} on a standalone server. On a
 * cluster the index is spread over {@code redis.scanindex.shards} keys in different slots and
 * updated by a second command (record first on insert, index first on delete): a client that dies
 * between the two leaves at most one index entry without record, which scans skip.
 *
 * <p>Asynchronous operations ({@link AsyncOperations}, for {@code -p pipeline=N} and for the engine's
 * {@code drivers}, which serve many closed-loop clients from few threads): the commands a thread submits
 * wait in one Jedis pipeline on that thread's connection and leave in one write at {@link #flush()}, which
 * then reads every reply on the calling thread and completes the operations there. What the server receives
 * per operation is the same commands as the blocking path (insert and delete with the index as one
 * {@code MULTI}/{@code EXEC} on a standalone server), several operations to a packet. A blocking call first
 * flushes what is held, so replies never mix.
 *
 * <p>This class depends on YCSB, Jedis and interfaces of {@code ycsb-kv-core}
 * ({@link ExpiringWrites}, {@link AsyncOperations}), not on the engine, so it also runs inside upstream's
 * {@code site.ycsb.Client} with its jars on the class path. One instance per client thread, as YCSB uses DBs.
 */
public class RedisDB extends DB implements AsyncOperations, ExpiringWrites, io.github.ycsbkv.spi.EmptiesStore,
    io.github.ycsbkv.spi.ConnectionShape {

  private static final String INDEX_PREFIX = "ycsbkv:idx:";
  /** Servers this process has printed the scan index's load note for. */
  private static final java.util.Set<String> LOAD_NOTED = java.util.concurrent.ConcurrentHashMap.newKeySet();
  /** What the index costs, measured on Redis 7.0 (docs/bindings/redis.md). */
  private static final String INDEX_COST = "about 125 bytes per record on the server"
      + " and 30-45% fewer inserts per second, measured on Redis 7.0";
  private static final Status NO_INDEX = new Status("NOT_IMPLEMENTED", ScanIndex.noIndexCause("redis"));

  private RedisSettings settings;
  /** The client this thread's operations use: its own connection, or the shared pool (redis.connections). */
  private UnifiedJedis jedis;
  /**
   * The process's client of these settings, shared by the threads (pooled) in the pool mode and on a cluster;
   * null with a connection per client, where only the reference count (checks, notices) is shared.
   */
  private UnifiedJedis shared;
  /** Whether this instance holds a reference on the process's client of its settings ({@link RedisClients}). */
  private boolean acquired;
  private boolean index;
  private final Map<String, byte[]> fieldNames = new HashMap<>();
  /** Asynchronous operations: their commands wait in a pipeline on {@link #jedis} until {@link #flush()}. */
  private JedisLane lane;
  /** Whether {@link #jedis} is this thread's own client, closed by {@link #cleanup()} (else the lane's or shared). */
  private boolean ownJedis;
  /**
   * The event-loop RESP engine ({@link io.github.ycsbkv.resp}) when this instance serves the engine's asynchronous
   * operations on a standalone server (redis.asyncclient=netty, the default): every operation goes through it,
   * and {@link #jedis}/{@link #lane} stay null. Else null.
   */
  private RespRecords records;

  /** Public no-arg constructor, as YCSB requires. */
  public RedisDB() {}

  @Override
  public void init() throws DBException {
    settings = RedisSettings.from(getProperties());
    index = settings.indexEnabled(getProperties());
    shared = RedisClients.acquire(settings);
    acquired = true;
    if (usesEngine()) {
      records = RespEngine.open(getProperties(),
          BindingProperties.integer(getProperties(), INSTANCE_CONNECTIONS, 1, 1), true);
      if (RedisClients.claimNotices(settings)) {
        indexNotices();
      }
      return;
    }
    if (!settings.threadConnections()) {
      jedis = shared;
      lane = new JedisLane(jedis, false);
    } else {
      // The engine says how many connections this instance opens (docs/engine.md, load shape): one for a
      // client thread of its own, one per client when a thread serves several, or its share of connections=N.
      int connections = BindingProperties.integer(getProperties(), INSTANCE_CONNECTIONS, 1, 1);
      if (connections > 1) {
        lane = JedisLane.open(getProperties(), connections);
        jedis = lane.client();
      } else {
        jedis = RedisClients.ownClient(settings);
        ownJedis = true;
        lane = new JedisLane(jedis, false);
      }
      try {
        lane.connect();
      } catch (JedisException e) {
        throw RedisClients.explain(settings, e);
      }
    }
    if (RedisClients.claimNotices(settings)) {
      indexNotices();
    }
  }

  /**
   * A cluster's operations in flight go through Jedis's cluster pipeline, which is slow to share (3,584 against
   * 40,558 ops/s for 8 clients of readheavy on a local 3 x 2 cluster, docs/faults.md) and does not come through a
   * failover: each client of a cluster gets a thread of its own (and Jedis's cluster client, which follows the
   * replica's promotion) unless drivers=D asks otherwise.
   */
  @Override
  public String sharedThreadsDeclined() {
    boolean cluster = "true".equalsIgnoreCase(getProperties().getProperty("redis.cluster", "false").trim());
    return cluster ? "redis.cluster=true: a thread per client on Jedis's cluster client, which follows a failover"
        + " (its cluster pipeline does not, and is slower)" : null;
  }

  /**
   * Whether this instance runs the engine's asynchronous operations (several clients served by one thread, or
   * {@code pipeline}) on a standalone server with a connection per client or client thread: then the event-loop
   * RESP engine serves it, unless redis.asyncclient=jedis.
   */
  private boolean usesEngine() throws DBException {
    Properties p = getProperties();
    boolean engine = RespEngine.wanted(p.getProperty(RespEngine.ASYNC_CLIENT), RespEngine.ASYNC_CLIENT, "jedis");
    return engine && RespEngine.servesAsync(p) && !settings.cluster() && settings.threadConnections();
  }

  /**
   * Connections as the engine says (a connection per client, N shared, or a connection per client thread with
   * {@code pipeline}); a cluster, or {@code redis.connections=pool}, makes no claim (per-node pools).
   */
  @Override
  public Model connectionModel() {
    Properties p = getProperties();
    boolean cluster = "true".equalsIgnoreCase(p.getProperty("redis.cluster", "false").trim());
    boolean pool = "pool".equalsIgnoreCase(p.getProperty("redis.connections", "").trim());
    return cluster || pool ? null : Model.FOLLOWS_ENGINE;
  }

  /** The RESP engine's transport, or Jedis's blocking sockets. */
  @Override
  public String transport() {
    return records != null ? "netty " + records.lane().transport() : "jedis (blocking sockets)";
  }

  /** What the run should know about the scan index, once per run (stderr). */
  private void indexNotices() throws DBException {
    Properties p = getProperties();
    if (ScanIndex.loading(p)) {
      // Once per server and process: a sweep loads the same server many times.
      if (index && LOAD_NOTED.add(settings.where())) {
        System.err.println(ScanIndex.loadNote("redis", INDEX_COST));
      }
    } else if (ScanIndex.workloadScans(p)) {
      if (!index) {
        System.err.println(ScanIndex.offWarning("redis"));
        return;
      }
      long records = BindingProperties.integer(p, "recordcount", 0, 0);
      long indexed = indexSize(p.getProperty("table", "usertable"));
      if (indexed < records) {
        System.err.println(ScanIndex.incompleteWarning("redis", indexed, records));
      }
    }
  }

  /** Keys in the scan index of {@code table}, over every shard. */
  private long indexSize(String table) {
    if (records != null) {
      long n = 0;
      for (String k : indexKeys(table)) {
        n += records.count(k);
      }
      return n;
    }
    if (settings.indexShards() == 1) {
      return jedis.zcard(INDEX_PREFIX + table);
    }
    long n = 0;
    for (int shard = 0; shard < settings.indexShards(); shard++) {
      n += jedis.zcard(INDEX_PREFIX + table + ":{" + shard + "}");
    }
    return n;
  }

  /** {@code FLUSHDB} of the configured database (on a cluster, of every master). */
  @Override
  public String emptyStore() throws DBException {
    flush();
    if (!settings.cluster()) {
      RedisClients.flushDatabase(settings);
      return "FLUSHDB of database " + settings.database() + " at " + settings.where();
    }
    try {
      jedis.flushDB();
    } catch (JedisException e) {
      throw RedisClients.explain(settings, e);
    }
    return "FLUSHDB of database " + settings.database() + " at " + settings.where();
  }

  @Override
  public void cleanup() {
    if (records != null) {
      records.lane().close();
      records = null;
    }
    if (lane != null) {
      lane.close();
    }
    if (jedis != null && ownJedis) {
      try {
        jedis.close();
      } catch (RuntimeException e) {
        // Closing this thread's connection is best effort.
      }
    }
    jedis = null;
    ownJedis = false;
    lane = null;
    if (acquired) {
      acquired = false;
      shared = null;
      RedisClients.release(settings);
    }
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    if (records != null) {
      return await(records.read(key, fields, result));
    }
    flush();
    try {
      return settings.dataType() == RedisSettings.DataType.HASH
          ? readHash(bytes(key), fields, result)
          : readString(bytes(key), fields, result);
    } catch (JedisException | IllegalArgumentException e) {
      return error(e);
    }
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    flush();
    if (!index) {
      return NO_INDEX;
    }
    if (records != null) {
      return records.scan(indexKeys(table), startkey, recordcount, fields, result);
    }
    try {
      List<String> keys = indexRange(table, startkey, recordcount);
      if (keys.isEmpty()) {
        return Status.OK;
      }
      try (AbstractPipeline p = jedis.pipelined()) {
        List<Response<?>> replies = new ArrayList<>(keys.size());
        for (String key : keys) {
          byte[] k = bytes(key);
          if (settings.dataType() == RedisSettings.DataType.STRING) {
            replies.add(p.get(k));
          } else if (fields == null) {
            replies.add(p.hgetAll(k));
          } else {
            replies.add(p.hmget(k, names(fields)));
          }
        }
        p.sync();
        for (Response<?> reply : replies) {
          HashMap<String, ByteIterator> row = new HashMap<>();
          if (toRow(reply.get(), fields, row)) {
            result.add(row);
          }
        }
      }
      return Status.OK;
    } catch (JedisException | IllegalArgumentException e) {
      return error(e);
    }
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    if (records != null) {
      return records.partialUpdate(values) ? records.mergeUpdate(key, values) : await(records.update(key, values));
    }
    flush();
    try {
      byte[] k = bytes(key);
      if (settings.dataType() == RedisSettings.DataType.HASH) {
        jedis.hset(k, hashValues(values));
        return Status.OK;
      }
      Map<String, byte[]> record = new HashMap<>();
      if (settings.fieldCount() > 1 && values.size() < settings.fieldCount()) {
        // Some fields only: read, merge, write (two round trips, not atomic; documented).
        byte[] old = jedis.get(k);
        if (old == null) {
          return Status.NOT_FOUND;
        }
        record.putAll(FieldCodec.decode(old));
      }
      values.forEach((f, v) -> record.put(f, v.toArray()));
      jedis.set(k, encodeRecord(record));
      return Status.OK;
    } catch (JedisException | IllegalArgumentException e) {
      return error(e);
    }
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    if (records != null) {
      return await(records.insert(key, values, index ? indexKey(table, key) : null));
    }
    flush();
    try {
      byte[] k = bytes(key);
      boolean hash = settings.dataType() == RedisSettings.DataType.HASH;
      Map<byte[], byte[]> hashValues = hash ? hashValues(values) : null;
      byte[] stringValue = hash ? null : encodeRecord(FieldCodec.toBytes(values));
      if (!index) {
        if (hash) {
          jedis.hset(k, hashValues);
        } else {
          jedis.set(k, stringValue);
        }
        return Status.OK;
      }
      byte[] indexKey = bytes(indexKey(table, key));
      if (settings.cluster()) {
        if (hash) {
          jedis.hset(k, hashValues);
        } else {
          jedis.set(k, stringValue);
        }
        jedis.zadd(indexKey, 0, k);
        return Status.OK;
      }
      try (AbstractTransaction t = jedis.multi()) {
        if (hash) {
          t.hset(k, hashValues);
        } else {
          t.set(k, stringValue);
        }
        t.zadd(indexKey, 0, k);
        t.exec();
      }
      return Status.OK;
    } catch (JedisException | IllegalArgumentException e) {
      return error(e);
    }
  }

  /**
   * A record that the server expires: {@code SET key value EX ttl} (string model), or
   * {@code HSET} and {@code EXPIRE} in one pipelined {@code MULTI}/{@code EXEC} (hash model;
   * pipelined without {@code MULTI} on a cluster, where both still go to the key's slot). Expiring
   * records are not added to the scan index.
   */
  @Override
  public Status insertWithTtl(String table, String key, Map<String, ByteIterator> values, long ttlSeconds) {
    if (records != null) {
      return await(records.insertWithTtl(key, values, ttlSeconds));
    }
    flush();
    try {
      byte[] k = bytes(key);
      long ttl = Math.max(1, ttlSeconds);
      if (settings.dataType() == RedisSettings.DataType.STRING) {
        jedis.set(k, encodeRecord(FieldCodec.toBytes(values)), SetParams.setParams().ex(ttl));
        return Status.OK;
      }
      Map<byte[], byte[]> hash = hashValues(values);
      if (settings.cluster()) {
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
  public Status delete(String table, String key) {
    if (records != null) {
      return await(records.delete(key, index ? indexKey(table, key) : null));
    }
    flush();
    try {
      byte[] k = bytes(key);
      long deleted;
      if (!index) {
        deleted = jedis.del(k);
      } else if (settings.cluster()) {
        jedis.zrem(bytes(indexKey(table, key)), k);
        deleted = jedis.del(k);
      } else {
        try (AbstractTransaction t = jedis.multi()) {
          Response<Long> del = t.del(k);
          t.zrem(bytes(indexKey(table, key)), k);
          t.exec();
          deleted = del.get();
        }
      }
      return deleted == 0 ? Status.NOT_FOUND : Status.OK;
    } catch (JedisException e) {
      return error(e);
    }
  }

  @Override
  public CompletionStage<Status> readAsync(String table, String key, Set<String> fields,
      Map<String, ByteIterator> result) {
    if (records != null) {
      return records.read(key, fields, result);
    }
    byte[] k = bytes(key);
    return lane.hold(p -> {
      Response<?> reply = settings.dataType() == RedisSettings.DataType.STRING ? p.get(k)
          : fields == null ? p.hgetAll(k) : p.hmget(k, names(fields));
      return () -> toRow(reply.get(), fields, result) ? Status.OK : Status.NOT_FOUND;
    });
  }

  @Override
  public CompletionStage<Status> updateAsync(String table, String key, Map<String, ByteIterator> values) {
    if (records != null) {
      return records.partialUpdate(values) ? CompletableFuture.completedFuture(records.mergeUpdate(key, values))
          : records.update(key, values);
    }
    if (settings.dataType() == RedisSettings.DataType.STRING && settings.fieldCount() > 1
        && values.size() < settings.fieldCount()) {
      // Read, merge, write: the write depends on the read's reply, so it cannot wait in a pipeline.
      return CompletableFuture.completedFuture(update(table, key, values));
    }
    byte[] k = bytes(key);
    return lane.hold(p -> {
      Response<?> reply = settings.dataType() == RedisSettings.DataType.HASH ? p.hset(k, hashValues(values))
          : p.set(k, encodeRecord(FieldCodec.toBytes(values)));
      return () -> {
        reply.get(); // an error reply throws
        return Status.OK;
      };
    });
  }

  @Override
  public CompletionStage<Status> insertAsync(String table, String key, Map<String, ByteIterator> values) {
    if (records != null) {
      return records.insert(key, values, index ? indexKey(table, key) : null);
    }
    byte[] k = bytes(key);
    boolean hash = settings.dataType() == RedisSettings.DataType.HASH;
    return lane.hold(p -> {
      if (!index || settings.cluster()) {
        // On a cluster, record first and index second, as the blocking insert sends them (see the class comment).
        Response<?> record = hash ? p.hset(k, hashValues(values)) : p.set(k, encodeRecord(FieldCodec.toBytes(values)));
        Response<?> indexed = index ? p.zadd(bytes(indexKey(table, key)), 0, k) : null;
        return () -> {
          record.get();
          if (indexed != null) {
            indexed.get();
          }
          return Status.OK;
        };
      }
      Response<Object> exec = transaction(p, () -> {
        if (hash) {
          p.hset(k, hashValues(values));
        } else {
          p.set(k, encodeRecord(FieldCodec.toBytes(values)));
        }
        p.zadd(bytes(indexKey(table, key)), 0, k);
      });
      return () -> {
        execReplies(exec);
        return Status.OK;
      };
    });
  }

  @Override
  public CompletionStage<Status> deleteAsync(String table, String key) {
    if (records != null) {
      return records.delete(key, index ? indexKey(table, key) : null);
    }
    byte[] k = bytes(key);
    return lane.hold(p -> {
      if (!index || settings.cluster()) {
        Response<Long> unindexed = index ? p.zrem(bytes(indexKey(table, key)), k) : null;
        Response<Long> deleted = p.del(k);
        return () -> {
          if (unindexed != null) {
            unindexed.get();
          }
          return deleted.get() == 0 ? Status.NOT_FOUND : Status.OK;
        };
      }
      Response<Object> exec = transaction(p, () -> {
        p.del(k);
        p.zrem(bytes(indexKey(table, key)), k);
      });
      return () -> ((Long) execReplies(exec).get(0)) == 0 ? Status.NOT_FOUND : Status.OK;
    });
  }

  /**
   * Sends the held commands in one write, reads their replies and completes their operations ({@link JedisLane});
   * every blocking call does it first, so that replies never mix on the connection.
   */
  @Override
  public void flush() {
    if (records != null) {
      records.lane().flush();
    } else if (lane != null) {
      lane.flush();
    }
  }

  /** With the RESP engine, the event loop on which this instance's operations complete (else null). */
  @Override
  public java.util.concurrent.Executor completionExecutor() {
    return records != null ? records.lane().executor() : null;
  }

  /** The engine's call, sent and awaited (a blocking operation, never on the event loop). */
  private Status await(java.util.concurrent.CompletionStage<Status> call) {
    RespCall c = (RespCall) call;
    records.lane().flush();
    return records.lane().await(c);
  }

  /** Every key of {@code table}'s scan index (one, or one per shard). */
  private List<String> indexKeys(String table) {
    if (settings.indexShards() == 1) {
      return List.of(INDEX_PREFIX + table);
    }
    List<String> keys = new ArrayList<>(settings.indexShards());
    for (int shard = 0; shard < settings.indexShards(); shard++) {
      keys.add(INDEX_PREFIX + table + ":{" + shard + "}");
    }
    return keys;
  }

  /**
   * {@code MULTI}, the commands {@code body} appends, {@code EXEC}, in the pipeline; the reply of each queued
   * command is only {@code QUEUED}: what they returned is in the {@code EXEC} reply.
   */
  private static Response<Object> transaction(AbstractPipeline p, Runnable body) {
    p.sendCommand(Protocol.Command.MULTI, new byte[0][]);
    body.run();
    return p.sendCommand(Protocol.Command.EXEC, new byte[0][]);
  }

  /** The replies in an {@code EXEC} reply; throws for an aborted transaction or a command that failed in it. */
  private static List<?> execReplies(Response<Object> exec) {
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

  private Status readHash(byte[] key, Set<String> fields, Map<String, ByteIterator> result) {
    if (fields == null) {
      Map<byte[], byte[]> all = jedis.hgetAll(key);
      if (all.isEmpty()) {
        return Status.NOT_FOUND;
      }
      for (Map.Entry<byte[], byte[]> e : all.entrySet()) {
        result.put(new String(e.getKey(), StandardCharsets.UTF_8), new ByteArrayByteIterator(e.getValue()));
      }
      return Status.OK;
    }
    return toRow(jedis.hmget(key, names(fields)), fields, result) ? Status.OK : Status.NOT_FOUND;
  }

  private Status readString(byte[] key, Set<String> fields, Map<String, ByteIterator> result) {
    byte[] value = jedis.get(key);
    return toRow(value, fields, result) ? Status.OK : Status.NOT_FOUND;
  }

  /** Fills {@code row} from a GET, HGETALL or HMGET reply; false when the record does not exist. */
  @SuppressWarnings("unchecked")
  private boolean toRow(Object reply, Set<String> fields, Map<String, ByteIterator> row) {
    if (reply == null) {
      return false;
    }
    if (reply instanceof byte[] value) {
      Map<String, byte[]> record = FieldCodec.decodeRecord(value, settings.fieldCount(), settings.fieldPrefix());
      for (Map.Entry<String, byte[]> e : record.entrySet()) {
        if (fields == null || fields.contains(e.getKey())) {
          row.put(e.getKey(), new ByteArrayByteIterator(e.getValue()));
        }
      }
      return true;
    }
    if (reply instanceof Map<?, ?> map) {
      if (map.isEmpty()) {
        return false;
      }
      for (Map.Entry<byte[], byte[]> e : ((Map<byte[], byte[]>) map).entrySet()) {
        row.put(new String(e.getKey(), StandardCharsets.UTF_8), new ByteArrayByteIterator(e.getValue()));
      }
      return true;
    }
    List<byte[]> values = (List<byte[]>) reply;
    boolean any = false;
    int i = 0;
    for (String field : fields) {
      byte[] v = values.get(i++);
      if (v != null) {
        row.put(field, new ByteArrayByteIterator(v));
        any = true;
      }
    }
    return any;
  }

  /** Keys from {@code startkey} on, in key order, over every index shard. */
  private List<String> indexRange(String table, String startkey, int count) {
    String min = "[" + startkey;
    if (settings.indexShards() == 1) {
      return jedis.zrangeByLex(INDEX_PREFIX + table, min, "+", 0, count);
    }
    List<Response<List<String>>> replies = new ArrayList<>();
    try (AbstractPipeline p = jedis.pipelined()) {
      for (int shard = 0; shard < settings.indexShards(); shard++) {
        replies.add(p.zrangeByLex(INDEX_PREFIX + table + ":{" + shard + "}", min, "+", 0, count));
      }
      p.sync();
    }
    List<String> merged = new ArrayList<>();
    for (Response<List<String>> r : replies) {
      merged.addAll(r.get());
    }
    merged.sort(null);
    return merged.size() > count ? merged.subList(0, count) : merged;
  }

  private String indexKey(String table, String key) {
    if (settings.indexShards() == 1) {
      return INDEX_PREFIX + table;
    }
    return INDEX_PREFIX + table + ":{" + Math.floorMod(key.hashCode(), settings.indexShards()) + "}";
  }

  private Map<byte[], byte[]> hashValues(Map<String, ByteIterator> values) {
    Map<byte[], byte[]> out = new HashMap<>(values.size() * 2);
    for (Map.Entry<String, ByteIterator> e : values.entrySet()) {
      out.put(name(e.getKey()), e.getValue().toArray());
    }
    return out;
  }

  private byte[][] names(Set<String> fields) {
    byte[][] out = new byte[fields.size()][];
    int i = 0;
    for (String f : fields) {
      out[i++] = name(f);
    }
    return out;
  }

  /** Field names repeat on every operation: encode each once per thread. */
  private byte[] name(String field) {
    byte[] b = fieldNames.get(field);
    if (b == null) {
      b = bytes(field);
      fieldNames.put(field, b);
    }
    return b;
  }

  private byte[] encodeRecord(Map<String, byte[]> record) {
    return FieldCodec.encodeRecord(record, settings.fieldCount());
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static Status error(RuntimeException e) {
    return JedisLane.error(e);
  }
}
