package io.github.ycsbkv.internal.resp.server;

import io.github.ycsbkv.internal.resp.jedis.JedisClients;
import io.github.ycsbkv.internal.resp.wire.RespConnection;
import io.github.ycsbkv.spi.ServerEvents;
import io.github.ycsbkv.spi.ServerState;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A RESP server's state from its INFO sections ({@code memory}, {@code stats}, {@code persistence},
 * {@code replication}, {@code keyspace}, {@code errorstats}), added up over a cluster's nodes, and the events it can
 * go through
 * ({@code BGSAVE}, {@code BGREWRITEAOF}). The fields are Redis's, which Valkey and KeyDB keep; Dragonfly 1.40 says
 * {@code saving:1} while it saves (its {@code rdb_bgsave_in_progress} stayed 1 after its save had ended, read here),
 * has no fork and no append-only file. Stateless but for {@link Events}, which the probe's thread uses.
 */
final class RespStates {

  /** Where the figures come from. */
  static final String SOURCE = "INFO memory / stats / persistence / replication / keyspace / errorstats";

  private RespStates() {}

  /** The state that the nodes' INFO maps say, added up. */
  static ServerState of(List<Map<String, String>> nodes) {
    long used = 0;
    long rss = 0;
    long keys = 0;
    long evicted = 0;
    long expired = 0;
    long hits = 0;
    long misses = 0;
    boolean saving = false;
    boolean rewriting = false;
    long fork = -1;
    int replicas = 0;
    long lag = -1;
    long ack = -1;
    long redirections = 0;
    for (Map<String, String> info : nodes) {
      used = sum(used, RespInfo.bytes(info, "used_memory"));
      rss = sum(rss, RespInfo.bytes(info, "used_memory_rss"));
      keys += RespInfo.keyCount(info);
      evicted = sum(evicted, count(info, "evicted_keys"));
      expired = sum(expired, count(info, "expired_keys"));
      hits = sum(hits, count(info, "keyspace_hits"));
      misses = sum(misses, count(info, "keyspace_misses"));
      saving |= saving(info);
      rewriting |= count(info, "aof_rewrite_in_progress") == 1;
      fork = Math.max(fork, forkMicros(info));
      long attached = count(info, "connected_slaves");
      replicas = replicas < 0 || attached < 0 ? -1 : replicas + (int) attached;
      lag = Math.max(lag, lagBytes(info));
      ack = Math.max(ack, ackSeconds(info));
      redirections = sum(redirections, redirections(info));
    }
    return new ServerState(used, rss, keys, evicted, expired, hits, misses, saving, rewriting, fork, replicas, lag,
        -1, ack, redirections, SOURCE);
  }

  /**
   * {@code s} with the hits and misses of the replicas a run reads from added ({@code INFO stats} of each): their
   * reads are the run's. A replica counts no hit or miss for the writes its primary sends it.
   */
  static ServerState withReadsOf(ServerState s, List<Map<String, String>> replicas) {
    long hits = s.hits();
    long misses = s.misses();
    for (Map<String, String> info : replicas) {
      hits = sum(hits, count(info, "keyspace_hits"));
      misses = sum(misses, count(info, "keyspace_misses"));
    }
    return new ServerState(s.usedMemoryBytes(), s.rssBytes(), s.keys(), s.evictedKeys(), s.expiredKeys(), hits, misses,
        s.saving(), s.rewriting(), s.lastForkMicros(), s.replicas(), s.replicaLagBytes(), s.replicaLagRecords(),
        s.replicaAckSeconds(), s.redirections(), s.source() + (replicas.isEmpty() ? ""
        : "; hits and misses of the replicas read from added"));
  }

  /** Whether {@code info} (a primary's INFO replication) lists a replica at {@code address} ({@code host:port}). */
  static boolean listsReplica(Map<String, String> info, String address) {
    int colon = address.lastIndexOf(':');
    String ip = "ip=" + address.substring(0, colon) + ",";
    String port = "port=" + address.substring(colon + 1) + ",";
    for (Map.Entry<String, String> e : info.entrySet()) {
      if (e.getKey().matches("slave\\d+") && (e.getValue() + ",").contains(port)
          && (e.getValue().contains(ip) || address.startsWith("localhost:"))) {
        return true;
      }
    }
    return false;
  }

  /** Whether a snapshot is being written: Dragonfly's {@code saving}, else {@code rdb_bgsave_in_progress}. */
  static boolean saving(Map<String, String> info) {
    return info.containsKey("saving") ? count(info, "saving") == 1 : count(info, "rdb_bgsave_in_progress") == 1;
  }

  /** The last fork's time, or -1 where the server never forked or does not say. */
  static long forkMicros(Map<String, String> info) {
    long forks = count(info, "total_forks");
    long usec = count(info, "latest_fork_usec");
    return forks == 0 || usec < 0 ? -1 : usec;
  }

  /**
   * The most bytes a replica is behind: {@code master_repl_offset} less the least {@code slaveN:...,offset=N} line;
   * -1 without replicas.
   */
  static long lagBytes(Map<String, String> info) {
    long primary = count(info, "master_repl_offset");
    long lag = -1;
    for (long offset : replicaFields(info, "offset")) {
      lag = primary < 0 ? lag : Math.max(lag, Math.max(0, primary - offset));
    }
    return lag;
  }

  /** The most seconds since a replica's last acknowledgement, its {@code slaveN:...,lag=N}; -1 without replicas. */
  static long ackSeconds(Map<String, String> info) {
    long most = -1;
    for (long lag : replicaFields(info, "lag")) {
      most = Math.max(most, lag);
    }
    return most;
  }

  /** {@code field} of every {@code slaveN:ip=...,offset=N,lag=N} line, those that are numbers. */
  private static List<Long> replicaFields(Map<String, String> info, String field) {
    List<Long> out = new java.util.ArrayList<>();
    for (Map.Entry<String, String> e : info.entrySet()) {
      if (e.getKey().matches("slave\\d+")) {
        for (String part : e.getValue().split(",")) {
          if (part.startsWith(field + "=")) {
            try {
              out.add(Long.parseLong(part.substring(field.length() + 1).trim()));
            } catch (NumberFormatException ignored) {
              // not a number: left out
            }
          }
        }
      }
    }
    return out;
  }

  /**
   * The redirections a node answered, from {@code INFO errorstats} ({@code errorstat_MOVED:count=N},
   * {@code errorstat_ASK:count=N}; none yet when the section has neither); -1 where the server has no such section.
   */
  static long redirections(Map<String, String> info) {
    if (!info.containsKey("total_error_replies")
        && info.keySet().stream().noneMatch(k -> k.startsWith("errorstat_"))) {
      return -1;
    }
    long n = 0;
    for (String kind : List.of("errorstat_MOVED", "errorstat_ASK")) {
      String v = info.get(kind);
      if (v != null && v.startsWith("count=")) {
        try {
          n += Long.parseLong(v.substring(6, v.indexOf(',') < 0 ? v.length() : v.indexOf(',')).trim());
        } catch (NumberFormatException ignored) {
          // not a count: left out
        }
      }
    }
    return n;
  }

  /**
   * The replicas a primary's {@code ROLE} reply names, as {@code host:port}: {@code ["master", offset, [[ip, port,
   * offset], ...]]} (Redis) or {@code ["master", [[ip, port, state], ...]]} (Dragonfly); none for a replica's reply.
   */
  static List<String> roleReplicas(Object role) {
    List<String> out = new java.util.ArrayList<>();
    if (!(role instanceof List<?> parts) || parts.isEmpty() || !"master".equals(text(parts.get(0)))) {
      return out;
    }
    for (Object part : parts) {
      if (part instanceof List<?> replicas) {
        for (Object r : replicas) {
          if (r instanceof List<?> entry && entry.size() >= 2) {
            out.add(text(entry.get(0)) + ":" + text(entry.get(1)));
          }
        }
      }
    }
    return out;
  }

  private static String text(Object o) {
    return o instanceof byte[] b ? new String(b, java.nio.charset.StandardCharsets.UTF_8) : String.valueOf(o);
  }

  /** A counter, or -1 when absent or not a number. */
  static long count(Map<String, String> info, String name) {
    String v = info.get(name);
    if (v == null) {
      return -1;
    }
    try {
      return Long.parseLong(v.trim());
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  /** A total of figures each of which may be not reported (-1): then the total is not reported either. */
  static long sum(long total, long figure) {
    return total < 0 || figure < 0 ? -1 : total + figure;
  }

  /**
   * {@code bgsave} and {@code bgrewriteaof} through the probe's connections (every node of a cluster), and on a
   * cluster {@code reshard[:N]}: N slots moved between two primaries by the tool itself ({@link ClusterReshard} on
   * Redis, Valkey and KeyDB, {@link DragonflyReshard} on Dragonfly).
   */
  static final class Events implements ServerEvents, AutoCloseable {

    static final String BGSAVE = "bgsave";
    static final String BGREWRITEAOF = "bgrewriteaof";
    static final String RESHARD = "reshard";
    /** A server made a replica of this one ({@code attach:HOST:PORT}): until its first sync has ended. */
    static final String ATTACH = "attach";
    /**
     * A replica of this one made a primary of its own ({@code detach:HOST:PORT}): until this one no longer lists it.
     */
    static final String DETACH = "detach";
    /** Slots a {@code reshard} moves unless told ({@code reshard:N}): a sixteenth of the cluster's. */
    static final int DEFAULT_RESHARD_SLOTS = 1024;

    private final RespProbe probe;
    /** The slots being moved, or null. */
    private SlotMove reshard;
    /** The server each replica event began on, by kind, and this server's forks before an attach. */
    private final Map<String, String> servers = new LinkedHashMap<>();
    /** A connection of the probe's own to each server a replica event named, by address, until {@link #close()}. */
    private final Map<String, ServerNode> connections = new LinkedHashMap<>();
    private long forksBefore = -1;

    Events(RespProbe probe) {
      this.probe = probe;
    }

    @Override
    public List<String> kinds(String server) {
      // Dragonfly keeps no append-only file; its cluster moves slots by its own migration (DragonflyReshard).
      if (probe.onCluster()) {
        return "dragonfly".equals(server) ? List.of(BGSAVE, RESHARD) : List.of(BGSAVE, BGREWRITEAOF, RESHARD);
      }
      return "dragonfly".equals(server) ? List.of(BGSAVE, ATTACH, DETACH)
          : List.of(BGSAVE, BGREWRITEAOF, ATTACH, DETACH);
    }

    @Override
    public String argumentProblem(String kind, String argument) {
      if (ATTACH.equals(kind) || DETACH.equals(kind)) {
        String what = kind + ":HOST:PORT names the server to " + (ATTACH.equals(kind) ? "make a replica of this one"
            : "stop replicating this one");
        if (argument == null || !argument.matches("[a-z0-9_.-]+:[0-9]{1,5}")) {
          return what;
        }
        return null;
      }
      if (!RESHARD.equals(kind) || argument == null) {
        return ServerEvents.super.argumentProblem(kind, argument);
      }
      try {
        int n = Integer.parseInt(argument);
        return n >= 1 && n <= 16384 ? null : "reshard:N moves N slots, 1 to 16384";
      } catch (NumberFormatException e) {
        return "reshard:N moves N slots, 1 to 16384";
      }
    }

    @Override
    public void begin(String kind, String argument) throws Exception {
      if (RESHARD.equals(kind)) {
        reshard = probe.reshard(argument == null ? DEFAULT_RESHARD_SLOTS : Integer.parseInt(argument));
        reshard.start();
        return;
      }
      if (ATTACH.equals(kind) || DETACH.equals(kind)) {
        servers.put(kind, argument);
        ServerNode other = server(argument);
        if (DETACH.equals(kind)) {
          other.send().apply(new String[] {"REPLICAOF", "NO", "ONE"});
          return;
        }
        forksBefore = count(probe.infoOfFirstNode("stats"), "total_forks");
        RespConnection c = probe.connection();
        if (c.password() != null) {
          // The replica authenticates to this server as the run does.
          if (c.user() != null) {
            other.send().apply(new String[] {"CONFIG", "SET", "masteruser", c.user()});
          }
          other.send().apply(new String[] {"CONFIG", "SET", "masterauth", c.password()});
        }
        RespConnection.Endpoint e = c.endpoint();
        other.send().apply(new String[] {"REPLICAOF", e.host(), Integer.toString(e.port())});
        return;
      }
      probe.sendToEveryNode(BGSAVE.equals(kind) ? "BGSAVE" : "BGREWRITEAOF");
    }

    @Override
    public boolean inProgress(String kind) throws Exception {
      if (RESHARD.equals(kind)) {
        return reshard != null && reshard.running();
      }
      if (ATTACH.equals(kind)) {
        // Attached once its link is up and its first sync has ended, as it says itself.
        Map<String, String> info = RespInfo.parse(server(servers.get(kind)).info().apply("replication"));
        return !"up".equals(info.getOrDefault("master_link_status", "").trim())
            || count(info, "master_sync_in_progress") != 0;
      }
      if (DETACH.equals(kind)) {
        return listsReplica(probe.infoOfFirstNode("replication"), servers.get(kind));
      }
      for (Map<String, String> info : probe.infoOfEveryNode("persistence")) {
        if (BGSAVE.equals(kind) ? saving(info) : count(info, "aof_rewrite_in_progress") == 1) {
          return true;
        }
      }
      return false;
    }

    @Override
    public Map<String, Double> figures(String kind) throws Exception {
      if (RESHARD.equals(kind)) {
        return reshard.figures();
      }
      Map<String, Double> out = new LinkedHashMap<>();
      if (ATTACH.equals(kind) || DETACH.equals(kind)) {
        Map<String, String> info = probe.infoOfFirstNode("stats", "replication");
        long forks = count(info, "total_forks");
        if (ATTACH.equals(kind) && forksBefore >= 0 && forks > forksBefore) {
          // This server forked for the replica's first sync (Redis, Valkey, KeyDB: a snapshot sent to it).
          out.put("forkMicros", (double) count(info, "latest_fork_usec"));
        }
        out.put("replicas", (double) count(info, "connected_slaves"));
        return out;
      }
      long fork = -1;
      long seconds = -1;
      boolean failed = false;
      for (Map<String, String> info : probe.infoOfEveryNode("persistence", "stats")) {
        fork = Math.max(fork, forkMicros(info));
        if (BGSAVE.equals(kind)) {
          seconds = Math.max(seconds, Math.max(count(info, "rdb_last_bgsave_time_sec"),
              info.containsKey("saving") ? count(info, "last_success_save_duration_sec") : -1));
          failed |= "err".equals(info.getOrDefault("rdb_last_bgsave_status", "ok").trim())
              || (info.containsKey("saving") && count(info, "last_failed_save") > count(info, "last_success_save"));
        } else {
          seconds = Math.max(seconds, count(info, "aof_last_rewrite_time_sec"));
          failed |= "err".equals(info.getOrDefault("aof_last_bgrewrite_status", "ok").trim());
        }
      }
      if (fork >= 0) {
        out.put("forkMicros", (double) fork);
      }
      if (seconds >= 0) {
        out.put("durationSeconds", (double) seconds);
      }
      out.put("failed", failed ? 1.0 : 0.0);
      return out;
    }

    /** The probe's connection to the server at {@code address}, opened once. */
    private ServerNode server(String address) throws site.ycsb.DBException {
      ServerNode n = connections.get(address);
      if (n == null) {
        n = ServerNode.of(JedisClients.at(probe.connection(), address, "the event's server"));
        connections.put(address, n);
      }
      return n;
    }

    /** Closes the connections the replica events opened. */
    @Override
    public void close() {
      for (ServerNode n : connections.values()) {
        try {
          n.closer().run();
        } catch (RuntimeException ignored) {
          // best effort
        }
      }
      connections.clear();
    }
  }
}
