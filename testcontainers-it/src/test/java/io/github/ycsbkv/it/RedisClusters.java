package io.github.ycsbkv.it;

import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import redis.clients.jedis.Jedis;

/**
 * Redis-protocol nodes with {@code --cluster-enabled yes} made one cluster by {@code redis-cli --cluster create}: the
 * clusters of {@link RespClusterIT}, {@link RedisClusterIT} and {@link ClusterFailoverIT}. Each node's port leaves its
 * cluster bus port (10000 above) free, each node answers {@code PING} before the cluster is created (under qemu a
 * node that listens may not answer yet), and the cluster is ready when every node says {@code cluster_state:ok}.
 */
final class RedisClusters {

  private static final long READY_SECONDS = 60;

  private RedisClusters() {}

  /**
   * {@code primaries * (1 + replicasEach)} nodes of {@code kind} made one cluster; every node started is stopped when
   * that fails. Skips the test when {@code redis-cli} is missing, unless {@code kind} is required.
   */
  static List<RespServer> create(Store.Kind kind, int primaries, int replicasEach, int nodeTimeoutMillis)
      throws Exception {
    Path cli = RespServer.onPath("redis-cli");
    if (cli == null) {
      String why = "redis-cli is not on PATH: cannot create a cluster (.ci/run installs it: redis-tools)";
      if (Store.binaryRequired(kind)) {
        fail(why);
      }
      Assumptions.abort(why);
    }
    List<RespServer> nodes = new ArrayList<>();
    try {
      for (int i = 0; i < primaries * (1 + replicasEach); i++) {
        nodes.add(RespServer.start(kind, io.github.ycsbkv.provision.LocalServers.freeClusterPort(), true,
            "--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf", "--cluster-node-timeout",
            Integer.toString(nodeTimeoutMillis)));
      }
      for (RespServer n : nodes) {
        awaitPong(n);
      }
      List<String> cmd = new ArrayList<>(List.of(cli.toString(), "--cluster", "create"));
      for (RespServer n : nodes) {
        cmd.add("127.0.0.1:" + n.port());
      }
      cmd.addAll(List.of("--cluster-replicas", Integer.toString(replicasEach), "--cluster-yes"));
      Path log = nodes.get(0).dir().resolve("cluster-create.log"); // removed with the node's directory
      Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
      if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
        p.destroyForcibly();
        StringBuilder why = new StringBuilder("redis-cli --cluster create failed: " + Files.readString(log));
        for (RespServer n : nodes) {
          if (!n.alive()) {
            why.append("\nthe node on ").append(n.port()).append(" exited: ").append(n.log());
          }
        }
        fail(why.toString());
      }
      awaitOk(nodes);
      return nodes;
    } catch (Exception | AssertionError e) {
      for (RespServer n : nodes) {
        n.close();
      }
      throw e;
    }
  }

  /** Waits until {@code node} answers PING (it may listen before it answers). */
  static void awaitPong(RespServer node) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(READY_SECONDS);
    String last = "";
    while (System.nanoTime() < deadline) {
      if (!node.alive()) {
        fail(node.kind().binary + " on " + node.port() + " exited: " + node.log());
      }
      try (Jedis j = node.jedis()) {
        if ("PONG".equals(j.ping())) {
          return;
        }
      } catch (RuntimeException e) {
        last = String.valueOf(e.getMessage());
      }
      Thread.sleep(100);
    }
    fail(node.kind().binary + " on " + node.port() + " did not answer PING within " + READY_SECONDS + " s: " + last);
  }

  /** Waits until every node says {@code cluster_state:ok}. */
  static void awaitOk(List<RespServer> nodes) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(READY_SECONDS);
    for (RespServer n : nodes) {
      String info = "";
      while (true) {
        try (Jedis j = n.jedis()) {
          info = j.clusterInfo();
          if (info.contains("cluster_state:ok")) {
            break;
          }
        }
        if (System.nanoTime() > deadline) {
          fail("the node on " + n.port() + " did not say cluster_state:ok within " + READY_SECONDS + " s: "
              + info.lines().findFirst().orElse(""));
        }
        Thread.sleep(100);
      }
    }
  }
}
