package io.github.ycsbkv.redis;

import io.github.ycsbkv.internal.resp.RespBinding;
import io.github.ycsbkv.internal.resp.server.ReplicaReads;
import io.github.ycsbkv.internal.resp.wire.IndexWrite;
import io.github.ycsbkv.spi.PropertyDoc;
import io.github.ycsbkv.spi.ServerProbe;
import java.util.List;
import java.util.Properties;
import site.ycsb.DBException;

/**
 * Registers {@link RedisDB} as {@code redis}, {@code valkey} and {@code keydb} (one binding: the three servers speak
 * the same protocol) and documents its properties. Immutable.
 */
public final class RedisBinding extends RespBinding {

  private static final List<PropertyDoc> OWN = List.of(
      new PropertyDoc("redis.asyncclient", "netty", "Client of the asynchronous operations (pipeline, clients served"
          + " by few threads) on a standalone server: netty (the event-loop RESP engine) or jedis (Jedis pipelines)."),
      new PropertyDoc("redis.cluster", "false", "Talk to a Redis Cluster through the RESP engine: a connection per client"
          + " to every primary, each request to its key's node, MOVED and ASK followed (redis.asyncclient=jedis: Jedis's"
          + " cluster client, a thread per client)."),
      new PropertyDoc("redis.cluster.hostmap", null,
          "announced:port=reachable:port,... for nodes that announce addresses the client cannot reach (NAT,"
              + " containers)."),
      new PropertyDoc("redis.scanindex.shards", "1 (16 with redis.cluster)",
          "Index keys the index is spread over, so that no single slot takes every insert."),
      new PropertyDoc("redis." + IndexWrite.SUFFIX, IndexWrite.MULTI.id(), IndexWrite.doc(IndexWrite.MULTI)),
      new PropertyDoc("redis.connections", null, "Replaced by the engine's connections (read for this release only,"
          + " with a line saying so): thread is connections=client; pool: the client threads share a pool of"
          + " redis.poolsize connections, borrowed per command."),
      new PropertyDoc("redis.poolsize", "threadcount", "Connections in the shared pool (redis.connections=pool);"
          + " defaults to the thread count."));

  public RedisBinding() {
    super(List.of("redis", "valkey", "keydb"), "io.github.ycsbkv.redis.RedisDB",
        "Redis, Valkey and KeyDB (standalone, cluster, TLS, ACL): the RESP engine, or Jedis; docs/bindings/redis.md",
        concat(connectionProperties("redis", "Server host, or host:port; with redis.cluster=true a comma-separated"
            + " list of seed nodes."), OWN, engineProperties()));
  }

  @Override
  public ServerProbe probe(Properties props) {
    try {
      return new RedisProbe(RedisSettings.from(props), ReplicaReads.from(props));
    } catch (DBException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
  }

  /** {@code redis.cluster=true}, as the settings read it; settings that do not parse are init's to refuse. */
  @Override
  public boolean cluster(Properties props) {
    try {
      return RedisSettings.from(props).cluster();
    } catch (DBException | RuntimeException e) {
      return false;
    }
  }
}
