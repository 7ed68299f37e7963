package io.github.ycsbkv.dragonfly;

import io.github.ycsbkv.codec.RespInfo;
import io.github.ycsbkv.spi.ServerProbe;
import io.github.ycsbkv.spi.ServerSample;
import io.github.ycsbkv.redis.JedisLane;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import site.ycsb.DBException;

/**
 * Reads Dragonfly's own figures from {@code INFO}: {@code dragonfly_version}, {@code thread_count}
 * (its proactor threads, one shard each), {@code used_memory}, {@code used_memory_rss} and the
 * keyspace. Works with any RESP server (then the server name says which). Owns one connection; one
 * thread at a time.
 */
final class DragonflyProbe implements ServerProbe {

  static final String MEMORY_SOURCE = "INFO memory used_memory / used_memory_rss";

  private final DragonflySettings settings;
  /**
   * Jedis, as the binding's blocking lanes: starting Lettuce (its event loops, proxies and their JIT) cost a
   * short run more CPU than its operations did.
   */
  private JedisLane.InfoConnection connection;

  DragonflyProbe(DragonflySettings settings) {
    this.settings = settings;
  }

  /** Commands this probe has sent, so that its own can be left out of the server's count. */
  private long sent;

  private void connect() throws DBException {
    if (connection == null) {
      connection = JedisLane.infoConnection(settings.laneProperties());
    }
  }

  private String info(String section) {
    sent++;
    return connection.info(section);
  }

  /**
   * {@code INFO clients} and {@code INFO stats}: connected clients, and commands processed less the probe's
   * own (Dragonfly counts a command while answering it, Redis after: a constant either way). No CPU time: under load
   * Dragonfly 1.40's {@code INFO cpu} total goes backwards now and then, by up to 0.9 s (read every 20 ms while
   * redis-benchmark ran, against the process's own {@code /proc} figure, which did not), so a phase's difference of
   * it is no measurement.
   */
  @Override
  public io.github.ycsbkv.spi.ServerLoad load() throws DBException {
    try {
      connect();
      Map<String, String> info = RespInfo.parse(info("clients") + "\n" + info("stats"));
      int connections = Integer.parseInt(info.getOrDefault("connected_clients", "-1").trim());
      long commands = Long.parseLong(info.getOrDefault("total_commands_processed", "-1").trim());
      return new io.github.ycsbkv.spi.ServerLoad(connections, commands < 0 ? -1 : commands - (sent - 1),
          "INFO clients connected_clients / INFO stats total_commands_processed", 1);
    } catch (RuntimeException e) {
      close();
      throw DragonflyClients.explain(settings, e);
    }
  }

  @Override
  public ServerSample sample() throws DBException {
    try {
      connect();
      Map<String, String> info = RespInfo.parse(info("server") + "\n" + info("memory") + "\n" + info("keyspace"));
      Map<String, String> threads = new LinkedHashMap<>();
      threads.put("mode", info.getOrDefault("redis_mode", "unknown"));
      if (info.containsKey("thread_count")) {
        threads.put("thread_count", info.get("thread_count"));
      }
      return new ServerSample(Instant.now(), RespInfo.serverName(info), RespInfo.version(info), 1,
          RespInfo.keyCount(info), Long.parseLong(info.getOrDefault("used_memory", "-1")),
          Long.parseLong(info.getOrDefault("used_memory_rss", "-1")), MEMORY_SOURCE, threads);
    } catch (RuntimeException e) {
      close();
      throw DragonflyClients.explain(settings, e);
    }
  }

  @Override
  public void close() {
    if (connection != null) {
      try {
        connection.close();
      } catch (RuntimeException ignored) {
        // best effort
      }
      connection = null;
    }
  }
}
