package io.github.ycsbkv.internal.resp.server;

import io.github.ycsbkv.internal.resp.jedis.JedisClients;
import io.github.ycsbkv.internal.resp.wire.RespConnection;
import io.github.ycsbkv.internal.resp.wire.RespException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
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
final class ClusterReshard extends SlotMove {

  /** Keys per MIGRATE. */
  static final int BATCH = 100;
  /** MIGRATE's timeout, in milliseconds. */
  static final int MIGRATE_TIMEOUT_MILLIS = 10_000;

  private final Jedis seed;
  private final JedisClientConfig config;
  private final UnaryOperator<String> addresses;
  private final RespConnection connection;

  /** One primary: its id, where to reach it, where the cluster announces it, its slots. */
  record Primary(String id, String host, int port, String announced, List<int[]> ranges) {
    int slotCount() {
      return ranges.stream().mapToInt(r -> r[1] - r[0] + 1).sum();
    }
  }

  ClusterReshard(RespConnection connection, UnaryOperator<String> addresses, int slots) throws Exception {
    super(slots);
    this.connection = connection.observer();
    this.config = JedisClients.config(this.connection);
    this.addresses = addresses;
    RespConnection.Endpoint e = connection.endpoint();
    this.seed = hold(new Jedis(new HostAndPort(e.host(), e.port()), config));
  }

  /** A source keeps its connection to the target for some seconds after a MIGRATE: its last command restore-asking. */
  @Override
  boolean ownsClient(String line) {
    return line.contains(" cmd=restore-asking");
  }

  @Override
  protected void move() throws Exception {
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
    // Each connection is held until the probe is done (SlotMove.release).
    Jedis from = jedis(source);
    Jedis to = jedis(target);
    List<Jedis> others = new ArrayList<>();
    for (Primary p : primaries) {
      if (p != source && p != target) {
        others.add(jedis(p));
      }
    }
    for (int slot : moving) {
      move(slot, source, target, from, to, others);
      slotsMoved++;
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
    Jedis j = hold(new Jedis(new HostAndPort(p.host(), p.port()), config));
    j.ping();
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
