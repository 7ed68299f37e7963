package io.github.ycsbkv.provision;

import io.github.ycsbkv.internal.provision.Provisioner.Provisioned;
import io.github.ycsbkv.internal.provision.Provisioner.Request;
import io.github.ycsbkv.internal.provision.Provisioner.Way;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Clusters of a store's binaries on this host, for {@link LocalServers} ({@code Request.nodes()} above 1): Redis,
 * Valkey and KeyDB with {@code cluster-enabled}, the 16,384 slots split evenly ({@code CLUSTER ADDSLOTS}) and the
 * nodes introduced ({@code CLUSTER MEET}), as {@code redis-cli --cluster create} does, and with replicas each made a
 * primary's in turn ({@code CLUSTER REPLICATE}, as {@code --cluster-replicas R} does); Dragonfly with
 * {@code --cluster_mode=yes}, the same slot map sent to every node's admin port ({@code DFLYCLUSTER CONFIG}: its nodes
 * do not gossip), with replicas named in it and made their primary's ({@code REPLICAOF}); Aerospike as a mesh whose
 * nodes name each other's heartbeat ports, replication factor 2. Each is ready when every node says so
 * ({@code cluster_state:ok}, replicas synced; Aerospike: every node ready). No TLS, no containers.
 */
final class LocalClusters {

  private static final long READY_SECONDS = 60;

  private LocalClusters() {}

  /** Why a cluster of {@code request.nodes()} cannot be started here, or null. */
  static String unavailable(ServerKind kind, Request request) {
    if (request.tls()) {
      return "a cluster with TLS is not started here; start it yourself and give its seeds";
    }
    if (request.way() == Way.CONTAINER) {
      return "clusters are started from the binaries on PATH only (--servers binary)";
    }
    return LocalServers.onPath(kind.binary()) == null ? kind.binary() + " is not on PATH (clusters start from it)"
        : null;
  }

  /** Why {@code replicas} replicas of each primary of a cluster of {@code kind} cannot be started here, or null. */
  static String replicasUnavailable(ServerKind kind, int replicas) {
    return replicas > 0 && kind == ServerKind.AEROSPIKE ? "an Aerospike cluster keeps its replicas on its own nodes"
        + " (replication factor 2): drop --replicas" : null;
  }

  /**
   * Starts {@code n} primaries of {@code kind} and {@code replicas} replicas of each, and makes them one cluster; stops
   * them all when that fails.
   */
  static Provisioned start(ServerKind kind, int n, int replicas, int ioThreads, String prefix) throws IOException {
    List<Running> nodes = new ArrayList<>();
    try {
      switch (kind) {
        case REDIS, VALKEY, KEYDB -> resp(kind, n, replicas, ioThreads, prefix, nodes);
        case DRAGONFLY -> dragonfly(n, replicas, ioThreads, prefix, nodes);
        case AEROSPIKE -> aerospike(n, ioThreads, nodes);
        default -> throw new IOException("no cluster is started here for " + kind.id());
      }
    } catch (IOException | RuntimeException e) {
      nodes.forEach(Running::close);
      throw e;
    }
    return new Cluster(kind, prefix != null ? prefix : LocalServers.keyPrefix(kind, null), nodes, n);
  }

  /** The first and last slot of node {@code i} of {@code n}. */
  static int[] slots(int i, int n) {
    return new int[] {i * 16384 / n, (i + 1) * 16384 / n - 1};
  }

  private static void resp(ServerKind kind, int n, int replicas, int ioThreads, String prefix, List<Running> nodes)
      throws IOException {
    for (int i = 0; i < n * (1 + replicas); i++) {
      nodes.add(LocalServers.binary(kind, ioThreads, false, prefix, LocalServers.freeClusterPort(), List.of(
          "--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf", "--cluster-node-timeout", "5000"), null));
    }
    for (int i = 0; i < n; i++) {
      int[] range = slots(i, n);
      List<String> args = new ArrayList<>(List.of("CLUSTER", "ADDSLOTS"));
      for (int s = range[0]; s <= range[1]; s++) {
        args.add(Integer.toString(s));
      }
      expectOk(nodes.get(i), args.toArray(new String[0]));
    }
    for (int i = 1; i < nodes.size(); i++) {
      expectOk(nodes.get(i), "CLUSTER", "MEET", "127.0.0.1", Integer.toString(nodes.get(0).port()));
    }
    awaitClusterOk(kind, nodes.subList(0, n));
    for (int i = n; i < nodes.size(); i++) {
      Running primary = nodes.get(i % n);
      replicate(kind, nodes.get(i), Probes.command("127.0.0.1", primary.port(), "CLUSTER", "MYID"));
    }
    awaitClusterOk(kind, nodes);
    awaitReplicasKnown(kind, nodes, n * replicas);
    if (replicas > 0) {
      awaitReplicasServed(kind, nodes, n, replicas);
    }
  }

  /**
   * Until every node's {@code CLUSTER SLOTS} (what a client reads) lists {@code replicas} replicas of each range: Redis
   * leaves out a replica whose replication offset it last heard as 0, so a new replica is missing there until its
   * primary has pinged it once (every {@code repl-ping-replica-period}, 10 s by default: set to 1 s meanwhile, then
   * back).
   */
  private static void awaitReplicasServed(ServerKind kind, List<Running> nodes, int n, int replicas)
      throws IOException {
    List<String> period = new ArrayList<>();
    for (Running primary : nodes.subList(0, n)) {
      Object was = Probes.reply("127.0.0.1", primary.port(), "CONFIG", "GET", "repl-ping-replica-period");
      period.add(was instanceof List<?> l && l.size() == 2 ? String.valueOf(l.get(1)) : "10");
      expectOk(primary, "CONFIG", "SET", "repl-ping-replica-period", "1");
    }
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(READY_SECONDS);
    for (Running node : nodes) {
      while (true) {
        Object slots = Probes.reply("127.0.0.1", node.port(), "CLUSTER", "SLOTS");
        int least = Integer.MAX_VALUE;
        for (Object range : slots instanceof List<?> l ? l : List.of()) {
          // start, end, the primary, then each replica
          least = Math.min(least, range instanceof List<?> r ? r.size() - 3 : 0);
        }
        if (least != Integer.MAX_VALUE && least >= replicas) {
          break;
        }
        if (System.nanoTime() > deadline) {
          throw new IOException(kind.binary() + " on 127.0.0.1:" + node.port() + " did not list " + replicas
              + " replica(s) of each slot range in CLUSTER SLOTS within " + READY_SECONDS + " s");
        }
        sleep();
      }
    }
    for (int i = 0; i < n; i++) {
      expectOk(nodes.get(i), "CONFIG", "SET", "repl-ping-replica-period", period.get(i));
    }
  }

  /** {@code CLUSTER REPLICATE id} on {@code replica}, once it has heard of that node (the MEET's gossip). */
  private static void replicate(ServerKind kind, Running replica, String id) throws IOException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(READY_SECONDS);
    String reply;
    while (!"OK".equals(reply = Probes.command("127.0.0.1", replica.port(), "CLUSTER", "REPLICATE", id))) {
      if (System.nanoTime() > deadline) {
        throw new IOException(kind.binary() + " on 127.0.0.1:" + replica.port() + " did not become a replica of node "
            + id + " within " + READY_SECONDS + " s: " + reply);
      }
      sleep();
    }
  }

  /**
   * Until every node's {@code CLUSTER NODES} names {@code replicas} replicas, each with its link up: a client reads the
   * replicas from any node's map.
   */
  private static void awaitReplicasKnown(ServerKind kind, List<Running> nodes, int replicas) throws IOException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(READY_SECONDS);
    for (Running node : nodes) {
      while (true) {
        String table = String.valueOf(Probes.command("127.0.0.1", node.port(), "CLUSTER", "NODES"));
        // id address flags master ping pong epoch link [slots]: flags "slave" or "myself,slave".
        long linked = table.lines().map(l -> l.split(" ")).filter(f -> f.length > 7 && f[2].contains("slave")
            && f[7].equals("connected")).count();
        if (linked == replicas) {
          break;
        }
        if (System.nanoTime() > deadline) {
          throw new IOException(kind.binary() + " on 127.0.0.1:" + node.port() + " named " + linked + " of the "
              + replicas + " replicas within " + READY_SECONDS + " s");
        }
        sleep();
      }
    }
  }

  /**
   * Dragonfly's nodes, the first {@code n} primaries and then {@code replicas} replicas of each in turn: every node is
   * sent the same map (each primary's slots and its replicas: its nodes do not gossip), then each replica is made its
   * primary's ({@code REPLICAOF}) and awaited until its first sync has ended.
   */
  private static void dragonfly(int n, int replicas, int ioThreads, String prefix, List<Running> nodes)
      throws IOException {
    int all = n * (1 + replicas);
    int[] admin = new int[all];
    for (int i = 0; i < all; i++) {
      admin[i] = LocalServers.freePort();
      nodes.add(LocalServers.binary(ServerKind.DRAGONFLY, ioThreads, false, prefix, LocalServers.freePort(),
          List.of("--cluster_mode=yes", "--cluster_node_id=ycsbkv-n" + i, "--admin_port=" + admin[i]), null));
    }
    StringBuilder map = new StringBuilder("[");
    for (int i = 0; i < n; i++) {
      int[] range = slots(i, n);
      map.append(i == 0 ? "" : ",").append("{\"slot_ranges\":[{\"start\":").append(range[0]).append(",\"end\":")
          .append(range[1]).append("}],\"master\":").append(dragonflyNode(i, nodes.get(i))).append(",\"replicas\":[");
      for (int r = 0; r < replicas; r++) {
        int replica = n + i * replicas + r;
        map.append(r == 0 ? "" : ",").append(dragonflyNode(replica, nodes.get(replica)));
      }
      map.append("]}");
    }
    map.append("]");
    for (int i = 0; i < all; i++) {
      String reply = Probes.command("127.0.0.1", admin[i], "DFLYCLUSTER", "CONFIG", map.toString());
      if (!"OK".equals(reply)) {
        throw new IOException("dragonfly on 127.0.0.1:" + nodes.get(i).port() + " refused the slot map: " + reply);
      }
    }
    for (int replica = n; replica < all; replica++) {
      Running primary = nodes.get((replica - n) / replicas);
      expectOk(nodes.get(replica), "REPLICAOF", "127.0.0.1", Integer.toString(primary.port()));
    }
    for (Running replica : nodes.subList(n, all)) {
      LocalReplicas.awaitSynced(ServerKind.DRAGONFLY, replica);
    }
    awaitClusterOk(ServerKind.DRAGONFLY, nodes);
  }

  /** A node in Dragonfly's slot map: its id ({@code --cluster_node_id}), address and port. */
  private static String dragonflyNode(int i, Running node) {
    return "{\"id\":\"ycsbkv-n" + i + "\",\"ip\":\"127.0.0.1\",\"port\":" + node.port() + "}";
  }

  private static void aerospike(int n, int ioThreads, List<Running> nodes) throws IOException {
    int[] ports = new int[n];
    int[] heartbeat = new int[n];
    for (int i = 0; i < n; i++) {
      ports[i] = LocalServers.freePort();
      heartbeat[i] = LocalServers.freePort();
    }
    for (int i = 0; i < n; i++) {
      List<Integer> seeds = new ArrayList<>();
      for (int j = 0; j < n; j++) {
        if (j != i) {
          seeds.add(heartbeat[j]);
        }
      }
      int port = ports[i];
      int hb = heartbeat[i];
      String dataSize = AerospikeConfig.dataSizeEach(n);
      nodes.add(LocalServers.binary(ServerKind.AEROSPIKE, ioThreads, false, null, port, List.of(), dir -> {
        try {
          return AerospikeConfig.node(dir, port, hb, "ycsbkv-cluster-" + ports[0], seeds, 2, dataSize);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }));
    }
    awaitAerospikeCluster(nodes);
  }

  /**
   * Until every node says the cluster has all of them and no partition is left to migrate: records written before
   * would move while it forms (and a count of them read meanwhile be off).
   */
  private static void awaitAerospikeCluster(List<Running> nodes) throws IOException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(READY_SECONDS);
    for (Running node : nodes) {
      String stats = "";
      while (true) {
        stats = String.valueOf(Probes.aerospikeInfo("127.0.0.1", node.port(), "statistics"));
        if (stats.contains("cluster_size=" + nodes.size() + ";") && stats.contains("migrate_partitions_remaining=0")) {
          break;
        }
        if (System.nanoTime() > deadline) {
          throw new IOException("asd on 127.0.0.1:" + node.port() + " did not see a cluster of " + nodes.size()
              + " without migrations within " + READY_SECONDS + " s");
        }
        sleep();
      }
    }
  }

  private static void sleep() throws IOException {
    try {
      Thread.sleep(100);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while the cluster formed");
    }
  }

  private static void expectOk(Running node, String... command) throws IOException {
    String reply = Probes.command("127.0.0.1", node.port(), command);
    if (!"OK".equals(reply)) {
      throw new IOException("127.0.0.1:" + node.port() + " answered " + command[0] + " " + command[1] + " with: "
          + reply);
    }
  }

  private static void awaitClusterOk(ServerKind kind, List<Running> nodes) throws IOException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(READY_SECONDS);
    for (Running node : nodes) {
      String info = "";
      while (true) {
        info = String.valueOf(Probes.command("127.0.0.1", node.port(), "CLUSTER", "INFO"));
        if (info.contains("cluster_state:ok")) {
          break;
        }
        if (System.nanoTime() > deadline) {
          throw new IOException(kind.binary() + " on 127.0.0.1:" + node.port() + " did not say cluster_state:ok"
              + " within " + READY_SECONDS + " s: " + info.strip().lines().findFirst().orElse(""));
        }
        sleep();
      }
    }
  }

  /** The nodes of a cluster started here, its seeds for the client, stopped together. */
  private static final class Cluster implements Provisioned {
    private final ServerKind kind;
    private final String prefix;
    private final List<Running> nodes;
    /** The first nodes, the primaries; the others their replicas. */
    private final int primaries;

    Cluster(ServerKind kind, String prefix, List<Running> nodes, int primaries) {
      this.kind = kind;
      this.prefix = prefix;
      this.nodes = List.copyOf(nodes);
      this.primaries = primaries;
    }

    private String seeds() {
      List<String> seeds = new ArrayList<>();
      for (Running n : nodes.subList(0, primaries)) {
        seeds.add("127.0.0.1:" + n.port());
      }
      return String.join(",", seeds);
    }

    @Override
    public Map<String, String> properties() {
      Map<String, String> p = new LinkedHashMap<>();
      if (kind == ServerKind.AEROSPIKE) {
        p.put("as.host", seeds());
        p.put("as.namespace", "test");
        return p;
      }
      p.put(prefix + "cluster", "true");
      p.put(prefix + "host", seeds());
      return p;
    }

    @Override
    public String description() {
      String first = nodes.get(0).description();
      int replicas = (nodes.size() - primaries) / primaries;
      return kind.id() + " cluster of " + primaries + " primaries" + (kind == ServerKind.AEROSPIKE
          ? " (replication factor 2)" : "") + (replicas > 0 ? " with " + replicas + " replica(s) each" : "") + " on "
          + seeds() + ": each as " + first.substring(first.indexOf(": ") + 2);
    }

    @Override
    public String stopped() {
      return nodes.stream().map(Running::stopped).filter(java.util.Objects::nonNull).findFirst().orElse(null);
    }

    @Override
    public List<java.nio.file.Path> keepLogs(java.nio.file.Path into) throws java.io.IOException {
      return Running.keepLogs(nodes, into);
    }

    @Override
    public void close() {
      nodes.forEach(Running::close);
    }
  }
}
