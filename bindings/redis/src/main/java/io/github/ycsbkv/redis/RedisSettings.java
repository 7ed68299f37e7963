package io.github.ycsbkv.redis;

import io.github.ycsbkv.config.BindingProperties;
import io.github.ycsbkv.internal.resp.AsyncClient;
import io.github.ycsbkv.internal.resp.RespSettings;
import io.github.ycsbkv.internal.resp.ScanIndex;
import io.github.ycsbkv.internal.resp.wire.IndexWrite;
import io.github.ycsbkv.internal.resp.wire.RecordFormat;
import io.github.ycsbkv.internal.resp.wire.RespConnection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import site.ycsb.DBException;

/**
 * The redis binding's configuration, read from the benchmark properties: where and how it connects
 * ({@link RespConnection}: {@code redis.uri}, {@code redis.host}, ...), a cluster and its host mapping, how records
 * are stored ({@link RecordFormat}), the scan index, the shared pool of the pool mode, and which client serves the
 * asynchronous operations. Every property and default is listed in {@link RedisBinding#properties()} and
 * {@code docs/bindings/redis.md}. Immutable; {@link #toString()} masks the password.
 *
 * @param hostMap announced cluster addresses and the addresses that reach them ({@code redis.cluster.hostmap})
 * @param indexShards the sorted sets the scan index is spread over
 * @param indexWrite how an insert writes a record and its index entry ({@code redis.scanindex.write})
 * @param poolSize connections of the shared pool ({@code redis.poolsize}; the pool mode and a cluster)
 * @param pooled whether the client threads share a pool ({@code redis.connections=pool}) instead of a connection each
 */
record RedisSettings(RespConnection connection, boolean cluster, Map<RespConnection.Endpoint, RespConnection.Endpoint>
    hostMap, RecordFormat format, ScanIndex scanIndex, int indexShards, IndexWrite indexWrite, int poolSize,
    boolean pooled, AsyncClient asyncClient) implements RespSettings {

  static final String BINDING = "redis";
  static final int DEFAULT_CLUSTER_INDEX_SHARDS = 16;

  static RedisSettings from(Properties p) throws DBException {
    RespConnection connection = RespConnection.parse(p, BINDING);
    boolean cluster = BindingProperties.bool(p, "redis.cluster", false);
    if (!cluster && connection.endpoints().size() > 1) {
      throw new DBException("redis.host lists " + connection.endpoints().size() + " servers; set redis.cluster=true"
          + " for a cluster, or give one host");
    }
    if (cluster && connection.database() != 0) {
      throw new DBException("redis.db must be 0 with redis.cluster=true (Redis Cluster has one database)");
    }
    String connections = p.getProperty("redis.connections", "thread").trim();
    if (!connections.equals("thread") && !connections.equals("pool")) {
      throw new DBException("redis.connections must be thread or pool, got '" + connections + "'");
    }
    int threads = BindingProperties.integer(p, "threadcount", 1, 1);
    return new RedisSettings(connection, cluster, hostMap(p), RecordFormat.parse(p, BINDING),
        ScanIndex.from(p, "redis.scanindex"),
        BindingProperties.integer(p, "redis.scanindex.shards", cluster ? DEFAULT_CLUSTER_INDEX_SHARDS : 1, 1),
        IndexWrite.parse(p, BINDING, IndexWrite.MULTI), BindingProperties.integer(p, "redis.poolsize", threads, 1),
        connections.equals("pool"),
        AsyncClient.parse(p, "redis.asyncclient", AsyncClient.NETTY, AsyncClient.JEDIS));
  }

  /** {@code redis.cluster.hostmap}: {@code announced:port=reachable:port} pairs. */
  private static Map<RespConnection.Endpoint, RespConnection.Endpoint> hostMap(Properties p) throws DBException {
    Map<RespConnection.Endpoint, RespConnection.Endpoint> hostMap = new LinkedHashMap<>();
    for (String pair : p.getProperty("redis.cluster.hostmap", "").split(",")) {
      if (pair.isBlank()) {
        continue;
      }
      int eq = pair.indexOf('=');
      if (eq < 0) {
        throw new DBException("redis.cluster.hostmap expects announced:port=reachable:port pairs, got '" + pair + "'");
      }
      hostMap.put(RespConnection.endpoint(pair.substring(0, eq).trim(), -1, "redis.cluster.hostmap"),
          RespConnection.endpoint(pair.substring(eq + 1).trim(), -1, "redis.cluster.hostmap"));
    }
    return Map.copyOf(hostMap);
  }

  /**
   * The address to connect to for a cluster node announced as {@code address} ({@code host:port}):
   * {@code redis.cluster.hostmap}'s, or the address itself.
   */
  @Override
  public String mapAddress(String address) {
    if (hostMap.isEmpty()) {
      return address;
    }
    int colon = address.lastIndexOf(':');
    try {
      RespConnection.Endpoint to = hostMap.get(new RespConnection.Endpoint(address.substring(0, colon),
          Integer.parseInt(address.substring(colon + 1))));
      return to == null ? address : to.toString();
    } catch (RuntimeException e) {
      return address;
    }
  }

  /**
   * Whether each client thread has a connection of its own (redis.connections=thread, the default; standalone
   * only: Jedis's cluster client keeps a pool per node).
   */
  boolean threadConnections() {
    return !pooled && !cluster;
  }

  @Override
  public String clientKey() {
    return connection.key() + "|" + cluster + "|" + hostMap + "|" + poolSize + "|" + pooled;
  }

  /** The server, or a cluster's seeds, for messages. */
  @Override
  public String where() {
    return cluster ? "Redis Cluster seeds " + connection.endpoints() : connection.where();
  }

  @Override
  public String toString() {
    return "RedisSettings[" + where() + ", user=" + connection.user() + ", password="
        + (connection.password() == null ? "none" : "*****") + ", db=" + connection.database() + ", tls="
        + connection.tls().enabled() + ", datatype=" + format.model() + ", pool=" + poolSize + ", connections="
        + (threadConnections() ? "thread" : "pool") + "]";
  }
}
