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
    if (settings.cluster() && engineOnCluster(getProperties())) {
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
            EngineBackend.transport(getProperties(), plan), plan.maxInFlight(), null, reads());
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
    return cluster(getProperties()) && jedisAsync(getProperties()) ? "redis.cluster=true with"
        + " redis.asyncclient=jedis: a thread per client on Jedis's cluster client, which follows a failover (its"
        + " cluster pipeline does not, and is slower)" : super.sharedThreadsDeclined();
  }

  /**
   * Whether a cluster run talks through the RESP engine: unless {@code redis.asyncclient=jedis} (Jedis's cluster
   * client then, a thread per client).
   */
  private static boolean engineOnCluster(Properties p) {
    return !jedisAsync(p);
  }

  private static boolean jedisAsync(Properties p) {
    return "jedis".equalsIgnoreCase(p.getProperty("redis.asyncclient", "netty").trim());
  }

  /**
   * Connections as the engine says (a connection per client, N shared, or a connection per client thread with
   * {@code pipeline}); a cluster, or {@code redis.connections=pool}, makes no claim (per-node pools).
   */
  @Override
  public Model connectionModel() {
    Properties p = getProperties();
    boolean pool = "pool".equalsIgnoreCase(p.getProperty("redis.connections", "").trim());
    if (pool) {
      return null;
    }
    return !cluster(p) || engineOnCluster(p) ? Model.FOLLOWS_ENGINE : null;
  }

  private static boolean cluster(Properties p) {
    return "true".equalsIgnoreCase(p.getProperty("redis.cluster", "false").trim());
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
