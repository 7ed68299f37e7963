package io.github.ycsbkv.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbkv.redis.RedisBinding;
import io.github.ycsbkv.redis.RedisDB;
import io.github.ycsbkv.spi.ServerProbe;
import io.github.ycsbkv.spi.ServerSample;
import java.nio.charset.StandardCharsets;
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
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/**
 * What the RESP binding must do against a real server of each kind (Redis, Valkey, KeyDB):
 * subclasses choose the server. Values are checked through the store's own client, not through
 * the binding.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class RespBindingContract {

  private static final Path WORKLOADS = Path.of("..", "workloads").toAbsolutePath().normalize();

  Store server;
  private final List<RedisDB> open = new ArrayList<>();

  @org.junit.jupiter.api.io.TempDir
  Path tmp;

  abstract Store.Kind kind();

  @BeforeAll
  void startServer() throws Exception {
    server = Store.provision(kind());
  }

  @AfterEach
  void closeClients() {
    for (RedisDB db : open) {
      db.cleanup();
    }
    open.clear();
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

  Properties props(String... kv) {
    Properties p = new Properties();
    p.setProperty("redis.host", server.host());
    p.setProperty("redis.port", Integer.toString(server.port()));
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return p;
  }

  RedisDB db(Properties p) throws DBException {
    RedisDB db = new RedisDB();
    db.setProperties(p);
    db.init();
    open.add(db);
    return db;
  }

  static Map<String, ByteIterator> values(String... kv) {
    Map<String, String> m = new HashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put(kv[i], kv[i + 1]);
    }
    return StringByteIterator.getByteIteratorMap(m);
  }

  static Map<String, String> strings(Map<String, ByteIterator> m) {
    return StringByteIterator.getStringMap(m);
  }

  String[] cli(String... args) {
    List<String> all = new ArrayList<>(List.of(args));
    all.addAll(List.of("-p", "redis.host=" + server.host(), "-p", "redis.port=" + server.port()));
    return all.toArray(new String[0]);
  }

  @Test
  void hashModel_everyOperationAndStatus() throws Exception {
    RedisDB db = db(props("redis.scanindex", "off"));
    assertEquals(Status.OK, db.insert("usertable", "user1", values("f0", "a", "f1", "b")));
    try (Jedis j = server.jedis()) {
      assertEquals(Map.of("f0", "a", "f1", "b"), j.hgetAll("user1"));
    }
    Map<String, ByteIterator> out = new HashMap<>();
    assertEquals(Status.OK, db.read("usertable", "user1", null, out));
    assertEquals(Map.of("f0", "a", "f1", "b"), strings(out));
    out.clear();
    assertEquals(Status.OK, db.read("usertable", "user1", Set.of("f1"), out));
    assertEquals(Map.of("f1", "b"), strings(out));
    assertEquals(Status.OK, db.update("usertable", "user1", values("f1", "c")));
    try (Jedis j = server.jedis()) {
      assertEquals(Map.of("f0", "a", "f1", "c"), j.hgetAll("user1"), "update merges only the given fields");
    }
    assertEquals(Status.NOT_FOUND, db.read("usertable", "nobody", null, new HashMap<>()));
    assertEquals(Status.NOT_FOUND, db.read("usertable", "nobody", Set.of("f0"), new HashMap<>()));
    assertEquals(Status.OK, db.delete("usertable", "user1"));
    assertEquals(Status.NOT_FOUND, db.delete("usertable", "user1"));
    Status noIndex = db.scan("usertable", "user0", 10, null, new Vector<>());
    assertEquals("NOT_IMPLEMENTED", noIndex.getName(), "no scan with redis.scanindex=off");
    assertEquals("no scan index in this run (redis.scanindex=off)", noIndex.getDescription());
    try (Jedis j = server.jedis()) {
      assertEquals(0, j.dbSize());
    }
  }

  @Test
  void stringModel_singleFieldIsStoredRaw_severalFieldsRoundTrip() throws Exception {
    RedisDB one = db(props("redis.datatype", "string", "fieldcount", "1"));
    assertEquals(Status.OK, one.insert("usertable", "k1", values("field0", "raw-value")));
    try (Jedis j = server.jedis()) {
      assertEquals("raw-value", j.get("k1"), "memtier-style: the value is the field's bytes");
    }
    Map<String, ByteIterator> out = new HashMap<>();
    assertEquals(Status.OK, one.read("usertable", "k1", null, out));
    assertEquals(Map.of("field0", "raw-value"), strings(out));
    assertEquals(Status.OK, one.update("usertable", "k1", values("field0", "v2")));
    try (Jedis j = server.jedis()) {
      assertEquals("v2", j.get("k1"));
    }

    RedisDB many = db(props("redis.datatype", "string", "fieldcount", "3"));
    assertEquals(Status.OK, many.insert("usertable", "k2", values("a", "1", "b", "22", "c", "333")));
    assertEquals(Status.OK, many.update("usertable", "k2", values("b", "x")));
    out.clear();
    assertEquals(Status.OK, many.read("usertable", "k2", Set.of("b", "c"), out));
    assertEquals(Map.of("b", "x", "c", "333"), strings(out));
    assertEquals(Status.NOT_FOUND, many.read("usertable", "nope", null, new HashMap<>()));
    assertEquals(Status.NOT_FOUND, many.update("usertable", "nope", values("b", "x")));
    assertEquals(Status.OK, many.delete("usertable", "k2"));
    assertEquals(Status.NOT_FOUND, many.delete("usertable", "k2"));
  }

  @Test
  void scan_returnsKeysInOrder_andStaysConsistentAfterDeletes() throws Exception {
    RedisDB db = db(props("redis.scanindex", "on"));
    List<String> keys = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      keys.add(String.format("user%03d", (i * 17) % 40));
    }
    for (String k : keys) {
      assertEquals(Status.OK, db.insert("usertable", k, values("id", k)));
    }
    Vector<HashMap<String, ByteIterator>> rows = new Vector<>();
    assertEquals(Status.OK, db.scan("usertable", "user010", 5, null, rows));
    assertEquals(List.of("user010", "user011", "user012", "user013", "user014"), ids(rows));

    assertEquals(Status.OK, db.delete("usertable", "user011"));
    assertEquals(Status.OK, db.delete("usertable", "user013"));
    rows.clear();
    assertEquals(Status.OK, db.scan("usertable", "user010", 5, Set.of("id"), rows));
    assertEquals(List.of("user010", "user012", "user014", "user015", "user016"), ids(rows));
    try (Jedis j = server.jedis()) {
      assertEquals(38, j.zcard("ycsbkv:idx:usertable"), "the index lost exactly the deleted keys");
      assertEquals(39, j.dbSize(), "38 records and one index");
    }
  }

  private static List<String> ids(Vector<HashMap<String, ByteIterator>> rows) {
    List<String> out = new ArrayList<>();
    for (HashMap<String, ByteIterator> r : rows) {
      out.add(r.get("id").toString());
    }
    return out;
  }

  @Test
  void memtier_setsAreRawValuesOfTheConfiguredSize_andMissesAreNotErrors() {
    Cli run = Cli.run(cli("run", kind().id(), "-P", WORKLOADS.resolve("memtier").toString(), "-p", "recordcount=5000",
        "-p", "operationcount=3200", "-threads", "4"));
    assertEquals(0, run.exitCode(), run.err());
    long sets = run.count("INSERT", "Return=OK");
    long hits = run.count("READ", "Return=OK");
    long misses = run.count("READ", "Return=NOT_FOUND");
    assertEquals(3200, sets + hits + misses);
    assertEquals(0, run.count("READ", "Return=ERROR"));
    assertTrue(misses > 0 && sets > 0, run.out());
    try (Jedis j = server.jedis()) {
      String key = j.keys("memtier-*").iterator().next();
      assertEquals("string", j.type(key), "redis.datatype=string from the workload file");
      assertEquals(512, j.strlen(key), "the raw 512-byte value, as memtier writes it");
      assertTrue(j.dbSize() <= sets);
    }
  }

  @Test
  void objectcache_everySetCarriesATtlInItsRange() {
    Cli load = Cli.run(cli("load", kind().id(), "-P", WORKLOADS.resolve("objectcache").toString()));
    assertEquals(0, load.exitCode(), load.err());
    Cli run = Cli.run(cli("run", kind().id(), "-P", WORKLOADS.resolve("objectcache").toString(),
        "-p", "operationcount=2000", "-threads", "2"));
    assertEquals(0, run.exitCode(), run.err());
    assertEquals(0, run.count("INSERT", "Return=ERROR") + run.count("READ", "Return=ERROR"));
    try (Jedis j = server.jedis()) {
      // The study's key formats (docs/workloads.md): every key the run wrote is one of them.
      java.util.List<String> keys = j.keys("*").stream().filter(k -> k.matches("(wp_cache|wp_option|query|transient"
          + "|taxonomy)_.+|.+_meta_\\d+|(user|post)_meta_\\d+_.+")).toList();
      assertTrue(keys.size() > 100, "warm-up plus the run's SETs: " + keys.size());
      for (String key : keys) {
        long ttl = j.ttl(key);
        assertTrue(ttl > 200 && ttl <= 86_400, key + " has TTL " + ttl);
      }
    }
  }

  @Test
  void aclUser_rightPasswordWorks_wrongPasswordIsOneLine() {
    try (Jedis j = server.jedis()) {
      j.aclSetUser("bench", "on", ">s3cret", "~*", "&*", "+@all");
    }
    String file = WORKLOADS.resolve("workloadc").toString();
    Cli ok = Cli.run(cli("load", kind().id(), "-P", file, "-p", "recordcount=50", "-p", "redis.user=bench",
        "-p", "redis.password=s3cret"));
    assertEquals(0, ok.exitCode(), ok.err());
    assertEquals(50, ok.count("INSERT", "Return=OK"));
    Cli bad = Cli.run(cli("load", kind().id(), "-P", file, "-p", "recordcount=50", "-p", "redis.user=bench",
        "-p", "redis.password=wrong-pw"));
    assertEquals(1, bad.exitCode());
    assertEquals("ycsb: cannot initialize binding '" + kind().id() + "': authentication failed for user 'bench' at "
        + server.address() + "; check redis.user and redis.password", bad.lastErrLine());
    assertFalse(bad.err().contains("wrong-pw") || bad.out().contains("wrong-pw"));
  }

  /** sweep --flush: FLUSHDB of the configured database, and of that one only. */
  @Test
  void emptyStore_flushesTheConfiguredDatabaseOnly() throws Exception {
    try (Jedis j = server.jedis()) {
      j.select(1);
      j.set("other-db", "kept");
    }
    RedisDB db = db(props());
    for (int i = 0; i < 20; i++) {
      assertEquals(Status.OK, db.insert("usertable", "user" + i, values("f0", "v")));
    }
    assertEquals("FLUSHDB of database 0 at " + server.address(), db.emptyStore());
    try (Jedis j = server.jedis()) {
      assertEquals(0, j.dbSize(), "database 0 is empty, its scan index too");
      j.select(1);
      assertEquals("kept", j.get("other-db"), "another database is not touched");
      j.flushDB();
    }
  }

  @Test
  void passwordForAServerWithoutOne_bindingAndProbeConnectAlike() {
    // The server accepts HELLO ... AUTH default <any> when the default user has no password; the probe
    // once used another client path (plain AUTH, refused) and failed where the benchmark ran.
    Cli load = Cli.run(cli("load", kind().id(), "-P", WORKLOADS.resolve("workloadc").toString(), "-p", "recordcount=20",
        "-p", "redis.password=unused-pw"));
    assertEquals(0, load.exitCode(), load.err());
    assertEquals("21", load.summary("SERVER-AFTER", "Keys"), "20 records and the scan index: " + load.err());
    assertFalse(load.err().contains("probe failed"), load.err());
    assertFalse(load.err().contains("unused-pw") || load.out().contains("unused-pw"));
  }

  @Test
  void probe_keysEqualRecordCountAfterLoad_andMemoryGrows() throws Exception {
    Properties p = props("fieldcount", "10", "fieldlength", "100");
    try (ServerProbe probe = new RedisBinding().probe(p)) {
      ServerSample before = probe.sample();
      assertEquals(kind().id(), before.server());
      assertEquals(0, before.keys());
      assertTrue(before.usedMemoryBytes() > 0, "used_memory " + before.usedMemoryBytes());
      // RSS as the server reports it, or -1 ("not reported") where it reports 0 (Redis under qemu-user, CI's ARM64
      // pass): never a 0 that reads as a measurement.
      String rss;
      try (Jedis j = server.jedis()) {
        rss = j.info("memory").lines().filter(l -> l.startsWith("used_memory_rss:")).findFirst()
            .map(l -> l.substring("used_memory_rss:".length()).strip()).orElse("");
      }
      if (rss.isEmpty() || rss.equals("0")) {
        assertEquals(-1, before.rssBytes(), "the server reports used_memory_rss '" + rss + "'");
        System.out.println("[platform] " + System.getProperty("os.arch") + ": " + kind().id()
            + " reports used_memory_rss:" + rss + ": the probe says not reported");
      } else {
        assertTrue(before.rssBytes() > 0, "the server reports used_memory_rss:" + rss + ", the probe "
            + before.rssBytes());
      }
      assertFalse(before.version().isBlank());
      Cli load = Cli.run(cli("load", kind().id(), "-P", WORKLOADS.resolve("workloada").toString(),
          "-p", "recordcount=2000"));
      assertEquals(0, load.exitCode(), load.err());
      ServerSample after = probe.sample();
      assertEquals(2001, after.keys(), "every key the server has: 2,000 records and the scan index");
      assertTrue(after.usedMemoryBytes() > before.usedMemoryBytes() + 2000L * 1000,
          "2,000 records of 1 KB: " + before.usedMemoryBytes() + " -> " + after.usedMemoryBytes());
      assertEquals("INFO memory used_memory / used_memory_rss", after.memorySource());
    }
  }

  @Test
  void load_resultJsonCarriesTheServersOwnFiguresBeforeAndAfter() throws Exception {
    Path out = tmp.resolve("probe");
    Cli load = Cli.run(cli("load", kind().id(), "-P", WORKLOADS.resolve("workloada").toString(),
        "-p", "recordcount=700", "-p", "export.dir=" + out));
    assertEquals(0, load.exitCode(), load.err());
    assertEquals("0", load.summary("SERVER-BEFORE", "Keys"));
    assertEquals("701", load.summary("SERVER-AFTER", "Keys"), "700 records and the scan index");
    com.fasterxml.jackson.databind.JsonNode server = new com.fasterxml.jackson.databind.ObjectMapper()
        .readTree(out.resolve("result.json").toFile()).path("server");
    assertEquals(0, server.path("before").path("keys").asLong());
    assertEquals(701, server.path("after").path("keys").asLong());
    assertEquals(kind().id(), server.path("after").path("server").asText());
    assertTrue(server.path("after").path("usedMemoryBytes").asLong() > server.path("before").path("usedMemoryBytes").asLong());
    assertEquals("INFO memory used_memory / used_memory_rss", server.path("after").path("memorySource").asText());
  }

  /**
   * #14: by default each client thread has a connection of its own (no pool borrow per command), which a
   * killed connection does not break for good: the next command opens a new one.
   */
  @Test
  void threadConnections_onePerThread_reopenedAfterAKill_closedByCleanup() throws Exception {
    Properties p = props("threadcount", "4");
    List<RedisDB> dbs = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      RedisDB db = new RedisDB();
      db.setProperties(p);
      db.init();
      dbs.add(db);
      assertEquals(Status.OK, db.insert("usertable", "k" + i, values("f", "v" + i)));
    }
    // Four threads' own connections; the shared client's check connection is not kept (#24: it would count
    // on the server beside the clients').
    assertEquals(4, clients(), "one connection per thread");
    try (Jedis j = server.jedis()) {
      j.clientKill(redis.clients.jedis.params.ClientKillParams.clientKillParams().type(
          redis.clients.jedis.args.ClientType.NORMAL).skipMe(redis.clients.jedis.params.ClientKillParams.SkipMe.YES));
    }
    for (int i = 0; i < 4; i++) {
      Map<String, ByteIterator> row = new HashMap<>();
      Status first = dbs.get(i).read("usertable", "k" + i, null, row);
      if (first != Status.OK) {
        assertEquals(Status.OK, dbs.get(i).read("usertable", "k" + i, null, row), "the next command reconnects");
      }
      assertEquals("v" + i, strings(row).get("f"));
    }
    cleanUpAll(dbs);
    assertEquals(0, clients(), "every cleanup closed its connection, the last one the shared client's");
  }

  @Test
  void sharedPool_oneClientForAllThreads_closedByTheLastCleanup() throws Exception {
    Properties p = props("threadcount", "3", "redis.connections", "pool");
    List<RedisDB> dbs = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      RedisDB db = new RedisDB();
      db.setProperties(p);
      db.init();
      dbs.add(db);
      db.insert("usertable", "k" + i, values("f", "v"));
    }
    assertTrue(clients() <= 3, "pool size defaults to threadcount: " + clients() + " connections");
    cleanUpAll(dbs);
    assertEquals(0, clients(), "the last cleanup closed every connection");
  }

  /**
   * #14: asynchronous operations wait in the thread's pipeline until flush(), then complete with the statuses
   * and values of the blocking path; the index changes with its record (MULTI/EXEC in the pipeline); an error
   * reply fails its own operation only; a blocking call sends what is held first.
   */
  @Test
  void async_heldUntilFlush_thenTheBlockingPathsStatusesAndValues() throws Exception {
    RedisDB db = db(props());
    java.util.concurrent.CompletableFuture<Status> a =
        db.insertAsync("usertable", "user1", values("f0", "a", "f1", "b")).toCompletableFuture();
    java.util.concurrent.CompletableFuture<Status> b =
        db.insertAsync("usertable", "user2", values("f0", "c")).toCompletableFuture();
    try (Jedis j = server.jedis()) {
      assertFalse(a.isDone() || b.isDone(), "held until flush");
      assertEquals(0, j.dbSize(), "nothing sent before flush");
      db.flush();
      assertEquals(Status.OK, a.getNow(null));
      assertEquals(Status.OK, b.getNow(null));
      assertEquals(Map.of("f0", "a", "f1", "b"), j.hgetAll("user1"));
      assertEquals(2, j.zcard("ycsbkv:idx:usertable"), "index entries written with their records");
      j.set("plain", "x");
    }
    Map<String, ByteIterator> all = new HashMap<>();
    Map<String, ByteIterator> some = new HashMap<>();
    var read = db.readAsync("usertable", "user1", null, all).toCompletableFuture();
    var readSome = db.readAsync("usertable", "user1", Set.of("f1"), some).toCompletableFuture();
    var miss = db.readAsync("usertable", "nobody", null, new HashMap<>()).toCompletableFuture();
    var wrongType = db.readAsync("usertable", "plain", null, new HashMap<>()).toCompletableFuture();
    var update = db.updateAsync("usertable", "user2", values("f1", "d")).toCompletableFuture();
    var delete = db.deleteAsync("usertable", "user1").toCompletableFuture();
    var deleteMiss = db.deleteAsync("usertable", "nobody").toCompletableFuture();
    db.flush();
    assertEquals(Status.OK, read.getNow(null));
    assertEquals(Map.of("f0", "a", "f1", "b"), strings(all), "read before the delete queued after it");
    assertEquals(Status.OK, readSome.getNow(null));
    assertEquals(Map.of("f1", "b"), strings(some));
    assertEquals(Status.NOT_FOUND, miss.getNow(null));
    assertEquals("ERROR", wrongType.getNow(null).getName());
    assertTrue(wrongType.getNow(null).getDescription().contains("WRONGTYPE"), wrongType.getNow(null).getDescription());
    assertEquals(Status.OK, update.getNow(null));
    assertEquals(Status.OK, delete.getNow(null));
    assertEquals(Status.NOT_FOUND, deleteMiss.getNow(null));
    try (Jedis j = server.jedis()) {
      assertEquals(Map.of("f0", "c", "f1", "d"), j.hgetAll("user2"), "update merges only the given fields");
      assertFalse(j.exists("user1"));
      assertEquals(List.of("user2"), j.zrange("ycsbkv:idx:usertable", 0, -1), "the delete removed its index entry");
    }
    // A blocking call on the same connection first sends what is held, so replies never mix.
    var held = db.insertAsync("usertable", "user3", values("f0", "e")).toCompletableFuture();
    Map<String, ByteIterator> out = new HashMap<>();
    assertEquals(Status.OK, db.read("usertable", "user3", null, out));
    assertEquals(Map.of("f0", "e"), strings(out));
    assertEquals(Status.OK, held.getNow(null));
    assertEquals(Status.OK, db.read("usertable", "user2", Set.of("f1"), out));
    assertEquals("d", strings(out).get("f1"));
  }

  @Test
  void async_stringModel_partialUpdateMergesAtOnce_wholeRecordsWaitForFlush() throws Exception {
    RedisDB db = db(props("redis.datatype", "string", "fieldcount", "3", "redis.scanindex", "off"));
    var insert = db.insertAsync("usertable", "k", values("a", "1", "b", "22", "c", "333")).toCompletableFuture();
    db.flush();
    assertEquals(Status.OK, insert.getNow(null));
    // Some fields only: read, merge, write, done before it returns (the write needs the read's reply).
    var merge = db.updateAsync("usertable", "k", values("b", "x")).toCompletableFuture();
    assertEquals(Status.OK, merge.getNow(null));
    assertEquals(Status.NOT_FOUND, db.updateAsync("usertable", "nope", values("b", "x")).toCompletableFuture().getNow(null));
    Map<String, ByteIterator> out = new HashMap<>();
    var read = db.readAsync("usertable", "k", Set.of("b", "c"), out).toCompletableFuture();
    assertFalse(read.isDone());
    db.flush();
    assertEquals(Status.OK, read.getNow(null));
    assertEquals(Map.of("b", "x", "c", "333"), strings(out));
  }

  /** #14: a connection killed under held operations fails them with the reason; the next ones reconnect. */
  @Test
  void async_connectionKilledWhileHeld_failsThoseOperations_nextOnesReconnect() throws Exception {
    RedisDB db = db(props("redis.scanindex", "off"));
    assertEquals(Status.OK, db.insert("usertable", "k", values("f", "v")));
    var first = db.readAsync("usertable", "k", null, new HashMap<>()).toCompletableFuture();
    var second = db.updateAsync("usertable", "k", values("f", "w")).toCompletableFuture();
    try (Jedis j = server.jedis()) {
      j.clientKill(redis.clients.jedis.params.ClientKillParams.clientKillParams().type(
          redis.clients.jedis.args.ClientType.NORMAL).skipMe(redis.clients.jedis.params.ClientKillParams.SkipMe.YES));
    }
    db.flush();
    for (var f : List.of(first, second)) {
      Status s = f.getNow(null);
      assertEquals("ERROR", s.getName());
      assertFalse(s.getDescription().isBlank(), "the failure says why");
    }
    Map<String, ByteIterator> out = new HashMap<>();
    var again = db.readAsync("usertable", "k", null, out).toCompletableFuture();
    db.flush();
    assertEquals(Status.OK, again.getNow(null));
    assertEquals(Map.of("f", "v"), strings(out), "the update sent before the kill was never applied");
  }

  /** Cleans up every client (twice: closing twice is harmless), then waits up to 5 s for their connections to go. */
  private void cleanUpAll(List<RedisDB> dbs) throws InterruptedException {
    for (RedisDB db : dbs) {
      db.cleanup();
      db.cleanup();
    }
    long deadline = System.currentTimeMillis() + 5000;
    while (clients() > 0 && System.currentTimeMillis() < deadline) {
      Thread.sleep(50);
    }
  }

  /** Connections the binding holds open, from the server's own CLIENT LIST. */
  private long clients() {
    try (Jedis j = server.jedis()) {
      return j.clientList().lines().filter(l -> l.contains("name=ycsb-kv ")).count();
    }
  }

  static String utf8(byte[] b) {
    return new String(b, StandardCharsets.UTF_8);
  }

  /** #24: a default -threads 32 run holds a connection per client on the server, one request in flight on each. */
  @Test
  void loadShape_threads32_serverHoldsAConnectionPerClient() throws Exception {
    LoadShapeChecks.threads32_serverHoldsAConnectionPerClient(kind().id(), this::cli, tmp);
  }

  /** #24: -p connections=4 shares four connections between the clients, and the server sees four. */
  @Test
  void loadShape_connections4_serverHoldsFour() throws Exception {
    LoadShapeChecks.connections4_serverHoldsFour(kind().id(), this::cli, tmp);
  }

  /** #24: the memtier workload sends SET and GET only: 1.00 server commands per operation. */
  @Test
  void loadShape_memtier_oneServerCommandPerOperation() throws Exception {
    LoadShapeChecks.memtier_oneCommandPerOperation(kind().id(), this::cli, tmp);
  }

  /** -p warmup: the store serves the warm-up, but the result and the server's view cover the measured phase only. */
  @Test
  void warmup_leftOutOfTheResultAndTheServersView() throws Exception {
    LoadShapeChecks.warmup_leftOutOfTheResultAndTheServersView(kind().id(), this::cli, tmp);
  }
}
