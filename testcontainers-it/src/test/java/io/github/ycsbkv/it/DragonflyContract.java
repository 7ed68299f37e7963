package io.github.ycsbkv.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbkv.dragonfly.DragonflyBinding;
import io.github.ycsbkv.dragonfly.DragonflyDB;
import io.github.ycsbkv.spi.InstancePlan;
import io.github.ycsbkv.spi.ServerProbe;
import io.github.ycsbkv.spi.ServerSample;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import redis.clients.jedis.Jedis;
import site.ycsb.ByteIterator;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/**
 * What the Dragonfly binding must do against a real server: a {@code dragonfly} binary where there
 * is one, else {@code redis-server} as a protocol-compatible stand-in (the subclass's name says
 * which). Values are checked with the store's own client (Jedis), not through the binding.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class DragonflyContract {

  private static final Path WORKLOADS = Path.of("..", "workloads").toAbsolutePath().normalize();

  Store server;
  private final List<DragonflyDB> open = new ArrayList<>();

  @org.junit.jupiter.api.io.TempDir
  Path tmp;

  abstract Store.Kind kind();

  @BeforeAll
  void startServer() throws Exception {
    server = Store.provision(kind());
  }

  @AfterAll
  void stopServer() throws Exception {
    if (server != null) {
      server.close();
    }
  }

  @BeforeEach
  void flush() {
    try (Jedis j = server.jedis()) {
      j.flushAll();
    }
  }

  @AfterEach
  void closeClients() {
    open.forEach(DragonflyDB::cleanup);
    open.clear();
  }

  Properties props(String... kv) {
    Properties p = new Properties();
    p.setProperty("dragonfly.host", server.host());
    p.setProperty("dragonfly.port", Integer.toString(server.port()));
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return p;
  }

  DragonflyDB db(Properties p) throws Exception {
    return db(p, InstancePlan.SINGLE);
  }

  /** An instance as the engine makes one: its properties, then its {@link InstancePlan}, then init. */
  DragonflyDB db(Properties p, InstancePlan plan) throws Exception {
    DragonflyDB db = new DragonflyDB();
    db.setProperties(p);
    db.plan(plan);
    db.init();
    open.add(db);
    return db;
  }

  String[] cli(String... args) {
    List<String> all = new ArrayList<>(List.of(args));
    all.addAll(List.of("-p", "dragonfly.host=" + server.host(), "-p", "dragonfly.port=" + server.port()));
    return all.toArray(new String[0]);
  }

  static Map<String, ByteIterator> values(String... kv) {
    Map<String, String> m = new HashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put(kv[i], kv[i + 1]);
    }
    return StringByteIterator.getByteIteratorMap(m);
  }

  @Test
  void hashModel_everyOperationAndStatus() throws Exception {
    DragonflyDB db = db(props("dragonfly.scanindex", "off"));
    assertEquals(Status.OK, db.insert("usertable", "user1", values("f0", "a", "f1", "b")));
    try (Jedis j = server.jedis()) {
      assertEquals(Map.of("f0", "a", "f1", "b"), j.hgetAll("user1"));
    }
    Map<String, ByteIterator> out = new HashMap<>();
    assertEquals(Status.OK, db.read("usertable", "user1", null, out));
    assertEquals(Map.of("f0", "a", "f1", "b"), StringByteIterator.getStringMap(out));
    out.clear();
    assertEquals(Status.OK, db.read("usertable", "user1", Set.of("f1"), out));
    assertEquals(Map.of("f1", "b"), StringByteIterator.getStringMap(out));
    assertEquals(Status.OK, db.update("usertable", "user1", values("f1", "c")));
    try (Jedis j = server.jedis()) {
      assertEquals(Map.of("f0", "a", "f1", "c"), j.hgetAll("user1"));
    }
    assertEquals(Status.NOT_FOUND, db.read("usertable", "nobody", null, new HashMap<>()));
    assertEquals(Status.NOT_FOUND, db.read("usertable", "nobody", Set.of("f0"), new HashMap<>()));
    assertEquals(Status.OK, db.delete("usertable", "user1"));
    assertEquals(Status.NOT_FOUND, db.delete("usertable", "user1"));
    Status noIndex = db.scan("usertable", "a", 3, null, new Vector<>());
    assertEquals("NOT_IMPLEMENTED", noIndex.getName());
    assertEquals("no scan index in this run (dragonfly.scanindex=off)", noIndex.getDescription());
  }

  /** Keys of the scan index (one per shard that holds a key), counted with the store's own client. */
  long indexKeys() {
    try (Jedis j = server.jedis()) {
      return j.keys("ycsbkv:idx:*").size();
    }
  }

  @Test
  void stringModel_rawSingleField_andTtl() throws Exception {
    DragonflyDB db = db(props("dragonfly.datatype", "string", "fieldcount", "1"));
    assertEquals(Status.OK, db.insert("usertable", "k1", values("field0", "raw")));
    assertEquals(Status.OK, db.insertWithTtl("usertable", "k2", values("field0", "temp"), 300));
    try (Jedis j = server.jedis()) {
      assertEquals("raw", j.get("k1"));
      assertEquals("temp", j.get("k2"));
      long ttl = j.ttl("k2");
      assertTrue(ttl > 290 && ttl <= 300, "ttl " + ttl);
    }
    Map<String, ByteIterator> out = new HashMap<>();
    assertEquals(Status.OK, db.read("usertable", "k1", null, out));
    assertEquals(Map.of("field0", "raw"), StringByteIterator.getStringMap(out));
    assertEquals(Status.NOT_FOUND, db.read("usertable", "k9", null, new HashMap<>()));
  }

  @Test
  void scan_indexSpreadOverShards_returnsKeysInOrder() throws Exception {
    DragonflyDB db = db(props("dragonfly.scanindex", "on", "dragonfly.scanindex.shards", "4"));
    for (int i = 0; i < 30; i++) {
      String k = String.format("user%03d", (i * 7) % 30);
      assertEquals(Status.OK, db.insert("usertable", k, values("id", k)));
    }
    assertEquals(Status.OK, db.delete("usertable", "user011"));
    Vector<HashMap<String, ByteIterator>> rows = new Vector<>();
    assertEquals(Status.OK, db.scan("usertable", "user010", 4, null, rows));
    List<String> ids = new ArrayList<>();
    rows.forEach(r -> ids.add(r.get("id").toString()));
    assertEquals(List.of("user010", "user012", "user013", "user014"), ids);
    try (Jedis j = server.jedis()) {
      long indexKeys = j.keys("ycsbkv:idx:usertable:*").size();
      assertEquals(4, indexKeys, "the index is spread over 4 keys");
    }
  }

  /** Both clients of the asynchronous operations (dragonfly.asyncclient): Jedis pipelines (default), Lettuce. */
  static final List<String> ASYNC_CLIENTS = List.of("jedis", "lettuce");

  @Test
  void pipelinedRun_countsMatchTheClosedLoop_andPipelinedLoadWritesEveryRecord() {
    for (String client : ASYNC_CLIENTS) {
      try (Jedis j = server.jedis()) {
        j.flushAll();
      }
      String async = "dragonfly.asyncclient=" + client;
      String file = WORKLOADS.resolve("workloadb").toString();
      Cli load = Cli.run(cli("load", "dragonfly", "-P", file, "-p", "recordcount=2000", "-p", "pipeline=16",
          "-p", async, "-threads", "2"));
      assertEquals(0, load.exitCode(), load.err());
      assertEquals(2000, load.count("INSERT", "Return=OK"), client);
      try (Jedis j = server.jedis()) {
        assertEquals(2000 + indexKeys(), j.dbSize(), client + ": the store's own count after a pipelined load");
        assertEquals(2000, j.keys("ycsbkv:idx:*").stream().mapToLong(j::zcard).sum(), client + ": every record indexed");
      }
      for (String pipeline : List.of("1", "16")) {
        Cli run = Cli.run(cli("run", "dragonfly", "-P", file, "-p", "recordcount=2000", "-p", "operationcount=3000",
            "-p", "pipeline=" + pipeline, "-p", async, "-threads", "2"));
        assertEquals(0, run.exitCode(), run.err());
        assertEquals(3000, run.count("READ", "Return=OK") + run.count("UPDATE", "Return=OK"),
            client + " pipeline=" + pipeline);
        assertEquals(null, run.summary("READ-FAILED", "Operations"), run.out());
      }
    }
  }

  /**
   * 16 closed-loop clients on 2 threads (drivers=2), with either client of the asynchronous operations: every
   * operation done and found, none failed; the string model's partial update (a GET, then a SET that needs its
   * reply) must not wait for a flush that never comes.
   */
  @Test
  void clientsServedByTwoThreads_everyOperationCompletes() {
    for (String client : ASYNC_CLIENTS) {
      try (Jedis j = server.jedis()) {
        j.flushAll();
      }
      String async = "dragonfly.asyncclient=" + client;
      String file = WORKLOADS.resolve("readheavy").toString();
      Cli load = Cli.run(cli("load", "dragonfly", "-P", file, "-p", "recordcount=2000", "-threads", "4"));
      assertEquals(0, load.exitCode(), load.err());
      Cli run = Cli.run(cli("run", "dragonfly", "-P", file, "-p", "recordcount=2000", "-p", "operationcount=20000",
          "-p", "drivers=2", "-p", async, "-threads", "16"));
      assertEquals(0, run.exitCode(), run.err());
      assertTrue(run.err().contains("served by 2 threads (drivers=2)"), run.err());
      assertEquals(20000, run.count("READ", "Return=OK") + run.count("UPDATE", "Return=OK"), client + ": " + run.out());
      try (Jedis j = server.jedis()) {
        j.flushAll();
      }
      String partial = WORKLOADS.resolve("workloada").toString();
      Cli loadA = Cli.run(cli("load", "dragonfly", "-P", partial, "-p", "recordcount=500", "-p",
          "dragonfly.datatype=string", "-threads", "2"));
      assertEquals(0, loadA.exitCode(), loadA.err());
      Cli runA = Cli.run(cli("run", "dragonfly", "-P", partial, "-p", "recordcount=500", "-p", "operationcount=4000",
          "-p", "dragonfly.datatype=string", "-p", "writeallfields=false", "-p", "drivers=2", "-threads", "8",
          "-p", "dragonfly.timeout=3000", "-p", async));
      assertEquals(0, runA.exitCode(), runA.err());
      assertEquals(4000, runA.count("READ", "Return=OK") + runA.count("UPDATE", "Return=OK"), client + ": " + runA.out());
    }
  }

  /**
   * #14: with pipelining, dragonfly.asyncclient=jedis holds the commands in the thread's Jedis pipeline
   * until flush(): values, statuses, index entries and an error reply as the blocking path has them.
   */
  @Test
  void jedisPipeline_heldUntilFlush_valuesStatusesAndIndex() throws Exception {
    // The Jedis lane's semantics (completions at flush(), on the caller's thread); the RESP engine's: RespEngineIT.
    DragonflyDB db = db(props("pipeline", "4", "dragonfly.scanindex.shards", "2", "dragonfly.asyncclient", "jedis"));
    var a = db.insertAsync("usertable", "user1", values("f0", "a", "f1", "b")).toCompletableFuture();
    var b = db.insertAsync("usertable", "user2", values("f0", "c")).toCompletableFuture();
    try (Jedis j = server.jedis()) {
      assertEquals(0, j.dbSize(), "nothing sent before flush");
      db.flush();
      assertEquals(Status.OK, a.getNow(null));
      assertEquals(Status.OK, b.getNow(null));
      assertEquals(Map.of("f0", "a", "f1", "b"), j.hgetAll("user1"));
      assertEquals(2, j.keys("ycsbkv:idx:usertable:*").stream().mapToLong(j::zcard).sum(), "both indexed");
      j.set("plain", "x");
    }
    Map<String, ByteIterator> all = new HashMap<>();
    Map<String, ByteIterator> some = new HashMap<>();
    var read = db.readAsync("usertable", "user1", null, all).toCompletableFuture();
    var readSome = db.readAsync("usertable", "user1", Set.of("f1", "nofield"), some).toCompletableFuture();
    var wrongType = db.readAsync("usertable", "plain", null, new HashMap<>()).toCompletableFuture();
    var update = db.updateAsync("usertable", "user2", values("f1", "d")).toCompletableFuture();
    var delete = db.deleteAsync("usertable", "user1").toCompletableFuture();
    var deleteMiss = db.deleteAsync("usertable", "nobody").toCompletableFuture();
    assertTrue(!read.isDone() && !delete.isDone(), "held until flush");
    db.flush();
    assertEquals(Status.OK, read.getNow(null));
    assertEquals(Map.of("f0", "a", "f1", "b"), StringByteIterator.getStringMap(all));
    assertEquals(Status.OK, readSome.getNow(null));
    assertEquals(Map.of("f1", "b"), StringByteIterator.getStringMap(some));
    assertEquals("ERROR", wrongType.getNow(null).getName());
    assertTrue(wrongType.getNow(null).getDescription().contains("WRONG"), wrongType.getNow(null).getDescription());
    assertEquals(Status.OK, update.getNow(null));
    assertEquals(Status.OK, delete.getNow(null));
    assertEquals(Status.NOT_FOUND, deleteMiss.getNow(null));
    try (Jedis j = server.jedis()) {
      assertEquals(Map.of("f0", "c", "f1", "d"), j.hgetAll("user2"));
      assertEquals(1, j.keys("ycsbkv:idx:usertable:*").stream().mapToLong(j::zcard).sum(), "the delete unindexed");
    }
    // A scan (Lettuce) first sends what the pipeline holds.
    db.insertAsync("usertable", "user3", values("f0", "e"));
    Vector<HashMap<String, ByteIterator>> rows = new Vector<>();
    assertEquals(Status.OK, db.scan("usertable", "user0", 10, null, rows));
    assertEquals(List.of("c", "e"), rows.stream().map(r -> r.get("f0").toString()).toList());
  }

  @Test
  void workloadsWithDataIntegrity_closedLoop() {
    for (String w : List.of("workloada", "workloadd", "workloade", "workloadf")) {
      try (Jedis j = server.jedis()) {
        j.flushAll();
      }
      String file = WORKLOADS.resolve(w).toString();
      Cli load = Cli.run(cli("load", "dragonfly", "-P", file, "-p", "recordcount=300", "-p", "dataintegrity=true",
          "-threads", "2"));
      assertEquals(0, load.exitCode(), w + ": " + load.err());
      Cli run = Cli.run(cli("run", "dragonfly", "-P", file, "-p", "recordcount=300", "-p", "operationcount=300",
          "-p", "dataintegrity=true", "-threads", "2"));
      assertEquals(0, run.exitCode(), w + ": " + run.err());
      assertEquals(null, run.summary("VERIFY", "Return=UNEXPECTED_STATE"), w + ": " + run.out());
      for (String op : List.of("READ", "UPDATE", "INSERT", "SCAN")) {
        assertEquals(null, run.summary(op + "-FAILED", "Operations"), w + " " + op + ": " + run.out());
      }
    }
  }

  /** sweep --flush: FLUSHDB of the configured database. */
  @Test
  void emptyStore_flushesTheDatabase() throws Exception {
    DragonflyDB db = db(props());
    for (int i = 0; i < 20; i++) {
      assertEquals(Status.OK, db.insert("usertable", "user" + i, values("f0", "v")));
    }
    assertTrue(db.emptyStore().startsWith("FLUSHDB of database 0 at "), "says what it did");
    try (Jedis j = server.jedis()) {
      assertEquals(0, j.dbSize(), "the records and their scan index are gone");
    }
  }

  /** #17, #24: each client thread has a connection of its own by default, as memtier_benchmark's connections. */
  @Test
  void byDefault_oneConnectionPerClientThread() throws Exception {
    long before = settledClients();
    Properties p = props("threadcount", "5");
    for (int i = 0; i < 5; i++) {
      assertEquals(Status.OK, db(p).insert("usertable", "user" + i, values("f0", "v")));
    }
    assertEquals(5, connectedClients() - before, "five client threads, five connections");
  }

  /**
   * #14, #24: a connection per client under drivers (memtier_benchmark's model, the default): the six clients a
   * thread serves (the engine's plan: 6 connections for 6 clients) each get a connection of their own, opened at init,
   * before the clock starts, and kept; one request in flight on each.
   */
  @Test
  void connectionsClient_clientsServedByOneThread_eachItsOwnConnection() throws Exception {
    Properties p = props("dragonfly.scanindex", "off", "dragonfly.asyncclient", "jedis");
    long before = settledClients();
    DragonflyDB db = db(p, new InstancePlan(6, 6, 6, false, 1));
    assertEquals(6, connectedClients() - before, "six connections, opened at init");
    List<java.util.concurrent.CompletableFuture<Status>> writes = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      writes.add(db.insertAsync("usertable", "user" + i, values("f0", "v" + i)).toCompletableFuture());
    }
    db.flush();
    for (var w : writes) {
      assertEquals(Status.OK, w.getNow(null));
    }
    assertEquals(6, connectedClients() - before, "six clients in flight, six connections");
    List<Map<String, ByteIterator>> rows = new ArrayList<>();
    List<java.util.concurrent.CompletableFuture<Status>> reads = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      Map<String, ByteIterator> row = new HashMap<>();
      rows.add(row);
      reads.add(db.readAsync("usertable", "user" + i, null, row).toCompletableFuture());
    }
    db.flush();
    for (int i = 0; i < 6; i++) {
      assertEquals(Status.OK, reads.get(i).getNow(null));
      assertEquals(Map.of("f0", "v" + i), StringByteIterator.getStringMap(rows.get(i)));
    }
    assertEquals(6, connectedClients() - before, "the same six connections, kept");
    db.cleanup();
    open.remove(db);
    long deadline = System.currentTimeMillis() + 5000;
    while (connectedClients() > before && System.currentTimeMillis() < deadline) {
      Thread.sleep(50);
    }
    assertTrue(connectedClients() <= before, "cleanup closed them");

    Properties lettuce = props("connections", "8", "dragonfly.asyncclient", "lettuce");
    DragonflyDB refused = new DragonflyDB();
    refused.setProperties(lettuce);
    refused.plan(new InstancePlan(2, 4, 4, false, 1));
    site.ycsb.DBException e = org.junit.jupiter.api.Assertions.assertThrows(site.ycsb.DBException.class, refused::init);
    assertTrue(e.getMessage().startsWith("-p connections=N (connections shared by the clients) is served by"
        + " dragonfly.asyncclient=netty (the default) or jedis"), e.getMessage());
    refused.cleanup();
  }

  /**
   * The server's connections once the count held still for 300 ms (up to 5 s): a connection an earlier test closed
   * leaves the server's count a little after the client closed it (the RESP engine closes its channels
   * asynchronously), and would otherwise be counted in a "before".
   */
  private long settledClients() throws InterruptedException {
    long last = connectedClients();
    long stableSince = System.nanoTime();
    long deadline = stableSince + 5_000_000_000L;
    while (System.nanoTime() < deadline && System.nanoTime() - stableSince < 300_000_000L) {
      Thread.sleep(50);
      long now = connectedClients();
      if (now != last) {
        last = now;
        stableSince = System.nanoTime();
      }
    }
    return last;
  }

  private long connectedClients() {
    try (Jedis j = server.jedis()) {
      return j.info("clients").lines().filter(l -> l.startsWith("connected_clients:"))
          .mapToLong(l -> Long.parseLong(l.substring(l.indexOf(':') + 1).trim())).findFirst().orElse(-1);
    }
  }

  @Test
  void probe_readsTheServersOwnFigures() throws Exception {
    try (ServerProbe probe = new DragonflyBinding().probe(props())) {
      ServerSample before = probe.sample();
      assertEquals(0, before.keys());
      Cli load = Cli.run(cli("load", "dragonfly", "-P", WORKLOADS.resolve("workloada").toString(),
          "-p", "recordcount=500"));
      assertEquals(0, load.exitCode(), load.err());
      ServerSample after = probe.sample();
      assertTrue(indexKeys() >= 1);
      assertEquals(500 + indexKeys(), after.keys(), "every key the server has: the records and the index's");
      assertEquals(kind() == Store.Kind.DRAGONFLY ? "dragonfly" : "redis", after.server());
      assertTrue(after.usedMemoryBytes() > before.usedMemoryBytes());
    }
  }

  @Test
  void wrongPassword_andNothingListening_areOneLine() throws Exception {
    String file = WORKLOADS.resolve("workloadc").toString();
    try (Jedis j = server.jedis()) {
      j.aclSetUser("bench", "on", ">s3cret", "~*", "+@all");
    }
    Cli ok = Cli.run(cli("load", "dragonfly", "-P", file, "-p", "recordcount=20", "-p", "dragonfly.user=bench",
        "-p", "dragonfly.password=s3cret"));
    assertEquals(0, ok.exitCode(), ok.err());
    Cli bad = Cli.run(cli("run", "dragonfly", "-P", file, "-p", "dragonfly.user=bench", "-p", "dragonfly.password=nope"));
    assertEquals(1, bad.exitCode());
    assertEquals("ycsb: cannot initialize binding 'dragonfly': authentication failed for user 'bench' at "
        + server.address() + "; check dragonfly.user and dragonfly.password", bad.lastErrLine());
    assertTrue(!bad.err().contains("nope"));
    int port = RespServer.freePort();
    Cli refused = Cli.run("run", "dragonfly", "-P", file, "-p", "dragonfly.port=" + port);
    assertEquals(1, refused.exitCode());
    assertEquals("ycsb: cannot initialize binding 'dragonfly': cannot connect to 127.0.0.1:" + port
        + ": Connection refused; is the server running? (dragonfly.host, dragonfly.port)", refused.lastErrLine());
  }

  /** #24: a default -threads 32 run holds a connection per client on the server, one request in flight on each. */
  @Test
  void loadShape_threads32_serverHoldsAConnectionPerClient() throws Exception {
    LoadShapeChecks.threads32_serverHoldsAConnectionPerClient("dragonfly", this::cli, tmp);
  }

  /** #24: -p connections=4 shares four connections between the clients, and the server sees four. */
  @Test
  void loadShape_connections4_serverHoldsFour() throws Exception {
    LoadShapeChecks.connections4_serverHoldsFour("dragonfly", this::cli, tmp);
  }

  /** #24: the memtier workload sends SET and GET only: 1.00 server commands per operation. */
  @Test
  void loadShape_memtier_oneServerCommandPerOperation() throws Exception {
    LoadShapeChecks.memtier_oneCommandPerOperation("dragonfly", this::cli, tmp);
  }

  /** -p warmup: the store serves the warm-up, but the result and the server's view cover the measured phase only. */
  @Test
  void warmup_leftOutOfTheResultAndTheServersView() throws Exception {
    LoadShapeChecks.warmup_leftOutOfTheResultAndTheServersView("dragonfly", this::cli, tmp);
  }
}
