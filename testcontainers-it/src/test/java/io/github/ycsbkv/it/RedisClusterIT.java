package io.github.ycsbkv.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbkv.redis.RedisBinding;
import io.github.ycsbkv.spi.ServerProbe;
import io.github.ycsbkv.spi.ServerSample;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;

/** A Redis Cluster of three local redis-server processes, made with {@code redis-cli --cluster create}. */
class RedisClusterIT {

  private static final String WORKLOADE = Path.of("..", "workloads", "workloade").toAbsolutePath().toString();
  private static final List<RespServer> NODES = new ArrayList<>();

  @BeforeAll
  static void createCluster() throws Exception {
    NODES.addAll(RedisClusters.create(Store.Kind.REDIS, 3, 0, 5000));
  }

  @AfterAll
  static void stop() throws Exception {
    for (RespServer n : NODES) {
      n.close();
    }
    NODES.clear();
  }

  private static String seed() {
    return "redis.host=127.0.0.1:" + NODES.get(0).port();
  }

  @Test
  void workloadeWithScans_throughOneSeed_indexIsSpreadOverTheNodes() throws Exception {
    Cli load = Cli.run("load", "redis", "-P", WORKLOADE, "-p", "redis.cluster=true", "-p", seed(),
        "-p", "recordcount=400", "-p", "dataintegrity=true", "-threads", "4");
    assertEquals(0, load.exitCode(), load.err());
    assertEquals(400, load.count("INSERT", "Return=OK"));

    long records = 0;
    int nodesWithIndex = 0;
    long indexed = 0;
    for (RespServer n : NODES) {
      try (Jedis j = n.jedis()) {
        List<String> indexKeys = new ArrayList<>(j.keys("ycsbkv:idx:*"));
        nodesWithIndex += indexKeys.isEmpty() ? 0 : 1;
        for (String k : indexKeys) {
          indexed += j.zcard(k);
        }
        records += j.dbSize() - indexKeys.size();
      }
    }
    assertEquals(400, records, "the store's own count, over every node");
    assertEquals(400, indexed, "every record is indexed once");
    assertTrue(nodesWithIndex >= 2, "the scan index is not one hot slot: on " + nodesWithIndex + " nodes");

    Cli run = Cli.run("run", "redis", "-P", WORKLOADE, "-p", "redis.cluster=true", "-p", seed(),
        "-p", "recordcount=400", "-p", "operationcount=300", "-p", "dataintegrity=true", "-threads", "4");
    assertEquals(0, run.exitCode(), run.err());
    assertEquals(300, run.count("SCAN", "Return=OK") + run.count("INSERT", "Return=OK"));
    assertEquals(null, run.summary("SCAN-FAILED", "Operations"), run.out());

    Properties p = new Properties();
    p.setProperty("redis.cluster", "true");
    p.setProperty("redis.host", "127.0.0.1:" + NODES.get(0).port());
    try (ServerProbe probe = new RedisBinding().probe(p)) {
      ServerSample s = probe.sample();
      assertEquals(3, s.nodes());
      long expected = 0;
      for (RespServer n : NODES) {
        try (Jedis j = n.jedis()) {
          expected += j.dbSize();
        }
      }
      assertEquals(expected, s.keys());
    }
  }

  /**
   * #14: 8 clients served by 2 threads (drivers=2; drivers=auto gives a cluster a thread per client, #26) send their
   * commands through Jedis's cluster pipeline, each to its key's node: every record and index entry lands once,
   * every read finds its record.
   */
  @Test
  void asynchronousClients_clusterPipeline_everyRecordAndIndexEntryOnce_everyReadFound() throws Exception {
    String workloada = Path.of("..", "workloads", "workloada").toAbsolutePath().toString();
    flushNodes();
    try {
      asynchronousClients(workloada);
    } finally {
      flushNodes(); // the other tests count what they load
    }
  }

  private static void flushNodes() {
    for (RespServer n : NODES) {
      try (Jedis j = n.jedis()) {
        j.flushAll();
      }
    }
  }

  private static void asynchronousClients(String workloada) throws Exception {
    Cli load = Cli.run("load", "redis", "-P", workloada, "-p", "redis.cluster=true", "-p", seed(),
        "-p", "recordcount=500", "-threads", "8", "-p", "drivers=2");
    assertEquals(0, load.exitCode(), load.err());
    assertTrue(load.err().contains("served by 2 threads"), load.err());
    assertEquals(500, load.count("INSERT", "Return=OK"));
    long records = 0;
    long indexed = 0;
    for (RespServer n : NODES) {
      try (Jedis j = n.jedis()) {
        List<String> indexKeys = new ArrayList<>(j.keys("ycsbkv:idx:*"));
        for (String k : indexKeys) {
          indexed += j.zcard(k);
        }
        records += j.dbSize() - indexKeys.size();
      }
    }
    assertEquals(500, records);
    assertEquals(500, indexed);
    Cli run = Cli.run("run", "redis", "-P", workloada, "-p", "redis.cluster=true", "-p", seed(),
        "-p", "recordcount=500", "-p", "operationcount=2000", "-p", "requestdistribution=uniform", "-threads", "8",
        "-p", "drivers=2");
    assertEquals(0, run.exitCode(), run.err());
    assertEquals(2000, run.count("READ", "Return=OK") + run.count("UPDATE", "Return=OK"), run.out());
    assertTrue(run.count("READ", "Return=OK") > 0, run.out());
  }

  @Test
  void clusterSeedThatDoesNotAnswer_isOneLine() throws Exception {
    int port = RespServer.freePort();
    Cli run = Cli.run("run", "redis", "-P", WORKLOADE, "-p", "redis.cluster=true", "-p", "redis.host=127.0.0.1:" + port);
    assertEquals(1, run.exitCode());
    assertTrue(run.lastErrLine().startsWith("ycsb: cannot initialize binding 'redis': "), run.lastErrLine());
    assertTrue(run.lastErrLine().contains("127.0.0.1:" + port), run.lastErrLine());
    assertEquals(1, run.err().strip().lines().filter(l -> l.startsWith("ycsb: ")).count(), run.err());
  }
}
