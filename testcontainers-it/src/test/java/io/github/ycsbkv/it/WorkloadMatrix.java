package io.github.ycsbkv.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.aerospike.client.AerospikeClient;
import com.aerospike.client.Key;
import com.aerospike.client.Record;
import com.aerospike.client.policy.ScanPolicy;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.ycsbkv.workloads.TimeSeriesWorkload;
import java.io.FileInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;

/**
 * Every workload file through the real command line against one store ({@link Store} provisions it;
 * subclasses choose which), at a small size: {@code load} then {@code run} as a user types them.
 *
 * <p>Per workload it checks the exact operation total and zero errors, {@code dataintegrity=true}
 * where the workload verifies reads, the store's own record count after load (read with the store's
 * own client, not through the binding), the time-series points read back directly, and the exports
 * ({@code result.json}, {@code summary.csv}, the {@code .hlog} files parsed back with HdrHistogram,
 * server memory after load above before). Last, the server is killed in the middle of a run.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
abstract class WorkloadMatrix {

  private static final Path WORKLOADS = Path.of("..", "workloads").toAbsolutePath().normalize();
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String INDEX_PREFIX = "ycsbkv:idx:";

  Store store;

  @TempDir
  Path tmp;

  abstract Store.Kind kind();

  /** One workload file at a small size. */
  record Case(String workload, long records, long operations, boolean integrity, boolean load, String... extra) {
    @Override
    public String toString() {
      return workload;
    }
  }

  /** Every workload file at the sizes these tests run it. */
  static List<Case> files() {
    List<Case> cases = new ArrayList<>(List.of(
        new Case("readheavy", 400, 600, true, true),
        new Case("balanced", 400, 600, true, true),
        // 2,048 points: a few hundred KB, above the servers' own used_memory noise (KeyDB: tens of KB).
        new Case("writeheavy", 2048, 400, true, true, "ts.series=16", "fieldcount=8"),
        new Case("memtier", 2000, 800, false, false, "cache.valuesize=64"),
        // A key range of 1,440 (9 groups x 8 formats x 20 ids) instead of 720,000: some GETs hit, so READ has
        // successes to export.
        new Case("objectcache", 100, 600, false, true, "objectcache.ids=20")));
    for (String w : List.of("workloada", "workloadb", "workloadc", "workloadd", "workloade", "workloadf")) {
      cases.add(new Case(w, 300, 400, true, true));
    }
    return cases;
  }

  /**
   * Under emulation (CI's ARM64 pass), the workload files that each bring the store something of its own: reads and
   * updates verified (readheavy), time series (writeheavy), raw values (memtier), TTLs (objectcache) and scans
   * (workloade). The others differ from these in the workloads' Java only, the same on every platform.
   */
  static final java.util.Set<String> EMULATED = java.util.Set.of("readheavy", "writeheavy", "memtier", "objectcache",
      "workloade");

  /**
   * The workloads this store runs: all of them (under emulation {@link #EMULATED}), less those needing an operation
   * the binding lacks.
   */
  List<Case> cases() {
    // no scans in the Aerospike binding
    return files().stream().filter(c -> !(c.workload().equals("workloade") && kind() == Store.Kind.AEROSPIKE))
        .filter(c -> !CiPasses.emulated() || EMULATED.contains(c.workload())).toList();
  }

  @BeforeAll
  void provision() throws Exception {
    store = Store.provision(kind());
  }

  @AfterAll
  void release() throws Exception {
    if (store != null) {
      store.close();
    }
  }

  @TestFactory
  @Order(1)
  Stream<DynamicTest> loadThenRun_everyWorkload() {
    return cases().stream().map(c -> DynamicTest.dynamicTest(kind().id() + " " + c.workload(), () -> check(c)));
  }

  private List<String> args(String command, Case c, Path exportDir, String... more) {
    List<String> a = new ArrayList<>(List.of(command, kind().id(), "-P", WORKLOADS.resolve(c.workload()).toString(),
        "-threads", "2", "-p", "recordcount=" + c.records(), "-p", "operationcount=" + c.operations(),
        "-p", "export.dir=" + exportDir, "-p", "table=" + table(c)));
    if (c.integrity()) {
      a.addAll(List.of("-p", "dataintegrity=true"));
    }
    for (String p : store.bindingProps()) {
      a.addAll(List.of("-p", p));
    }
    for (String p : c.extra()) {
      a.addAll(List.of("-p", p));
    }
    a.addAll(List.of(more));
    return a;
  }

  /** One Aerospike set per workload (no flush needed); RESP keys ignore the table. */
  private static String table(Case c) {
    return "m_" + c.workload();
  }

  private void check(Case c) throws Exception {
    flush();
    Path loadDir = tmp.resolve(c.workload() + "-load");
    if (c.load()) {
      Cli load = Cli.run(args("load", c, loadDir).toArray(new String[0]));
      assertEquals(0, load.exitCode(), c + " load: " + load.err());
      assertEquals(c.records(), load.count("INSERT", "Return=OK"), c + " load: " + load.out());
      assertEquals(0, load.count("INSERT", "Return=ERROR"), c + " load");
      assertEquals(c.records(), records(c), c + ": the store's own record count after load");
      JsonNode json = JSON.readTree(loadDir.resolve("result.json").toFile());
      JsonNode server = json.path("server");
      assertTrue(server.path("after").path("usedMemoryBytes").asLong() > server.path("before").path("usedMemoryBytes")
          .asLong(), c + ": server memory after load above before: " + server);
      checkExports(c, loadDir, json);
    }

    Path runDir = tmp.resolve(c.workload() + "-run");
    Cli run = Cli.run(args("run", c, runDir).toArray(new String[0]));
    assertEquals(0, run.exitCode(), c + " run: " + run.err());
    JsonNode json = JSON.readTree(runDir.resolve("result.json").toFile());
    assertEquals(c.operations(), json.path("overall").path("operations").asLong(), c + ": workload operations");
    assertEquals(0, json.path("overall").path("errors").asLong(), c + ": errors: " + run.out());
    assertEquals("completed", json.path("stopReason").asText());
    long sum = 0;
    for (JsonNode op : json.path("operations")) {
      long ok = op.path("statuses").path("OK").asLong() + op.path("statuses").path("NOT_FOUND").asLong();
      assertEquals(op.path("count").asLong(), ok, c + " " + op.path("operation").asText() + ": only OK and misses");
      if (!op.path("operation").asText().equals("CLEANUP")) { // one per client thread, not a workload operation
        sum += op.path("count").asLong();
      }
    }
    long rmw = run.count("READ-MODIFY-WRITE", "Operations");
    if (c.workload().equals("objectcache")) {
      // A GET that misses may write the key: more store operations than workload operations.
      assertTrue(sum >= c.operations(), c + ": " + sum);
    } else {
      assertEquals(c.operations() + rmw, sum, c + ": every workload operation is one store operation (a"
          + " read-modify-write is a read and an update)");
    }
    if (c.integrity()) {
      assertEquals(null, run.summary("VERIFY", "Return=UNEXPECTED_STATE"), c + ": every read returned what was written");
      if (!c.workload().equals("workloade")) { // upstream verifies reads, not scans
        assertTrue(run.count("VERIFY", "Return=OK") > 0, c + ": reads were verified: " + run.out());
      }
    }
    checkExports(c, runDir, json);
    if (c.workload().equals("writeheavy")) {
      checkPoints(c);
    }
  }

  /** result.json operations, summary.csv rows and .hlog files agree with each other. */
  private void checkExports(Case c, Path dir, JsonNode json) throws Exception {
    assertEquals("ycsb-kv/result/1", json.path("schema").asText());
    Map<String, String[]> csv = new HashMap<>();
    List<String> lines = Files.readAllLines(dir.resolve("summary.csv"));
    List<String> header = List.of(lines.get(0).split(","));
    for (String line : lines.subList(1, lines.size())) {
      String[] cells = line.split(",", -1);
      assertEquals(header.size(), cells.length, line);
      csv.put(cells[0] + "/" + cells[1] + "/" + cells[2], cells);
    }
    assertFalse(json.path("operations").isEmpty(), c + ": operations in result.json");
    for (JsonNode op : json.path("operations")) {
      String name = op.path("operation").asText();
      long count = op.path("count").asLong();
      JsonNode ok = op.path("serviceOk");
      assertTrue(count > 0, c + " " + name);
      for (String field : List.of("count", "meanMicros", "minMicros", "maxMicros", "p50Micros", "p99Micros",
          "p99_9Micros")) {
        assertTrue(ok.path(field).isNumber(), c + " " + name + ": serviceOk." + field + " in " + ok);
      }
      assertTrue(ok.path("p50Micros").asDouble() <= ok.path("p99Micros").asDouble());
      String[] row = csv.get(name + "/ok/service");
      assertNotNull(row, c + ": summary.csv has " + name + "/ok/service: " + csv.keySet());
      assertEquals(ok.path("count").asLong(), Long.parseLong(row[header.indexOf("count")]), c + " " + name);
      assertEquals(ok.path("p99Micros").asDouble(), Double.parseDouble(row[header.indexOf("p99Micros")]), 0.001);
      if (!name.equals("CLEANUP")) { // timed once per thread after the last interval: no interval log
        assertEquals(count, hlogTotal(dir.resolve(name + ".hlog")), c + " " + name + ".hlog holds every operation");
      }
      assertTrue(Files.size(dir.resolve(name + ".hgrm")) > 0);
    }
  }

  private static long hlogTotal(Path file) throws Exception {
    long total = 0;
    try (InputStream in = new FileInputStream(file.toFile())) {
      HistogramLogReader reader = new HistogramLogReader(in);
      EncodableHistogram h;
      while ((h = reader.nextIntervalHistogram()) != null) {
        total += ((org.HdrHistogram.AbstractHistogram) h).getTotalCount();
      }
    }
    return total;
  }

  /** Loaded points read straight from the store equal what the workload generates for them. */
  private void checkPoints(Case c) throws Exception {
    Properties p = new Properties();
    try (InputStream in = Files.newInputStream(WORKLOADS.resolve(c.workload()))) {
      p.load(in);
    }
    p.setProperty("recordcount", Long.toString(c.records()));
    for (String kv : c.extra()) {
      p.setProperty(kv.substring(0, kv.indexOf('=')), kv.substring(kv.indexOf('=') + 1));
    }
    TimeSeriesWorkload ts = new TimeSeriesWorkload();
    ts.init(p);
    int fields = Integer.parseInt(p.getProperty("fieldcount"));
    int checked = 0;
    for (int s : new int[] {0, 7, 15}) {
      for (long point : new long[] {0, 5, 15}) {
        Map<String, byte[]> stored = readDirect(table(c), ts.key(s, point));
        assertEquals(fields, stored.size(), "series " + s + " point " + point + ": " + stored.keySet());
        for (int f = 0; f < fields; f++) {
          assertArrayEquals(ts.value(s, point, f), stored.get("field" + f), "series " + s + " point " + point);
        }
        checked++;
      }
    }
    assertEquals(9, checked);
  }

  private Map<String, byte[]> readDirect(String set, String key) {
    Map<String, byte[]> out = new HashMap<>();
    if (kind().resp()) {
      try (Jedis j = store.jedis()) {
        j.hgetAll(key.getBytes(StandardCharsets.UTF_8)).forEach((k, v) -> out.put(new String(k, StandardCharsets.UTF_8), v));
      }
    } else {
      try (AerospikeClient client = store.aerospike()) {
        Record r = client.get(null, new Key("test", set, key));
        assertNotNull(r, key);
        r.bins.forEach((k, v) -> out.put(k, v instanceof byte[] b ? b : v.toString().getBytes(StandardCharsets.UTF_8)));
      }
    }
    return out;
  }

  private void flush() {
    if (kind().resp()) {
      try (Jedis j = store.jedis()) {
        j.flushAll();
      }
    }
  }

  /** Data records in the store, counted with its own client (scan indexes left out). */
  private long records(Case c) {
    if (kind().resp()) {
      try (Jedis j = store.jedis()) {
        long index = 0;
        String cursor = ScanParams.SCAN_POINTER_START;
        do {
          ScanResult<String> page = j.scan(cursor, new ScanParams().match(INDEX_PREFIX + "*").count(1000));
          index += page.getResult().size();
          cursor = page.getCursor();
        } while (!cursor.equals(ScanParams.SCAN_POINTER_START));
        return j.dbSize() - index;
      }
    }
    AtomicLong n = new AtomicLong();
    try (AerospikeClient client = store.aerospike()) {
      ScanPolicy policy = new ScanPolicy();
      policy.includeBinData = false;
      client.scanAll(policy, "test", table(c), (key, record) -> n.incrementAndGet());
    }
    return n.get();
  }

  /** Last: the server dies under load; the run stops with one line, counts errors and writes results. */
  @Test
  @Order(2)
  void serverKilledMidRun_stopsWithOneLine_andWritesPartialResults() throws Exception {
    Assumptions.assumeTrue(store.killable(), "a server the user gave is never stopped by the tests");
    Case c = new Case("workloada", 500, 0, false, true);
    flush();
    Cli load = Cli.run(args("load", c, tmp.resolve("kill-load")).toArray(new String[0]));
    assertEquals(0, load.exitCode(), load.err());
    // Timed from the run's measured phase, not from the test's start: a cold JVM (an arm64 one under qemu, or one on a
    // loaded machine) can still be connecting a fixed time after the test started (the ARM64 pass of 2026-11-26 killed
    // Dragonfly before the binding's first connection: "Connection refused" at init, not a run that died). The first
    // histogram export comes one status interval (1 s) into the phase, so the kill about 1.5 s into it.
    Path out = tmp.resolve("kill-run");
    boolean[] killed = {false};
    Thread killer = new Thread(() -> {
      try {
        if (RunPhase.awaitInto(out, 500)) {
          store.kill();
          killed[0] = true;
        }
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    });
    killer.start();
    String timeout = switch (kind()) {
      case AEROSPIKE -> "as.timeout=500";
      case DRAGONFLY -> "dragonfly.timeout=500";
      default -> "redis.timeout=500";
    };
    Cli run = Cli.run(args("run", c, out, "-p", "maxexecutiontime=60", "-p", "errors.abortafter=2", "-p", timeout,
        "-p", "status.interval=1").toArray(new String[0]));
    killer.join();
    assertTrue(killed[0], "the run's phase began (its first histogram export) and the server was killed: " + run.err());
    assertEquals(1, run.exitCode(), run.err());
    assertTrue(run.lastErrLine().startsWith("ycsb: every operation on '" + kind().id() + "' failed for the last 2 s"),
        run.lastErrLine());
    JsonNode json = JSON.readTree(out.resolve("result.json").toFile());
    assertEquals("failed", json.path("stopReason").asText());
    assertTrue(json.path("overall").path("operations").asLong() > 0, "operations before the crash are kept");
    assertTrue(json.path("overall").path("errors").asLong() > 0);
    // Every error carries its cause, as the binding described it: never only a count.
    boolean causeGiven = false;
    for (JsonNode op : json.path("operations")) {
      for (JsonNode cause : op.path("errorCauses")) {
        causeGiven |= cause.path("count").asLong() > 0 && !cause.path("cause").asText().isBlank()
            && !cause.path("cause").asText().equals("(no cause given by the binding)");
      }
    }
    assertTrue(causeGiven, "no error cause in " + json.path("operations"));
    assertTrue(run.out().contains("], Error, "), "a [OP], Error, N, cause line: " + run.out());
    assertTrue(json.path("timing").path("runtimeMillis").asLong() < 30_000, "stopped long before maxexecutiontime");
  }
}
