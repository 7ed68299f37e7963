package io.github.ycsbkv.redis;

import io.github.ycsbkv.internal.resp.RespProbe;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import redis.clients.jedis.Connection;
import redis.clients.jedis.ConnectionPool;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.RedisClusterClient;
import site.ycsb.DBException;

/**
 * The RESP probe ({@link RespProbe}) of a standalone server, or of every primary of a Redis Cluster, whose figures
 * are added up (a cluster's load counters are not read: its nodes split the load). Owns one connection per node;
 * one thread at a time.
 */
final class RedisProbe extends RespProbe {

  private final RedisSettings settings;
  private RedisClusterClient cluster;

  RedisProbe(RedisSettings settings) {
    super(settings.connection());
    this.settings = settings;
  }

  @Override
  protected List<Node> connectNodes() throws DBException {
    if (!settings.cluster()) {
      return super.connectNodes();
    }
    cluster = RedisClusterClient.builder().nodes(RedisClients.seeds(settings))
        .clientConfig(RedisClients.config(settings)).build();
    List<Node> primaries = new ArrayList<>();
    for (Map.Entry<String, ConnectionPool> node : cluster.getClusterNodes().entrySet()) {
      Connection c = node.getValue().getResource();
      Jedis j = new Jedis(c);
      if (j.info("replication").contains("role:master")) {
        primaries.add(new Node(j::info, j::configGet, j::close));
      } else {
        j.close();
      }
    }
    return primaries;
  }

  @Override
  protected boolean countsLoad() {
    return !settings.cluster();
  }

  @Override
  protected DBException explain(RuntimeException e) {
    return RedisClients.explain(settings, e);
  }

  @Override
  public void close() {
    super.close();
    if (cluster != null) {
      cluster.close();
      cluster = null;
    }
  }
}
