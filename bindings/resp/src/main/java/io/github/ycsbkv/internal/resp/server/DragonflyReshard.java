package io.github.ycsbkv.internal.resp.server;

import io.github.ycsbkv.internal.resp.jedis.JedisClients;
import io.github.ycsbkv.internal.resp.wire.RespConnection;
import io.github.ycsbkv.internal.resp.wire.RespException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisClientConfig;
import redis.clients.jedis.Protocol;
import site.ycsb.DBException;

/**
 * Moves slots between two primaries of a Dragonfly cluster ({@code --cluster_mode=yes}) while clients run, by
 * Dragonfly's own slot migration, as its cluster manager ({@code tools/cluster_mgr.py}, action {@code migrate}) does:
 * the cluster's map as {@code CLUSTER SHARDS} gives it, sent to every node with {@code DFLYCLUSTER CONFIG} and a
 * {@code migrations} entry on the source (the slots, the target's id and address); the target's {@code DFLYCLUSTER
 * SLOT-MIGRATION-STATUS} asked every {@value #POLL_MILLIS} ms until it says {@code FINISHED}; then the map with the
 * slots on the target sent to the target first and the other nodes after it (a source that gave the slots away
 * before the target took them would send clients back and forth). The source is the primary with the most slots,
 * the target the one with the fewest; the slots are the source's lowest.
 *
 * <p>What the nodes count for it: its own commands, and the target counts each key it receives as a command, plus
 * the migration's own handshake (an {@code INIT}, a {@code FLOW} per source thread, an {@code ACK}). The source's
 * migration connections to the target (a control connection without a name, and a flow per thread named {@code
 * migration_flow_ID}) come and go while the nodes migrate.
 *
 * <p>Runs on a thread of its own with connections of its own ({@link #start}); {@link #running()} and {@link
 * #figures()} are read by another thread.
 */
final class DragonflyReshard extends SlotMove {

  /** How often the target is asked how far the migration came. */
  static final long POLL_MILLIS = 50;
  /** The most a migration may take before the move gives up on it. */
  static final long GIVE_UP_MINUTES = 30;

  private final JedisClientConfig config;
  private final UnaryOperator<String> addresses;
  private final RespConnection connection;
  /**
   * Whether the nodes migrate (from the first map sent until the last): the source then holds a control connection
   * and a flow per thread to the target.
   */
  private volatile boolean migrating;
  private volatile int sourceThreads = 1;

  /** A node as the map names it: its id, announced address, and where this client reaches it. */
  record Node(String id, String ip, int port, String reachable) {}

  /** A shard of the map: its primary, replicas and slot ranges ({@code [start, end]}, inclusive). */
  record Shard(Node primary, List<Node> replicas, List<int[]> ranges) {
    int slotCount() {
      return ranges.stream().mapToInt(r -> r[1] - r[0] + 1).sum();
    }
  }

  DragonflyReshard(RespConnection connection, UnaryOperator<String> addresses, int slots) throws DBException {
    super(slots);
    this.connection = connection.observer();
    this.config = JedisClients.config(this.connection);
    this.addresses = addresses == null ? a -> a : addresses;
  }

  /**
   * Its own, and while the nodes migrate the most the source may hold to the target (a control connection and a flow
   * per thread), whether or not they are open at the instant the probe counts: they come and go within the window, and
   * one counted as the run's would say the load was not the intended one.
   */
  @Override
  int openConnections() {
    return open + (migrating ? 1 + sourceThreads : 0);
  }

  /** A flow of the source's left open after the move, named so in the target's {@code CLIENT LIST}. */
  @Override
  boolean ownsClient(String line) {
    return !migrating && line.contains(" name=migration_flow_");
  }

  @Override
  protected void move() throws InterruptedException {
    Map<String, Jedis> to = new LinkedHashMap<>();
    try {
      RespConnection.Endpoint e = connection.endpoint();
      // Each connection is held until the probe is done (SlotMove.release).
      Jedis seed = hold(new Jedis(new HostAndPort(e.host(), e.port()), config));
      List<Shard> shards = shards(seed.sendCommand(Protocol.Command.CLUSTER, "SHARDS"), addresses);
      commands++;
      if (shards.size() < 2) {
        throw new RespException("the cluster has " + shards.size() + " primary: slots need two to move between");
      }
      List<Shard> bySize = new ArrayList<>(shards);
      bySize.sort(Comparator.comparingInt(Shard::slotCount));
      Shard target = bySize.get(0);
      Shard source = bySize.get(bySize.size() - 1);
      List<int[]> moving = lowest(source.ranges(), slots);
      List<Node> order = new ArrayList<>(List.of(target.primary()));
      for (Shard s : shards) {
        if (s != target) {
          order.add(s.primary());
          order.addAll(s.replicas());
        }
      }
      order.addAll(target.replicas());
      for (Node n : order) {
        to.put(n.id(), jedis(n));
      }
      sourceThreads = threads(to.get(source.primary().id()));
      migrating = true;
      push(to, json(shards, source, target, moving, false));
      String status = awaitFinished(to.get(target.primary().id()), source.primary().id());
      // The target counts each key it received as a command, and the migration's handshake.
      commands += keysMoved + 2 + sourceThreads;
      if (!status.contains("FINISHED")) {
        throw new RespException("the target said " + status + " (the map with the migration stays on the nodes)");
      }
      push(to, json(shards, source, target, moving, true));
      slotsMoved = moving.stream().mapToInt(r -> r[1] - r[0] + 1).sum();
    } finally {
      migrating = false;
    }
  }

  /** {@code DFLYCLUSTER CONFIG} to every node, in order; a node that refuses it fails the move with its answer. */
  private void push(Map<String, Jedis> to, String json) {
    for (Jedis j : to.values()) {
      Object reply = j.sendCommand(() -> "DFLYCLUSTER".getBytes(StandardCharsets.US_ASCII), "CONFIG", json);
      commands++;
      String said = reply instanceof byte[] b ? new String(b, StandardCharsets.UTF_8) : String.valueOf(reply);
      if (!said.equals("OK")) {
        throw new RespException("DFLYCLUSTER CONFIG answered " + said);
      }
    }
  }

  /**
   * Asks the target how its incoming migration from {@code sourceId} goes until it says {@code FINISHED} (or an error
   * state); returns its last entry, and keeps its key count.
   */
  private String awaitFinished(Jedis target, String sourceId) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(GIVE_UP_MINUTES);
    String last = "nothing";
    while (System.nanoTime() < deadline) {
      Object reply = target.sendCommand(() -> "DFLYCLUSTER".getBytes(StandardCharsets.US_ASCII),
          "SLOT-MIGRATION-STATUS");
      commands++;
      List<Object> entry = entry(reply, sourceId);
      if (entry != null) {
        last = text(entry);
        String state = entry.size() > 2 ? str(entry.get(2)) : "";
        if (entry.size() > 3 && entry.get(3) instanceof Long keys) {
          keysMoved = keys;
        }
        if (state.equals("FINISHED") || state.contains("ERROR") || state.contains("FATAL")) {
          return last;
        }
      }
      Thread.sleep(POLL_MILLIS);
    }
    throw new RespException("the migration did not finish within " + GIVE_UP_MINUTES + " minutes (last: " + last
        + ")");
  }

  /** The status reply's incoming entry from {@code sourceId}: {@code [in, ID, STATE, keys, errors, ranges]}. */
  private static List<Object> entry(Object reply, String sourceId) {
    if (!(reply instanceof List<?> all)) {
      return null;
    }
    if (!all.isEmpty() && !(all.get(0) instanceof List<?>)) {
      all = List.of(all); // one entry, not a list of them
    }
    for (Object o : all) {
      if (o instanceof List<?> l && l.size() > 2 && str(l.get(0)).equals("in") && str(l.get(1)).equals(sourceId)) {
        @SuppressWarnings("unchecked")
        List<Object> entry = (List<Object>) l;
        return entry;
      }
    }
    return null;
  }

  private static String text(List<Object> entry) {
    List<String> parts = new ArrayList<>();
    for (Object o : entry) {
      parts.add(str(o));
    }
    return String.join(" ", parts);
  }

  private static String str(Object o) {
    return o instanceof byte[] b ? new String(b, StandardCharsets.UTF_8) : String.valueOf(o);
  }

  private Jedis jedis(Node n) {
    Jedis j = hold(new Jedis(HostAndPort.from(n.reachable()), config));
    j.ping();
    commands++;
    return j;
  }

  /** The source's {@code thread_count}: its migration opens a flow per thread. */
  private int threads(Jedis source) {
    commands++;
    Map<String, String> info = RespInfo.parse(source.info("server"));
    long n = RespStates.count(info, "thread_count");
    return n > 0 ? (int) n : 1;
  }

  /** The lowest {@code n} slots of {@code ranges}, as ranges. */
  static List<int[]> lowest(List<int[]> ranges, int n) {
    List<int[]> sorted = new ArrayList<>(ranges);
    sorted.sort(Comparator.comparingInt(r -> r[0]));
    List<int[]> out = new ArrayList<>();
    int left = n;
    for (int[] r : sorted) {
      if (left == 0) {
        break;
      }
      int take = Math.min(left, r[1] - r[0] + 1);
      out.add(new int[] {r[0], r[0] + take - 1});
      left -= take;
    }
    return out;
  }

  /**
   * The map as {@code DFLYCLUSTER CONFIG} takes it: {@code moved} false, with the source's migration of {@code
   * moving} to the target; true, with those slots the target's.
   */
  static String json(List<Shard> shards, Shard source, Shard target, List<int[]> moving, boolean moved) {
    StringBuilder sb = new StringBuilder("[");
    for (int i = 0; i < shards.size(); i++) {
      Shard s = shards.get(i);
      List<int[]> ranges = s.ranges();
      if (moved && s == source) {
        ranges = without(ranges, moving);
      } else if (moved && s == target) {
        ranges = new ArrayList<>(ranges);
        ranges.addAll(moving);
        ranges = merged(ranges);
      }
      sb.append(i == 0 ? "" : ",").append("{\"slot_ranges\":").append(ranges(ranges)).append(",\"master\":")
          .append(node(s.primary())).append(",\"replicas\":[");
      for (int r = 0; r < s.replicas().size(); r++) {
        sb.append(r == 0 ? "" : ",").append(node(s.replicas().get(r)));
      }
      sb.append(']');
      if (!moved && s == source) {
        Node t = target.primary();
        sb.append(",\"migrations\":[{\"slot_ranges\":").append(ranges(moving)).append(",\"node_id\":")
            .append(quote(t.id())).append(",\"ip\":").append(quote(t.ip())).append(",\"port\":").append(t.port())
            .append("}]");
      }
      sb.append('}');
    }
    return sb.append(']').toString();
  }

  /** {@code ranges} in order, those that touch or overlap made one. */
  static List<int[]> merged(List<int[]> ranges) {
    List<int[]> sorted = new ArrayList<>(ranges);
    sorted.sort(Comparator.comparingInt(r -> r[0]));
    List<int[]> out = new ArrayList<>();
    for (int[] r : sorted) {
      int[] last = out.isEmpty() ? null : out.get(out.size() - 1);
      if (last != null && r[0] <= last[1] + 1) {
        last[1] = Math.max(last[1], r[1]);
      } else {
        out.add(new int[] {r[0], r[1]});
      }
    }
    return out;
  }

  /** {@code ranges} less the slots of {@code taken} (each taken range lies inside one of them). */
  static List<int[]> without(List<int[]> ranges, List<int[]> taken) {
    List<int[]> out = new ArrayList<>();
    for (int[] r : ranges) {
      List<int[]> pieces = new ArrayList<>(List.of(r));
      for (int[] t : taken) {
        List<int[]> next = new ArrayList<>();
        for (int[] p : pieces) {
          if (t[1] < p[0] || t[0] > p[1]) {
            next.add(p);
            continue;
          }
          if (p[0] < t[0]) {
            next.add(new int[] {p[0], t[0] - 1});
          }
          if (t[1] < p[1]) {
            next.add(new int[] {t[1] + 1, p[1]});
          }
        }
        pieces = next;
      }
      out.addAll(pieces);
    }
    return out;
  }

  private static String ranges(List<int[]> ranges) {
    StringBuilder sb = new StringBuilder("[");
    for (int i = 0; i < ranges.size(); i++) {
      sb.append(i == 0 ? "" : ",").append("{\"start\":").append(ranges.get(i)[0]).append(",\"end\":")
          .append(ranges.get(i)[1]).append('}');
    }
    return sb.append(']').toString();
  }

  private static String node(Node n) {
    return "{\"id\":" + quote(n.id()) + ",\"ip\":" + quote(n.ip()) + ",\"port\":" + n.port() + "}";
  }

  private static String quote(String s) {
    return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
  }

  /**
   * The shards of a {@code CLUSTER SHARDS} reply (each a flat list of names and values: {@code slots} as {@code
   * [start, end, ...]}, {@code nodes} each with {@code id}, {@code ip}, {@code port}, {@code role}); {@code map}
   * turns an announced address into the one to reach.
   */
  static List<Shard> shards(Object reply, UnaryOperator<String> map) {
    if (!(reply instanceof List<?> all)) {
      throw new RespException("CLUSTER SHARDS did not reply a list of shards: " + str(reply));
    }
    List<Shard> out = new ArrayList<>();
    for (Object o : all) {
      Map<String, Object> shard = fields(o);
      List<int[]> ranges = new ArrayList<>();
      if (shard.get("slots") instanceof List<?> sl) {
        for (int i = 0; i + 1 < sl.size(); i += 2) {
          ranges.add(new int[] {number(sl.get(i)), number(sl.get(i + 1))});
        }
      }
      Node primary = null;
      List<Node> replicas = new ArrayList<>();
      if (shard.get("nodes") instanceof List<?> nodes) {
        for (Object n : nodes) {
          Map<String, Object> f = fields(n);
          String ip = str(f.getOrDefault("ip", f.get("endpoint")));
          int port = number(f.get("port"));
          Node node = new Node(str(f.get("id")), ip, port, map.apply(ip + ":" + port));
          if (primary == null && "master".equals(str(f.get("role")))) {
            primary = node;
          } else {
            replicas.add(node);
          }
        }
      }
      if (primary == null) {
        throw new RespException("CLUSTER SHARDS named a shard without a primary: " + shard.keySet());
      }
      out.add(new Shard(primary, replicas, ranges));
    }
    return out;
  }

  private static Map<String, Object> fields(Object o) {
    Map<String, Object> m = new LinkedHashMap<>();
    if (o instanceof List<?> l) {
      for (int i = 0; i + 1 < l.size(); i += 2) {
        m.put(str(l.get(i)), l.get(i + 1));
      }
    } else if (o instanceof Map<?, ?> map) {
      map.forEach((k, v) -> m.put(str(k), v));
    }
    return m;
  }

  private static int number(Object o) {
    return o instanceof Long l ? l.intValue() : Integer.parseInt(str(o).trim());
  }
}
