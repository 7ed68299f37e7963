package io.github.ycsbkv.redis;

import io.github.ycsbkv.internal.resp.server.ReplicaReads;
import io.github.ycsbkv.internal.resp.server.RespProbe;
import site.ycsb.DBException;

/**
 * The RESP probe ({@link RespProbe}) of a standalone server, or of every primary of a Redis Cluster (the addresses
 * its map announces, through {@code redis.cluster.hostmap}), whose figures are added up. Owns one connection per
 * node; one thread at a time.
 */
final class RedisProbe extends RespProbe {

  private final RedisSettings settings;

  RedisProbe(RedisSettings settings, ReplicaReads reads) {
    super(settings.connection(), settings.cluster() ? settings::mapAddress : null, reads);
    this.settings = settings;
  }

  @Override
  protected DBException explain(RuntimeException e) {
    return RedisClients.explain(settings, e);
  }
}
