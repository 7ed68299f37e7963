package io.github.ycsbkv.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Three client hosts as one run (#41), each a network namespace of its own with its own address ({@link NetnsHosts}),
 * the store in another, every client the real launcher ({@code bin/ycsb}) with the same command but its
 * {@code clients.index}: the records loaded once each in three slices, the measured phases started together at client
 * 0's barrier, the server seeing each host's connections from its own address, and the merged result one run's.
 */
class ManyHostsIT {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path HOME = Path.of("..").toAbsolutePath().normalize();
  private static final int HOSTS = 3;
  private static final int THREADS = 4;
  private static final int RECORDS = 3000;
  /** The store's port on its own host (Redis's and Dragonfly's default; Aerospike's service port there too). */
  private static final int STORE_PORT = 6379;
  private static final int BARRIER_PORT = 7077;

  @TempDir
  Path tmp;

  private record Client(Process process, Path out, Path err, Path export) {}

  @ParameterizedTest
  // Redis for the RESP engine and its probe (Dragonfly's are the same code: its runs from each host are FaultIT's and
  // the workload tests'), Aerospike for its own client and sockets.
  @EnumSource(value = Store.Kind.class, names = {"REDIS", "AEROSPIKE"})
  void threeHosts_loadSlicesOnce_startTogether_serverSeesEachHost_mergedIsOneRun(Store.Kind kind) throws Exception {
    try (NetnsHosts hosts = hostsWithStore(kind)) {
      List<Client> loads = phase(hosts, kind, "load", List.of());
      long loaded = 0;
      for (int i = 0; i < HOSTS; i++) {
        JsonNode r = finished(loads.get(i), "load " + i);
        assertEquals(RECORDS / HOSTS, r.path("overall").path("operations").asLong(), "client " + i + " loads its slice");
        loaded += r.path("overall").path("operations").asLong();
      }
      assertEquals(RECORDS, loaded);
      // The records, each loaded once: the slices do not overlap (Aerospike's count is its probe's, checked with the
      // run's results below).
      if (kind.resp()) {
        assertEquals(RECORDS, hosts.onStore("redis-cli", "-h", hosts.storeAddress(), "-p",
            Integer.toString(STORE_PORT), "--scan", "--pattern", "user*").lines().filter(l -> !l.isBlank()).count(),
            "every record once: the slices do not overlap");
      }

      List<Client> runs = phase(hosts, kind, "run", List.of("-p", "operationcount=0", "-p", "maxexecutiontime=4",
          "-target", "3000"));
      // While they run, the server holds each host's connections, from each host's own address: the fullest view.
      Map<String, Integer> byHost = Map.of();
      while (runs.stream().anyMatch(c -> c.process().isAlive())) {
        Map<String, Integer> now = connectionsByAddress(hosts, kind);
        if (now.values().stream().mapToInt(Integer::intValue).sum()
            > byHost.values().stream().mapToInt(Integer::intValue).sum()) {
          byHost = now;
        }
        Thread.sleep(200);
      }
      List<JsonNode> results = new ArrayList<>();
      for (int i = 0; i < HOSTS; i++) {
        results.add(finished(runs.get(i), "run " + i));
      }
      Map<String, Integer> expected = new TreeMap<>();
      for (int i = 0; i < HOSTS; i++) {
        expected.put(hosts.clientAddress(i), THREADS);
      }
      if (kind.resp()) {
        assertEquals(expected, byHost, "the server saw " + THREADS + " connections from each client host");
      } else {
        // Aerospike's client keeps a pool per node, which its asynchronous commands and its cluster tending share:
        // at least a connection per client thread from each host, each host from its own address.
        assertEquals(expected.keySet(), byHost.keySet(), "the server saw each client host: " + byHost);
        for (Map.Entry<String, Integer> e : byHost.entrySet()) {
          assertTrue(e.getValue() >= THREADS, "at least " + THREADS + " connections from " + e + ": " + byHost);
        }
        System.out.println("[it] three client hosts on aerospike: connections by host " + byHost);
        for (JsonNode r : results) {
          assertEquals(RECORDS, r.path("server").path("before").path("keys").asLong(),
              "every record once, as the server counted them before the run: " + r.path("server"));
        }
      }

      for (int i = 0; i < HOSTS; i++) {
        JsonNode h = results.get(i).path("load").path("hosts");
        assertEquals(HOSTS, h.path("count").asInt(), h.toString());
        assertEquals(i, h.path("indexes").get(0).asInt(), h.toString());
        assertEquals(results.get(0).path("load").path("hosts").path("startAt").asText(), h.path("startAt").asText(),
            "one instant from the barrier");
        assertTrue(h.path("startSpreadMicros").asLong() >= 0, h.toString());
        System.out.println("[it] client host " + i + ": " + h.path("description").asText());
        assertTrue(runs.get(i).err().toFile().length() > 0);
        assertTrue(Files.readString(runs.get(i).err()).contains("client " + i + " of 3 (clients.index=" + i
            + "): every operation until maxexecutiontime, 1,000 of 3,000 ops/s"), Files.readString(runs.get(i).err()));
      }

      Path merged = tmp.resolve("merged");
      merge(merged, runs.get(0).export(), runs.get(1).export(), runs.get(2).export());
      JsonNode all = JSON.readTree(merged.resolve("result.json").toFile());
      JsonNode h = all.path("load").path("hosts");
      assertEquals("[0,1,2]", h.path("indexes").toString(), h.toString());
      assertEquals(0, h.path("missing").size(), h.toString());
      long spread = h.path("startSpreadMicros").asLong();
      System.out.println("[it] three client hosts on " + kind.id() + ": measured phases started within " + spread
          + " us; merged " + all.path("overall").path("operations").asLong() + " operations, "
          + Math.round(all.path("overall").path("throughputOpsPerSec").asDouble()) + " ops/s of 3,000 offered");
      assertSpreadOfTheirOwnStarts(spread, results, h.toString());
      long sum = 0;
      for (JsonNode r : results) {
        sum += r.path("overall").path("operations").asLong();
      }
      assertEquals(sum, all.path("overall").path("operations").asLong(), "the merged count is the sum");
      // The pacing: 1,000 ops/s per host for 4 s is 12,000 operations, 3,000 ops/s. Within 1% of each, or short of it
      // by no more than the clients say they fell behind: a host's own schedule lag and stalls (a stall of this shared
      // machine near the phase's end leaves arrivals unsent at maxexecutiontime and lengthens the phase: 12,000 in
      // 4.1 s was seen, a CI binary pass, 2026-11-26). A client that drops arrivals without saying so still fails.
      double behind = 0;
      for (JsonNode r : results) {
        behind = Math.max(behind, behindSeconds(r));
      }
      double ops = all.path("overall").path("operations").asDouble();
      double rate = all.path("overall").path("throughputOpsPerSec").asDouble();
      System.out.printf("[it] pacing: %.0f operations at %.0f ops/s; the clients fell behind by %.1f ms at most%n",
          ops, rate, behind * 1e3);
      // Each client's own figures and window beside the merged one's, to read a failure of the rate below by.
      StringBuilder each = new StringBuilder("merged window " + all.path("timing"));
      for (JsonNode r : results) {
        each.append(String.format(Locale.ROOT, "; %d ops at %.0f ops/s, %s, behind %.1f ms",
            r.path("overall").path("operations").asLong(), r.path("overall").path("throughputOpsPerSec").asDouble(),
            r.path("timing"), behindSeconds(r) * 1e3));
      }
      System.out.println("[it] pacing by client: " + each);
      assertTrue(ops <= 12_120 && ops >= 12_000 - 120 - 3000 * behind,
          "-target 3000 over three hosts for 4 s: 12,000 operations within 1%, less what the clients say they missed ("
              + Math.round(behind * 1e3) + " ms behind at most): " + ops);
      // The merged rate: the clients' own rates added (within 3%: each counted over the window every client ran in,
      // from its interval samples), never over the target. Not 3,000 less what the clients fell behind: each phase
      // ends with its last reply, and a store slow to give it lengthens every phase at once (the CI of fe1721c:
      // 12,000 operations at 2,670 ops/s merged on Aerospike, the clients 221 ms behind at most).
      double own = 0;
      for (JsonNode r : results) {
        own += r.path("overall").path("throughputOpsPerSec").asDouble();
      }
      assertTrue(rate <= 3090 && Math.abs(rate - own) <= 0.03 * own,
          "-target 3000 over three hosts: the clients' own rates added (" + Math.round(own) + " ops/s) within 3%,"
              + " at most 3,000 ops/s within 3%: " + rate + "; " + each);
      assertEquals(HOSTS * THREADS, all.path("load").path("connections").asInt(), all.path("load").toString());
    }
  }

  /**
   * How far behind its schedule a client says it fell, in seconds: its longest schedule lag or its longest stall
   * (result.json's {@code load.openLoop.scheduleLag.maxMicros}, {@code clientStalls.maxMicros}).
   */
  private static double behindSeconds(JsonNode result) {
    return Math.max(result.path("load").path("openLoop").path("scheduleLag").path("maxMicros").asDouble(0),
        result.path("clientStalls").path("maxMicros").asDouble(0)) / 1e6;
  }

  /** A client host killed mid-run: the others' results stand, and their merge says which client is missing. */
  @Test
  void aHostKilledMidRun_theOthersFinish_andTheMergeNamesIt() throws Exception {
    try (NetnsHosts hosts = hostsWithStore(Store.Kind.REDIS)) {
      for (Client c : phase(hosts, Store.Kind.REDIS, "load", List.of())) {
        finished(c, "load");
      }
      List<Client> runs = phase(hosts, Store.Kind.REDIS, "run", List.of("-p", "operationcount=0", "-p",
          "maxexecutiontime=6"));
      // Client 2 is killed two seconds into its measured phase (its "waiting at" line comes just before it).
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
      while (!Files.readString(runs.get(2).err()).contains("waiting at clients.barrier")) {
        assertTrue(System.nanoTime() < deadline, "client 2 reached the barrier");
        Thread.sleep(100);
      }
      Thread.sleep(2500);
      runs.get(2).process().descendants().forEach(ProcessHandle::destroyForcibly);
      runs.get(2).process().destroyForcibly();
      finished(runs.get(0), "run 0");
      finished(runs.get(1), "run 1");
      assertTrue(!Files.exists(runs.get(2).export().resolve("result.json")), "client 2 wrote nothing");
      Path merged = tmp.resolve("merged");
      String out = merge(merged, runs.get(0).export(), runs.get(1).export());
      JsonNode all = JSON.readTree(merged.resolve("result.json").toFile());
      assertEquals("[2]", all.path("load").path("hosts").path("missing").toString(), all.path("load").toString());
      assertTrue(all.path("warnings").toString().contains("the run had 3 client processes (clients.count), but"
          + " client(s) 2 are not merged here"), all.path("warnings").toString());
      assertTrue(out.contains("ycsb: warning: 2 of 3 client processes merged, their measured phases started within "),
          out);
      assertTrue(out.contains(", missing client(s) 2: the totals are of the others only"), out);
    }
  }

  /**
   * Capacity across hosts (#41 item 4): client 0 runs the search and announces each step, the three hosts run it at a
   * third of its rate each, started together, and client 0 judges the merged step. Against a relay of known capacity
   * on the store's host (one request at a time, 10 ms each: about 100 ops/s), as CapacityIT's one-client search, at a
   * coarser resolution (20%): the search across hosts is the subject, a search's accuracy is CapacityIT's.
   */
  @Test
  void capacityAcrossThreeHosts_client0Searches_theStepsAreSplit_findsTheRelaysCapacity() throws Exception {
    try (NetnsHosts hosts = hostsWithStore(Store.Kind.REDIS)) {
      for (Client c : phase(hosts, Store.Kind.REDIS, "load", List.of())) {
        finished(c, "load");
      }
      int relayPort = STORE_PORT + 1;
      Path relayLog = tmp.resolve("relay.log");
      hosts.startOnStore(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
          Path.of("target", "test-classes").toAbsolutePath().toString(), ServiceTimeRelay.class.getName(),
          hosts.storeAddress(), Integer.toString(relayPort), hosts.storeAddress(), Integer.toString(STORE_PORT),
          "10000"), relayLog);
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (!Files.exists(relayLog) || !Files.readString(relayLog).contains("listening on")) {
        assertTrue(System.nanoTime() < deadline, "the relay started on the store's host");
        Thread.sleep(100);
      }
      List<Client> searches = new ArrayList<>();
      for (int i = 0; i < HOSTS; i++) {
        Path export = tmp.resolve("capacity-" + i);
        List<String> cmd = List.of(HOME.resolve("bin/ycsb").toString(), "capacity", "redis", "-P",
            HOME.resolve("workloads/readheavy").toString(), "-threads", "3", "-p", "redis.host=" + hosts.storeAddress(),
            "-p", "redis.port=" + relayPort, "-p", "probe=false", "-p", "recordcount=" + RECORDS,
            "-p", "clients.count=" + HOSTS, "-p", "clients.index=" + i,
            "-p", "clients.barrier=" + hosts.clientAddress(0) + ":" + BARRIER_PORT, "-p", "clients.barrier.timeout=60",
            "-p", "export.dir=" + export, "--slo", "p99=2s", "--resolution", "20%", "--step", "2s", "--warmup", "1s");
        Path out = tmp.resolve("capacity-" + i + ".out");
        Path err = tmp.resolve("capacity-" + i + ".err");
        searches.add(new Client(hosts.startOnClient(i, cmd, out, err), out, err, export));
      }
      for (int i = 0; i < HOSTS; i++) {
        Client c = searches.get(i);
        assertTrue(c.process().waitFor(400, TimeUnit.SECONDS), "capacity client " + i + " finished");
        assertEquals(0, c.process().exitValue(), "capacity client " + i + ": " + Files.readString(c.err()));
      }
      String[] relayLines = Files.readString(relayLog).strip().split("\n");
      double truth = 1e9 / Double.parseDouble(relayLines[relayLines.length - 1].replaceAll(".* mean-nanos ", ""));
      JsonNode c = JSON.readTree(searches.get(0).export().resolve("capacity.json").toFile());
      System.out.println("[it] capacity across 3 hosts, relay 10 ms: true " + Math.round(truth) + " ops/s; found "
          + c.path("capacity"));
      assertEquals(HOSTS, c.path("clientProcesses").asInt());
      assertTrue(c.path("capacity").path("found").asBoolean(), Files.readString(searches.get(0).out()));
      double found = c.path("capacity").path("opsPerSec").asDouble();
      // A coarse search (20%): its subject is the steps split over hosts; one search's accuracy is CapacityIT's.
      assertTrue(found <= truth * 1.02 && found >= truth * 0.75, "within 25% of the relay's " + truth + ": " + found
          + "\n" + Files.readString(searches.get(0).out()));
      int steps = c.path("steps").size();
      for (JsonNode step : c.path("steps")) {
        Path dir = searches.get(0).export().resolve(step.path("result").asText());
        JsonNode merged = JSON.readTree(dir.resolve("result.json").toFile());
        assertEquals("[0,1,2]", merged.path("load").path("hosts").path("indexes").toString(), dir.toString());
        long sum = 0;
        List<JsonNode> owns = new ArrayList<>();
        for (int i = 0; i < HOSTS; i++) {
          JsonNode own = JSON.readTree(dir.resolve("clients").resolve(Integer.toString(i)).resolve("result.json")
              .toFile());
          owns.add(own);
          sum += own.path("overall").path("operations").asLong();
          if (step.path("targetOpsPerSec").isNumber()) {
            assertEquals(step.path("targetOpsPerSec").asDouble() / HOSTS, own.path("targetOpsPerSec").asDouble(),
                1e-6, "client " + i + " offers its third of step " + step.path("step"));
          }
        }
        assertEquals(sum, merged.path("overall").path("operations").asLong(), "the step's operations: every client's");
        assertSpreadOfTheirOwnStarts(merged.path("load").path("hosts").path("startSpreadMicros").asLong(), owns,
            merged.path("load").path("hosts").toString());
      }
      for (int i = 1; i < HOSTS; i++) {
        String err = Files.readString(searches.get(i).err());
        assertTrue(err.contains("client " + i + " of 3 ran the " + steps + " step(s) client 0 announced"), err);
        try (java.util.stream.Stream<Path> dirs = Files.list(searches.get(i).export().resolve("steps"))) {
          assertEquals(steps, dirs.count(), "client " + i + " ran every step");
        }
      }
    }
  }

  /**
   * The merged start spread is what the processes measured themselves: each one's measured phase started at or after
   * the barrier's one instant (its own {@code startSpreadMicros}, how late its sleep ended), and the merged spread is
   * the latest of those less the earliest. How late a sleep ends is this machine's scheduling, which a loaded machine
   * stretches (95 ms seen with four JVMs on two cores): no fixed bound is held to it. Also {@code ClientImageIT}'s,
   * for its pods.
   */
  static void assertSpreadOfTheirOwnStarts(long merged, List<JsonNode> results, String what) {
    long earliest = Long.MAX_VALUE;
    long latest = Long.MIN_VALUE;
    String startAt = results.get(0).path("load").path("hosts").path("startAt").asText();
    for (JsonNode r : results) {
      JsonNode own = r.path("load").path("hosts");
      assertEquals(startAt, own.path("startAt").asText(), "one instant from the barrier: " + own);
      long late = own.path("startSpreadMicros").asLong(-1);
      assertTrue(late >= 0, "started at or after the barrier's instant: " + own);
      earliest = Math.min(earliest, late);
      latest = Math.max(latest, late);
    }
    // The merge reads each process's start from its result, the processes their lateness from the same instants: the
    // two differ by the rounding of each to microseconds.
    assertEquals(latest - earliest, merged, 2, "the merged spread is the processes' own: " + what);
  }

  /** The store's host with the store of {@code kind} started there, and {@value #HOSTS} client hosts. */
  private NetnsHosts hostsWithStore(Store.Kind kind) throws Exception {
    if (RespServer.onPath(kind.binary) == null) {
      fail(kind.binary + " is not on PATH");
    }
    NetnsHosts hosts = NetnsHosts.create(HOSTS);
    try {
      if (kind == Store.Kind.AEROSPIKE) {
        startAerospike(hosts);
        return hosts;
      }
      List<String> cmd = new ArrayList<>(List.of(kind.binary));
      Path dir = Files.createDirectories(tmp.resolve("store"));
      for (String a : RespServer.baseArgs(kind, dir)) {
        cmd.add(a.equals("127.0.0.1") ? hosts.storeAddress() : a);
      }
      cmd.addAll(List.of("--port", Integer.toString(STORE_PORT)));
      hosts.startOnStore(cmd, tmp.resolve("store.log"));
      awaitStore(hosts);
      return hosts;
    } catch (Exception | AssertionError e) {
      hosts.close();
      throw e;
    }
  }

  /**
   * asd in the foreground on the store's host, on its address: the configuration {@code ycsb study} starts asd with
   * ({@code LocalServers}), its loopback address replaced by the host's; ready once namespace {@code test} is.
   */
  private void startAerospike(NetnsHosts hosts) throws Exception {
    Path dir = Files.createDirectories(tmp.resolve("asd"));
    String conf = io.github.ycsbkv.provision.AerospikeConfig.server(dir, STORE_PORT, "1G")
        .replace("127.0.0.1", hosts.storeAddress());
    Files.writeString(dir.resolve("aerospike.conf"), conf);
    Process asd = hosts.startOnStore(List.of(RespServer.onPath("asd").toString(), "--foreground", "--config-file",
        dir.resolve("aerospike.conf").toString()), tmp.resolve("store.log"));
    Path log = dir.resolve("asd.log");
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (!Files.exists(log) || !Files.readString(log).contains("{test} rebalanced")) {
      if (!asd.isAlive() || System.nanoTime() > deadline) {
        fail("asd on the store's host did not start: " + Files.readString(tmp.resolve("store.log"))
            + (Files.exists(log) ? Files.readString(log) : ""));
      }
      Thread.sleep(100);
    }
  }

  private String merge(Path merged, Path... exports) throws Exception {
    List<String> cmd = new ArrayList<>(List.of(HOME.resolve("bin/ycsb").toString(), "merge", merged.toString()));
    for (Path e : exports) {
      cmd.add(e.toString());
    }
    ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(tmp.resolve("merge.log")
        .toFile());
    pb.environment().put("YCSB_KV_NO_BUILD", "1");
    Process m = pb.start();
    assertTrue(m.waitFor(120, TimeUnit.SECONDS));
    String out = Files.readString(tmp.resolve("merge.log"));
    assertEquals(0, m.exitValue(), out);
    return out;
  }

  /** Every client host's process of one phase, started together, each with its index and its own export.dir. */
  private List<Client> phase(NetnsHosts hosts, Store.Kind kind, String phase, List<String> more) throws Exception {
    List<Client> out = new ArrayList<>();
    String prefix = kind == Store.Kind.AEROSPIKE ? "as." : kind.id() + ".";
    for (int i = 0; i < HOSTS; i++) {
      Path export = tmp.resolve(phase + "-" + i);
      List<String> cmd = new ArrayList<>(List.of(HOME.resolve("bin/ycsb").toString(), phase, kind.id(), "-P",
          HOME.resolve("workloads/readheavy").toString(), "-threads", Integer.toString(THREADS),
          "-p", prefix + "host=" + hosts.storeAddress(), "-p", prefix + "port=" + STORE_PORT,
          "-p", "recordcount=" + RECORDS, "-p", "clients.count=" + HOSTS, "-p", "clients.index=" + i,
          "-p", "clients.barrier=" + hosts.clientAddress(0) + ":" + BARRIER_PORT, "-p", "clients.barrier.timeout=60",
          "-p", "export.dir=" + export));
      cmd.addAll(more);
      out.add(new Client(hosts.startOnClient(i, cmd, tmp.resolve(phase + "-" + i + ".out"),
          tmp.resolve(phase + "-" + i + ".err")), tmp.resolve(phase + "-" + i + ".out"),
          tmp.resolve(phase + "-" + i + ".err"), export));
    }
    return out;
  }

  private static JsonNode finished(Client c, String what) throws Exception {
    assertTrue(c.process().waitFor(180, TimeUnit.SECONDS), what + " finished");
    String err = Files.readString(c.err(), StandardCharsets.UTF_8);
    assertEquals(0, c.process().exitValue(), what + ": " + err);
    return JSON.readTree(c.export().resolve("result.json").toFile());
  }

  /**
   * The server's client connections grouped by the address they come from: Redis's and Dragonfly's own list less
   * each client's probe; Aerospike's from the store host's sockets ({@code ss}), every one of the client's.
   */
  private static Map<String, Integer> connectionsByAddress(NetnsHosts hosts, Store.Kind kind) throws Exception {
    if (!kind.resp()) {
      Map<String, Integer> out = new TreeMap<>();
      for (String line : hosts.onStore("ss", "-tnH", "state", "established", "( sport = :" + STORE_PORT + " )")
          .split("\n")) {
        String[] f = line.trim().split("\\s+");
        if (f.length >= 4) {
          out.merge(f[f.length - 1].substring(0, f[f.length - 1].lastIndexOf(':')), 1, Integer::sum);
        }
      }
      return out;
    }
    String list = hosts.onStore("redis-cli", "-h", hosts.storeAddress(), "-p", Integer.toString(STORE_PORT), "client",
        "list");
    Map<String, Integer> out = new TreeMap<>();
    for (String line : list.split("\n")) {
      if (line.contains(" addr=" + hosts.storeAddress() + ":")) {
        continue; // this redis-cli itself, on the store's host
      }
      for (String field : line.split(" ")) {
        if (field.startsWith("addr=")) {
          String addr = field.substring(5, field.lastIndexOf(':'));
          out.merge(addr, 1, Integer::sum);
        }
      }
    }
    // Each client's probe holds one connection to the server too: leave them out of the load.
    out.replaceAll((k, v) -> v - 1);
    return out;
  }

  private static void awaitStore(NetnsHosts hosts) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    while (true) {
      try {
        if (hosts.onStore("redis-cli", "-h", hosts.storeAddress(), "-p", Integer.toString(STORE_PORT), "ping")
            .contains("PONG")) {
          return;
        }
      } catch (java.io.IOException e) {
        if (System.nanoTime() > deadline) {
          throw e;
        }
      }
      Thread.sleep(100);
    }
  }
}
