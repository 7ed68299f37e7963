package io.github.ycsbkv.dragonfly;

import io.github.ycsbkv.codec.FieldCodec;
import io.github.ycsbkv.config.BindingProperties;
import io.github.ycsbkv.config.ScanIndex;
import io.github.ycsbkv.redis.JedisLane;
import io.github.ycsbkv.resp.RespRecords;
import io.github.ycsbkv.codec.RespInfo;
import io.github.ycsbkv.spi.AsyncOperations;
import io.github.ycsbkv.spi.ConnectionShape;
import io.github.ycsbkv.spi.ExpiringWrites;
import io.lettuce.core.KeyValue;
import io.lettuce.core.SetArgs;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.async.RedisAsyncCommands;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.Response;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * YCSB binding for Dragonfly over Lettuce, built for a multi-threaded server: the process shares a
 * few connections (see {@link DragonflyClients}), every command is asynchronous underneath, and
 * with {@code -p pipeline=N} the engine keeps N operations in flight per client thread
 * ({@link AsyncOperations}). It works with any RESP server; {@code dragonfly.require=true} makes
 * sure it is Dragonfly.
 *
 * <p>Data models as the Redis binding's: {@code hash} (one hash per record: {@code HSET},
 * {@code HGETALL}, {@code HMGET}) or {@code string} ({@code SET}/{@code GET}, the raw value when the
 * workload has one field). A missing record is {@link Status#NOT_FOUND}. No multi-key transactions:
 * Dragonfly runs them across shards far slower than Redis. The scan index (unless
 * {@code dragonfly.scanindex=off}, or {@code auto} and the workload does not scan) is spread over as many sorted-set keys as the server has
 * threads, so that no single shard takes every insert; insert writes the record then its index
 * entry, delete removes the entry then the record (one pipelined round trip each, not atomic: a
 * client that dies in between leaves an index entry without record, which scans skip).
 *
 * <p>One instance per client thread. Depends on YCSB, Lettuce and {@code ycsb-kv-core}'s small
 * interfaces, not on the engine.
 */
public class DragonflyDB extends DB implements AsyncOperations, ExpiringWrites, io.github.ycsbkv.spi.EmptiesStore,
    ConnectionShape {

  private static final String INDEX_PREFIX = "ycsbkv:idx:";
  /** Servers this process has printed the scan index's load note for. */
  private static final java.util.Set<String> LOAD_NOTED = java.util.concurrent.ConcurrentHashMap.newKeySet();
  /** What the index costs, measured on Dragonfly 1.40 (docs/bindings/dragonfly.md). */
  private static final String INDEX_COST = "about 75 bytes per record on the server"
      + " and about 5% fewer inserts per second, measured on Dragonfly 1.40";
  private static final Status NO_INDEX = new Status("NOT_IMPLEMENTED", ScanIndex.noIndexCause("dragonfly"));

  private DragonflySettings settings;
  private DragonflyClients.Shared shared;
  private RedisAsyncCommands<byte[], byte[]> commands;
  /**
   * With pipelining and {@code dragonfly.asyncclient=jedis} (the default): this thread's Jedis pipeline, in
   * which the asynchronous operations' commands wait for {@link #flush()}; else null.
   */
  private JedisLane lane;
  /**
   * dragonfly.asyncclient=netty (the default) on an instance that serves the engine's asynchronous operations:
   * the event-loop RESP engine ({@link io.github.ycsbkv.resp}), through which every operation goes; else null.
   */
  private RespRecords records;
  /** With pipelining: this thread's own connection, whose commands wait for {@link #flush()}; else null. */
  private StatefulRedisConnection<byte[], byte[]> batching;
  /** The event loop that reads {@link #batching}'s replies, or null. */
  private java.util.concurrent.Executor eventLoop;
  private boolean index;
  private int shards;
  private final Map<String, byte[]> names = new HashMap<>();

  /** Public no-arg constructor, as YCSB requires. */
  public DragonflyDB() {}

  /** Client instances of each configuration alive in this process: the first prints the run's notices. */
  private static final Map<String, Integer> LANE_USERS = new HashMap<>();

  @Override
  public void init() throws DBException {
    settings = DragonflySettings.from(getProperties());
    index = settings.indexEnabled(getProperties());
    if (settings.jedisLane()) {
      initLane();
      return;
    }
    if (BindingProperties.integer(getProperties(), ConnectionShape.INSTANCE_CONNECTIONS, 1, 1) > 1
        && !"client".equalsIgnoreCase(getProperties().getProperty("connections", "client").trim())) {
      throw new DBException("-p connections=N (connections shared by the clients) is served by dragonfly.asyncclient"
          + "=jedis, the default; drop dragonfly.asyncclient=lettuce or -p connections");
    }
    shared = DragonflyClients.acquire(settings);
    StatefulRedisConnection<byte[], byte[]> connection;
    boolean pipelined = BindingProperties.integer(getProperties(), "pipeline", 1, 1) > 1;
    if (pipelined) {
      // The engine keeps several operations in flight and calls flush() before it waits: the commands
      // it submits in a row leave in one write instead of one system call (and event-loop wake-up) each.
      // Manual flushing is per connection, so this thread gets a connection of its own.
      DragonflyClients.Batching b = DragonflyClients.batchingConnection(shared, settings);
      connection = b.connection();
      batching = connection;
      eventLoop = b.eventLoop();
    } else {
      connection = DragonflyClients.nextConnection(shared);
    }
    commands = connection.async();
    shards = settings.indexShards() > 0 ? settings.indexShards() : shared.serverThreads();
    if (shared.noticed.compareAndSet(false, true)) {
      indexNotices(connection);
    }
  }

  /**
   * dragonfly.asyncclient=jedis (the default): every operation goes through this thread's Jedis lane, on the
   * connections the engine says (one per client this thread serves, its share of connections=N, or one with
   * pipeline=P requests in flight), opened now so that they exist before the clock starts. No Lettuce
   * connection is opened: the server sees exactly the load's connections (docs/engine.md, load shape).
   */
  private void initLane() throws DBException {
    int connections = BindingProperties.integer(getProperties(), ConnectionShape.INSTANCE_CONNECTIONS, 1, 1);
    String key = settings.clientKey();
    boolean first;
    // The first client of a configuration connects alone (under the lock), as the redis binding's first client
    // checks the server: a server that accepts and never answers fails the run after one timeout, with one
    // connection, not one per client thread.
    synchronized (LANE_USERS) {
      first = !LANE_USERS.containsKey(key);
      if (first) {
        connectLane(connections);
        LANE_USERS.put(key, 1);
      }
    }
    if (!first) {
      connectLane(connections);
      synchronized (LANE_USERS) {
        LANE_USERS.merge(key, 1, Integer::sum);
      }
    }
    if (first) {
      indexNotices(table -> {
        long n = 0;
        for (int shard = 0; shard < shards; shard++) {
          String indexKey = INDEX_PREFIX + table + ":" + shard;
          n += records != null ? records.count(indexKey) : lane.call(p -> p.zcard(bytes(indexKey)));
        }
        return n;
      });
    }
  }

  /** Opens this instance's lane and its connections, and reads the server's name and threads through it. */
  private void connectLane(int connections) throws DBException {
    if (settings.engine() && io.github.ycsbkv.redis.RespEngine.servesAsync(getProperties())) {
      try {
        records = io.github.ycsbkv.redis.RespEngine.openOrThrow(engineProperties(), connections, false);
      } catch (RuntimeException e) {
        throw DragonflyClients.explain(settings, e);
      }
      Map<String, String> info;
      try {
        info = RespInfo.parse(text(records.lane().call("INFO", "server")));
      } catch (RuntimeException e) {
        records.lane().close();
        records = null;
        throw DragonflyClients.explain(settings, e);
      }
      serverChecks(info);
      return;
    }
    lane = JedisLane.open(settings.laneProperties(), connections);
    Map<String, String> info;
    try {
      lane.connect();
      info = RespInfo.parse(text(lane.call(p -> p.sendCommand(Protocol.Command.INFO, "server"))));
    } catch (RuntimeException e) {
      lane.close();
      lane = null;
      throw DragonflyClients.explain(settings, e);
    }
    serverChecks(info);
  }

  /** The connection's properties for the RESP engine, with the transport this run asked for. */
  private Properties engineProperties() {
    Properties p = settings.laneProperties();
    String transport = getProperties().getProperty(io.github.ycsbkv.resp.RespTransport.PROPERTY);
    if (transport != null) {
      p.setProperty(io.github.ycsbkv.resp.RespTransport.PROPERTY, transport);
    }
    p.setProperty("redis.datatype", settings.hash() ? "hash" : "string");
    p.setProperty("fieldcount", Integer.toString(settings.fieldCount()));
    p.setProperty("fieldnameprefix", settings.fieldPrefix());
    return p;
  }

  /** dragonfly.require, and the index's shards from the server's threads. */
  private void serverChecks(Map<String, String> info) throws DBException {
    if (settings.requireDragonfly() && !"dragonfly".equals(RespInfo.serverName(info))) {
      close();
      throw new DBException("the server at " + settings.where() + " is " + RespInfo.serverName(info) + " "
          + RespInfo.version(info) + ", not Dragonfly (dragonfly.require=true); use the redis binding for it,"
          + " or drop dragonfly.require");
    }
    int serverThreads;
    try {
      serverThreads = Math.max(1, Integer.parseInt(info.getOrDefault("thread_count", "1").trim()));
    } catch (NumberFormatException e) {
      serverThreads = 1;
    }
    shards = settings.indexShards() > 0 ? settings.indexShards() : serverThreads;
  }

  /** Closes this instance's lane or engine. */
  private void close() {
    if (records != null) {
      records.lane().close();
      records = null;
    }
    if (lane != null) {
      lane.close();
      lane = null;
    }
  }

  /** A bulk reply as text. */
  private static String text(Object reply) {
    return reply instanceof byte[] b ? new String(b, StandardCharsets.UTF_8) : String.valueOf(reply);
  }

  /**
   * Connections as the engine says with dragonfly.asyncclient=jedis (the default); Lettuce's own sharing
   * makes no claim (the server's view in the result says what it was).
   */
  @Override
  public Model connectionModel() {
    String client = getProperties().getProperty("dragonfly.asyncclient", "jedis").trim();
    return client.equalsIgnoreCase("jedis") ? Model.FOLLOWS_ENGINE : null;
  }

  /** The RESP engine's transport, Jedis's blocking sockets, or Lettuce. */
  @Override
  public String transport() {
    return records != null ? "netty " + records.lane().transport() : lane != null ? "jedis (blocking sockets)"
        : "lettuce (netty)";
  }

  /** What the run should know about the scan index, once per run (stderr). */
  private void indexNotices(StatefulRedisConnection<byte[], byte[]> connection) throws DBException {
    indexNotices(table -> {
      long n = 0;
      for (int shard = 0; shard < shards; shard++) {
        n += connection.sync().zcard(bytes(INDEX_PREFIX + table + ":" + shard));
      }
      return n;
    });
  }

  /** What the run should know about the scan index, once per run (stderr); {@code indexed} counts a table's. */
  private void indexNotices(java.util.function.ToLongFunction<String> indexed) throws DBException {
    Properties p = getProperties();
    if (ScanIndex.loading(p)) {
      // Once per server and process: a sweep loads the same server many times.
      if (index && LOAD_NOTED.add(settings.where())) {
        System.err.println(ScanIndex.loadNote("dragonfly", INDEX_COST));
      }
    } else if (ScanIndex.workloadScans(p)) {
      if (!index) {
        System.err.println(ScanIndex.offWarning("dragonfly"));
        return;
      }
      long records = BindingProperties.integer(p, "recordcount", 0, 0);
      long n = indexed.applyAsLong(p.getProperty("table", "usertable"));
      if (n < records) {
        System.err.println(ScanIndex.incompleteWarning("dragonfly", n, records));
      }
    }
  }

  /** {@code FLUSHDB} of the configured database. */
  @Override
  public String emptyStore() throws DBException {
    if (lane != null || records != null) {
      flush();
      JedisLane.flushDatabase(settings.laneProperties());
      return "FLUSHDB of database " + settings.database() + " at " + settings.where();
    }
    try {
      commands.flushdb().get(settings.timeoutMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
    } catch (Exception e) {
      throw new DBException("cannot empty " + settings.where() + ": " + e.getMessage());
    }
    return "FLUSHDB of database " + settings.database() + " at " + settings.where();
  }

  @Override
  public void cleanup() {
    if (lane != null || records != null) {
      close();
      if (shared == null) {
        synchronized (LANE_USERS) {
          LANE_USERS.computeIfPresent(settings.clientKey(), (k, n) -> n <= 1 ? null : n - 1);
        }
      }
    }
    if (shared != null) {
      shared = null;
      commands = null;
      batching = null;
      eventLoop = null;
      DragonflyClients.release(settings);
    }
  }

  // ---- blocking operations: the asynchronous ones, awaited (the engine's closed loop) ----

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    return await(readAsync(table, key, fields, result));
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    return await(updateAsync(table, key, values));
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    return await(insertAsync(table, key, values));
  }

  @Override
  public Status delete(String table, String key) {
    return await(deleteAsync(table, key));
  }

  @Override
  public Status insertWithTtl(String table, String key, Map<String, ByteIterator> values, long ttlSeconds) {
    if (records != null) {
      return await(records.insertWithTtl(key, values, ttlSeconds));
    }
    flush(); // what this thread's Jedis pipeline holds goes first
    byte[] k = bytes(key);
    long ttl = Math.max(1, ttlSeconds);
    if (lane != null) {
      byte[] value = settings.hash() ? null : encodeRecord(FieldCodec.toBytes(values));
      Map<byte[], byte[]> hash = settings.hash() ? hashValues(values) : null;
      return await(lane.hold(p -> {
        Response<?> write = hash == null ? p.setex(k, ttl, value) : p.hset(k, hash);
        Response<Long> expire = hash == null ? null : p.expire(k, ttl);
        return () -> {
          write.get();
          if (expire != null) {
            expire.get();
          }
          return Status.OK;
        };
      }));
    }
    if (!settings.hash()) {
      byte[] value = encodeRecord(FieldCodec.toBytes(values));
      return await(commands.set(k, value, SetArgs.Builder.ex(ttl)).thenApply(ok -> Status.OK));
    }
    CompletableFuture<Long> set = commands.hset(k, hashValues(values)).toCompletableFuture();
    CompletableFuture<Boolean> expire = commands.expire(k, ttl).toCompletableFuture();
    return await(set.thenCombine(expire, (a, b) -> Status.OK));
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    if (!index) {
      return NO_INDEX;
    }
    if (records != null) {
      List<String> indexKeys = new ArrayList<>(shards);
      for (int shard = 0; shard < shards; shard++) {
        indexKeys.add(INDEX_PREFIX + table + ":" + shard);
      }
      return records.scan(indexKeys, startkey, recordcount, fields, result);
    }
    flush(); // what this thread's Jedis pipeline holds goes first
    try {
      List<String> keys = new ArrayList<>();
      if (lane != null) {
        byte[] min = bytes("[" + startkey);
        byte[] max = bytes("+");
        List<List<byte[]>> found = new ArrayList<>(shards);
        CompletionStage<Status> ranges = lane.hold(p -> {
          List<Response<List<byte[]>>> replies = new ArrayList<>(shards);
          for (int shard = 0; shard < shards; shard++) {
            replies.add(p.zrangeByLex(bytes(INDEX_PREFIX + table + ":" + shard), min, max, 0, recordcount));
          }
          return () -> {
            for (Response<List<byte[]>> r : replies) {
              found.add(r.get());
            }
            return Status.OK;
          };
        });
        flush();
        Status status = ranges.toCompletableFuture().join();
        if (!status.isOk()) {
          return status;
        }
        for (List<byte[]> f : found) {
          for (byte[] k : f) {
            keys.add(new String(k, StandardCharsets.UTF_8));
          }
        }
      } else {
        List<CompletableFuture<List<byte[]>>> ranges = new ArrayList<>(shards);
        for (int shard = 0; shard < shards; shard++) {
          ranges.add(commands.zrangebylex(bytes(INDEX_PREFIX + table + ":" + shard), "[" + startkey, "+", 0,
              recordcount).toCompletableFuture());
        }
        flush();
        for (CompletableFuture<List<byte[]>> r : ranges) {
          for (byte[] k : r.join()) {
            keys.add(new String(k, StandardCharsets.UTF_8));
          }
        }
      }
      keys.sort(null);
      if (keys.size() > recordcount) {
        keys = keys.subList(0, recordcount);
      }
      List<HashMap<String, ByteIterator>> rows = new ArrayList<>(keys.size());
      List<CompletableFuture<Status>> reads = new ArrayList<>(keys.size());
      for (String key : keys) {
        HashMap<String, ByteIterator> row = new HashMap<>();
        rows.add(row);
        reads.add(readAsync(table, key, fields, row).toCompletableFuture());
      }
      flush();
      for (int i = 0; i < reads.size(); i++) {
        if (reads.get(i).join() == Status.OK) {
          result.add(rows.get(i));
        }
      }
      return Status.OK;
    } catch (CompletionException | io.lettuce.core.RedisException e) {
      return error(e);
    }
  }

  // ---- asynchronous operations ----

  @Override
  public CompletionStage<Status> readAsync(String table, String key, Set<String> fields,
      Map<String, ByteIterator> result) {
    if (records != null) {
      return records.read(key, fields, result);
    }
    byte[] k = bytes(key);
    if (lane != null) {
      return laneRead(k, fields, result);
    }
    return statuses(lettuceRead(k, fields, result));
  }

  private CompletionStage<Status> lettuceRead(byte[] k, Set<String> fields, Map<String, ByteIterator> result) {
    if (!settings.hash()) {
      return commands.get(k).thenApply(value -> fromString(value, fields, result));
    }
    if (fields == null) {
      return commands.hgetall(k).thenApply(all -> fromHash(all, result));
    }
    byte[][] wanted = new byte[fields.size()][];
    int i = 0;
    for (String f : fields) {
      wanted[i++] = name(f);
    }
    return commands.hmget(k, wanted).thenApply(values -> {
      boolean any = false;
      for (KeyValue<byte[], byte[]> kv : values) {
        if (kv.hasValue()) {
          result.put(new String(kv.getKey(), StandardCharsets.UTF_8), new ByteArrayByteIterator(kv.getValue()));
          any = true;
        }
      }
      return any ? Status.OK : Status.NOT_FOUND;
    });
  }

  @Override
  public CompletionStage<Status> insertAsync(String table, String key, Map<String, ByteIterator> values) {
    if (records != null) {
      return records.insert(key, values, index ? indexKeyText(table, key) : null);
    }
    byte[] k = bytes(key);
    if (lane != null) {
      byte[] indexKey = index ? indexKey(table, key) : null;
      return lane.hold(p -> {
        Response<?> write = settings.hash() ? p.hset(k, hashValues(values)) : p.set(k, encodeRecord(FieldCodec.toBytes(values)));
        Response<Long> indexed = indexKey == null ? null : p.zadd(indexKey, 0, k);
        return () -> {
          write.get();
          if (indexed != null) {
            indexed.get();
          }
          return Status.OK;
        };
      });
    }
    return statuses(lettuceInsert(table, key, k, values));
  }

  private CompletionStage<Status> lettuceInsert(String table, String key, byte[] k, Map<String, ByteIterator> values) {
    CompletableFuture<?> write = settings.hash()
        ? commands.hset(k, hashValues(values)).toCompletableFuture()
        : commands.set(k, encodeRecord(FieldCodec.toBytes(values))).toCompletableFuture();
    if (!index) {
      return write.thenApply(x -> Status.OK);
    }
    CompletableFuture<Long> indexed = commands.zadd(indexKey(table, key), 0, k).toCompletableFuture();
    return write.thenCombine(indexed, (a, b) -> Status.OK);
  }

  @Override
  public CompletionStage<Status> updateAsync(String table, String key, Map<String, ByteIterator> values) {
    if (records != null) {
      return records.partialUpdate(values) ? CompletableFuture.completedFuture(records.mergeUpdate(key, values))
          : records.update(key, values);
    }
    byte[] k = bytes(key);
    if (lane != null) {
      return laneUpdate(k, values);
    }
    return statuses(lettuceUpdate(k, values));
  }

  private CompletionStage<Status> lettuceUpdate(byte[] k, Map<String, ByteIterator> values) {
    if (settings.hash()) {
      return commands.hset(k, hashValues(values)).thenApply(x -> Status.OK);
    }
    Map<String, byte[]> fresh = FieldCodec.toBytes(values);
    if (settings.fieldCount() == 1 || values.size() >= settings.fieldCount()) {
      return commands.set(k, encodeRecord(fresh)).thenApply(x -> Status.OK);
    }
    // Some fields of a multi-field record: read, merge, write (two round trips, not atomic).
    return commands.get(k).thenCompose(old -> {
      if (old == null) {
        return CompletableFuture.completedFuture(Status.NOT_FOUND);
      }
      Map<String, byte[]> record = new HashMap<>(FieldCodec.decode(old));
      record.putAll(fresh);
      CompletionStage<Status> written = commands.set(k, encodeRecord(record)).thenApply(x -> Status.OK);
      flush(); // issued from a completion, after the engine's last flush
      return written;
    });
  }

  @Override
  public CompletionStage<Status> deleteAsync(String table, String key) {
    if (records != null) {
      return records.delete(key, index ? indexKeyText(table, key) : null);
    }
    byte[] k = bytes(key);
    if (lane != null) {
      byte[] indexKey = index ? indexKey(table, key) : null;
      return lane.hold(p -> {
        Response<Long> unindexed = indexKey == null ? null : p.zrem(indexKey, k);
        Response<Long> deleted = p.del(k);
        return () -> {
          if (unindexed != null) {
            unindexed.get();
          }
          return deleted.get() == 0 ? Status.NOT_FOUND : Status.OK;
        };
      });
    }
    return statuses(lettuceDelete(table, key, k));
  }

  private CompletionStage<Status> lettuceDelete(String table, String key, byte[] k) {
    if (index) {
      commands.zrem(indexKey(table, key), k);
    }
    return commands.del(k).thenApply(n -> n == 0 ? Status.NOT_FOUND : Status.OK);
  }

  /**
   * A Lettuce operation's stage with its failure as a status ({@link #error}), not an exception: a failure to reach
   * the server is then {@link io.github.ycsbkv.spi.Unavailable}, which the engine waits after (docs/faults.md).
   */
  private static CompletionStage<Status> statuses(CompletionStage<Status> stage) {
    return stage.exceptionally(e -> error(e instanceof RuntimeException r ? r : new CompletionException(e)));
  }

  // ---- asynchronous operations through this thread's Jedis pipeline: the same commands ----

  private CompletionStage<Status> laneRead(byte[] k, Set<String> fields, Map<String, ByteIterator> result) {
    if (!settings.hash()) {
      return lane.hold(p -> {
        Response<byte[]> value = p.get(k);
        return () -> fromString(value.get(), fields, result);
      });
    }
    if (fields == null) {
      return lane.hold(p -> {
        Response<Map<byte[], byte[]>> all = p.hgetAll(k);
        return () -> fromHash(all.get(), result);
      });
    }
    String[] order = fields.toArray(new String[0]);
    byte[][] wanted = new byte[order.length][];
    for (int i = 0; i < order.length; i++) {
      wanted[i] = name(order[i]);
    }
    return lane.hold(p -> {
      Response<List<byte[]>> values = p.hmget(k, wanted);
      return () -> {
        List<byte[]> v = values.get();
        boolean any = false;
        for (int i = 0; i < order.length; i++) {
          if (v.get(i) != null) {
            result.put(order[i], new ByteArrayByteIterator(v.get(i)));
            any = true;
          }
        }
        return any ? Status.OK : Status.NOT_FOUND;
      };
    });
  }

  private CompletionStage<Status> laneUpdate(byte[] k, Map<String, ByteIterator> values) {
    if (settings.hash()) {
      return lane.hold(p -> {
        Response<Long> written = p.hset(k, hashValues(values));
        return () -> {
          written.get();
          return Status.OK;
        };
      });
    }
    Map<String, byte[]> fresh = FieldCodec.toBytes(values);
    if (settings.fieldCount() > 1 && values.size() < settings.fieldCount()) {
      // Some fields of a multi-field record: read, merge, write, before this returns (the write needs the read).
      byte[][] old = new byte[1][];
      CompletionStage<Status> read = lane.hold(p -> {
        Response<byte[]> value = p.get(k);
        return () -> {
          old[0] = value.get();
          return Status.OK;
        };
      });
      lane.flush();
      Status status = read.toCompletableFuture().join();
      if (!status.isOk() || old[0] == null) {
        return CompletableFuture.completedFuture(status.isOk() ? Status.NOT_FOUND : status);
      }
      Map<String, byte[]> record = new HashMap<>(FieldCodec.decode(old[0]));
      record.putAll(fresh);
      fresh = record;
    }
    byte[] value = encodeRecord(fresh);
    return lane.hold(p -> {
      Response<String> written = p.set(k, value);
      return () -> {
        written.get();
        return Status.OK;
      };
    });
  }

  // ---- helpers ----

  /** An {@code HGETALL} reply into {@code result}; an empty one is a missing record. */
  private static Status fromHash(Map<byte[], byte[]> all, Map<String, ByteIterator> result) {
    if (all.isEmpty()) {
      return Status.NOT_FOUND;
    }
    all.forEach((f, v) -> result.put(new String(f, StandardCharsets.UTF_8), new ByteArrayByteIterator(v)));
    return Status.OK;
  }

  private Status fromString(byte[] value, Set<String> fields, Map<String, ByteIterator> result) {
    if (value == null) {
      return Status.NOT_FOUND;
    }
    Map<String, byte[]> record = FieldCodec.decodeRecord(value, settings.fieldCount(), settings.fieldPrefix());
    record.forEach((f, v) -> {
      if (fields == null || fields.contains(f)) {
        result.put(f, new ByteArrayByteIterator(v));
      }
    });
    return Status.OK;
  }

  private byte[] indexKey(String table, String key) {
    return bytes(indexKeyText(table, key));
  }

  /** The index shard's key of {@code key}: {@code hash(key) mod shards}. */
  private String indexKeyText(String table, String key) {
    return INDEX_PREFIX + table + ":" + Math.floorMod(key.hashCode(), shards);
  }

  private Map<byte[], byte[]> hashValues(Map<String, ByteIterator> values) {
    Map<byte[], byte[]> out = new HashMap<>(values.size() * 2);
    values.forEach((f, v) -> out.put(name(f), v.toArray()));
    return out;
  }

  /** Field names repeat on every operation: encode each once per thread. */
  private byte[] name(String field) {
    byte[] b = names.get(field);
    if (b == null) {
      b = bytes(field);
      names.put(field, b);
    }
    return b;
  }

  private byte[] encodeRecord(Map<String, byte[]> record) {
    return FieldCodec.encodeRecord(record, settings.fieldCount());
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  /** With pipelining, the event loop on which this thread's operations complete (see {@link AsyncOperations}). */
  @Override
  public java.util.concurrent.Executor completionExecutor() {
    return records != null ? records.lane().executor() : eventLoop;
  }

  /** Sends the commands this thread's batching connection holds; nothing without pipelining. */
  @Override
  public void flush() {
    if (records != null) {
      records.lane().flush();
      return;
    }
    if (lane != null) {
      lane.flush();
      return;
    }
    StatefulRedisConnection<byte[], byte[]> c = batching;
    if (c != null) {
      c.flushCommands();
    }
  }

  private Status await(CompletionStage<Status> stage) {
    flush();
    if (records != null) {
      return records.lane().await((io.github.ycsbkv.resp.RespCall) stage);
    }
    try {
      return stage.toCompletableFuture().join();
    } catch (CompletionException | io.lettuce.core.RedisException e) {
      return error(e);
    }
  }

  /**
   * ERROR with the cause's message; {@link io.github.ycsbkv.spi.Unavailable} when Lettuce could not reach the server
   * (a connection that failed, closed or timed out) or the server said it cannot serve now (LOADING, ...).
   */
  private static Status error(RuntimeException e) {
    Throwable cause = e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
    String message = cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
    boolean unreachable = cause instanceof io.lettuce.core.RedisConnectionException
        || cause instanceof io.lettuce.core.RedisCommandTimeoutException
        || cause instanceof java.io.IOException
        || (cause instanceof io.lettuce.core.RedisException && (message.startsWith("Connection closed")
            || message.startsWith("Connection disconnected") || message.startsWith("Currently not connected")))
        || io.github.ycsbkv.spi.Unavailable.isUnavailableReply(message);
    return unreachable ? new io.github.ycsbkv.spi.Unavailable(message) : new Status("ERROR", message);
  }
}
