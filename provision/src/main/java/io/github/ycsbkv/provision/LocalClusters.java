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
 * nodes introduced ({@code CLUSTER MEET}), as {@code redis-cli --cluster create} does without replicas; Dragonfly with
 * {@code --cluster_mode=yes}, the same slot map sent to every node's admin port ({@code DFLYCLUSTER CONFIG}: its nodes
 * do not gossip); Aerospike as a mesh whose nodes name each other's heartbeat ports, replication factor 2. Each is
 * ready when every node says so ({@code cluster_state:ok}; Aerospike: every node ready). No TLS, no containers.
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

  /** Starts {@code n} nodes of {@code kind} and makes them one cluster; stops them all when that fails. */
  static Provisioned start(ServerKind kind, int n, int ioThreads, String prefix) throws IOException {
    List<Running> nodes = new ArrayList<>();
    try {
      switch (kind) {
        case REDIS, VALKEY, KEYDB -> resp(kind, n, ioThreads, prefix, nodes);
        case DRAGONFLY -> dragonfly(n, ioThreads, prefix, nodes);
        case AEROSPIKE -> aerospike(n, ioThreads, nodes);
        default -> throw new IOException("no cluster is started here for " + kind.id());
      }
    } catch (IOException | RuntimeException e) {
      nodes.forEach(Running::close);
      throw e;
    }
    return new Cluster(kind, prefix != null ? prefix : LocalServers.keyPrefix(kind, null), nodes);
  }

  /** The first and last slot of node {@code i} of {@code n}. */
  static int[] slots(int i, int n) {
    return new int[] {i * 16384 / n, (i + 1) * 16384 / n - 1};
  }

  private static void resp(ServerKind kind, int n, int ioThreads, String prefix, List<Running> nodes)
      throws IOException {
    for (int i = 0; i < n; i++) {
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
    for (int i = 1; i < n; i++) {
      expectOk(nodes.get(i), "CLUSTER", "MEET", "127.0.0.1", Integer.toString(nodes.get(0).port()));
    }
    awaitClusterOk(kind, nodes);
  }

  private static void dragonfly(int n, int ioThreads, String prefix, List<Running> nodes)
      throws IOException {
    int[] admin = new int[n];
    for (int i = 0; i < n; i++) {
      admin[i] = LocalServers.freePort();
      nodes.add(LocalServers.binary(ServerKind.DRAGONFLY, ioThreads, false, prefix, LocalServers.freePort(),
          List.of("--cluster_mode=yes", "--cluster_node_id=ycsbkv-n" + i, "--admin_port=" + admin[i]), null));
    }
    StringBuilder map = new StringBuilder("[");
    for (int i = 0; i < n; i++) {
      int[] range = slots(i, n);
      map.append(i == 0 ? "" : ",").append("{\"slot_ranges\":[{\"start\":").append(range[0]).append(",\"end\":")
          .append(range[1]).append("}],\"master\":{\"id\":\"ycsbkv-n").append(i).append("\",\"ip\":\"127.0.0.1\",")
          .append("\"port\":").append(nodes.get(i).port()).append("},\"replicas\":[]}");
    }
    map.append("]");
    for (int i = 0; i < n; i++) {
      String reply = Probes.command("127.0.0.1", admin[i], "DFLYCLUSTER", "CONFIG", map.toString());
      if (!"OK".equals(reply)) {
        throw new IOException("dragonfly on 127.0.0.1:" + nodes.get(i).port() + " refused the slot map: " + reply);
      }
    }
    awaitClusterOk(ServerKind.DRAGONFLY, nodes);
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

    Cluster(ServerKind kind, String prefix, List<Running> nodes) {
      this.kind = kind;
      this.prefix = prefix;
      this.nodes = List.copyOf(nodes);
    }

    private String seeds() {
      List<String> seeds = new ArrayList<>();
      for (Running n : nodes) {
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
      return kind.id() + " cluster of " + nodes.size() + " primaries" + (kind == ServerKind.AEROSPIKE
          ? " (replication factor 2)" : "") + " on " + seeds() + ": each as " + first.substring(first.indexOf(": ") + 2);
    }

    @Override
    public void close() {
      nodes.forEach(Running::close);
    }
  }
}
