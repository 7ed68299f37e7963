package io.github.ycsbkv.internal.resp.server;

import io.github.ycsbkv.internal.resp.jedis.JedisClients;
import io.github.ycsbkv.internal.resp.wire.RespConnection;
import io.github.ycsbkv.internal.resp.wire.RespErrors;
import io.github.ycsbkv.internal.resp.wire.RespException;
import io.github.ycsbkv.spi.ServerEvents;
import io.github.ycsbkv.spi.ServerLoad;
import io.github.ycsbkv.spi.ServerProbe;
import io.github.ycsbkv.spi.ServerSample;
import io.github.ycsbkv.spi.ServerState;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
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
 * on a cluster ({@link #cluster}) one to every primary that {@code CLUSTER SLOTS} names, whose figures (memory, keys,
 * connections, commands, CPU time) are added up, so that a result says what the cluster as a whole saw. One thread at
 * a time; closing twice is harmless.
 */
public class RespProbe implements ServerProbe {

  /** Where the memory figures come from. */
  public static final String MEMORY_SOURCE = "INFO memory used_memory / used_memory_rss";
  /** Where the load counters come from. */
  public static final String LOAD_SOURCE = "INFO clients connected_clients / INFO stats total_commands_processed";
  /** Settings read with {@code CONFIG GET}, where the server has them. */
  private static final List<String> SETTINGS = List.of("io-threads", "io-threads-do-reads", "server-threads", "save",
      "appendonly", "maxmemory");

  protected final RespConnection connection;
  private final List<ServerNode> nodes = new ArrayList<>();
  /** A cluster's announced addresses mapped to reachable ones, or null on a standalone server. */
  private final UnaryOperator<String> cluster;
  /** The address of each node read, in the order of {@link #nodes}. */
  private final List<String> addresses = new ArrayList<>();
  /** Commands this probe has sent, so that its own can be left out of the server's count. */
  private long sent;
  /** Whether the server's {@code INFO cpu} total is read: null until the first {@link #load()} asked which server. */
  private Boolean cpuCounted;
  /** Whether the server is Dragonfly: null until {@link #load()} or {@link #state()} first asked. */
  private Boolean dragonfly;
  /** Dragonfly's replicas, on connections of the probe's own, for their offsets. */
  private final DragonflyReplicas replicas;
  /** The slots being moved by an event, or null. */
  private SlotMove reshard;
  /** Dragonfly's processes on this host (one per node), whose CPU time is read instead of INFO cpu. */
  private ServerProcesses processes = ServerProcesses.NONE;
  /** Where the run's reads go: off the primary, its replicas' load is the run's too. */
  private final ReplicaReads reads;
  /** The replicas the run reads from, on connections of the probe's own (none: it reads from the primary). */
  private ReadReplicas readReplicas = new ReadReplicas();
  /** The events it offers, with the connections they opened: made once. */
  private RespStates.Events events;

  /**
   * A probe of the server {@code connection} names; {@code cluster}: null for a standalone server, on a cluster how an
   * announced address ({@code host:port}) becomes the one to connect to (identity when none is mapped). For a run
   * whose reads go off the primary ({@code reads}), the replicas it reads from (on a cluster, every primary's) are
   * read too, their clients and their reads (INFO commandstats of the read commands: a replica counts the writes its
   * primary sends it as commands too) added to the primary's load, their hits and misses to its state.
   */
  public RespProbe(RespConnection connection, UnaryOperator<String> cluster, ReplicaReads reads) {
    this.connection = connection == null ? null : connection.observer();
    this.cluster = cluster;
    this.replicas = new DragonflyReplicas(connection, cluster);
    this.reads = reads;
  }

  /**
   * The servers to read, each on a connection of the probe's own: the standalone server, or every primary a seed's
   * {@code CLUSTER SLOTS} names.
   */
  protected List<ServerNode> connectNodes() throws DBException {
    List<RespConnection.Endpoint> at = new ArrayList<>();
    if (cluster == null) {
      at.add(connection.endpoint());
    } else {
      for (String address : ClusterSlots.read(connection, cluster).primaries()) {
        at.add(RespConnection.endpoint(address, -1, "cluster node"));
      }
    }
    List<ServerNode> out = new ArrayList<>();
    for (RespConnection.Endpoint e : at) {
      out.add(ServerNode.of(RedisClient.builder().hostAndPort(e.host(), e.port())
          .clientConfig(JedisClients.config(connection)).poolConfig(JedisClients.pool()).build()));
      addresses.add(e.toString());
    }
    return out;
  }

  /** Whether the server's own load counters mean the benchmark's load. */
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
      int read = 0;
      for (ServerNode node : nodes) {
        Map<String, String> info;
        try {
          info = RespInfo.parse(info(node, "server") + "\n" + info(node, "memory") + "\n" + info(node, "keyspace"));
        } catch (RuntimeException e) {
          if (nodes.size() == 1) {
            throw e;
          }
          continue; // a cluster node lost: the sample is of the others (nodes says how many)
        }
        read++;
        if (server == null) {
          server = RespInfo.serverName(info);
          version = RespInfo.version(info);
          settings(node, info, settings);
        }
        used = RespStates.sum(used, RespInfo.bytes(info, "used_memory"));
        rss = RespStates.sum(rss, RespInfo.bytes(info, "used_memory_rss"));
        keys += RespInfo.keyCount(info);
      }
      if (read == 0) {
        throw new RespException("no node of the cluster answered INFO");
      }
      return new ServerSample(Instant.now(), server, version, read, keys, used, rss, MEMORY_SOURCE, settings);
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
      if (cpuCounted == null) {
        cpuCounted = !dragonfly();
        if (!cpuCounted) {
          List<String> all = new ArrayList<>(addresses);
          all.addAll(readReplicas.addresses());
          processes = ServerProcesses.find(all, "dragonfly");
        }
      }
      int openBefore = reshard == null ? 0 : reshard.openConnections();
      List<String> unreachable = new ArrayList<>();
      long[] sums = nodesLoad(unreachable);
      int connections = (int) sums[0];
      long commands = sums[1];
      long cpu = sums[2];
      long[] replicas = readReplicas.load(cpuCounted);
      connections = connections < 0 || replicas[0] < 0 ? -1 : connections + (int) replicas[0];
      cpu = cpuCounted ? RespStates.sum(cpu, replicas[2]) : cpu;
      if (!cpuCounted) {
        cpu = processes.cpuMicros();
      }
      if (!unreachable.isEmpty()) {
        // The lost node's counters are missing from the sums, which are then no measurement of the phase.
        commands = -1;
        cpu = -1;
      }
      String source = LOAD_SOURCE + (cpuCounted ? " / " + RespInfo.CPU_SOURCE
          : processes.source() != null ? " / " + processes.source() : "")
          + (nodes.size() > 1 ? ", added up over " + nodes.size() + " primaries" : "")
          + (readReplicas.size() == 0 ? "" : "; and the reads (INFO commandstats) and clients of the "
          + readReplicas.size() + " replica(s) read from");
      // Connections of the probe's own events count as the probe's.
      int events = eventConnections(openBefore);
      // A slot move's commands are the probe's too (read before the count: never more than the server counted).
      long moved = reshard == null ? 0 : reshard.commands();
      return new ServerLoad(connections, commands < 0 ? -1 : commands - (sent - nodes.size()) - moved + replicas[1],
          source, nodes.size() - unreachable.size() + readReplicas.size() + events, cpu, unreachable);
    } catch (RuntimeException e) {
      close();
      throw explain(e);
    }
  }
  /**
   * Every node's connections, commands and (where counted) CPU time from INFO, added up: {connections, commands, CPU
   * microseconds}, each -1 where a node did not report it. A lost node of a cluster is added to {@code unreachable}
   * and the others are still read; a standalone server lost throws.
   */
  private long[] nodesLoad(List<String> unreachable) {
    int connections = 0;
    long commands = 0;
    long cpu = 0;
    for (int i = 0; i < nodes.size(); i++) {
      ServerNode node = nodes.get(i);
      Map<String, String> info;
      try {
        // INFO stats last: its counter then includes every command this probe sent to the node but itself.
        String before = info(node, "clients") + "\n" + (cpuCounted ? info(node, "cpu") + "\n" : "")
            + (dragonfly() ? info(node, "replication") + "\n" : "");
        info = RespInfo.parse(before + info(node, "stats"));
      } catch (RuntimeException e) {
        if (nodes.size() == 1) {
          throw e;
        }
        unreachable.add(addresses.get(i)); // a cluster node lost: the others are still read
        continue;
      }
      int c = Integer.parseInt(info.getOrDefault("connected_clients", "-1").trim());
      if (c > 0 && RespStates.count(info, "connected_slaves") > 0 && dragonfly()) {
        sent++;
        c -= DragonflyReplicas.links(node.text("CLIENT", "LIST")); // Dragonfly counts them among its clients
      }
      long n = Long.parseLong(info.getOrDefault("total_commands_processed", "-1").trim());
      connections = connections < 0 || c < 0 ? -1 : connections + c;
      commands = RespStates.sum(commands, n);
      if (cpuCounted) {
        cpu = RespStates.sum(cpu, RespInfo.cpuMicros(info));
      }
    }
    return new long[] {connections, commands, cpu};
  }


  /**
   * {@code INFO memory, stats, persistence, replication, keyspace, errorstats} of every node, as {@link RespStates}
   * reads them; on a cluster, the nodes that do not answer are left out (their figures are missing from the sums).
   */
  @Override
  public ServerState state() throws DBException {
    try {
      ServerState s = RespStates.of(infoOfEveryNode("memory", "stats", "persistence", "replication", "keyspace",
          "errorstats"));
      if (s.replicas() > 0 && dragonfly()) {
        s = s.withReplicaLagRecords(dragonflyLagRecords());
      }
      return readReplicas.withReads(s);
    } catch (RuntimeException e) {
      close();
      throw explain(e);
    }
  }

  /** Whether the server is Dragonfly, asked once. */
  private boolean dragonfly() {
    if (dragonfly == null) {
      dragonfly = "dragonfly".equals(RespInfo.serverName(RespInfo.parse(firstAnswer("server"))));
    }
    return dragonfly;
  }

  /** The most journal records a Dragonfly replica of any node is behind ({@link DragonflyReplicas}), or -1. */
  private long dragonflyLagRecords() {
    long lag = -1;
    for (ServerNode node : nodes) {
      sent += 2;
      lag = Math.max(lag, replicas.lagRecords(node.send().apply(new String[] {"DFLY", "REPLICAOFFSET"}),
          node.send().apply(new String[] {"ROLE"})));
    }
    return lag;
  }

  /** BGSAVE and, on servers with an append-only file, BGREWRITEAOF ({@link RespStates.Events}). */
  @Override
  public ServerEvents events() {
    if (events == null) {
      events = new RespStates.Events(this);
    }
    return events;
  }

  /** {@code sections} of INFO from every node that answers; none answering throws. */
  List<Map<String, String>> infoOfEveryNode(String... sections) throws DBException {
    connect();
    List<Map<String, String>> out = new ArrayList<>();
    RuntimeException failed = null;
    for (ServerNode node : nodes) {
      try {
        StringBuilder text = new StringBuilder();
        for (String section : sections) {
          text.append(info(node, section)).append('\n');
        }
        out.add(RespInfo.parse(text.toString()));
      } catch (RuntimeException e) {
        failed = failed == null ? e : failed;
      }
    }
    if (out.isEmpty()) {
      throw failed != null ? failed : new RespException("no node answered INFO");
    }
    return out;
  }

  /** The server this probe reads (a standalone one): its address as {@code host} and {@code port}, and its password. */
  RespConnection connection() {
    return connection;
  }

  /** {@code sections} of INFO of the first node that answers. */
  Map<String, String> infoOfFirstNode(String... sections) throws DBException {
    return infoOfEveryNode(sections).get(0);
  }

  /** Whether the probe reads a cluster's primaries. */
  boolean onCluster() {
    return cluster != null;
  }

  /**
   * A move of {@code slots} slots between two of the cluster's primaries, on connections of its own, not started:
   * Dragonfly's own slot migration on Dragonfly, the cluster specification's live resharding on the others.
   */
  SlotMove reshard(int slots) throws Exception {
    connect();
    reshard = dragonfly() ? new DragonflyReshard(connection, cluster, slots) : new ClusterReshard(connection, cluster,
        slots);
    return reshard;
  }

  /**
   * The connections on the nodes that a slot move of this probe's holds (while it runs), and that its MIGRATEs left
   * (a source keeps its connection to the target for some seconds, a client there whose last command was
   * {@code restore-asking}, read in {@code CLIENT LIST}): none of them the run's clients'. 0 without a move.
   */
  private int eventConnections(int openBefore) {
    if (reshard == null) {
      return 0;
    }
    // The most it held while the connections were counted: one it opened or closed in between is left out, never
    // counted as the run's.
    int n = Math.max(openBefore, reshard.openConnections());
    for (ServerNode node : nodes) {
      try {
        sent++;
        n += (int) node.text("CLIENT", "LIST").lines().filter(reshard::ownsClient).count();
      } catch (RuntimeException e) {
        // a node lost: its connections are not counted either
      }
    }
    return n;
  }

  /** Sends {@code argv} to every node; the first refusal throws with the server's answer. */
  void sendToEveryNode(String... argv) throws DBException {
    connect();
    for (ServerNode node : nodes) {
      sent++;
      node.send().apply(argv);
    }
  }

  /** {@code INFO section} of the first node that answers it (a cluster's node may be lost). */
  private String firstAnswer(String section) {
    RuntimeException failed = null;
    for (ServerNode node : nodes) {
      try {
        return info(node, section);
      } catch (RuntimeException e) {
        failed = failed == null ? e : failed;
      }
    }
    throw failed;
  }

  private void connect() throws DBException {
    if (nodes.isEmpty()) {
      nodes.addAll(connectNodes());
      if (reads.offPrimary() && cluster == null) {
        sent++;
        readReplicas = new ReadReplicas(connection, reads.addresses(nodes.get(0).send().apply(new String[] {"ROLE"}),
            connection.where()));
      } else if (reads.offPrimary()) {
        readReplicas = new ReadReplicas(connection, ClusterSlots.read(connection, cluster).allReplicas());
      }
    }
  }

  private String info(ServerNode node, String section) {
    sent++;
    return node.info().apply(section);
  }

  /** The server's mode and threads from INFO, and what {@code CONFIG GET} says of the {@link #SETTINGS}. */
  private void settings(ServerNode node, Map<String, String> info, Map<String, String> out) {
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

  @Override
  public void close() {
    if (reshard != null) {
      reshard.release(); // its connections, held until the phase's last count of them
    }
    for (ServerNode n : nodes) {
      try {
        n.closer().run();
      } catch (RuntimeException ignored) {
        // best effort
      }
    }
    readReplicas.close();
    if (events != null) {
      events.close();
    }
    nodes.clear();
    addresses.clear();
    replicas.close();
  }
}
