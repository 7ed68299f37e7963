package io.github.ycsbkv.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import redis.clients.jedis.Jedis;

/**
 * The scan index of the RESP bindings through the command line, as users run YCSB: load with one
 * workload, run another (the routine "load with workloada, then run workloads a to f"), the time-series
 * workload's span reads, and what a run says when its index is off or incomplete.
 */
class ScanIndexIT {

  private static final Path WORKLOADS = Path.of("..", "workloads").toAbsolutePath().normalize();

  /** Regression: the index was kept only when the current workload scanned, so workloade after a workloada load scanned an empty index. */
  @ParameterizedTest
  @EnumSource(value = Store.Kind.class, names = {"REDIS", "DRAGONFLY"})
  void loadWithWorkloadA_thenRunWorkloadE_scansEveryLoadedRecord(Store.Kind kind) throws Exception {
    try (Store store = fresh(kind)) {
      String prefix = kind == Store.Kind.DRAGONFLY ? "dragonfly" : "redis";
      Cli load = cli(store, "load", "workloada", "recordcount=300");
      assertEquals(0, load.exitCode(), load.err());
      assertTrue(load.err().contains("ycsb-kv: " + prefix + " keeps a scan index: every insert also adds its key to a"
          + " sorted set ("), load.err());
      assertEquals(300, indexed(store));

      Cli run = cli(store, "run", "workloade", "recordcount=300", "operationcount=200", "dataintegrity=true");
      assertEquals(0, run.exitCode(), run.err());
      assertFalse(run.err().lines().anyMatch(l -> l.contains("warning") && !l.contains("the client itself stalled")),
          run.err());
      long scans = run.count("SCAN", "Return=OK");
      assertTrue(scans > 150, run.out());
      assertEquals(0, run.count("SCAN", "Return=NOT_IMPLEMENTED"));
    }
  }

  @ParameterizedTest
  @EnumSource(value = Store.Kind.class, names = {"REDIS", "DRAGONFLY"})
  void loadWithoutIndex_thenAScanningRun_saysTheIndexIsIncomplete(Store.Kind kind) throws Exception {
    try (Store store = fresh(kind)) {
      String prefix = kind == Store.Kind.DRAGONFLY ? "dragonfly" : "redis";
      Cli load = cli(store, "load", "workloada", "recordcount=300", prefix + ".scanindex=off");
      assertEquals(0, load.exitCode(), load.err());
      assertFalse(load.err().contains("keeps a scan index"), load.err());
      assertEquals(0, indexed(store));

      Cli run = cli(store, "run", "workloade", "recordcount=300", "operationcount=50");
      assertTrue(run.err().contains("ycsb: warning: the " + prefix + " scan index holds 0 keys but recordcount is 300:"
          + " records loaded with " + prefix + ".scanindex=off (or auto, by a workload that does not scan) are"
          + " invisible to scans, which return fewer records; load again with the index on"), run.err());
    }
  }

  @ParameterizedTest
  @EnumSource(value = Store.Kind.class, names = {"REDIS", "DRAGONFLY"})
  void scanningRunWithIndexOff_failsEveryScanWithItsCause_andExitsThree(Store.Kind kind) throws Exception {
    try (Store store = fresh(kind)) {
      String prefix = kind == Store.Kind.DRAGONFLY ? "dragonfly" : "redis";
      assertEquals(0, cli(store, "load", "workloade", "recordcount=100").exitCode());
      Path out = Files.createTempDirectory("scanindex-off");
      Cli run = cli(store, "run", "workloade", "recordcount=100", "operationcount=100", prefix + ".scanindex=off",
          "threads=4", "export.dir=" + out);
      assertEquals(3, run.exitCode(), run.err());
      String warning = "the workload scans but " + prefix + ".scanindex=off: every scan returns NOT_IMPLEMENTED";
      assertTrue(run.err().contains("ycsb: warning: " + warning), run.err());
      // The binding warns through the engine: once for the four clients, and in the result.
      assertEquals(1, run.err().lines().filter(l -> l.contains(warning)).count(), run.err());
      JsonNode warnings = new ObjectMapper().readTree(out.resolve("result.json").toFile()).path("warnings");
      List<String> said = new ArrayList<>();
      warnings.forEach(w -> said.add(w.asText()));
      assertTrue(said.contains(warning), said.toString());
      long scans = run.count("SCAN", "Return=NOT_IMPLEMENTED");
      assertTrue(scans > 0, run.out());
      assertEquals(scans + ", NOT_IMPLEMENTED: no scan index in this run (" + prefix + ".scanindex=off)",
          run.summary("SCAN", "Error"));
    }
  }

  /** Regression: ts.readspan=10 made every read a scan, NOT_IMPLEMENTED, because the index followed scanproportion. */
  @ParameterizedTest
  @EnumSource(value = Store.Kind.class, names = {"REDIS", "DRAGONFLY"})
  void timeSeriesSpanReads_scanTheirPoints(Store.Kind kind) throws Exception {
    try (Store store = fresh(kind)) {
      String prefix = kind == Store.Kind.DRAGONFLY ? "dragonfly" : "redis";
      for (String mode : List.of("on", "auto")) {
        try (Jedis j = store.jedis()) {
          j.flushAll();
        }
        List<String> props = List.of("recordcount=2048", "ts.readspan=10", prefix + ".scanindex=" + mode);
        Cli load = cli(store, "load", "writeheavy", props.toArray(String[]::new));
        assertEquals(0, load.exitCode(), load.err());
        List<String> runProps = new ArrayList<>(props);
        runProps.add("operationcount=1000");
        Cli run = cli(store, "run", "writeheavy", runProps.toArray(String[]::new));
        assertEquals(0, run.exitCode(), mode + ": " + run.err());
        assertTrue(run.count("SCAN", "Return=OK") > 0, mode + ": " + run.out());
        assertEquals(0, run.count("SCAN", "Return=NOT_IMPLEMENTED"), mode);
      }
    }
  }

  /**
   * Regression (#34): the redis binding spread the index over {@code ycsbkv:idx:<table>:{n}} and the dragonfly
   * binding over {@code ycsbkv:idx:<table>:n}, so that what one loaded was invisible to the other's scans. Both
   * bindings against one server, each loading and the other scanning, with the same number of shards.
   */
  @ParameterizedTest
  @EnumSource(value = Store.Kind.class, names = {"REDIS", "DRAGONFLY"})
  void indexLoadedByOneRespBinding_isScannedByTheOther(Store.Kind kind) throws Exception {
    try (Store store = fresh(kind)) {
      for (String[] loadThenRun : List.of(new String[] {"dragonfly", "redis"}, new String[] {"redis", "dragonfly"})) {
        try (Jedis j = store.jedis()) {
          j.flushAll();
        }
        String loader = loadThenRun[0];
        String scanner = loadThenRun[1];
        Cli load = cliOf(store, loader, "load", "workloada", "recordcount=300", loader + ".scanindex.shards=3");
        assertEquals(0, load.exitCode(), load.err());
        assertEquals(300, indexed(store));
        Cli run = cliOf(store, scanner, "run", "workloade", "recordcount=300", "operationcount=200",
            scanner + ".scanindex.shards=3", "dataintegrity=true");
        assertEquals(0, run.exitCode(), loader + " then " + scanner + ": " + run.err());
        // No warning about the index; the client's own stall meter may warn under qemu-user (a 174 ms collector
        // pause in CI's ARM64 pass), which says nothing about the index.
        assertFalse(run.err().lines().anyMatch(l -> l.contains("warning") && !l.contains("the client itself stalled")),
            loader + " then " + scanner + ": " + run.err());
        assertTrue(run.count("SCAN", "Return=OK") > 150, run.out());
      }
    }
  }

  /**
   * {@code <binding>.scanindex.write} (#42: the ycsb2025 study sends an insert as upstream's redis binding did, the
   * record and then its index entry, with no MULTI/EXEC): each way sends the commands it says, as the server counted
   * them, and indexes every record; {@code after} waits for the record's reply before it sends the index entry (one
   * request in flight on the connection, where {@code pipelined} has two), seen through a relay that counts them.
   */
  @ParameterizedTest
  @EnumSource(value = Store.Kind.class, names = {"REDIS", "DRAGONFLY"})
  void eachScanIndexWrite_sendsItsCommands_andIndexesEveryRecord(Store.Kind kind) throws Exception {
    try (Store store = fresh(kind)) {
      String prefix = kind == Store.Kind.DRAGONFLY ? "dragonfly" : "redis";
      for (String write : List.of("multi", "pipelined", "after")) {
        try (Jedis j = store.jedis()) {
          j.flushAll();
          j.configResetStat();
        }
        Cli load = cli(store, "load", "workloada", "recordcount=200", prefix + ".scanindex.write=" + write);
        assertEquals(0, load.exitCode(), write + ": " + load.err());
        assertEquals(200, indexed(store), write);
        Map<String, Long> calls = calls(store);
        assertEquals(200, calls.getOrDefault("HSET", 0L), write + ": " + calls);
        assertEquals(200, calls.getOrDefault("ZADD", 0L), write + ": " + calls);
        long transactions = write.equals("multi") ? 200 : 0;
        assertEquals(transactions, calls.getOrDefault("MULTI", 0L), write + ": " + calls);
        assertEquals(transactions, calls.getOrDefault("EXEC", 0L), write + ": " + calls);
      }
      // One client: a thread of its own (Jedis's blocking calls); four: served by the RESP engine's event loops.
      for (String threads : List.of("1", "4")) {
        for (String write : List.of("pipelined", "after")) {
          try (Jedis j = store.jedis()) {
            j.flushAll();
          }
          try (ServiceTimeRelay relay = new ServiceTimeRelay(store.host(), store.port(), 0)) {
            relay.watch("ZADD");
            Cli load = Cli.run("load", store.kind().id(), "-P", WORKLOADS.resolve("workloada").toString(), "-p",
                prefix + ".host=127.0.0.1", "-p", prefix + ".port=" + relay.port(), "-p", "recordcount=200", "-p",
                prefix + ".scanindex.write=" + write, "-threads", threads);
            assertEquals(0, load.exitCode(), write + ": " + load.err());
            assertEquals(200, indexed(store), write);
            // The index entry's ZADD arrives alone (after) or behind its record's HSET (pipelined).
            assertEquals(write.equals("after") ? 1 : 2, relay.watchedOutstandingMax(), write + ", " + threads
                + " threads: " + load.err());
          }
        }
      }
      Cli bad = cli(store, "load", "workloada", "recordcount=10", prefix + ".scanindex.write=later");
      assertEquals(2, bad.exitCode(), bad.err());
      assertEquals("ycsb: property '" + prefix + ".scanindex.write' must be multi, pipelined or after, got 'later'",
          bad.lastErrLine());
    }
  }

  /** Calls of each command the server ran ({@code INFO commandstats}), upper-case names. */
  private static Map<String, Long> calls(Store store) {
    try (Jedis j = store.jedis()) {
      Map<String, Long> calls = new HashMap<>();
      Matcher m = Pattern.compile("cmdstat_([a-z|]+):calls=(\\d+)").matcher(j.info("commandstats"));
      while (m.find()) {
        calls.merge(m.group(1).toUpperCase(Locale.ROOT), Long.parseLong(m.group(2)), Long::sum);
      }
      return calls;
    }
  }

  private static Cli cli(Store store, String command, String workload, String... props) {
    return cliOf(store, store.kind().id(), command, workload, props);
  }

  /** The command line of {@code binding} (a RESP binding) against {@code store}. */
  private static Cli cliOf(Store store, String binding, String command, String workload, String... props) {
    List<String> args = new ArrayList<>(List.of(command, binding, "-P", WORKLOADS.resolve(workload).toString()));
    String prefix = binding.equals("dragonfly") ? "dragonfly" : "redis";
    for (String p : List.of(prefix + ".host=" + store.host(), prefix + ".port=" + store.port())) {
      args.add("-p");
      args.add(p);
    }
    for (String p : props) {
      args.add("-p");
      args.add(p);
    }
    return Cli.run(args.toArray(String[]::new));
  }

  /** The store, emptied (a given server may hold an earlier test's data). */
  private static Store fresh(Store.Kind kind) throws Exception {
    Store store = Store.provision(kind);
    try (Jedis j = store.jedis()) {
      j.flushAll();
    }
    return store;
  }

  /** Keys in the scan index of usertable, read with the store's own client. */
  private static long indexed(Store store) {
    try (Jedis j = store.jedis()) {
      long n = 0;
      for (String key : j.keys("ycsbkv:idx:usertable*")) {
        n += j.zcard(key);
      }
      return n;
    }
  }
}
