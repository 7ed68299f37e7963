package io.github.ycsbkv.redis;

import io.github.ycsbkv.internal.resp.SharedClients;
import io.github.ycsbkv.internal.resp.jedis.JedisClients;
import io.github.ycsbkv.internal.resp.wire.RespConnection;
import io.github.ycsbkv.internal.resp.wire.RespErrors;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;
import org.apache.commons.pool2.impl.GenericObjectPoolConfig;
import redis.clients.jedis.Connection;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.JedisClientConfig;
import redis.clients.jedis.RedisClient;
import redis.clients.jedis.RedisClusterClient;
import redis.clients.jedis.UnifiedJedis;
import site.ycsb.DBException;

/**
 * The Jedis clients this process shares between client threads, one per distinct configuration: the pool of
 * {@code redis.connections=pool} and a Redis Cluster's client (a pool per node). {@link #acquire} creates the
 * client on first use and checks that the server answers; {@link #release} closes it when the last user lets go.
 * Releasing more often than acquiring is harmless. Thread-safe (one lock, taken only at init and cleanup).
 */
final class RedisClients {

  private static final SharedClients<UnifiedJedis> CLIENTS = new SharedClients<>(RedisClients::closeQuietly);

  private RedisClients() {}

  /** The shared client of {@code s}, created and checked (PING) by the first caller. */
  static UnifiedJedis acquire(RedisSettings s) throws DBException {
    return CLIENTS.acquire(s.clientKey(), () -> {
      if (!s.cluster()) {
        JedisClients.check(s.connection());
      }
      UnifiedJedis client = create(s);
      try {
        client.ping();
      } catch (RuntimeException e) {
        closeQuietly(client);
        throw explain(s, e);
      }
      return client;
    });
  }

  static void release(RedisSettings s) {
    CLIENTS.release(s.clientKey());
  }

  /** A client config for these settings, with a cluster's host mapping (also used by the probe). */
  static JedisClientConfig config(RedisSettings s) throws DBException {
    DefaultJedisClientConfig.Builder b = JedisClients.builder(s.connection());
    if (!s.hostMap().isEmpty()) {
      b.hostAndPortMapper(hap -> {
        RespConnection.Endpoint to = s.hostMap().get(new RespConnection.Endpoint(hap.getHost(), hap.getPort()));
        return to == null ? hap : new HostAndPort(to.host(), to.port());
      });
    }
    return b.build();
  }

  /** The seed nodes of a cluster. */
  static Set<HostAndPort> seeds(RedisSettings s) {
    Set<HostAndPort> nodes = new LinkedHashSet<>();
    for (RespConnection.Endpoint e : s.connection().endpoints()) {
      nodes.add(new HostAndPort(e.host(), e.port()));
    }
    return nodes;
  }

  private static UnifiedJedis create(RedisSettings s) throws DBException {
    GenericObjectPoolConfig<Connection> pool = new GenericObjectPoolConfig<>();
    pool.setMaxTotal(s.poolSize());
    pool.setMaxIdle(s.poolSize());
    pool.setMinIdle(0);
    pool.setBlockWhenExhausted(true);
    // A thread that finds every connection in use waits at most redis.timeout, then fails the operation.
    pool.setMaxWait(java.time.Duration.ofMillis(s.connection().timeoutMillis()));
    pool.setJmxEnabled(false);
    JedisClientConfig config = config(s);
    try {
      if (s.cluster()) {
        return RedisClusterClient.builder().nodes(seeds(s)).clientConfig(config).poolConfig(pool).build();
      }
      RespConnection.Endpoint e = s.connection().endpoint();
      return RedisClient.builder().hostAndPort(e.host(), e.port()).clientConfig(config).poolConfig(pool).build();
    } catch (RuntimeException e) {
      throw explain(s, e);
    }
  }

  /** One line that says what is wrong and what to do ({@link RespErrors#explain}, with a cluster's own case). */
  static DBException explain(RedisSettings s, RuntimeException e) {
    DBException explained = RespErrors.explain(s.connection(), s.where(), e);
    if (s.cluster() && explained.getMessage().startsWith("cannot talk to ")
        && String.valueOf(e.getMessage()).toLowerCase(Locale.ROOT).contains("cluster")) {
      return new DBException("no Redis Cluster node answered at " + s.where() + ": " + e.getMessage()
          + "; check redis.host and that the nodes run with cluster-enabled yes");
    }
    return explained;
  }

  private static void closeQuietly(UnifiedJedis client) {
    try {
      client.close();
    } catch (RuntimeException ignored) {
      // Closing is best effort; the process is done with this client.
    }
  }
}
