package io.github.ycsbkv.internal.resp;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisClientConfig;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.params.MigrateParams;

/**
 * Moves slots between two primaries of a Redis, Valkey or KeyDB cluster while clients run, as {@code redis-cli
 * --cluster reshard} does (the steps of the cluster specification's "live resharding"): for each slot, the target
 * {@code CLUSTER SETSLOT s IMPORTING source}, the source {@code MIGRATING target}, its keys {@code MIGRATE}d in batches
 * of {@value #BATCH}, then {@code CLUSTER SETSLOT s NODE target} on the target, the source and the other primaries.
 * The source is the primary with the most slots, the target the one with the fewest; the slots are the source's
 * lowest. Clients meanwhile get {@code ASK} for a migrating slot's moved keys and {@code MOVED} once it has moved.
 *
 * <p>Runs on a thread of its own with connections of its own ({@link #start}); {@link #running()} and
 * {@link #figures()} are read by another thread.
 */
final class ClusterReshard implements Runnable, SlotMove {

  /** Keys per MIGRATE. */
  static final int BATCH = 100;
  /** MIGRATE's timeout, in milliseconds. */
  static final int MIGRATE_TIMEOUT_MILLIS = 10_000;

  private final Jedis seed;
  private final JedisClientConfig config;
  private final UnaryOperator<String> addresses;
  private final int slots;
  private final RespConnection connection;
  private volatile boolean running = true;
  /** Connections this move holds open on the cluster's nodes now. */
  private volatile int open;
  /**
   * Commands the nodes ran for this move: its own, and the {@code RESTORE-ASKING} a source sends the target per key
   * it migrates.
   */
  private volatile long commands;
  private volatile int slotsMoved;
  private volatile long keysMoved;
  private volatile String failure;
  private long startNanos;
  private volatile long endNanos;

  /** One primary: its id, where to reach it, where the cluster announces it, its slots. */
  record Primary(String id, String host, int port, String announced, List<int[]> ranges) {
    int slotCount() {
      return ranges.stream().mapToInt(r -> r[1] - r[0] + 1).sum();
    }
  }

  ClusterReshard(RespConnection connection, UnaryOperator<String> addresses, int slots) throws Exception {
    this.connection = connection;
    this.config = JedisClients.config(connection);
    this.addresses = addresses;
    this.slots = slots;
    RespConnection.Endpoint e = connection.endpoint();
    this.seed = new Jedis(new HostAndPort(e.host(), e.port()), config);
    open = 1;
  }

  /** Commands the nodes ran for this move so far (see {@link #commands}). */
  @Override
  public long commands() {
    return commands;
  }

  /** Connections this move holds open on the cluster's nodes now (its own, not the nodes' to each other). */
  @Override
  public int openConnections() {
    return open;
  }

  /** Starts the move on its own thread. */
  @Override
  public void start() {
    startNanos = System.nanoTime();
    Thread t = new Thread(this, "ycsb-reshard");
    t.setDaemon(true);
    t.start();
  }

  @Override
  public boolean running() {
    return running;
  }

  /** A source keeps its connection to the target for some seconds after a MIGRATE: its last command restore-asking. */
  @Override
  public boolean ownsClient(String line) {
    return line.contains(" cmd=restore-asking");
  }

  /** {@code slotsMoved}, {@code keysMoved}, {@code seconds}; throws how it failed, if it did. */
  @Override
  public Map<String, Double> figures() {
    if (failure != null) {
      throw new RespException("moved " + slotsMoved + " of " + slots + " slots, then " + failure);
    }
    return Map.of("slotsMoved", (double) slotsMoved, "keysMoved", (double) keysMoved, "seconds",
        (endNanos - startNanos) / 1e9);
  }

  @Override
  public void run() {
    try {
      List<Primary> primaries = primaries(seed.clusterNodes(), addresses);
      commands++;
      if (primaries.size() < 2) {
        throw new RespException("the cluster has " + primaries.size() + " primary: slots need two to move between");
      }
      primaries.sort(Comparator.comparingInt(Primary::slotCount));
      Primary target = primaries.get(0);
      Primary source = primaries.get(primaries.size() - 1);
      List<Integer> moving = new ArrayList<>();
      for (int[] r : source.ranges()) {
        for (int s = r[0]; s <= r[1] && moving.size() < slots; s++) {
          moving.add(s);
        }
      }
      try (Jedis from = jedis(source); Jedis to = jedis(target)) {
        List<Jedis> others = new ArrayList<>();
        try {
          for (Primary p : primaries) {
            if (p != source && p != target) {
              others.add(jedis(p));
            }
          }
          for (int slot : moving) {
            move(slot, source, target, from, to, others);
            slotsMoved++;
          }
        } finally {
          others.forEach(Jedis::close);
          open -= others.size();
        }
      }
      open -= 2;
    } catch (RuntimeException e) {
      failure = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    } catch (Exception e) {
      failure = e.getMessage();
    } finally {
      seed.close();
      open = 0;
      endNanos = System.nanoTime();
      running = false;
    }
  }

  private void move(int slot, Primary source, Primary target, Jedis from, Jedis to, List<Jedis> others) {
    String s = Integer.toString(slot);
    to.sendCommand(Protocol.Command.CLUSTER, "SETSLOT", s, "IMPORTING", source.id());
    from.sendCommand(Protocol.Command.CLUSTER, "SETSLOT", s, "MIGRATING", target.id());
    commands += 2;
    MigrateParams params = new MigrateParams();
    if (connection.password() != null) {
      params = connection.user() != null ? params.auth2(connection.user(), connection.password())
          : params.auth(connection.password());
    }
    while (true) {
      Object reply = from.sendCommand(Protocol.Command.CLUSTER, "GETKEYSINSLOT", s, Integer.toString(BATCH));
      commands++;
      List<?> keys = reply instanceof List<?> l ? l : List.of();
      if (keys.isEmpty()) {
        break;
      }
      byte[][] names = new byte[keys.size()][];
      for (int i = 0; i < names.length; i++) {
        names[i] = (byte[]) keys.get(i);
      }
      // The target as the cluster announces it: the source connects to it, not this client.
      HostAndPort at = HostAndPort.from(target.announced());
      from.migrate(at.getHost(), at.getPort(), connection.database(), MIGRATE_TIMEOUT_MILLIS, params, names);
      keysMoved += names.length;
      commands += 1 + names.length;
    }
    to.sendCommand(Protocol.Command.CLUSTER, "SETSLOT", s, "NODE", target.id());
    from.sendCommand(Protocol.Command.CLUSTER, "SETSLOT", s, "NODE", target.id());
    for (Jedis other : others) {
      other.sendCommand(Protocol.Command.CLUSTER, "SETSLOT", s, "NODE", target.id());
    }
    commands += 2 + others.size();
  }

  private Jedis jedis(Primary p) {
    Jedis j = new Jedis(new HostAndPort(p.host(), p.port()), config);
    j.ping(); // connected now: counted while it is open
    open++;
    commands++;
    return j;
  }

  /**
   * The primaries {@code CLUSTER NODES} names, with their slots: {@code id host:port@cport flags master ... 0-5460
   * [5461->-id]...}; a migrating slot's bracketed entry is not a slot the node owns.
   */
  static List<Primary> primaries(String nodes, UnaryOperator<String> addresses) {
    List<Primary> out = new ArrayList<>();
    for (String line : nodes.split("\r?\n")) {
      String[] f = line.trim().split(" ");
      if (f.length < 8 || !f[2].contains("master") || f[2].contains("fail")) {
        continue;
      }
      String announced = f[1].contains("@") ? f[1].substring(0, f[1].indexOf('@')) : f[1];
      if (announced.contains(",")) {
        announced = announced.substring(0, announced.indexOf(','));
      }
      String reachable = addresses.apply(announced);
      HostAndPort at = HostAndPort.from(reachable);
      List<int[]> ranges = new ArrayList<>();
      for (int i = 8; i < f.length; i++) {
        if (f[i].startsWith("[")) {
          continue;
        }
        String[] r = f[i].split("-");
        int lo = Integer.parseInt(r[0]);
        ranges.add(new int[] {lo, r.length > 1 ? Integer.parseInt(r[1]) : lo});
      }
      out.add(new Primary(f[0], at.getHost(), at.getPort(), announced, ranges));
    }
    return out;
  }
}
