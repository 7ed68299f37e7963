package io.github.ycsbkv.internal.resp;

import io.github.ycsbkv.internal.host.ServerProcess;
import io.github.ycsbkv.spi.ServerLoad;
import io.github.ycsbkv.spi.ServerProbe;
import io.github.ycsbkv.spi.ServerSample;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import redis.clients.jedis.RedisClient;
import site.ycsb.DBException;

/**
 * Reads a RESP server's own figures, for both RESP bindings: {@code INFO server} (name, version, threads),
 * {@code INFO memory} ({@code used_memory}, {@code used_memory_rss}), {@code INFO keyspace} (keys over every
 * database), the settings that shape performance ({@code CONFIG GET}, where the server allows it), and while a
 * phase runs its connections, commands and CPU time. A figure the server does not report is -1, "not reported",
 * never 0: a resident set of 0 bytes (Redis under qemu-user says so) is not reported either.
 *
 * <p>Connects as the benchmark's Jedis connections do (AUTH or HELLO, database, TLS), with a connection of its own;
 * the redis binding adds the nodes of a cluster, whose figures are added up. One thread at a time; closing twice is
 * harmless.
 */
public class RespProbe implements ServerProbe {

  /** Where the memory figures come from. */
  public static final String MEMORY_SOURCE = "INFO memory used_memory / used_memory_rss";
  /** Where the load counters come from. */
  public static final String LOAD_SOURCE = "INFO clients connected_clients / INFO stats total_commands_processed";
  /** Settings read with {@code CONFIG GET}, where the server has them. */
  private static final List<String> SETTINGS = List.of("io-threads", "io-threads-do-reads", "server-threads", "save",
      "appendonly", "maxmemory");

  /** One server to read from, behind the two commands the probe sends. */
  public record Node(Function<String, String> info, Function<String, Map<String, String>> configGet,
      Runnable closer) {}

  protected final RespConnection connection;
  private final List<Node> nodes = new ArrayList<>();
  /** Commands this probe has sent, so that its own can be left out of the server's count. */
  private long sent;
  /** Whether the server's {@code INFO cpu} total is read: null until the first {@link #load()} asked which server. */
  private Boolean cpuCounted;
  /** Dragonfly's process on this host, whose CPU time is read instead of its INFO cpu; null when not found. */
  private ServerProcess process;

  public RespProbe(RespConnection connection) {
    this.connection = connection;
  }

  /** The servers to read: the (standalone) server, on a connection of the probe's own. */
  protected List<Node> connectNodes() throws DBException {
    RespConnection.Endpoint e = connection.endpoint();
    RedisClient client = RedisClient.builder().hostAndPort(e.host(), e.port())
        .clientConfig(JedisClients.config(connection)).build();
    return List.of(new Node(client::info, client::configGet, client::close));
  }

  /** Whether the server's own load counters mean the benchmark's load (not on a cluster, whose nodes split it). */
  protected boolean countsLoad() {
    return true;
  }

  /** One line for a failure to reach the server. */
  protected DBException explain(RuntimeException e) {
    return RespErrors.explain(connection, e);
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
      Map<String, String> settings = new LinkedHashMap<>();
      for (Node node : nodes) {
        Map<String, String> info = RespInfo.parse(info(node, "server") + "\n" + info(node, "memory") + "\n"
            + info(node, "keyspace"));
        if (server == null) {
          server = RespInfo.serverName(info);
          version = RespInfo.version(info);
          settings(node, info, settings);
        }
        used = sum(used, RespInfo.bytes(info, "used_memory"));
        rss = sum(rss, RespInfo.bytes(info, "used_memory_rss"));
        keys += RespInfo.keyCount(info);
      }
      return new ServerSample(Instant.now(), server, version, nodes.size(), keys, used, rss, MEMORY_SOURCE, settings);
    } catch (RuntimeException e) {
      close();
      throw explain(e);
    }
  }

  /**
   * {@code INFO clients}, {@code INFO stats} and {@code INFO cpu}; null where the server's counters are not the
   * benchmark's ({@link #countsLoad()}). The commands counter leaves out every command this probe sent (the server
   * counts each after or, Dragonfly, while answering it: a constant either way, which the engine's differences
   * cancel). The CPU time is Redis's, Valkey's and KeyDB's process total ({@code getrusage}); not Dragonfly's, whose
   * total goes backwards now and then under load (by up to 0.9 s, read every 20 ms while redis-benchmark ran,
   * against the process's own {@code /proc} figure, which did not), so that a phase's difference is no measurement:
   * Dragonfly's CPU time is its process's {@code /proc/PID/stat} where it runs on this host ({@link ServerProcess}),
   * else not reported.
   */
  @Override
  public ServerLoad load() throws DBException {
    if (!countsLoad()) {
      return null;
    }
    try {
      connect();
      Node node = nodes.get(0);
      if (cpuCounted == null) {
        cpuCounted = !"dragonfly".equals(RespInfo.serverName(RespInfo.parse(info(node, "server"))));
        if (!cpuCounted) {
          RespConnection.Endpoint e = connection.endpoint();
          process = ServerProcess.find(e.host(), e.port(), Set.of("dragonfly"));
        }
      }
      // INFO stats last: its counter then includes every command this probe sent but itself.
      String before = info(node, "clients") + "\n" + (cpuCounted ? info(node, "cpu") + "\n" : "");
      Map<String, String> info = RespInfo.parse(before + info(node, "stats"));
      int connections = Integer.parseInt(info.getOrDefault("connected_clients", "-1").trim());
      long commands = Long.parseLong(info.getOrDefault("total_commands_processed", "-1").trim());
      String source = LOAD_SOURCE + (cpuCounted ? " / " + RespInfo.CPU_SOURCE
          : process != null ? " / " + process.source() : "");
      long cpu = cpuCounted ? RespInfo.cpuMicros(info) : process != null ? process.cpuMicros() : -1;
      return new ServerLoad(connections, commands < 0 ? -1 : commands - (sent - 1), source, 1, cpu);
    } catch (RuntimeException e) {
      close();
      throw explain(e);
    }
  }

  private void connect() throws DBException {
    if (nodes.isEmpty()) {
      nodes.addAll(connectNodes());
    }
  }

  private String info(Node node, String section) {
    sent++;
    return node.info().apply(section);
  }

  /** The server's mode and threads from INFO, and what {@code CONFIG GET} says of the {@link #SETTINGS}. */
  private void settings(Node node, Map<String, String> info, Map<String, String> out) {
    out.put("mode", info.getOrDefault("redis_mode", info.getOrDefault("server_mode", "unknown")));
    if (info.containsKey("thread_count")) {
      out.put("thread_count", info.get("thread_count"));
    }
    for (String name : SETTINGS) {
      try {
        sent++;
        String value = node.configGet().apply(name).get(name);
        if (value != null) {
          out.put(name, value);
        }
      } catch (RuntimeException e) {
        // CONFIG may be renamed, forbidden by ACL or not know the name: the setting stays unknown.
      }
    }
  }

  /** A total of figures each of which may be not reported (-1): then the total is not reported either. */
  private static long sum(long total, long figure) {
    return total < 0 || figure < 0 ? -1 : total + figure;
  }

  @Override
  public void close() {
    for (Node n : nodes) {
      try {
        n.closer().run();
      } catch (RuntimeException ignored) {
        // best effort
      }
    }
    nodes.clear();
  }
}
