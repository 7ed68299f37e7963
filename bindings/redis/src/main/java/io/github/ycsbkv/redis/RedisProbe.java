package io.github.ycsbkv.redis;

import io.github.ycsbkv.codec.RespInfo;
import io.github.ycsbkv.spi.ServerProbe;
import io.github.ycsbkv.spi.ServerSample;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import redis.clients.jedis.Connection;
import redis.clients.jedis.ConnectionPool;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.RedisClient;
import redis.clients.jedis.RedisClusterClient;
import redis.clients.jedis.exceptions.JedisException;
import site.ycsb.DBException;

/**
 * Reads a RESP server's own figures: {@code INFO server} (name, version, threads),
 * {@code INFO memory} ({@code used_memory}, {@code used_memory_rss}) and {@code INFO keyspace}
 * (keys over every database). On a cluster, the figures of every master are added up.
 * Owns one connection per node; one thread at a time.
 */
final class RedisProbe implements ServerProbe {

  static final String MEMORY_SOURCE = "INFO memory used_memory / used_memory_rss";

  /** One server to read from: either Jedis client class, behind the two commands the probe sends. */
  private record Node(java.util.function.Function<String, String> infoCommand,
      java.util.function.Function<String, Map<String, String>> configCommand, Runnable closer) {

    String info(String section) {
      return infoCommand.apply(section);
    }

    Map<String, String> configGet(String name) {
      return configCommand.apply(name);
    }

    void close() {
      closer.run();
    }
  }

  static final String LOAD_SOURCE = "INFO clients connected_clients / INFO stats total_commands_processed";

  /** Whether the server's {@code INFO cpu} total is read: null until the first {@link #load()} asked which server. */
  private Boolean cpuCounted;

  private final RedisSettings settings;
  private final List<Node> nodes = new ArrayList<>();
  /** Commands this probe has sent, so that its own can be left out of the server's count. */
  private long sent;
  private RedisClusterClient cluster;

  RedisProbe(RedisSettings settings) {
    this.settings = settings;
  }

  @Override
  public ServerSample sample() throws DBException {
    try {
      connect();
      String server = null;
      String version = null;
      long keys = 0;
      long used = 0;
      long rss = 0;
      Map<String, String> settingsOut = new LinkedHashMap<>();
      for (Node node : nodes) {
        Map<String, String> info = RespInfo.parse(info(node, "server") + "\n" + info(node, "memory") + "\n"
            + info(node, "keyspace") + "\n" + info(node, "persistence"));
        if (server == null) {
          server = RespInfo.serverName(info);
          version = RespInfo.version(info);
          threads(node, info, settingsOut);
        }
        used += Long.parseLong(info.getOrDefault("used_memory", "0"));
        rss += Long.parseLong(info.getOrDefault("used_memory_rss", "0"));
        keys += RespInfo.keyCount(info);
      }
      return new ServerSample(Instant.now(), server, version, nodes.size(), keys, used, rss, MEMORY_SOURCE,
          settingsOut);
    } catch (JedisException e) {
      throw RedisClients.explain(settings, e);
    }
  }

  /**
   * {@code INFO clients}, {@code INFO stats} and {@code INFO cpu} of a standalone server; null on a cluster. The
   * commands counter leaves out every command this probe sent (the server counts each after or, Dragonfly, while
   * answering it: a constant either way, which the engine's differences cancel). The CPU time is Redis's, Valkey's
   * and KeyDB's process total ({@code getrusage}); not Dragonfly's, whose total goes backwards under load (see the
   * dragonfly binding's probe).
   */
  @Override
  public io.github.ycsbkv.spi.ServerLoad load() throws DBException {
    if (settings.cluster()) {
      return null;
    }
    try {
      connect();
      Node node = nodes.get(0);
      if (cpuCounted == null) {
        cpuCounted = !"dragonfly".equals(RespInfo.serverName(RespInfo.parse(info(node, "server"))));
      }
      // INFO stats last: its counter then includes every command this probe sent but itself.
      String before = info(node, "clients") + "\n" + (cpuCounted ? info(node, "cpu") + "\n" : "");
      Map<String, String> info = RespInfo.parse(before + info(node, "stats"));
      int connections = Integer.parseInt(info.getOrDefault("connected_clients", "-1").trim());
      long commands = Long.parseLong(info.getOrDefault("total_commands_processed", "-1").trim());
      return new io.github.ycsbkv.spi.ServerLoad(connections, commands < 0 ? -1 : commands - (sent - 1),
          cpuCounted ? LOAD_SOURCE + " / " + RespInfo.CPU_SOURCE : LOAD_SOURCE, 1,
          cpuCounted ? RespInfo.cpuMicros(info) : -1);
    } catch (JedisException e) {
      throw RedisClients.explain(settings, e);
    }
  }

  private String info(Node node, String section) {
    sent++;
    return node.info(section);
  }

  private void connect() throws DBException {
    if (!nodes.isEmpty()) {
      return;
    }
    if (!settings.cluster()) {
      // The binding's own client class and configuration, so that the probe connects (protocol, AUTH or
      // HELLO) exactly as the benchmark's connections do.
      RedisSettings.Endpoint e = settings.endpoints().get(0);
      RedisClient client = RedisClient.builder().hostAndPort(e.host(), e.port())
          .clientConfig(RedisClients.config(settings)).build();
      nodes.add(new Node(client::info, client::configGet, client::close));
      return;
    }
    List<HostAndPort> seeds = new ArrayList<>();
    for (RedisSettings.Endpoint e : settings.endpoints()) {
      seeds.add(new HostAndPort(e.host(), e.port()));
    }
    cluster = RedisClusterClient.builder().nodes(new java.util.LinkedHashSet<>(seeds))
        .clientConfig(RedisClients.config(settings)).build();
    for (Map.Entry<String, ConnectionPool> node : cluster.getClusterNodes().entrySet()) {
      Connection c = node.getValue().getResource();
      Jedis j = new Jedis(c);
      if (j.info("replication").contains("role:master")) {
        nodes.add(new Node(j::info, j::configGet, j::close));
      } else {
        j.close();
      }
    }
  }

  private void threads(Node node, Map<String, String> info, Map<String, String> out) {
    out.put("mode", info.getOrDefault("redis_mode", info.getOrDefault("server_mode", "unknown")));
    for (String name : List.of("io-threads", "io-threads-do-reads", "server-threads", "save", "appendonly",
        "maxmemory")) {
      try {
        sent++;
        String value = node.configGet(name).get(name);
        if (value != null) {
          out.put(name, value);
        }
      } catch (JedisException e) {
        // CONFIG may be renamed or forbidden by ACL: the setting stays unknown.
      }
    }
  }

  @Override
  public void close() {
    for (Node n : nodes) {
      try {
        n.close();
      } catch (RuntimeException ignored) {
        // best effort
      }
    }
    nodes.clear();
    if (cluster != null) {
      cluster.close();
      cluster = null;
    }
  }
}
