package io.github.ycsbkv.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.Jedis;

/**
 * Reads from replicas ({@code -p readfrom=replica|any}, #53) on a standalone primary with one replica, Redis and
 * Dragonfly: each server's own count of the read command ({@code INFO commandstats}) says where the reads went, to the
 * operation; the server's load (connections, commands per operation) and hit ratio count the replica's part; a primary
 * without a replica, or a value that is none of the three, is one line and a non-zero exit. On a Redis Cluster of three
 * primaries with a replica each, every read goes to its slot's replica ({@code READONLY}), none to a primary.
 */
class ReplicaReadsIT {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path WORKLOADS = Path.of("..", "workloads").toAbsolutePath().normalize();
  private static final int RECORDS = 2_000;
  private static final int THREADS = 4;
  private static final Pattern CALLS = Pattern.compile("cmdstat_hgetall:calls=(\\d+)");

  @TempDir
  Path tmp;

  /** Calls of HGETALL (a record's read) the server counted so far: 0 before the first. */
  private static long reads(Jedis j) {
    Matcher m = CALLS.matcher(j.info("commandstats"));
    return m.find() ? Long.parseLong(m.group(1)) : 0;
  }

  /** A replica of {@code primary} that has finished its first sync. */
  private static void replicate(Jedis replica, RespServer primary) throws InterruptedException {
    replica.replicaof("127.0.0.1", primary.port());
    for (int i = 0; i < 600 && !(replica.info("replication").contains("master_link_status:up")
        && replica.info("replication").contains("master_sync_in_progress:0")); i++) {
      Thread.sleep(100);
    }
    assertTrue(replica.info("replication").contains("master_link_status:up"), replica.info("replication"));
  }

  /** The run's result after loading {@code RECORDS} records through the primary and running 3 s of readheavy. */
  private JsonNode loadAndRun(Store.Kind kind, RespServer primary, String readFrom, Path out) throws Exception {
    List<String> common = List.of("-P", WORKLOADS.resolve("readheavy").toString(), "-threads",
        Integer.toString(THREADS), "-p", kind.id() + ".port=" + primary.port(), "-p", "recordcount=" + RECORDS);
    Cli load = Cli.run(List.of("load", kind.id()), common);
    assertEquals(0, load.exitCode(), load.err());
    try (Jedis p = primary.jedis()) {
      Matcher m = Pattern.compile("slave0:ip=([^,]+),port=(\\d+)").matcher(p.info("replication"));
      assertTrue(m.find(), p.info("replication"));
      try (Jedis r = new Jedis(m.group(1), Integer.parseInt(m.group(2)), Store.ADMIN_TIMEOUT_MILLIS)) {
        caughtUp(List.of(p), List.of(r));
      }
    }
    Cli run = Cli.run(List.of("run", kind.id()), common, List.of("-p", "operationcount=0", "-p",
        "maxexecutiontime=3", "-p", "readfrom=" + readFrom, "-p", "export.dir=" + out));
    assertEquals(0, run.exitCode(), run.err());
    assertTrue(run.err().contains("reads to " + (readFrom.equals("any") ? "the primary and " : "") + "the replica"
        + " 127.0.0.1:"), run.err());
    return JSON.readTree(out.resolve("result.json").toFile());
  }

  private static long operations(JsonNode result, String op) {
    for (JsonNode o : result.path("operations")) {
      if (o.path("operation").asText().equals(op)) {
        return o.path("count").asLong();
      }
    }
    return 0;
  }

  /** What the server saw: each client's connection to both servers, one command per operation. */
  private static void assertLoadCountsBothServers(JsonNode result) {
    JsonNode load = result.path("load");
    assertEquals(2, load.path("nodes").asInt(), load.toString());
    assertEquals(2 * THREADS, load.path("connections").asInt(), load.toString());
    assertEquals(2 * THREADS, load.path("server").path("runConnections").asInt(), "the clients' connections to the"
        + " primary and the replica, the replica's link to its primary left out: " + load);
    assertEquals(1.0, load.path("server").path("commandsPerOperation").asDouble(), 0.01, load.toString());
  }

  @Test
  void redis_readfromReplica_everyReadOnTheReplica_noneOnThePrimary_theLoadCountsBoth() throws Exception {
    try (RespServer primary = RespServer.start(Store.Kind.REDIS); Jedis p = primary.jedis();
         RespServer replica = RespServer.start(Store.Kind.REDIS); Jedis r = replica.jedis()) {
      replicate(r, primary);
      long primaryBefore = reads(p);
      long replicaBefore = reads(r);
      JsonNode result = loadAndRun(Store.Kind.REDIS, primary, "replica", tmp.resolve("redis"));
      long read = operations(result, "READ");
      assertTrue(read > 100 && operations(result, "UPDATE") > 0, result.path("operations").toString());
      assertEquals(0, reads(p) - primaryBefore, "no read went to the primary");
      assertEquals(read, reads(r) - replicaBefore, "every read went to the replica");
      JsonNode states = result.path("serverStates");
      assertEquals(read, states.path("hits").asLong(), "the replica's hits are the run's reads: " + states);
      assertLoadCountsBothServers(result);
    }
  }

  @Test
  void dragonfly_readfromAny_theReadsSplitBetweenPrimaryAndReplica_inTurn() throws Exception {
    try (RespServer primary = RespServer.start(Store.Kind.DRAGONFLY); Jedis p = primary.jedis();
         RespServer replica = RespServer.start(Store.Kind.DRAGONFLY, "--proactor_threads=1");
         Jedis r = replica.jedis()) {
      replicate(r, primary);
      long primaryBefore = reads(p);
      long replicaBefore = reads(r);
      JsonNode result = loadAndRun(Store.Kind.DRAGONFLY, primary, "any", tmp.resolve("dragonfly"));
      long read = operations(result, "READ");
      long onPrimary = reads(p) - primaryBefore;
      long onReplica = reads(r) - replicaBefore;
      assertEquals(read, onPrimary + onReplica, "every read on one of the two");
      // Each client's reads alternate between the two: the counts differ by at most one per client.
      assertTrue(Math.abs(onPrimary - onReplica) <= THREADS, onPrimary + " on the primary, " + onReplica
          + " on the replica");
      JsonNode states = result.path("serverStates");
      assertEquals(read, states.path("hits").asLong(), "both servers' hits are the run's reads: " + states);
      assertTrue(states.path("timeline").get(0).path("replicas").asInt() == 1, states.toString());
      assertLoadCountsBothServers(result);
    }
  }

  /**
   * Waits until the replicas hold every key of their primaries: replication is asynchronous, and a run that starts at
   * once may read before the stream arrived (a CI run read an empty replica just after the load). The wait is for an
   * outcome, not a speed: a minute is only the bound of a replica that never catches up.
   */
  static void caughtUp(List<Jedis> primaries, List<Jedis> replicas) throws InterruptedException {
    long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.MINUTES.toNanos(1);
    while (true) {
      long keys = primaries.stream().mapToLong(Jedis::dbSize).sum();
      long copied = replicas.stream().mapToLong(Jedis::dbSize).sum();
      if (copied >= keys) {
        return;
      }
      assertTrue(System.nanoTime() < deadline, "the replicas never caught up: " + copied + " of " + keys + " keys");
      Thread.sleep(20);
    }
  }

  /** Calls of {@code command} (lower case) the server counted so far. */
  private static long calls(Jedis j, String command) {
    Matcher m = Pattern.compile("cmdstat_" + command + ":calls=(\\d+)").matcher(j.info("commandstats"));
    return m.find() ? Long.parseLong(m.group(1)) : 0;
  }

  @Test
  void redisCluster_readfromReplica_eachReadOnItsSlotsReplica_everyWriteOnItsPrimary() throws Exception {
    List<RespServer> nodes = RedisClusters.create(Store.Kind.REDIS, 3, 1, 5000);
    try {
      List<Jedis> primaries = new java.util.ArrayList<>();
      List<Jedis> replicas = new java.util.ArrayList<>();
      for (RespServer n : nodes) {
        Jedis j = n.jedis();
        (j.info("replication").contains("role:master") ? primaries : replicas).add(j);
      }
      assertEquals(3, replicas.size(), "three primaries with a replica each");
      for (Jedis r : replicas) {
        for (int i = 0; i < 600 && !r.info("replication").contains("master_link_status:up"); i++) {
          Thread.sleep(100);
        }
        assertTrue(r.info("replication").contains("master_link_status:up"), r.info("replication"));
      }
      // The seed's map names each primary's replica once the cluster's gossip has told it.
      try (Jedis seedNode = nodes.get(0).jedis()) {
        for (int i = 0; i < 600 && !seedNode.clusterSlots().stream().allMatch(r -> ((List<?>) r).size() >= 4); i++) {
          Thread.sleep(100);
        }
        assertTrue(seedNode.clusterSlots().stream().allMatch(r -> ((List<?>) r).size() >= 4), "every range's"
            + " replica in the seed's CLUSTER SLOTS");
      }
      String seed = "redis.host=127.0.0.1:" + nodes.get(0).port();
      List<String> common = List.of("-P", WORKLOADS.resolve("readheavy").toString(), "-threads",
          Integer.toString(THREADS), "-p", "redis.cluster=true", "-p", seed, "-p", "recordcount=" + RECORDS);
      Cli load = Cli.run(List.of("load", "redis"), common);
      assertEquals(0, load.exitCode(), load.err());
      caughtUp(primaries, replicas);
      long[] before = new long[6];
      for (int i = 0; i < 3; i++) {
        before[i] = calls(primaries.get(i), "hgetall");
        before[3 + i] = calls(replicas.get(i), "hgetall");
      }
      long writesBefore = 0;
      for (Jedis p : primaries) {
        writesBefore += calls(p, "hset");
      }
      Path out = tmp.resolve("cluster");
      Cli run = Cli.run(List.of("run", "redis"), common, List.of("-p", "operationcount=3000", "-p",
          "readfrom=replica", "-p", "export.dir=" + out));
      assertEquals(0, run.exitCode(), run.err());
      assertTrue(run.err().contains("reads to each slot's replicas (3 replica(s) of 3 primaries, READONLY), in turn"),
          run.err());
      JsonNode result = JSON.readTree(out.resolve("result.json").toFile());
      long read = operations(result, "READ");
      long onReplicas = 0;
      for (int i = 0; i < 3; i++) {
        assertEquals(0, calls(primaries.get(i), "hgetall") - before[i], "no read on a primary");
        long mine = calls(replicas.get(i), "hgetall") - before[3 + i];
        assertTrue(mine > read / 6, "each replica serves its primary's slots' reads: " + mine + " of " + read);
        onReplicas += mine;
      }
      assertEquals(read, onReplicas, "every read on a replica, none redirected (a MOVED would be read twice)");
      long writes = 0;
      for (Jedis p : primaries) {
        writes += calls(p, "hset");
      }
      assertEquals(operations(result, "UPDATE"), writes - writesBefore, "every write on its slot's primary");
      assertEquals(0, result.path("overall").path("errors").asLong(), result.path("overall").toString());
      JsonNode states = result.path("serverStates");
      assertEquals(read, states.path("hits").asLong(), "the replicas' hits are the run's reads: " + states);
      JsonNode l = result.path("load");
      assertEquals(6, l.path("nodes").asInt(), "a connection per client to each primary and each replica: " + l);
      assertEquals(6 * THREADS, l.path("connections").asInt(), l.toString());
      assertEquals(6 * THREADS, l.path("server").path("runConnections").asInt(), l.toString());
      assertEquals(1.0, l.path("server").path("commandsPerOperation").asDouble(), 0.01, l.toString());
      for (Jedis j : primaries) {
        j.close();
      }
      for (Jedis j : replicas) {
        j.close();
      }
    } finally {
      for (RespServer n : nodes) {
        n.close();
      }
    }
  }

  @Test
  void aPrimaryWithoutReplica_orAnUnknownValue_isOneLine_nonZeroExit() throws Exception {
    try (RespServer alone = RespServer.start(Store.Kind.REDIS)) {
      List<String> common = List.of("-P", WORKLOADS.resolve("readheavy").toString(), "-p", "redis.port="
          + alone.port(), "-p", "recordcount=10", "-p", "operationcount=10");
      Cli none = Cli.run(List.of("run", "redis"), common, List.of("-p", "readfrom=replica"));
      assertTrue(none.exitCode() != 0, none.err());
      assertTrue(none.err().contains("-p readfrom=replica: the server at 127.0.0.1:" + alone.port()
          + " has no replica"), none.err());
      assertTrue(!none.err().contains("\tat "), "no stack trace: " + none.err());
      Cli bad = Cli.run(List.of("run", "redis"), common, List.of("-p", "readfrom=secondary"));
      assertEquals(2, bad.exitCode(), bad.err());
      assertTrue(bad.err().contains("-p readfrom=secondary is not one of primary (the default), replica or any"),
          bad.err());
    }
  }
}
