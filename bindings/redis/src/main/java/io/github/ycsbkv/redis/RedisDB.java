package io.github.ycsbkv.redis;

import io.github.ycsbkv.internal.resp.AsyncClient;
import io.github.ycsbkv.internal.resp.EngineBackend;
import io.github.ycsbkv.internal.resp.RespBackend;
import io.github.ycsbkv.internal.resp.RespDB;
import io.github.ycsbkv.internal.resp.ScanIndex;
import io.github.ycsbkv.internal.resp.jedis.JedisClients;
import io.github.ycsbkv.internal.resp.lane.RespLane;
import io.github.ycsbkv.internal.resp.wire.IndexWrite;
import io.github.ycsbkv.internal.resp.wire.RespException;
import io.github.ycsbkv.spi.InstancePlan;
import io.github.ycsbkv.spi.RenamedProperties;
import java.util.List;
import java.util.Properties;
import site.ycsb.DBException;

/**
 * YCSB binding for RESP servers (Redis, Valkey, KeyDB): a {@link RespDB} whose backend is the event-loop RESP
 * engine when the instance serves the engine's asynchronous operations on a standalone server (several clients
 * from one thread, shared connections, or {@code pipeline}; {@code redis.asyncclient=netty}, the default), and
 * blocking Jedis otherwise ({@link JedisBackend}: a client thread of its own on its own connection, the shared pool
 * of {@code redis.connections=pool}, or Jedis's cluster client, its asynchronous operations in Jedis pipelines).
 *
 * <p>Data model {@code hash} (default): a record is a hash; insert and update send all fields in one {@code HSET};
 * read uses {@code HGETALL}, or {@code HMGET} for some fields. Data model {@code string}: a record is one value
 * ({@code SET}/{@code GET}). A missing record is NOT_FOUND. The YCSB table name is not part of the key. Scans need
 * the scan index ({@link ScanIndex}), changed with its record in one {@code MULTI}/{@code EXEC} on a standalone
 * server and spread over {@code redis.scanindex.shards} keys in different slots on a cluster.
 *
 * <p>Depends on YCSB, Jedis and interfaces of {@code ycsb-kv-core}, not on the engine, so it also runs inside
 * upstream's {@code site.ycsb.Client} with its jars on the class path. One instance per client thread.
 */
public class RedisDB extends RespDB<RedisSettings> implements RenamedProperties {

  /**
   * Public no-arg constructor, as YCSB requires. The scan index's cost was measured on Redis 7.0
   * (docs/bindings/redis.md).
   */
  public RedisDB() {
    super(RedisSettings::from, "about 125 bytes per record on the server and 30-45% fewer inserts per second,"
        + " measured on Redis 7.0");
  }

  @Override
  protected String binding(java.util.Properties p) {
    return RedisSettings.BINDING;
  }

  @Override
  protected RespBackend open(boolean first) throws DBException {
    RedisSettings settings = settings();
    InstancePlan plan = plan();
    int connections = plan.connections();
    // A cluster through the RESP engine unless redis.asyncclient=jedis (Jedis's cluster client, a thread per client).
    if (settings.cluster() && settings.asyncClient() != AsyncClient.JEDIS) {
      try {
        return EngineBackend.open(settings.connection(), settings.format(), connections, settings.indexWrite(),
            EngineBackend.transport(getProperties(), plan), plan.maxInFlight(),
            new RespLane.Cluster(settings.connection(), settings::mapAddress), reads());
      } catch (RespException e) {
        throw RedisClients.explain(settings, e);
      }
    }
    if (!settings.threadConnections()) {
      refuseAfterOnJedis(settings, plan);
      return JedisBackend.shared(settings);
    }
    if (first) {
      JedisClients.check(settings.connection());
    }
    if (settings.asyncClient() == AsyncClient.NETTY && (plan.servesAsync() || reads().offPrimary())) {
      try {
        return EngineBackend.open(settings.connection(), settings.format(), connections, settings.indexWrite(),
            EngineBackend.transport(getProperties(), plan), plan.maxInFlight(), null, reads(), connectionsAtStart());
      } catch (RespException e) {
        throw RedisClients.explain(settings, e);
      }
    }
    refuseAfterOnJedis(settings, plan);
    return JedisBackend.own(settings, connections);
  }

  /**
   * {@code redis.scanindex.write=after} waits for the record's reply: the RESP engine and Jedis's blocking calls do,
   * Jedis's pipelines (the asynchronous operations with {@code redis.asyncclient=jedis} or a pool) cannot.
   */
  private static void refuseAfterOnJedis(RedisSettings s, InstancePlan plan) throws DBException {
    if (s.indexWrite() == IndexWrite.AFTER && !s.cluster() && plan.servesAsync()) {
      throw new DBException("redis.scanindex.write=after is not sent through Jedis pipelines"
          + " (redis.asyncclient=jedis or redis.connections=pool, with clients served by few threads): drop those,"
          + " or use redis.scanindex.write=multi or pipelined");
    }
  }

  @Override
  protected int indexShards() {
    return settings().indexShards();
  }

  /**
   * A cluster's operations in flight go through Jedis's cluster pipeline, which is slow to share (3,584 against
   * 40,558 ops/s for 8 clients of readheavy on a local 3 x 2 cluster, docs/faults.md) and does not come through a
   * failover: each client of a cluster gets a thread of its own (and Jedis's cluster client, which follows the
   * replica's promotion) unless drivers=D asks otherwise.
   */
  @Override
  public String sharedThreadsDeclined() {
    RedisSettings s = peek(getProperties());
    return s != null && s.cluster() && s.asyncClient() == AsyncClient.JEDIS ? "redis.cluster=true with"
        + " redis.asyncclient=jedis: a thread per client on Jedis's cluster client, which follows a failover (its"
        + " cluster pipeline does not, and is slower)" : super.sharedThreadsDeclined();
  }

  /** The RESP engine serves a cluster unless redis.asyncclient=jedis, and a standalone server on its default client. */
  @Override
  protected boolean asyncOnEngine(java.util.Properties p) {
    RedisSettings s = peek(p);
    return s != null && (s.cluster() ? s.asyncClient() != AsyncClient.JEDIS
        : s.asyncClient() == AsyncClient.NETTY && s.threadConnections());
  }

  /**
   * The settings, read as {@code init()} will read them, for what the engine asks before it (the threads, the load
   * shape); null where they do not parse, which {@code init()} then says.
   */
  private static RedisSettings peek(Properties p) {
    try {
      return RedisSettings.from(p);
    } catch (DBException | RuntimeException e) {
      return null;
    }
  }

  /**
   * Connections as the engine says (a connection per client, N shared, or a connection per client thread with
   * {@code pipeline}); a cluster, or {@code redis.connections=pool}, makes no claim (per-node pools).
   */
  @Override
  public Model connectionModel() {
    RedisSettings s = peek(getProperties());
    if (s == null || s.pooled()) {
      return null;
    }
    // A cluster through the RESP engine follows it; through Jedis's cluster client (asyncclient=jedis) it does not.
    return !s.cluster() || s.asyncClient() != AsyncClient.JEDIS ? Model.FOLLOWS_ENGINE : null;
  }

  /**
   * {@code redis.connections} of earlier releases, read for this release: {@code thread} is today's default
   * ({@code connections=client}), {@code pool} still shares a pool of {@code redis.poolsize} connections.
   */
  @Override
  public List<String> renameProperties(Properties p) {
    String v = RenamedProperties.oldValue(p, "redis.connections");
    if (v == null) {
      return List.of();
    }
    if (v.equals("thread")) {
      return List.of("redis.connections=thread is replaced by -p connections=client, the default now; the old name"
          + " is read for this release only");
    }
    if (v.equals("pool")) {
      return List.of("redis.connections=pool (the clients take turns on a pool of redis.poolsize connections) is"
          + " read for this release only; -p connections=N shares N connections between the clients");
    }
    return List.of();
  }
}
