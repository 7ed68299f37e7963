package io.github.ycsbkv.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbkv.aerospike.AerospikeBinding;
import io.github.ycsbkv.aerospike.AerospikeDB;
import io.github.ycsbkv.spi.ServerProbe;
import io.github.ycsbkv.spi.ServerSample;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteIterator;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/**
 * The Aerospike binding against a real server, provisioned by {@link Store}: the address in
 * {@code -Dit.aerospike.url=host:port}, else a container, else an {@code asd} binary on PATH (with
 * {@code AEROSPIKE_IT_CONF} or a generated configuration: namespace {@code test} in memory, loopback
 * ports), else skipped with the reason, unless {@code it.require}/{@code IT_REQUIRE} lists {@code aerospike}.
 */
class AerospikeBindingIT {

  private static final Path WORKLOADS = Path.of("..", "workloads").toAbsolutePath().normalize();
  private static Store store;
  private static String host;

  @BeforeAll
  static void provision() throws Exception {
    store = Store.provision(Store.Kind.AEROSPIKE);
    host = store.address();
  }

  @AfterAll
  static void stop() throws Exception {
    if (store != null) {
      store.close();
    }
  }

  private static Properties props(String... kv) {
    Properties p = new Properties();
    p.setProperty("as.host", host);
    p.setProperty("table", "itset");
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return p;
  }

  private static Map<String, ByteIterator> values(String... kv) {
    Map<String, String> m = new HashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put(kv[i], kv[i + 1]);
    }
    return StringByteIterator.getByteIteratorMap(m);
  }

  @Test
  void everyOperationAndStatus_updateMergesBins() throws Exception {
    AerospikeDB db = new AerospikeDB();
    db.setProperties(props());
    db.init();
    try {
      db.delete("itset", "k1");
      assertEquals(Status.NOT_FOUND, db.read("itset", "k1", null, new HashMap<>()));
      assertEquals(Status.NOT_FOUND, db.update("itset", "k1", values("f0", "x")));
      assertEquals(Status.OK, db.insert("itset", "k1", values("f0", "a", "f1", "b")));
      assertEquals(Status.OK, db.update("itset", "k1", values("f1", "c")));
      Map<String, ByteIterator> out = new HashMap<>();
      assertEquals(Status.OK, db.read("itset", "k1", null, out));
      assertEquals(Map.of("f0", "a", "f1", "c"), StringByteIterator.getStringMap(out), "update kept f0");
      out.clear();
      assertEquals(Status.OK, db.read("itset", "k1", Set.of("f0"), out));
      assertEquals(Map.of("f0", "a"), StringByteIterator.getStringMap(out));
      assertEquals(Status.OK, db.delete("itset", "k1"));
      assertEquals(Status.NOT_FOUND, db.delete("itset", "k1"));
      assertEquals(Status.NOT_IMPLEMENTED, db.scan("itset", "k", 5, null, new java.util.Vector<>()));
    } finally {
      db.cleanup();
    }
  }

  /** sweep --flush: every cell starts from an empty set (the server's own scan counts nothing after it). */
  @Test
  void emptyStore_truncatesTheSet() throws Exception {
    AerospikeDB db = new AerospikeDB();
    db.setProperties(props("table", "flushed"));
    db.init();
    try {
      for (int i = 0; i < 20; i++) {
        assertEquals(Status.OK, db.insert("flushed", "k" + i, values("f0", "v" + i)));
      }
      assertEquals(20, count("flushed"));
      assertTrue(db.emptyStore().startsWith("truncate of test.flushed at "), "says what it did");
      assertEquals(Status.NOT_FOUND, db.read("flushed", "k3", null, new HashMap<>()));
      long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(10);
      while (count("flushed") > 0 && System.nanoTime() < deadline) {
        Thread.sleep(100);
      }
      assertEquals(0, count("flushed"));
    } finally {
      db.cleanup();
    }
  }

  /** Records in a set, by a scan with the Aerospike client (not through the binding). */
  private static long count(String set) {
    java.util.concurrent.atomic.AtomicLong n = new java.util.concurrent.atomic.AtomicLong();
    try (com.aerospike.client.AerospikeClient client = store.aerospike()) {
      com.aerospike.client.policy.ScanPolicy policy = new com.aerospike.client.policy.ScanPolicy();
      policy.includeBinData = false;
      client.scanAll(policy, "test", set, (key, record) -> n.incrementAndGet());
    }
    return n.get();
  }

  @Test
  void workloadaWithDataIntegrity_andTheProbeCountsObjects() throws Exception {
    String file = WORKLOADS.resolve("workloada").toString();
    try (ServerProbe probe = new AerospikeBinding().probe(props("table", "probed"))) {
      long before = probe.sample().keys();
      Cli load = Cli.run("load", "aerospike", "-P", file, "-p", "as.host=" + host, "-p", "table=probed",
          "-p", "recordcount=500", "-p", "dataintegrity=true", "-threads", "4");
      assertEquals(0, load.exitCode(), load.err());
      ServerSample after = probe.sample();
      assertEquals("aerospike", after.server());
      assertTrue(after.keys() >= 500 && after.keys() <= before + 500, before + " -> " + after.keys());
    }
    Cli run = Cli.run("run", "aerospike", "-P", file, "-p", "as.host=" + host, "-p", "table=probed",
        "-p", "recordcount=500", "-p", "operationcount=1000", "-p", "dataintegrity=true", "-threads", "4");
    assertEquals(0, run.exitCode(), run.err());
    assertEquals(1000, run.count("READ", "Return=OK") + run.count("UPDATE", "Return=OK"));
    assertEquals(null, run.summary("VERIFY", "Return=UNEXPECTED_STATE"));
  }

  @Test
  void unknownNamespace_isOneLine() {
    Cli run = Cli.run("run", "aerospike", "-P", WORKLOADS.resolve("workloada").toString(), "-p", "as.host=" + host,
        "-p", "as.namespace=nosuchns");
    assertEquals(1, run.exitCode());
    assertTrue(run.lastErrLine().contains("namespace 'nosuchns' does not exist on " + host), run.lastErrLine());
  }

  @Test
  void asyncClient_everyOperationAndStatus_andPipelinedRuns() throws Exception {
    for (String type : new String[] {"direct", "netty"}) {
      AerospikeDB db = new AerospikeDB();
      db.setProperties(props("as.async", "true", "as.eventLoopType", type, "as.eventLoops", "2"));
      db.init();
      try {
        db.delete("itset", "a1");
        assertEquals(Status.NOT_FOUND, db.read("itset", "a1", null, new HashMap<>()), type);
        assertEquals(Status.OK, db.insert("itset", "a1", values("f0", "a", "f1", "b")), type);
        assertEquals(Status.OK, db.update("itset", "a1", values("f1", "c")), type);
        Map<String, ByteIterator> out = new HashMap<>();
        assertEquals(Status.OK, db.readAsync("itset", "a1", Set.of("f0", "f1"), out).toCompletableFuture().get(), type);
        assertEquals(Map.of("f0", "a", "f1", "c"), StringByteIterator.getStringMap(out), type);
        assertEquals(Status.OK, db.deleteAsync("itset", "a1").toCompletableFuture().get(), type);
        assertEquals(Status.NOT_FOUND, db.delete("itset", "a1"), type);
      } finally {
        db.cleanup();
      }
    }
    String file = WORKLOADS.resolve("workloadb").toString();
    Cli load = Cli.run("load", "aerospike", "-P", file, "-p", "as.host=" + host, "-p", "table=piped",
        "-p", "recordcount=500", "-p", "pipeline=16", "-threads", "2");
    assertEquals(0, load.exitCode(), load.err());
    assertEquals(500, load.count("INSERT", "Return=OK"));
    Cli run = Cli.run("run", "aerospike", "-P", file, "-p", "as.host=" + host, "-p", "table=piped",
        "-p", "recordcount=500", "-p", "operationcount=2000", "-p", "pipeline=16", "-p", "as.eventLoopType=netty",
        "-threads", "2");
    assertEquals(0, run.exitCode(), run.err());
    assertEquals(2000, run.count("READ", "Return=OK") + run.count("UPDATE", "Return=OK"), run.out());
    // as.eventLoopType=netty takes the native transport shipped for this platform (epoll on Linux x86_64 and
    // aarch64, kqueue on macOS), and the result says which.
    String os = System.getProperty("os.name");
    String arch = System.getProperty("os.arch");
    boolean nativeCpu = arch.equals("amd64") || arch.equals("x86_64") || arch.equals("aarch64");
    String loops = !nativeCpu ? "netty NIO" : os.startsWith("Linux") ? "netty epoll" : os.startsWith("Mac")
        ? "netty kqueue" : "netty NIO";
    assertEquals("aerospike asynchronous client, " + loops + " event loops (" + Runtime.getRuntime()
        .availableProcessors() + ")", run.summary("LOAD", "Transport"), run.out());
    assertTrue(load.summary("LOAD", "Transport").startsWith("aerospike asynchronous client, direct NIO event loops"),
        load.out());
    System.out.println("[platform] " + arch + ": aerospike as.eventLoopType=netty: " + run.summary("LOAD", "Transport"));
  }

  /**
   * Regression: with 32 threads x 16 in flight, the asynchronous client's per-loop share of
   * asyncMaxConnsPerNode (512 over 2 loops) ran out whenever one loop got more than its half, and
   * about a quarter of all operations failed with "Max async conns reached". Every operation must
   * succeed, with both loop kinds.
   */
  @Test
  void pipelined_manyThreadsTimesPipeline_noOperationFails() {
    String file = WORKLOADS.resolve("readheavy").toString();
    Cli load = Cli.run("load", "aerospike", "-P", file, "-p", "as.host=" + host, "-p", "table=manyinflight",
        "-p", "recordcount=2000", "-threads", "8");
    assertEquals(0, load.exitCode(), load.err());
    for (String type : new String[] {"direct", "netty"}) {
      Cli run = Cli.run("run", "aerospike", "-P", file, "-p", "as.host=" + host, "-p", "table=manyinflight",
          "-p", "recordcount=2000", "-p", "operationcount=60000", "-p", "pipeline=16", "-p", "as.eventLoops=2",
          "-p", "as.eventLoopType=" + type, "-threads", "32");
      assertEquals(0, run.exitCode(), type + ": " + run.err());
      assertEquals(60000, run.count("READ", "Return=OK") + run.count("UPDATE", "Return=OK"), type + ": " + run.out());
      assertEquals(0, run.count("READ", "Return=ERROR") + run.count("UPDATE", "Return=ERROR"), type);
    }
    Cli driven = Cli.run("run", "aerospike", "-P", file, "-p", "as.host=" + host, "-p", "table=manyinflight",
        "-p", "recordcount=2000", "-p", "operationcount=20000", "-p", "drivers=2", "-threads", "16");
    assertEquals(0, driven.exitCode(), driven.err());
    assertTrue(driven.err().contains("16 clients, the client library's socket per command in flight (16), served by"
        + " 2 threads (drivers=2)"), driven.err());
    assertEquals(20000, driven.count("READ", "Return=OK") + driven.count("UPDATE", "Return=OK"), driven.out());
  }

  /** Aerospike 8 reports no process RSS: the summary has no RSS line (not "-0.000"), result.json has null. */
  @Test
  void absentServerFigure_isNoLineAndNullInJson(@org.junit.jupiter.api.io.TempDir Path out) throws Exception {
    Cli run = Cli.run("load", "aerospike", "-P", WORKLOADS.resolve("workloada").toString(), "-p", "as.host=" + host,
        "-p", "table=rss", "-p", "recordcount=10", "-p", "export.dir=" + out);
    assertEquals(0, run.exitCode(), run.err());
    assertTrue(run.summary("SERVER-AFTER", "Keys") != null, run.out());
    com.fasterxml.jackson.databind.JsonNode after = new com.fasterxml.jackson.databind.ObjectMapper()
        .readTree(out.resolve("result.json").toFile()).path("server").path("after");
    if (after.path("rssBytes").isNull()) {
      assertEquals(null, run.summary("SERVER-AFTER", "RSS(MB)"), run.out());
    } else {
      assertTrue(after.path("rssBytes").asLong() > 0, after.toString());
    }
    assertTrue(!run.out().contains("-0.000"), run.out());
  }
}
