package io.github.ycsbkv.redis;

import io.github.ycsbkv.spi.Binding;
import io.github.ycsbkv.spi.PropertyDoc;
import io.github.ycsbkv.spi.ServerProbe;
import java.util.List;
import java.util.Properties;
import site.ycsb.DBException;

/**
 * Registers {@link RedisDB} as {@code redis}, {@code valkey} and {@code keydb} (one binding: the
 * three servers speak the same protocol) and documents its properties. Immutable.
 */
public final class RedisBinding implements Binding {

  private static final List<PropertyDoc> PROPERTIES = List.of(
      new PropertyDoc("redis.host", RedisSettings.DEFAULT_HOST,
          "Server host, or host:port; with redis.cluster=true a comma-separated list of seed nodes."),
      new PropertyDoc("redis.port", Integer.toString(RedisSettings.DEFAULT_PORT), "Server port."),
      new PropertyDoc("redis.uri", null,
          "redis://[user:password@]host:port[/db] or rediss:// for TLS; redis.* properties win over its parts."),
      new PropertyDoc("redis.user", "default", "ACL user name."),
      new PropertyDoc("redis.password", null, "Password (of the ACL user, or requirepass); never printed."),
      new PropertyDoc("redis.db", "0", "Database number (standalone only)."),
      new PropertyDoc("redis.timeout", Integer.toString(RedisSettings.DEFAULT_TIMEOUT_MILLIS),
          "Connect and socket timeout, in milliseconds."),
      new PropertyDoc("connections", "client", "Engine property: client (one connection per closed-loop client, one"
          + " request in flight on it, as upstream YCSB's binding and memtier_benchmark -c, whatever threads serve"
          + " the clients) or N (the clients share N connections, their requests pipelined on them). Standalone"
          + " servers; a cluster keeps Jedis's pool per node."),
      new PropertyDoc("redis.connections", null, "Replaced by the engine's connections (read for this release only,"
          + " with a line saying so): thread is connections=client; pool: the client threads share a pool of"
          + " redis.poolsize connections, borrowed per command."),
      new PropertyDoc("redis.poolsize", "threadcount", "Connections in the shared pool (redis.connections=pool);"
          + " defaults to the thread count."),
      new PropertyDoc("redis.asyncclient", "netty", "Client of the asynchronous operations (pipeline, clients served"
          + " by few threads) on a standalone server: netty (the event-loop RESP engine) or jedis (Jedis pipelines)."),
      new PropertyDoc("resp.transport", "auto", "The RESP engine's I/O: auto (io_uring, else epoll, else NIO),"
          + " io_uring, epoll or nio."),
      new PropertyDoc("redis.cluster", "false", "Talk to a Redis Cluster through Jedis's cluster client."),
      new PropertyDoc("redis.cluster.hostmap", null,
          "announced:port=reachable:port,... for nodes that announce addresses the client cannot reach (NAT,"
              + " containers)."),
      new PropertyDoc("redis.tls", "false", "Use TLS (implied by rediss://)."),
      new PropertyDoc("redis.tls.cafile", null, "PEM file of the CA(s) to trust, instead of the JVM's."),
      new PropertyDoc("redis.tls.truststore", null, "PKCS12 (or .jks) trust store, instead of the JVM's."),
      new PropertyDoc("redis.tls.truststore.password", null, "Password of redis.tls.truststore."),
      new PropertyDoc("redis.tls.insecure", "false",
          "Trust any server certificate and skip host name checks: self-signed test servers only."),
      new PropertyDoc("redis.datatype", "hash",
          "hash: one hash per record (HSET/HGETALL/HMGET); string: one value per record (SET/GET), the raw"
              + " field when fieldcount=1."),
      new PropertyDoc("redis.scanindex", "on",
          "Keep a key-ordered index for scans: on (every insert, as upstream), off (scans return"
              + " NOT_IMPLEMENTED), auto (only if this workload scans: scanproportion > 0 or ts.readspan > 1)."),
      new PropertyDoc("redis.scanindex.shards", "1 (16 with redis.cluster)",
          "Index keys the index is spread over, so that no single slot takes every insert."));

  @Override
  public List<String> names() {
    return List.of("redis", "valkey", "keydb");
  }

  @Override
  public String dbClassName() {
    return "io.github.ycsbkv.redis.RedisDB";
  }

  @Override
  public String description() {
    return "Redis, Valkey and KeyDB over Jedis (standalone, cluster, TLS, ACL); docs/bindings/redis.md";
  }

  @Override
  public List<PropertyDoc> properties() {
    return PROPERTIES;
  }

  @Override
  public ServerProbe probe(Properties props) {
    try {
      return new RedisProbe(RedisSettings.from(props));
    } catch (DBException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
  }
}
