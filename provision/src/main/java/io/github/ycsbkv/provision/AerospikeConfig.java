package io.github.ycsbkv.provision;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The {@code asd} configuration of an Aerospike started here (one server, or one node of a cluster on this host), and
 * how much of this machine's memory its namespace gets. Stateless.
 */
public final class AerospikeConfig {

  private AerospikeConfig() {}

  /**
   * An {@code asd} configuration for one server in {@code dir}: loopback ports ({@code port} for clients,
   * free ones for heartbeat, fabric and admin), namespace {@code test} in memory of {@code dataSize} (for
   * example {@code 2G}) with expiry on, the log in {@code dir/asd.log}. The keywords are those of
   * Aerospike 8.1's configuration reference: {@code cluster-name} is mandatory since 8.0,
   * {@code storage-engine memory { data-size }} is the 7.0+ in-memory syntax. Also the integration tests'.
   */
  public static String server(Path dir, int port, String dataSize) throws IOException {
    return node(dir, port, LocalServers.freePort(), "ycsbkv-" + port, java.util.List.of(), 1, dataSize);
  }

  /**
   * As {@link #server(Path, int, String)}, for one node of a cluster on this host: its mesh heartbeat on
   * {@code heartbeatPort}, the other nodes' heartbeat ports as its mesh seeds ({@code seedHeartbeatPorts}, on
   * 127.0.0.1), the nodes' shared {@code clusterName}, and namespace {@code test} kept {@code replicationFactor}
   * times (a node's records and a replica of another's with 2).
   */
  public static String node(Path dir, int port, int heartbeatPort, String clusterName,
      java.util.List<Integer> seedHeartbeatPorts, int replicationFactor, String dataSize) throws IOException {
    // asd refuses to start when its system-metadata directory or the UDF path does not exist.
    Files.createDirectories(dir.resolve("smd"));
    Files.createDirectories(dir.resolve("udf"));
    java.util.List<String> heartbeat = new java.util.ArrayList<>(java.util.List.of("  heartbeat {", "    mode mesh",
        "    address 127.0.0.1", "    port " + heartbeatPort));
    for (int seed : seedHeartbeatPorts) {
      heartbeat.add("    mesh-seed-address-port 127.0.0.1 " + seed);
    }
    if (!seedHeartbeatPorts.isEmpty()) {
      // A lost node is noticed after interval x timeout (1.5 s), as ../shared/servers' cluster template does.
      heartbeat.addAll(java.util.List.of("    interval 150", "    timeout 10"));
    }
    heartbeat.add("  }");
    return String.join("\n",
        "service {", "  proto-fd-max " + protoFdMax(), "  cluster-name " + clusterName, "  work-directory " + dir,
        "  pidfile " + dir.resolve("asd.pid"), "}",
        "mod-lua {", "  user-path " + dir.resolve("udf"), "}",
        "logging {", "  file " + dir.resolve("asd.log") + " {", "    context any info", "  }", "}",
        // access-address: what a node tells clients its peers are; without it a cluster announces the host's
        // interface address, which the loopback-only client is not to use.
        "network {", "  service {", "    address 127.0.0.1", "    port " + port, "    access-address 127.0.0.1", "  }",
        String.join("\n", heartbeat),
        "  fabric {", "    address 127.0.0.1", "    port " + LocalServers.freePort(), "  }",
        "  admin {", "    address 127.0.0.1", "    port " + LocalServers.freePort(), "  }", "}",
        // nsup-period: Aerospike refuses writes with a TTL (the cache workloads) when it is 0.
        "namespace test {", "  replication-factor " + replicationFactor, "  nsup-period 120",
        "  storage-engine memory {", "    data-size " + dataSize, "  }", "}", "");
  }

  /**
   * The namespace memory of an Aerospike started here: half of this machine's memory in whole GiB, at least 2 GiB.
   * Redis, Valkey, KeyDB and Dragonfly started here have no memory limit; Aerospike needs one, and with 2 GiB the
   * 1,474,560 records of ycsb2025 at scale 1 (1.75 GB of data) left no room for updates: every write failed with
   * "Server memory error" (result code 8). Community Edition keeps the data in process memory as it grows, so
   * the limit is not memory taken at start.
   */
  static String dataSize() {
    return dataSizeEach(1);
  }

  /**
   * {@link #dataSize()} for each of {@code nodes} nodes on this machine: the half shared among them (not
   * an overload of the one taking a machine's bytes: an int of nodes must not be read as bytes, nor bytes as nodes).
   */
  static String dataSizeEach(int nodes) {
    long bytes = 4L << 30;
    if (java.lang.management.ManagementFactory.getOperatingSystemMXBean()
        instanceof com.sun.management.OperatingSystemMXBean os) {
      bytes = os.getTotalMemorySize();
    }
    return dataSize(bytes / nodes);
  }

  /** {@link #dataSize()} for a machine of {@code totalMemoryBytes}. */
  static String dataSize(long totalMemoryBytes) {
    return Math.max(2, totalMemoryBytes / 2 / (1L << 30)) + "G";
  }

  /**
   * Client connections asd accepts: 15000 as in ../shared/servers' template (pipelined runs with 32
   * threads x 16 hold 512), but below the open-files limit asd inherits from this JVM, which it checks.
   */
  static long protoFdMax() {
    long limit = 20_000;
    if (java.lang.management.ManagementFactory.getOperatingSystemMXBean()
        instanceof com.sun.management.UnixOperatingSystemMXBean unix) {
      limit = unix.getMaxFileDescriptorCount();
    }
    return Math.max(1024, Math.min(15_000, limit - 1000));
  }
}
