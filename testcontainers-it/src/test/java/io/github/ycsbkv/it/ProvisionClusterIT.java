package io.github.ycsbkv.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.ycsbkv.internal.provision.Provisioner;
import io.github.ycsbkv.provision.LocalServers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code LocalServers} starting a three-node cluster of each store from its binary (#40 item 2: what {@code ycsb
 * study --cluster 3} starts), and a primary with a replica (#53: {@code --replicas 1}), the binding reaching them
 * through the properties it gives.
 */
class ProvisionClusterIT {

  private static final String READHEAVY = Path.of("..", "workloads", "readheavy").toAbsolutePath().toString();

  @ParameterizedTest
  @CsvSource({"redis,redis", "valkey,redis", "keydb,redis", "dragonfly,dragonfly", "aerospike,aerospike"})
  void threeNodes_startedFromTheBinary_theBindingRunsOnAllOfThem(String store, String binding) throws Exception {
    requireBinary(store);
    Provisioner.Request request = new Provisioner.Request(store, 0, false, Provisioner.Way.BINARY, binding, 3);
    LocalServers servers = new LocalServers();
    assertEquals(null, servers.unavailable(request));
    Path out = Files.createTempDirectory("ycsbkv-provcluster-");
    try (Provisioner.Provisioned cluster = servers.start(request)) {
      assertTrue(cluster.description().contains(" cluster of 3 primaries"), cluster.description());
      List<String> props = props(cluster);
      List<String> load = new ArrayList<>(List.of("load", binding, "-P", READHEAVY, "-p", "recordcount=500",
          "-threads", "2"));
      load.addAll(props);
      Cli l = Cli.run(load.toArray(new String[0]));
      assertEquals(0, l.exitCode(), l.err());
      assertEquals(500, l.count("INSERT", "Return=OK"), l.out());
      List<String> run = new ArrayList<>(List.of("run", binding, "-P", READHEAVY, "-p", "recordcount=500", "-p",
          "operationcount=1000", "-threads", "2", "-p", "export.dir=" + out));
      run.addAll(props);
      Cli r = Cli.run(run.toArray(new String[0]));
      assertEquals(0, r.exitCode(), r.err());
      JsonNode result = new ObjectMapper().readTree(out.resolve("result.json").toFile());
      assertEquals(1000, result.path("overall").path("operations").asLong());
      assertEquals(0, result.path("overall").path("errors").asLong(), r.out());
      assertEquals(3, result.path("server").path("after").path("nodes").asInt(), result.path("server").toString());
      long keys = result.path("server").path("after").path("keys").asLong();
      // The RESP stores also hold the scan index's shard keys (16 on a cluster); Aerospike counts records once.
      assertTrue(binding.equals("aerospike") ? keys == 500 : keys >= 500 && keys <= 532,
          "500 records over the three nodes: " + keys);
    } finally {
      RespServer.deleteTree(out);
    }
  }

  /**
   * {@code LocalServers} starting a primary with a replica from the store's binary (#53 item 4: what {@code ycsb study
   * --replicas 1} starts): the replica synced before the client runs, a run with {@code -p readfrom=replica} reads
   * every record from it (its own count of the reads), every server stopped on close; what it does not start (a
   * replica of Aerospike) is one line.
   */
  @ParameterizedTest
  @CsvSource({"redis,redis", "dragonfly,dragonfly"}) // Valkey and KeyDB start as Redis does (--replicaof HOST PORT)
  void primaryWithAReplica_startedFromTheBinary_readsGoToTheReplica(String store, String binding) throws Exception {
    requireBinary(store);
    LocalServers servers = new LocalServers();
    Provisioner.Request request = new Provisioner.Request(store, 0, false, Provisioner.Way.BINARY, binding, 1, null,
        1);
    assertEquals(null, servers.unavailable(request));
    String ofACluster = servers.unavailable(new Provisioner.Request(store, 0, false, Provisioner.Way.BINARY, binding, 3,
        null, 1));
    assertEquals(null, ofACluster, "a cluster's primaries with a replica each");
    assertTrue(servers.unavailable(new Provisioner.Request("aerospike", 0, false, Provisioner.Way.BINARY, "aerospike",
        1, null, 1)).startsWith("an Aerospike replica is a copy on another node of a cluster"));
    Path out = Files.createTempDirectory("ycsbkv-provreplica-");
    int replicaPort;
    try (Provisioner.Provisioned primary = servers.start(request)) {
      java.util.regex.Matcher m = java.util.regex.Pattern.compile("with 1 replica\\(s\\) of it on 127\\.0\\.0\\.1:(\\d+)")
          .matcher(primary.description());
      assertTrue(m.find(), primary.description());
      replicaPort = Integer.parseInt(m.group(1));
      List<String> props = props(primary);
      List<String> load = new ArrayList<>(List.of("load", binding, "-P", READHEAVY, "-p", "recordcount=500",
          "-threads", "2"));
      load.addAll(props);
      Cli l = Cli.run(load.toArray(new String[0]));
      assertEquals(0, l.exitCode(), l.err());
      long before;
      try (redis.clients.jedis.Jedis replica = new redis.clients.jedis.Jedis("127.0.0.1", replicaPort)) {
        caughtUp(primary, replica);
        before = hgetalls(replica);
        List<String> run = new ArrayList<>(List.of("run", binding, "-P", READHEAVY, "-p", "recordcount=500", "-p",
            "operationcount=1000", "-threads", "2", "-p", "readfrom=replica", "-p", "export.dir=" + out));
        run.addAll(props);
        Cli r = Cli.run(run.toArray(new String[0]));
        assertEquals(0, r.exitCode(), r.err());
        JsonNode result = new ObjectMapper().readTree(out.resolve("result.json").toFile());
        assertEquals(0, result.path("overall").path("errors").asLong(), r.out());
        long reads = r.count("READ", "Return=OK");
        assertTrue(reads > 0, r.out());
        assertEquals(reads, hgetalls(replica) - before, "every read on the replica it started: " + r.err());
      }
    } finally {
      RespServer.deleteTree(out);
    }
    try (java.net.Socket s = new java.net.Socket()) {
      s.connect(new java.net.InetSocketAddress("127.0.0.1", replicaPort), 1000);
      org.junit.jupiter.api.Assertions.fail("the replica still listens after close");
    } catch (java.io.IOException expected) {
      // stopped
    }
  }

  /**
   * A primary with a replica, its replica detached for a suite's {@code preload_before_replica} and attached again:
   * detached, the replica is a primary of its own, empty and writable (a replica refuses writes); attached, it returns
   * once it synced, holding the primary's data set and nothing of its own.
   */
  @ParameterizedTest
  @CsvSource({"redis,redis", "dragonfly,dragonfly"})
  void replicaDetachedForAPreload_thenAttached_holdsThePrimarysDataSet(String store, String binding) throws Exception {
    requireBinary(store);
    Provisioner.Request request = new Provisioner.Request(store, 0, false, Provisioner.Way.BINARY, binding, 1, null,
        1);
    try (Provisioner.Provisioned servers = new LocalServers().start(request)) {
      assertEquals(1, servers.replicas());
      java.util.regex.Matcher m = java.util.regex.Pattern.compile("with 1 replica\\(s\\) of it on 127\\.0\\.0\\.1:(\\d+)")
          .matcher(servers.description());
      assertTrue(m.find(), servers.description());
      Map<String, String> p = servers.properties();
      String prefix = p.keySet().stream().filter(k -> k.endsWith(".port")).findFirst().orElseThrow()
          .replace("port", "");
      try (redis.clients.jedis.Jedis primary = new redis.clients.jedis.Jedis(p.get(prefix + "host"),
          Integer.parseInt(p.get(prefix + "port")));
          redis.clients.jedis.Jedis replica = new redis.clients.jedis.Jedis("127.0.0.1",
              Integer.parseInt(m.group(1)))) {
        primary.set("before", "1");
        caughtUp(servers, replica);
        assertEquals("1", replica.get("before"));

        servers.detachReplicas();
        assertEquals(0, replica.dbSize(), "emptied");
        assertEquals("OK", replica.set("own", "x"), "a primary of its own takes writes");
        for (int i = 0; i < 1000; i++) {
          primary.set("k" + i, "v" + i);
        }

        servers.attachReplicas();
        assertEquals(primary.dbSize(), replica.dbSize(), "synced before attach returned");
        assertEquals(1001, replica.dbSize());
        assertEquals("v999", replica.get("k999"));
        assertEquals(null, replica.get("own"), "its own data replaced by the primary's");
      }
    }
  }

  /**
   * A Redis Cluster and a Dragonfly cluster of three primaries with a replica each, started by {@code LocalServers}
   * ({@code ycsb study --cluster 3 --replicas 1}): every node names the three replicas, and a run with {@code -p
   * readfrom=replica} reads every record from them (the replicas' own counts of the reads add up to the run's, no
   * primary's moves).
   */
  @ParameterizedTest
  @CsvSource({"redis", "dragonfly"}) // Valkey and KeyDB clusters start as Redis's does (CLUSTER REPLICATE)
  void clusterWithAReplicaEach_startedFromTheBinary_readsGoToTheReplicas(String store) throws Exception {
    requireBinary(store);
    Provisioner.Request request = new Provisioner.Request(store, 0, false, Provisioner.Way.BINARY, store, 3, null,
        1);
    Path out = Files.createTempDirectory("ycsbkv-provclusterreplicas-");
    try (Provisioner.Provisioned cluster = new LocalServers().start(request)) {
      assertTrue(cluster.description().contains(" cluster of 3 primaries with 1 replica(s) each"),
          cluster.description());
      List<String> props = props(cluster);
      String seed = cluster.properties().get(store + ".host").split(",")[0];
      List<redis.clients.jedis.Jedis> primaries = new ArrayList<>();
      List<redis.clients.jedis.Jedis> replicas = new ArrayList<>();
      try (redis.clients.jedis.Jedis first = new redis.clients.jedis.Jedis(seed.split(":")[0],
          Integer.parseInt(seed.split(":")[1]))) {
        for (String line : first.clusterNodes().split("\n")) {
          String[] f = line.split(" ");
          String address = f[1].substring(0, f[1].indexOf('@'));
          redis.clients.jedis.Jedis j = new redis.clients.jedis.Jedis(address.split(":")[0],
              Integer.parseInt(address.split(":")[1]));
          (f[2].contains("slave") ? replicas : primaries).add(j);
        }
      }
      try {
        assertEquals(3, primaries.size());
        assertEquals(3, replicas.size(), "a replica of each primary");
        List<String> load = new ArrayList<>(List.of("load", store, "-P", READHEAVY, "-p", "recordcount=500",
            "-threads", "2", "-p", store + ".scanindex=off"));
        load.addAll(props);
        Cli l = Cli.run(load.toArray(new String[0]));
        assertEquals(0, l.exitCode(), l.err());
        ReplicaReadsIT.caughtUp(primaries, replicas);
        long onPrimaries = primaries.stream().mapToLong(ProvisionClusterIT::hgetalls).sum();
        long onReplicas = replicas.stream().mapToLong(ProvisionClusterIT::hgetalls).sum();
        List<String> run = new ArrayList<>(List.of("run", store, "-P", READHEAVY, "-p", "recordcount=500", "-p",
            "operationcount=1000", "-threads", "2", "-p", store + ".scanindex=off", "-p", "readfrom=replica", "-p",
            "export.dir=" + out));
        run.addAll(props);
        Cli r = Cli.run(run.toArray(new String[0]));
        assertEquals(0, r.exitCode(), r.err());
        long reads = r.count("READ", "Return=OK");
        assertTrue(reads > 0, r.out());
        assertEquals(reads, replicas.stream().mapToLong(ProvisionClusterIT::hgetalls).sum() - onReplicas,
            "every read on a replica: " + r.err());
        assertEquals(onPrimaries, primaries.stream().mapToLong(ProvisionClusterIT::hgetalls).sum(),
            "none on a primary");
      } finally {
        primaries.forEach(redis.clients.jedis.Jedis::close);
        replicas.forEach(redis.clients.jedis.Jedis::close);
      }
    } finally {
      RespServer.deleteTree(out);
    }
  }

  /** Waits until the replica holds every key the load wrote to the primary, as {@link ReplicaReadsIT#caughtUp}. */
  private static void caughtUp(Provisioner.Provisioned primary, redis.clients.jedis.Jedis replica) throws Exception {
    Map<String, String> p = primary.properties();
    String prefix = p.keySet().stream().filter(k -> k.endsWith(".port")).findFirst().orElseThrow().replace("port", "");
    try (redis.clients.jedis.Jedis j = new redis.clients.jedis.Jedis(p.get(prefix + "host"),
        Integer.parseInt(p.get(prefix + "port")))) {
      ReplicaReadsIT.caughtUp(List.of(j), List.of(replica));
    }
  }

  private static long hgetalls(redis.clients.jedis.Jedis j) {
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("cmdstat_hgetall:calls=(\\d+)")
        .matcher(j.info("commandstats"));
    return m.find() ? Long.parseLong(m.group(1)) : 0;
  }

  /** Skips the test when the store's binary is not on PATH, or fails it when the store is required. */
  private static void requireBinary(String store) {
    Store.Kind kind = Store.Kind.valueOf(store.toUpperCase(java.util.Locale.ROOT));
    if (RespServer.onPath(kind.binary) == null) {
      if (Store.binaryRequired(kind)) {
        org.junit.jupiter.api.Assertions.fail(kind.binary + " is not on PATH, but it.require lists " + store);
      }
      org.junit.jupiter.api.Assumptions.abort(kind.binary + " is not on PATH");
    }
  }

  /** The properties that point a binding at {@code servers}, as -p arguments. */
  private static List<String> props(Provisioner.Provisioned servers) {
    List<String> props = new ArrayList<>();
    for (Map.Entry<String, String> e : servers.properties().entrySet()) {
      props.addAll(List.of("-p", e.getKey() + "=" + e.getValue()));
    }
    return props;
  }
}
