package io.github.ycsbkv.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;

/**
 * The RESP engine on three-primary clusters (#40): Redis and Valkey made with {@code redis-cli --cluster create},
 * Dragonfly's {@code --cluster_mode=yes} with the slot map sent to each node's admin port, and Dragonfly's emulated
 * cluster. On each: every record lands once on the node of its slot, every read finds its record, each client has a
 * connection to every primary (the load shape, and the connections every node saw), one command per operation.
 */
class RespClusterIT {

  private static final String WORKLOADA = Path.of("..", "workloads", "workloada").toAbsolutePath().toString();
  private static final int THREADS = 8;
  private static final int RECORDS = 2000;

  @Test
  void redisCluster_throughTheEngine_everyRecordOnItsNode_aConnectionPerClientToEveryPrimary() throws Exception {
    try (Cluster c = Cluster.redis(Store.Kind.REDIS)) {
      runOn(c, "redis", "redis.cluster=true", "redis.host=" + c.seed());
    }
  }

  @Test
  void valkeyCluster_throughTheEngine_everyRecordOnItsNode_aConnectionPerClientToEveryPrimary() throws Exception {
    try (Cluster c = Cluster.redis(Store.Kind.VALKEY)) {
      runOn(c, "redis", "redis.cluster=true", "redis.host=" + c.seed());
    }
  }

  @Test
  void dragonflyCluster_threeShards_everyRecordOnItsNode_aConnectionPerClientToEveryPrimary() throws Exception {
    try (Cluster c = Cluster.dragonfly()) {
      runOn(c, "dragonfly", "dragonfly.cluster=true", "dragonfly.host=" + c.seed());
    }
  }

  @Test
  void dragonflyEmulatedCluster_oneNodeServesEverySlot() throws Exception {
    try (RespServer df = RespServer.start(Store.Kind.DRAGONFLY, "--cluster_mode=emulated")) {
      List<String> common = List.of("-P", WORKLOADA, "-p", "dragonfly.cluster=true", "-p",
          "dragonfly.host=127.0.0.1:" + df.port(), "-p", "recordcount=" + RECORDS, "-threads", "4");
      Cli load = Cli.run(cat(List.of("load", "dragonfly"), common));
      assertEquals(0, load.exitCode(), load.err());
      assertEquals(RECORDS, load.count("INSERT", "Return=OK"));
      assertEquals("4", load.summary("LOAD", "Connections"), "one node: a connection per client");
      assertEquals(null, load.summary("LOAD", "ClusterNodes"), load.out());
      try (Jedis j = df.jedis()) {
        assertEquals(RECORDS, j.keys("user*").size());
      }
    }
  }

  private static void runOn(Cluster c, String binding, String clusterProperty, String hostProperty) throws Exception {
    List<String> common = List.of("-P", WORKLOADA, "-p", clusterProperty, "-p", hostProperty, "-p",
        "recordcount=" + RECORDS, "-threads", Integer.toString(THREADS), "-p", "redis.scanindex=off",
        "-p", "dragonfly.scanindex=off");
    Cli load = Cli.run(cat(List.of("load", binding), common));
    assertEquals(0, load.exitCode(), load.err());
    assertEquals(RECORDS, load.count("INSERT", "Return=OK"), load.out());
    long records = 0;
    int nodesWithRecords = 0;
    for (RespServer n : c.nodes) {
      try (Jedis j = n.jedis()) {
        List<String> keys = new ArrayList<>(j.keys("user*"));
        records += keys.size();
        nodesWithRecords += keys.isEmpty() ? 0 : 1;
        for (String k : keys.subList(0, Math.min(20, keys.size()))) {
          assertEquals(n.port(), c.nodeOfSlot(j, k), k + " is on the node that serves its slot");
        }
      }
    }
    assertEquals(RECORDS, records, "every record once, over every node");
    assertEquals(3, nodesWithRecords, "the records are spread over the three primaries");

    Cli run = Cli.run(cat(List.of("run", binding), common, List.of("-p", "operationcount=6000", "-p",
        "requestdistribution=uniform")));
    assertEquals(0, run.exitCode(), run.err());
    assertEquals(6000, run.count("READ", "Return=OK") + run.count("UPDATE", "Return=OK"), run.out());
    assertEquals(null, run.summary("READ-FAILED", "Operations"), run.out());
    assertEquals(null, run.summary("READ", "Return=NOT_FOUND"), "every read found its record: " + run.out());
    assertEquals("3", run.summary("LOAD", "ClusterNodes"), run.out());
    assertEquals(Integer.toString(3 * THREADS), run.summary("LOAD", "Connections"), run.out());
    long before = Long.parseLong(run.summary("LOAD", "ServerConnectionsBefore"));
    long max = Long.parseLong(run.summary("LOAD", "ServerConnectionsMax"));
    assertEquals(3 * THREADS, max - before, "the nodes together saw a connection per client to each: " + run.out());
    assertEquals("1.000", run.summary("LOAD", "ServerCommandsPerOperation"), run.out());
    assertTrue(!run.err().contains("the load was not the intended one"), run.err());
  }

  @SafeVarargs
  private static String[] cat(List<String>... parts) {
    List<String> all = new ArrayList<>();
    for (List<String> p : parts) {
      all.addAll(p);
    }
    return all.toArray(new String[0]);
  }

  /** Three primaries on loopback, no replicas; stopped and removed on close. */
  static final class Cluster implements AutoCloseable {
    final List<RespServer> nodes = new ArrayList<>();

    String seed() {
      return "127.0.0.1:" + nodes.get(0).port();
    }

    /** The port of the node that serves {@code key}'s slot, as the cluster says ({@code CLUSTER KEYSLOT}, SLOTS). */
    int nodeOfSlot(Jedis j, String key) {
      long slot = j.clusterKeySlot(key);
      for (Object range : j.clusterSlots()) {
        List<?> r = (List<?>) range;
        if ((Long) r.get(0) <= slot && slot <= (Long) r.get(1)) {
          return ((Long) ((List<?>) r.get(2)).get(1)).intValue();
        }
      }
      return -1;
    }

    /** Redis or Valkey with {@code --cluster-enabled yes}, made a cluster by {@code redis-cli --cluster create}. */
    static Cluster redis(Store.Kind kind) throws Exception {
      Cluster c = new Cluster();
      try {
        for (int i = 0; i < 3; i++) {
          c.nodes.add(RespServer.start(kind, "--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf",
              "--cluster-node-timeout", "5000"));
        }
        Path cli = RespServer.onPath("redis-cli");
        if (cli == null) {
          fail("redis-cli is not on PATH: .ci/run installs it (redis-tools)");
        }
        List<String> cmd = new ArrayList<>(List.of(cli.toString(), "--cluster", "create"));
        for (RespServer n : c.nodes) {
          cmd.add("127.0.0.1:" + n.port());
        }
        cmd.addAll(List.of("--cluster-replicas", "0", "--cluster-yes"));
        Path log = c.nodes.get(0).dir().resolve("cluster-create.log");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
          fail("redis-cli --cluster create failed: " + Files.readString(log));
        }
        c.awaitOk();
        return c;
      } catch (Exception | AssertionError e) {
        c.close();
        throw e;
      }
    }

    /**
     * Three Dragonfly nodes with {@code --cluster_mode=yes}, the same slot map sent to each node's admin port with
     * {@code DFLYCLUSTER CONFIG} (Dragonfly's nodes do not gossip: the map is the cluster manager's job).
     */
    static Cluster dragonfly() throws Exception {
      Cluster c = new Cluster();
      try {
        int[] admin = new int[3];
        for (int i = 0; i < 3; i++) {
          admin[i] = RespServer.freePort();
          c.nodes.add(RespServer.start(Store.Kind.DRAGONFLY, "--cluster_mode=yes", "--cluster_node_id=n" + i,
              "--admin_port=" + admin[i], "--proactor_threads=1"));
        }
        int[][] ranges = {{0, 5460}, {5461, 10922}, {10923, 16383}};
        StringBuilder config = new StringBuilder("[");
        for (int i = 0; i < 3; i++) {
          config.append(i == 0 ? "" : ",").append("{\"slot_ranges\":[{\"start\":").append(ranges[i][0])
              .append(",\"end\":").append(ranges[i][1]).append("}],\"master\":{\"id\":\"n").append(i)
              .append("\",\"ip\":\"127.0.0.1\",\"port\":").append(c.nodes.get(i).port()).append("},\"replicas\":[]}");
        }
        config.append("]");
        for (int port : admin) {
          try (Jedis j = new Jedis("127.0.0.1", port)) {
            Object reply = j.sendCommand(() -> "DFLYCLUSTER".getBytes(java.nio.charset.StandardCharsets.US_ASCII),
                "CONFIG", config.toString());
            assertEquals("OK", new String((byte[]) reply, java.nio.charset.StandardCharsets.UTF_8));
          }
        }
        c.awaitOk();
        return c;
      } catch (Exception | AssertionError e) {
        c.close();
        throw e;
      }
    }

    private void awaitOk() throws Exception {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      for (RespServer n : nodes) {
        while (true) {
          try (Jedis j = n.jedis()) {
            if (j.clusterInfo().contains("cluster_state:ok")) {
              break;
            }
          }
          if (System.nanoTime() > deadline) {
            fail("the cluster did not reach cluster_state:ok within 30 s");
          }
          Thread.sleep(100);
        }
      }
    }

    @Override
    public void close() throws Exception {
      for (RespServer n : nodes) {
        n.close();
      }
    }
  }
}
