package io.github.ycsbkv.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.aerospike.client.AerospikeClient;
import com.aerospike.client.Info;
import com.aerospike.client.cluster.Node;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.Jedis;

/**
 * The server's states and events on a run's time axis (#53): a {@code BGSAVE} asked for mid-run on Redis and on
 * Dragonfly has its window in the result (from when it was sent to when the server said it was done), with Redis's
 * fork time as the server gives it, the save made (the server's own count or time of its last save), and the run's
 * operations split between the window and the rest with none lost; the reads' hit ratio is the servers' own
 * {@code keyspace_hits / keyspace_misses} over the run; a Redis whose working set is twice its memory limit evicts, and
 * the result's evictions are the server's; so does a Dragonfly in its cache mode, its hit ratio the server's; a sweep
 * over memory limits sets each cell's limit and draws the hit ratio against it; 500 slots moved between two primaries
 * of a Redis Cluster mid-run
 * ({@code reshard}) with every key kept, every operation answered and the redirections as the nodes count them. A bad
 * event is one line and exit 2, before any client runs. A Redis replica stopped under writes: the result's lag in bytes
 * is the primary's offset less the replica's; a Dragonfly replica's lag in journal records comes from the servers'
 * own positions.
 */
class ServerStatesIT {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path WORKLOADS = Path.of("..", "workloads").toAbsolutePath().normalize();
  /** Records loaded: with 1 KB values some tens of MB, a save of a fraction of a second here. */
  private static final int RECORDS = 40_000;

  @TempDir
  Path tmp;

  private static List<String> common(Store store, String... more) {
    List<String> args = new ArrayList<>(List.of("-P", WORKLOADS.resolve("workloada").toString(), "-threads", "4",
        "-p", "fieldcount=1", "-p", "fieldlength=1000"));
    for (String p : store.bindingProps()) {
      args.add("-p");
      args.add(p);
    }
    args.addAll(List.of(more));
    return args;
  }

  private static String binding(Store store) {
    return store.kind() == Store.Kind.DRAGONFLY ? "dragonfly" : "redis";
  }

  private void load(Store store) {
    Cli load = Cli.run(List.of("load", binding(store)), common(store, "-p", "recordcount=" + RECORDS));
    assertEquals(0, load.exitCode(), load.err());
  }

  /** A run's READs that found their record and those that did not, from its result. */
  private static long[] reads(JsonNode result) {
    for (JsonNode op : result.path("operations")) {
      if (op.path("operation").asText().equals("READ")) {
        return new long[] {op.path("statuses").path("OK").asLong(), op.path("statuses").path("NOT_FOUND").asLong()};
      }
    }
    return new long[] {0, 0};
  }

  private static long stat(Jedis j, String section, String name) {
    for (String line : j.info(section).split("\r?\n")) {
      if (line.startsWith(name + ":")) {
        return Long.parseLong(line.substring(name.length() + 1).trim());
      }
    }
    throw new AssertionError("no " + name + " in INFO " + section);
  }

  /**
   * How long a BGSAVE of what is loaded takes on {@code j}'s server, in milliseconds, measured here: the run that asks
   * for one lasts several times that, so that its window ends inside the run on a slow machine too.
   */
  private static long saveMillis(Jedis j) throws InterruptedException {
    long start = System.nanoTime();
    j.bgsave();
    Thread.sleep(20);
    while (j.info("persistence").contains(j.info("server").contains("dragonfly_version") ? "saving:1"
        : "rdb_bgsave_in_progress:1")) {
      Thread.sleep(10);
    }
    return (System.nanoTime() - start) / 1_000_000;
  }

  @Test
  void bgsaveMidRun_redisAndDragonfly_itsWindowAndTheServersFigures_hitRatioAsTheServerCounts() throws Exception {
    try (Store redis = Store.provision(Store.Kind.REDIS); Store dragonfly = Store.provision(Store.Kind.DRAGONFLY)) {
      for (Store store : List.of(redis, dragonfly)) {
        String what = store.kind().id();
        try (Jedis j = store.jedis()) {
          j.flushAll();
          if (store.kind() == Store.Kind.DRAGONFLY) {
            j.configSet("dbfilename", "ycsbkv-states"); // provisioned without a snapshot file
          }
          load(store);
          long save = saveMillis(j);
          long seconds = Math.max(6, 1 + (4 * save + 999) / 1000);
          long hits = stat(j, "stats", "keyspace_hits");
          long misses = stat(j, "stats", "keyspace_misses");
          long saves = store.kind() == Store.Kind.DRAGONFLY ? stat(j, "persistence", "last_success_save")
              : stat(j, "persistence", "rdb_saves");
          Path out = tmp.resolve(what);
          // Reads over twice the keys loaded: about half of them miss. Updates are left out, which would add keys.
          Cli run = Cli.run(List.of("run", binding(store)), common(store, "-p", "recordcount=" + 2 * RECORDS,
              "-p", "readproportion=1", "-p", "updateproportion=0", "-p", "operationcount=0",
              "-p", "maxexecutiontime=" + seconds, "-p", "events=bgsave@1s", "-p", "export.dir=" + out));
          assertEquals(0, run.exitCode(), what + ": " + run.err());
          JsonNode result = JSON.readTree(out.resolve("result.json").toFile());
          JsonNode states = result.path("serverStates");
          JsonNode event = states.path("events").path(0);
          assertEquals("bgsave", event.path("kind").asText(), what + ": " + states);
          assertTrue(event.path("failure").isNull(), what + ": " + event);
          long start = event.path("startMillis").asLong();
          long end = event.path("endMillis").asLong();
          assertTrue(start >= 1000, what + ": sent no earlier than asked: " + event);
          assertTrue(end > start, what + ": the server said it was done within the run: " + event);
          assertTrue(end <= result.path("timing").path("runtimeMillis").asLong(), what + ": " + event);
          assertTrue(run.err().contains("event bgsave at 1.0 s: from "), what + ": one line says it: " + run.err());
          // The server made the save.
          if (store.kind() == Store.Kind.DRAGONFLY) {
            // Its time in whole seconds: the run's save ended more than a second after the one measured above.
            assertTrue(stat(j, "persistence", "last_success_save") > saves, what + ": a save during the run");
            assertFalse(event.path("figures").has("forkMicros"), what + ": Dragonfly does not fork: " + event);
          } else {
            assertEquals(saves + 1, stat(j, "persistence", "rdb_saves"), what + ": one save during the run");
            assertEquals(stat(j, "stats", "latest_fork_usec"), event.path("figures").path("forkMicros").asLong(),
                what + ": the fork time as the server gives it: " + event);
          }
          assertEquals(0, event.path("figures").path("failed").asInt(), what + ": " + event);
          // Every operation counted once, inside the window or outside it, none failed.
          JsonNode inside = event.path("inside");
          JsonNode outside = event.path("outside");
          assertEquals(result.path("overall").path("operations").asLong(),
              inside.path("operations").asLong() + outside.path("operations").asLong(), what + ": " + event);
          assertEquals(0, inside.path("failedOperations").asLong() + outside.path("failedOperations").asLong(), what);
          // Whole intervals cover the window, but for an interval it overlaps by 50 ms or less at either edge.
          assertTrue(inside.path("seconds").asDouble() >= (end - start) / 1000.0 - 0.1, what + ": whole intervals"
              + " cover the window: " + event);
          // The reads' hit ratio is the server's own, over the run.
          long h = stat(j, "stats", "keyspace_hits") - hits;
          long m = stat(j, "stats", "keyspace_misses") - misses;
          double ratio = h / (double) (h + m);
          assertTrue(ratio > 0.3 && ratio < 0.7, what + ": about half the reads hit: " + h + " of " + (h + m));
          assertEquals(ratio, states.path("hitRatio").asDouble(), 0.01, what + ": " + states.path("hits") + " / "
              + states.path("misses") + " against the server's " + h + " / " + m);
          assertTrue(run.err().contains("of reads found their key"), what + ": " + run.err());
          // The timeline: the state at the start and at the end, keys as the server holds them after the run.
          JsonNode timeline = states.path("timeline");
          assertTrue(timeline.size() >= 2, what + ": " + timeline);
          assertEquals(j.dbSize(), timeline.get(timeline.size() - 1).path("keys").asLong(), what + ": " + timeline);
          assertTrue(timeline.get(0).path("usedMemoryBytes").asLong() > RECORDS * 1000L, what + ": " + timeline);
        }
      }
    }
  }

  @Test
  void workingSetTwiceTheMemoryLimit_redis_evictsAndTheResultCountsTheServersEvictions() throws Exception {
    try (Store redis = Store.provision(Store.Kind.REDIS); Jedis j = redis.jedis()) {
      j.flushAll();
      load(redis);
      long used = stat(j, "memory", "used_memory");
      try {
        // Half of what the records take: the run's reads of the other half miss, and its updates (which write whole
        // records back) evict.
        j.configSet(Map.of("maxmemory", Long.toString(used / 2), "maxmemory-policy", "allkeys-lru"));
        settled(j);
        // Then the limit 1 MB above what the server holds now: room for what the run's connections take when they
        // connect (about 32 KB each at Redis 7.0: its reply buffer and client), for which the server would otherwise
        // evict before the probe's first read. The run's updates of evicted records write them back, fill that room
        // and then evict, all between the probe's reads (the last comes after the clients finished, and closing
        // frees memory), so the result's evictions are exactly the server's. (The limit is set from what the server
        // holds after evicting, not from the first limit: that left anywhere from none to 6.7 MB free.)
        long room = 1 << 20;
        j.configSet("maxmemory", Long.toString(stat(j, "memory", "used_memory") + room));
        long evicted = settled(j);
        long hits = stat(j, "stats", "keyspace_hits");
        long misses = stat(j, "stats", "keyspace_misses");
        Path out = tmp.resolve("evicting");
        // Uniform requests: half the run's updates find their record evicted and write it back, some 5,000 inserts.
        Cli run = Cli.run(List.of("run", "redis"), common(redis, "-p", "recordcount=" + RECORDS,
            "-p", "operationcount=20000", "-p", "requestdistribution=uniform", "-p", "export.dir=" + out));
        assertEquals(0, run.exitCode(), run.err());
        JsonNode states = JSON.readTree(out.resolve("result.json").toFile()).path("serverStates");
        long e = stat(j, "stats", "evicted_keys") - evicted;
        assertTrue(e > 0, "the server evicted: " + e + " (" + j.dbSize() + " keys): " + run.err());
        assertEquals(e, states.path("evictedKeys").asLong(), "the server's evictions over the run: " + states);
        assertTrue(states.path("timeline").get(1).path("evictedPerSec").asDouble() > 0, states.toString());
        long h = stat(j, "stats", "keyspace_hits") - hits;
        long m = stat(j, "stats", "keyspace_misses") - misses;
        assertTrue(m > 0, "reads of evicted keys miss: " + h + " hits, " + m + " misses");
        assertEquals(h / (double) (h + m), states.path("hitRatio").asDouble(), 0.01, states.toString());
        assertTrue(run.err().contains("keys evicted"), run.err());
      } finally {
        j.configSet(Map.of("maxmemory", "0", "maxmemory-policy", "noeviction"));
      }
    }
  }

  /**
   * {@code sweep --maxmemory} (#53 item 3) on Redis: each cell's server set to its limit and policy before its load,
   * 20,000 records of about 1 KB under 10 MB and 40 MB, uniform reads: the server's hit ratio in each cell is the run's
   * own (its reads that found their record) within a point, lower under the smaller limit, where it evicted; the
   * report draws it against the limit, one line for the store at the cells' means.
   */
  @Test
  void memorySweep_redis_eachCellUnderItsLimit_hitRatioRisesWithTheLimit_theReportDrawsIt() throws Exception {
    try (RespServer redis = RespServer.start(Store.Kind.REDIS); Jedis j = redis.jedis()) {
      Path out = tmp.resolve("memory-sweep");
      Cli sweep = Cli.run("sweep", "--bindings", "redis", "--workloads", WORKLOADS.resolve("workloadc").toString(),
          "--threads", "2", "--maxmemory", "10mb,40mb", "--flush", "--out", out.toString(), "-p", "redis.port="
          + redis.port(), "-p", "server.maxmemory-policy=allkeys-lru", "-p", "redis.scanindex=off", "-p",
          "recordcount=20000", "-p", "operationcount=20000", "-p", "fieldcount=1", "-p", "fieldlength=1000", "-p",
          "requestdistribution=uniform");
      assertEquals(0, sweep.exitCode(), sweep.err());
      assertTrue(sweep.err().contains("CONFIG SET maxmemory-policy allkeys-lru, maxmemory 10mb at 127.0.0.1:"
          + redis.port()), sweep.err());
      assertEquals(Long.toString(40L << 20), j.configGet("maxmemory").get("maxmemory"), "the last cell's limit");
      JsonNode cells = JSON.readTree(out.resolve("sweep.json").toFile()).path("cells");
      assertEquals(2, cells.size(), cells.toString());
      double[] hit = new double[2];
      for (int i = 0; i < 2; i++) {
        JsonNode c = cells.get(i);
        assertEquals(i == 0 ? "redis+10mb" : "redis+40mb", c.path("binding").asText());
        JsonNode f = c.path("figures");
        assertEquals((i == 0 ? 10 : 40) * 1.048576, f.path("server.maxmemoryMB").path("mean").asDouble(), 1e-6);
        hit[i] = f.path("server.hitRatePercent").path("mean").asDouble();
        JsonNode result = JSON.readTree(out.resolve(c.path("binding").asText()).resolve("workloadc").resolve("t2")
            .resolve("r1").resolve("result.json").toFile());
        long[] reads = reads(result);
        long ok = reads[0];
        long notFound = reads[1];
        assertEquals(100.0 * ok / (ok + notFound), hit[i], 1.0, "the server's hit ratio is the run's: " + f);
      }
      assertTrue(hit[0] < 90 && hit[1] > 99, "10 MB holds part of 20 MB of records, 40 MB all: " + hit[0] + "%, "
          + hit[1] + "%");
      assertTrue(cells.get(0).path("figures").path("server.evictedKeys").path("mean").asDouble() > 0,
          cells.get(0).toString());
      Cli report = Cli.run("report", out.toString());
      assertEquals(0, report.exitCode(), report.err());
      String html = java.nio.file.Files.readString(out.resolve("report.html"));
      java.util.regex.Matcher desc = java.util.regex.Pattern.compile("<desc>([^<]*Hit ratio against memory limit[^<]*)"
          + "</desc>").matcher(html);
      assertTrue(desc.find(), "the hit ratio chart");
      JsonNode chart = JSON.readTree(desc.group(1).replace("&quot;", "\"").replace("&lt;", "<").replace("&gt;", ">")
          .replace("&amp;", "&"));
      JsonNode line = chart.path("series").get(0);
      assertEquals("redis", line.path("name").asText(), chart.toString());
      assertEquals(hit[0], line.path("y").get(0).asDouble(), 0.01, chart.toString());
      assertEquals(hit[1], line.path("y").get(1).asDouble(), 0.01, chart.toString());
    }
  }

  /**
   * A replica attached mid-run and detached later ({@code attach:HOST:PORT}, {@code detach:HOST:PORT}) on Redis: the
   * attach's window lasts until the new replica says its first sync has ended, the primary's fork for it is given, and
   * the replica then holds every key; the detach's lasts until the primary no longer lists it. Every operation is
   * answered, none lost, and the timeline shows the replica while it was attached.
   */
  @Test
  void replicaAttachedThenDetachedMidRun_redis_eachWindowAsTheServersSayIt_noOperationLost() throws Exception {
    try (RespServer primary = RespServer.start(Store.Kind.REDIS); Jedis p = primary.jedis();
         RespServer other = RespServer.start(Store.Kind.REDIS); Jedis r = other.jedis()) {
      List<String> common = List.of("-P", WORKLOADS.resolve("workloada").toString(), "-threads", "4", "-p",
          "redis.port=" + primary.port(), "-p", "recordcount=10000", "-p", "fieldcount=1", "-p", "fieldlength=1000");
      Cli load = Cli.run(List.of("load", "redis"), common);
      assertEquals(0, load.exitCode(), load.err());
      // Redis 7 waits repl-diskless-sync-delay (5 s) for more replicas before a sync: none here, so that the sync of
      // 10 MB starts at once and ends seconds before the detach on a slow machine too.
      p.configSet("repl-diskless-sync-delay", "0");
      Path out = tmp.resolve("attach");
      String at = "127.0.0.1:" + other.port();
      Cli run = Cli.run(List.of("run", "redis"), common, List.of("-p", "operationcount=0", "-p",
          "maxexecutiontime=10", "-p", "events=attach:" + at + "@1s,detach:" + at + "@7s", "-p",
          "export.dir=" + out));
      assertEquals(0, run.exitCode(), run.err());
      JsonNode result = JSON.readTree(out.resolve("result.json").toFile());
      JsonNode events = result.path("serverStates").path("events");
      JsonNode attach = events.path(0);
      JsonNode detach = events.path(1);
      assertEquals("attach", attach.path("kind").asText(), events.toString());
      assertTrue(attach.path("failure").isNull() && attach.path("endMillis").asLong() > attach.path("startMillis")
          .asLong(), "the first sync ended within the run: " + attach);
      assertTrue(attach.path("endMillis").asLong() < detach.path("atMillis").asLong(), attach.toString());
      assertTrue(attach.path("figures").path("forkMicros").asDouble() > 0, "the primary forked for it: " + attach);
      assertEquals(1.0, attach.path("figures").path("replicas").asDouble(), attach.toString());
      assertEquals("detach", detach.path("kind").asText(), events.toString());
      assertTrue(detach.path("failure").isNull() && detach.path("endMillis").asLong() >= 0, detach.toString());
      assertEquals(0.0, detach.path("figures").path("replicas").asDouble(), detach.toString());
      assertTrue(r.info("replication").contains("role:master"), "a primary of its own again");
      assertEquals(p.dbSize(), r.dbSize(), "it had every key when it was detached");
      // Every operation inside a window or outside every window, none failed.
      long operations = result.path("overall").path("operations").asLong();
      for (JsonNode e : List.of(attach, detach)) {
        assertEquals(operations, e.path("inside").path("operations").asLong() + e.path("outside")
            .path("operations").asLong() + otherWindow(e, attach, detach), e.toString());
        assertEquals(0, e.path("inside").path("failedOperations").asLong(), e.toString());
      }
      boolean seen = false;
      for (JsonNode t : result.path("serverStates").path("timeline")) {
        long ms = t.path("elapsedMillis").asLong();
        if (ms > attach.path("endMillis").asLong() + 100 && ms < detach.path("startMillis").asLong() - 100) {
          assertEquals(1, t.path("replicas").asInt(), t.toString());
          seen = true;
        }
      }
      assertTrue(seen, "a sample while it was attached: " + result.path("serverStates").path("timeline"));
      assertEquals(0, result.path("serverStates").path("timeline").get(0).path("replicas").asInt());
    }
  }

  /**
   * The operations of the intervals the other event's window overlaps and {@code e}'s does not: "outside" is outside
   * every window.
   */
  private static long otherWindow(JsonNode e, JsonNode attach, JsonNode detach) {
    JsonNode other = e == attach ? detach : attach;
    return other.path("inside").path("operations").asLong();
  }

  /**
   * Aerospike's state (#53 item 1): the namespace's records, its data's memory and asd's resident set on the timeline,
   * and its reads that found their record ({@code client_read_success}) or not ({@code client_read_not_found}) as the
   * hit ratio: reads over twice the records loaded find about half, and the server's ratio is the run's own.
   */
  @Test
  void aerospike_namespaceOnTheTimeline_hitRatioAsTheServerCountsIt() throws Exception {
    try (Store as = Store.provision(Store.Kind.AEROSPIKE)) {
      List<String> common = new ArrayList<>(List.of("-P", WORKLOADS.resolve("workloadc").toString(), "-threads", "4",
          "-p", "fieldcount=1", "-p", "fieldlength=100", "-p", "requestdistribution=uniform", "-p",
          "as.set=states" + System.nanoTime()));
      for (String p : as.bindingProps()) {
        common.add("-p");
        common.add(p);
      }
      Cli load = Cli.run(List.of("load", "aerospike"), common, List.of("-p", "recordcount=2000"));
      assertEquals(0, load.exitCode(), load.err());
      Path out = tmp.resolve("aerospike");
      // Reads over keys 0..3999 of which 0..1999 exist: about half miss.
      Cli run = Cli.run(List.of("run", "aerospike"), common, List.of("-p", "recordcount=4000", "-p",
          "operationcount=20000", "-p", "status.interval=1", "-p", "export.dir=" + out));
      assertEquals(0, run.exitCode(), run.err());
      JsonNode result = JSON.readTree(out.resolve("result.json").toFile());
      JsonNode states = result.path("serverStates");
      long[] reads = reads(result);
      long ok = reads[0];
      long notFound = reads[1];
      assertTrue(notFound > 5000 && ok > 5000, ok + " found, " + notFound + " not");
      assertEquals(ok, states.path("hits").asLong(), "client_read_success: " + states);
      assertEquals(notFound, states.path("misses").asLong(), "client_read_not_found: " + states);
      assertEquals(ok / (double) (ok + notFound), states.path("hitRatio").asDouble(), 1e-9, states.toString());
      JsonNode first = states.path("timeline").get(0);
      assertTrue(first.path("keys").asLong() >= 2000, "the namespace's records: " + first);
      assertTrue(first.path("usedMemoryBytes").asLong() > 2000 * 100, "its data: " + first);
      if (as.source().startsWith("binary")) {
        assertTrue(first.path("rssBytes").asLong() > first.path("usedMemoryBytes").asLong(), "asd's RSS: " + first);
      }
      assertEquals(0, states.path("evictedKeys").asLong(), states.toString());
      assertTrue(run.err().contains(String.format(java.util.Locale.US, "%% of reads found their key (%,d hits, %,d"
          + " misses over the phase", ok, notFound)), run.err());
    }
  }

  /**
   * A memory limit on Aerospike (#53 item 3): {@code -p server.maxmemory} is set as the namespace's
   * {@code evict-used-pct}, a whole percent of its data-size, with a time to live for records written without one
   * and a bucket a second of expiry time; records of three times the limit are evicted (by the server's own count),
   * and the reads over every key loaded find fewer than all of them, the hit ratio the server's own.
   */
  @Test
  void workingSetOverTheMemoryLimit_aerospike_evictsAndTheHitRatioIsTheServers() throws Exception {
    try (Store as = Store.provision(Store.Kind.AEROSPIKE); AerospikeClient client = as.aerospike()) {
      Node node = client.getNodes()[0];
      Map<String, String> before = pairs(Info.request(node, "get-config:context=namespace;id=test"));
      long dataSize = Long.parseLong(before.get("storage-engine.data-size"));
      long limit = (dataSize + 99) / 100; // 1%, the least limit Aerospike takes
      int records = (int) (3 * limit / 1000); // records of about 1 KB: three times the limit
      List<String> common = new ArrayList<>(List.of("-P", WORKLOADS.resolve("workloadc").toString(), "-threads", "4",
          "-p", "fieldcount=1", "-p", "fieldlength=1000", "-p", "recordcount=" + records, "-p",
          "requestdistribution=uniform", "-p", "as.set=evict" + System.nanoTime()));
      for (String p : as.bindingProps()) {
        common.add("-p");
        common.add(p);
      }
      try {
        long evictedBefore = namespaceStat(node, "evicted_objects");
        // Aerospike evicts whole seconds of expiry time, none where the first second's records are more than a
        // round may evict (60% here): the records go in two halves a second apart, so that no second holds more than
        // half of them however fast this machine writes.
        List<String> limited = List.of("-p", "server.maxmemory=" + limit, "-p", "server.evict-tenths-pct=600");
        Cli load = Cli.run(List.of("load", "aerospike"), common, limited, List.of("-p", "insertcount=" + records / 2));
        assertEquals(0, load.exitCode(), load.err());
        Thread.sleep(1100);
        Cli rest = Cli.run(List.of("load", "aerospike"), common, limited, List.of("-p", "insertstart=" + records / 2,
            "-p", "insertcount=" + (records - records / 2)));
        assertEquals(0, rest.exitCode(), rest.err());
        assertTrue(load.err().contains(String.format(java.util.Locale.US, "server: namespace test evicts above 1%% of"
            + " its data-size (%.1f MB of %.0f MB for %.1f MB asked)", dataSize / 100.0 / MB, dataSize / MB,
            limit / MB)), load.err());
        Map<String, String> set = pairs(Info.request(node, "get-config:context=namespace;id=test"));
        assertEquals("1", set.get("storage-engine.evict-used-pct"), set.toString());
        assertEquals("600", set.get("evict-tenths-pct"), set.toString());
        assertTrue(Long.parseLong(set.get("default-ttl")) > 0, "records that expire can be evicted: " + set);
        assertEquals("1", set.get("nsup-period"), "a round a second: " + set);
        // The namespace supervisor evicts in rounds (a second each by default): wait for its first.
        long evicted = 0;
        for (int i = 0; i < 600 && evicted == 0; i++) {
          Thread.sleep(100);
          evicted = namespaceStat(node, "evicted_objects") - evictedBefore;
        }
        assertTrue(evicted > 0, "the server evicted: " + namespaceStat(node, "objects") + " records left");
        long hits = namespaceStat(node, "client_read_success");
        long misses = namespaceStat(node, "client_read_not_found");
        Path out = tmp.resolve("aerospike-evicting");
        Cli run = Cli.run(List.of("run", "aerospike"), common, List.of("-p", "operationcount=" + records, "-p",
            "export.dir=" + out));
        assertEquals(0, run.exitCode(), run.err());
        long h = namespaceStat(node, "client_read_success") - hits;
        long m = namespaceStat(node, "client_read_not_found") - misses;
        assertTrue(m > 0 && h > 0, "reads of evicted records miss: " + h + " hits, " + m + " misses");
        JsonNode result = JSON.readTree(out.resolve("result.json").toFile());
        long[] reads = reads(result);
        assertEquals(h, reads[0], "the run's reads that found their record are the server's hits");
        assertEquals(m, reads[1]);
        assertEquals(h / (double) (h + m), result.path("serverStates").path("hitRatio").asDouble(), 1e-9,
            result.path("serverStates").toString());
      } finally {
        for (String key : List.of("evict-used-pct", "evict-tenths-pct", "default-ttl", "evict-hist-buckets",
            "nsup-period")) {
          String was = before.get(key.equals("evict-used-pct") ? "storage-engine.evict-used-pct" : key);
          Info.request(node, "set-config:context=namespace;id=test;" + key + "=" + was);
        }
      }
    }
  }

  private static final double MB = 1024.0 * 1024;

  private static Map<String, String> pairs(String info) {
    Map<String, String> out = new java.util.HashMap<>();
    for (String pair : info.trim().split(";")) {
      int eq = pair.indexOf('=');
      if (eq > 0) {
        out.put(pair.substring(0, eq), pair.substring(eq + 1));
      }
    }
    return out;
  }

  private static long namespaceStat(Node node, String name) {
    String v = pairs(Info.request(node, "namespace/test")).get(name);
    if (v == null) {
      throw new AssertionError("no " + name + " in namespace/test");
    }
    return Long.parseLong(v);
  }

  @Test
  void workingSetTwiceTheMemoryLimit_dragonflyCacheMode_evictsAndTheHitRatioIsTheServers() throws Exception {
    // Dragonfly's least limit is 256 MiB a thread: one thread, 256 MiB, and about twice that in records.
    try (RespServer df = RespServer.start(Store.Kind.DRAGONFLY, "--cache_mode=true", "--maxmemory=256mb",
        "--proactor_threads=1"); Jedis j = new Jedis("127.0.0.1", df.port(), Store.ADMIN_TIMEOUT_MILLIS)) {
      List<String> common = List.of("-P", WORKLOADS.resolve("workloada").toString(), "-threads", "8",
          "-p", "fieldcount=1", "-p", "fieldlength=1000", "-p", "dragonfly.port=" + df.port(),
          "-p", "recordcount=500000");
      // A cache at its limit refuses some writes while it evicts (OOM): the load tolerates them.
      Cli load = Cli.run(List.of("load", "dragonfly"), common, List.of("-p", "insertcount=300000",
          "-p", "errors.tolerance=20%"));
      assertTrue(load.exitCode() == 0, load.err());
      long evicted = stat(j, "stats", "evicted_keys");
      long hits = stat(j, "stats", "keyspace_hits");
      long misses = stat(j, "stats", "keyspace_misses");
      Path out = tmp.resolve("dragonfly-cache");
      Cli run = Cli.run(List.of("run", "dragonfly"), common, List.of("-p", "operationcount=60000",
          "-p", "errors.tolerance=20%", "-p", "export.dir=" + out));
      assertEquals(0, run.exitCode(), run.err());
      JsonNode states = JSON.readTree(out.resolve("result.json").toFile()).path("serverStates");
      long e = stat(j, "stats", "evicted_keys") - evicted;
      long h = stat(j, "stats", "keyspace_hits") - hits;
      long m = stat(j, "stats", "keyspace_misses") - misses;
      assertTrue(e > 0 && states.path("evictedKeys").asLong() > 0, "the cache evicted during the run: " + e + ", "
          + states.path("evictedKeys"));
      assertTrue(states.path("evictedKeys").asLong() <= e, e + " against " + states);
      assertTrue(m > 0 && h > 0, h + " hits, " + m + " misses");
      assertEquals(h / (double) (h + m), states.path("hitRatio").asDouble(), 0.01, h + " / " + m + ": " + states);
    }
  }

  /** {@code INFO replication}'s {@code master_repl_offset}, and its first replica's {@code offset} and {@code lag}. */
  private static long[] replication(Jedis primary) {
    String info = primary.info("replication");
    java.util.regex.Matcher slave = java.util.regex.Pattern.compile("slave0:.*offset=(\\d+),lag=(\\d+)")
        .matcher(info);
    assertTrue(slave.find(), info);
    return new long[] {stat(primary, "replication", "master_repl_offset"), Long.parseLong(slave.group(1)),
        Long.parseLong(slave.group(2))};
  }

  @Test
  void replicaStoppedUnderWrites_redis_theResultsLagIsThePrimarysOffsetLessTheReplicas() throws Exception {
    try (RespServer primary = RespServer.start(Store.Kind.REDIS); Jedis p = primary.jedis();
         RespServer replica = RespServer.start(Store.Kind.REDIS, "--replicaof", "127.0.0.1",
             Integer.toString(primary.port()))) {
      // No PING to the replica during the test: the primary's offset moves with the run's writes only.
      p.configSet("repl-ping-replica-period", "3600");
      for (int i = 0; i < 600 && !p.info("replication").contains("state=online"); i++) {
        Thread.sleep(100);
      }
      assertTrue(p.info("replication").contains("state=online"), p.info("replication"));
      List<String> common = List.of("-P", WORKLOADS.resolve("workloada").toString(), "-threads", "4",
          "-p", "redis.port=" + primary.port(), "-p", "recordcount=5000");
      Cli load = Cli.run(List.of("load", "redis"), common);
      assertEquals(0, load.exitCode(), load.err());
      // The primary knows the replica's offset from its acknowledgements, one a second: wait for one after the load.
      for (int i = 0; i < 600 && replication(p)[0] != replication(p)[1]; i++) {
        Thread.sleep(50);
      }
      Path out = tmp.resolve("replica");
      long commands = stat(p, "stats", "total_commands_processed");
      java.util.concurrent.CompletableFuture<Cli> running = java.util.concurrent.CompletableFuture.supplyAsync(() ->
          Cli.run(List.of("run", "redis"), common, List.of("-p", "operationcount=0", "-p", "maxexecutiontime=6",
              "-p", "status.interval=1", "-p", "export.dir=" + out)));
      // Once the run writes, the replica stops (SIGSTOP) until the run has ended: it acknowledges nothing more.
      while (stat(p, "stats", "total_commands_processed") < commands + 2000 && !running.isDone()) {
        Thread.sleep(20);
      }
      new ProcessBuilder("kill", "-STOP", Long.toString(replica.pid())).start().waitFor();
      try {
        Cli run = running.get(120, java.util.concurrent.TimeUnit.SECONDS);
        assertEquals(0, run.exitCode(), run.err());
        long[] r = replication(p);
        JsonNode timeline = JSON.readTree(out.resolve("result.json").toFile()).path("serverStates")
            .path("timeline");
        JsonNode end = timeline.get(timeline.size() - 1);
        assertTrue(r[0] - r[1] > 0, "the replica fell behind: " + java.util.Arrays.toString(r));
        // Read after the clients finished: nothing has been written since, and the replica has acknowledged nothing.
        assertEquals(r[0] - r[1], end.path("replicaLagBytes").asLong(), "the primary's offset less the replica's: "
            + java.util.Arrays.toString(r) + " against " + end);
        assertEquals(1, end.path("replicas").asInt(), end.toString());
        long ack = end.path("replicaAckSeconds").asLong();
        assertTrue(ack >= 0 && ack <= r[2], "seconds since its last acknowledgement, " + r[2] + " a moment later: "
            + end);
        assertEquals(0, timeline.get(0).path("replicaLagBytes").asLong(), "caught up before the run: " + timeline);
      } finally {
        new ProcessBuilder("kill", "-CONT", Long.toString(replica.pid())).start().waitFor();
      }
    }
  }

  @Test
  void replicaUnderWrites_dragonfly_itsLagInJournalRecordsFromTheServersOffsets() throws Exception {
    try (RespServer primary = RespServer.start(Store.Kind.DRAGONFLY); Jedis p = primary.jedis();
         RespServer replica = RespServer.start(Store.Kind.DRAGONFLY, "--proactor_threads=1");
         Jedis r = replica.jedis()) {
      r.replicaof("127.0.0.1", primary.port());
      for (int i = 0; i < 600 && !r.info("replication").contains("master_sync_in_progress:0"); i++) {
        Thread.sleep(100);
      }
      List<String> common = List.of("-P", WORKLOADS.resolve("workloada").toString(), "-threads", "4",
          "-p", "dragonfly.port=" + primary.port(), "-p", "recordcount=5000");
      Cli load = Cli.run(List.of("load", "dragonfly"), common);
      assertEquals(0, load.exitCode(), load.err());
      Path out = tmp.resolve("dragonfly-replica");
      Cli run = Cli.run(List.of("run", "dragonfly"), common, List.of("-p", "operationcount=0", "-p",
          "maxexecutiontime=4", "-p", "status.interval=1", "-p", "export.dir=" + out));
      assertEquals(0, run.exitCode(), run.err());
      JsonNode timeline = JSON.readTree(out.resolve("result.json").toFile()).path("serverStates").path("timeline");
      for (JsonNode t : timeline) {
        assertEquals(1, t.path("replicas").asInt(), t.toString());
        assertTrue(t.path("replicaLagRecords").asLong() >= 0, "read from both servers every interval: " + t);
        assertEquals(-1, t.path("replicaLagBytes").asLong(), "Dragonfly counts records, not bytes: " + t);
      }
      // The servers' own offsets, once the writes have stopped and the replica has caught up: the primary's journal
      // position (every shard's, added up) equals the replica's, the two sides the probe subtracts. The result's last
      // lag was read a moment after the writes stopped, before or after the replica caught up: at most what the run
      // wrote, and 0 once it had.
      long position = 0;
      for (Object shard : (List<?>) p.sendCommand(() -> "DFLY".getBytes(java.nio.charset.StandardCharsets.UTF_8),
          "REPLICAOFFSET")) {
        position += (Long) shard;
      }
      assertTrue(position > 5000, "the load and the run's updates are in the journal: " + position);
      for (int i = 0; i < 100 && stat(r, "replication", "slave_repl_offset") != position; i++) {
        Thread.sleep(50);
      }
      assertEquals(position, stat(r, "replication", "slave_repl_offset"), "caught up");
      long last = timeline.get(timeline.size() - 1).path("replicaLagRecords").asLong();
      assertTrue(last >= 0 && last <= position - 5000, last + " of " + position + ": " + timeline);
    }
  }

  /**
   * The slots each primary of the cluster owns, by its port, from {@code node}'s {@code CLUSTER NODES} (on a
   * connection of its own: none of the test's is open while the run counts the server's connections).
   */
  private static Map<Integer, Integer> slotsByPort(RespServer node) {
    Map<Integer, Integer> out = new java.util.TreeMap<>();
    String nodes;
    try (Jedis j = new Jedis("127.0.0.1", node.port(), Store.ADMIN_TIMEOUT_MILLIS)) {
      nodes = j.clusterNodes();
    }
    for (String line : nodes.split("\r?\n")) {
      String[] f = line.trim().split(" ");
      if (f.length < 8 || !f[2].contains("master")) {
        continue;
      }
      int port = Integer.parseInt(f[1].substring(f[1].indexOf(':') + 1, f[1].indexOf('@')));
      int n = 0;
      for (int i = 8; i < f.length; i++) {
        if (!f[i].startsWith("[")) {
          String[] r = f[i].split("-");
          n += r.length == 1 ? 1 : Integer.parseInt(r[1]) - Integer.parseInt(r[0]) + 1;
        }
      }
      out.put(port, n);
    }
    return out;
  }

  /** Keys, and redirections answered ({@code errorstat_MOVED} and {@code errorstat_ASK}), over every node. */
  private static long[] keysAndRedirections(List<RespServer> nodes) {
    long keys = 0;
    long redirections = 0;
    for (RespServer n : nodes) {
      try (Jedis j = new Jedis("127.0.0.1", n.port(), Store.ADMIN_TIMEOUT_MILLIS)) {
        keys += j.dbSize();
        for (String line : j.info("errorstats").split("\r?\n")) {
          if (line.startsWith("errorstat_MOVED:count=") || line.startsWith("errorstat_ASK:count=")) {
            redirections += Long.parseLong(line.substring(line.indexOf('=') + 1).split(",")[0].trim());
          }
        }
      }
    }
    return new long[] {keys, redirections};
  }

  @Test
  void slotsMovedMidRun_redisCluster_everyOperationAnswered_redirectionsAsTheNodesCount() throws Exception {
    List<RespServer> nodes = RedisClusters.create(Store.Kind.REDIS, 3, 0, 5000);
    try {
      List<String> cluster = List.of("-P", WORKLOADS.resolve("workloada").toString(), "-threads", "4",
          "-p", "redis.cluster=true", "-p", "redis.host=127.0.0.1:" + nodes.get(0).port(), "-p", "recordcount="
          + RECORDS, "-p", "redis.scanindex=off");
      // A memory limit and policy on a cluster: set on each of its nodes (far above what the records take).
      Cli load = Cli.run(List.of("load", "redis"), cluster, List.of("-p", "server.maxmemory=1gb", "-p",
          "server.maxmemory-policy=allkeys-lru"));
      assertEquals(0, load.exitCode(), load.err());
      assertTrue(load.err().contains("server: CONFIG SET maxmemory-policy allkeys-lru, maxmemory 1gb at each of the"
          + " cluster's 3 nodes"), load.err());
      for (RespServer n : nodes) {
        try (Jedis j = n.jedis()) {
          assertEquals(Map.of("maxmemory", Long.toString(1L << 30)), j.configGet("maxmemory"), "node " + n.port());
          assertEquals(Map.of("maxmemory-policy", "allkeys-lru"), j.configGet("maxmemory-policy"), "node " + n.port());
        }
      }
      Map<Integer, Integer> before = slotsByPort(nodes.get(0));
      long[] was = keysAndRedirections(nodes);
      Path out = tmp.resolve("reshard");
      Cli run = Cli.run(List.of("run", "redis"), cluster, List.of("-p", "operationcount=0", "-p",
          // 500 slots took about a second here: the run gives the move ten times that.
          "maxexecutiontime=" + 12, "-p", "events=reshard:500@1s", "-p", "export.dir=" + out));
      assertEquals(0, run.exitCode(), run.err());
      JsonNode result = JSON.readTree(out.resolve("result.json").toFile());
      JsonNode states = result.path("serverStates");
      JsonNode event = states.path("events").path(0);
      assertTrue(event.path("failure").isNull(), event.toString());
      assertTrue(event.path("endMillis").asLong() > event.path("startMillis").asLong(), event.toString());
      assertEquals(500, event.path("figures").path("slotsMoved").asInt(), event.toString());
      // The map: the primary with the most slots gave 500 to the one with the fewest.
      Map<Integer, Integer> after = slotsByPort(nodes.get(0));
      assertEquals(before.values().stream().mapToInt(Integer::intValue).sum(),
          after.values().stream().mapToInt(Integer::intValue).sum());
      assertEquals(List.of(-500, 500), before.keySet().stream().map(p -> after.get(p) - before.get(p))
          .filter(d -> d != 0).sorted().toList(), before + " -> " + after);
      // Every key still there, every operation answered, the redirections as the nodes count them.
      long[] now = keysAndRedirections(nodes);
      assertEquals(was[0], now[0], "keys before and after");
      assertEquals(RECORDS, now[0]);
      assertEquals(0, result.path("overall").path("errors").asLong(), run.err());
      assertEquals(result.path("overall").path("operations").asLong(), event.path("inside").path("operations")
          .asLong() + event.path("outside").path("operations").asLong(), event.toString());
      assertTrue(now[1] > was[1], "clients were redirected: " + was[1] + " -> " + now[1]);
      assertEquals(now[1] - was[1], states.path("redirections").asLong(), states.toString());
      assertTrue(event.path("figures").path("keysMoved").asLong() > 0, event.toString());
      assertFalse(run.err().contains("connections, but the server saw"), "the move's connections are the probe's: "
          + run.err());
    } finally {
      for (RespServer n : nodes) {
        n.close();
      }
    }
  }

  /**
   * Dragonfly's own slot migration as the {@code reshard} event: 500 slots moved between two of a three-node
   * Dragonfly cluster's primaries mid-run, the map changed by exactly those, every key still there and the target's
   * keys grown by exactly the keys the move says it moved, no operation failed, and no connection warning (the
   * migration's connections between the nodes are the probe's). The move took about 0.3 s here: the run gives it
   * twenty times that.
   */
  @Test
  void slotsMovedMidRun_dragonflyCluster_itsOwnMigration_everyOperationAnswered_keysOnTheirNewNode() throws Exception {
    try (RespClusterIT.Cluster c = RespClusterIT.Cluster.dragonfly()) {
      List<String> cluster = List.of("-P", WORKLOADS.resolve("workloada").toString(), "-threads", "4",
          "-p", "dragonfly.cluster=true", "-p", "dragonfly.host=" + c.seed(), "-p", "recordcount=" + RECORDS,
          "-p", "dragonfly.scanindex=off");
      Cli load = Cli.run(List.of("load", "dragonfly"), cluster);
      assertEquals(0, load.exitCode(), load.err());
      Map<Integer, Integer> before = slotsByPort(c.nodes.get(0));
      Map<Integer, Long> keysBefore = keysByPort(c.nodes);
      Path out = tmp.resolve("dfreshard");
      Cli run = Cli.run(List.of("run", "dragonfly"), cluster, List.of("-p", "operationcount=0", "-p",
          "maxexecutiontime=7", "-p", "events=reshard:500@1s", "-p", "export.dir=" + out));
      assertEquals(0, run.exitCode(), run.err());
      JsonNode result = JSON.readTree(out.resolve("result.json").toFile());
      JsonNode event = result.path("serverStates").path("events").path(0);
      assertTrue(event.path("failure").isNull(), event.toString());
      assertTrue(event.path("endMillis").asLong() > event.path("startMillis").asLong(), event.toString());
      assertEquals(500, event.path("figures").path("slotsMoved").asInt(), event.toString());
      Map<Integer, Integer> after = slotsByPort(c.nodes.get(0));
      List<Integer> changed = before.keySet().stream().filter(p -> !after.get(p).equals(before.get(p))).toList();
      assertEquals(List.of(-500, 500), changed.stream().map(p -> after.get(p) - before.get(p)).sorted().toList(),
          before + " -> " + after);
      int target = changed.stream().filter(p -> after.get(p) > before.get(p)).findFirst().orElseThrow();
      Map<Integer, Long> keysAfter = keysByPort(c.nodes);
      assertEquals((long) RECORDS, keysAfter.values().stream().mapToLong(Long::longValue).sum(), "every key, once: "
          + keysAfter);
      long moved = event.path("figures").path("keysMoved").asLong();
      assertTrue(moved > 0, event.toString());
      assertEquals(moved, keysAfter.get(target) - keysBefore.get(target), "the target holds the keys moved: "
          + keysBefore + " -> " + keysAfter);
      assertEquals(0, result.path("overall").path("errors").asLong(), run.err());
      assertEquals(result.path("overall").path("operations").asLong(), event.path("inside").path("operations")
          .asLong() + event.path("outside").path("operations").asLong(), event.toString());
      assertFalse(run.err().contains("connections, but the server saw"), "the move's connections are the probe's: "
          + run.err());
    }
  }

  private static Map<Integer, Long> keysByPort(List<RespServer> nodes) {
    Map<Integer, Long> out = new java.util.TreeMap<>();
    for (RespServer n : nodes) {
      try (Jedis j = new Jedis("127.0.0.1", n.port(), Store.ADMIN_TIMEOUT_MILLIS)) {
        out.put(n.port(), j.dbSize());
      }
    }
    return out;
  }

  @Test
  void badEvents_oneLineEachAndExit2_beforeAnyClientRuns() throws Exception {
    try (Store redis = Store.provision(Store.Kind.REDIS); Store dragonfly = Store.provision(Store.Kind.DRAGONFLY);
         Store aerospike = Store.provision(Store.Kind.AEROSPIKE)) {
      Map<String, List<String>> cases = Map.of(
          "is not an event redis can go through here; it can: bgsave, bgrewriteaof",
          List.of("run", "redis", "-p", "events=snapshot@2s", "-p", "maxexecutiontime=5", "-p", redisPort(redis)),
          "is at or past the phase's end (maxexecutiontime=5 s)",
          List.of("run", "redis", "-p", "events=bgsave@20s", "-p", "maxexecutiontime=5", "-p", redisPort(redis)),
          "is not an event dragonfly can go through here; it can: bgsave",
          List.of("run", "dragonfly", "-p", "events=bgrewriteaof@1s", "-p", "maxexecutiontime=5",
              "-p", "dragonfly.port=" + dragonfly.port()),
          "bgsave:3@1s: bgsave takes no argument",
          List.of("run", "redis", "-p", "events=bgsave:3@1s", "-p", redisPort(redis)),
          "is not KIND[:ARG]@TIME",
          List.of("run", "redis", "-p", "events=bgsave-2s", "-p", redisPort(redis)),
          "join:1@1s: join:HOST:PORT names the service address of an asd to add to the cluster",
          List.of("run", "aerospike", "-p", "events=join:1@1s", "-p", "as.port=" + aerospike.port()));
      for (Map.Entry<String, List<String>> c : cases.entrySet()) {
        Cli run = Cli.run(c.getValue(), List.of("-P", WORKLOADS.resolve("workloada").toString()));
        assertEquals(2, run.exitCode(), c.getValue() + ": " + run.err());
        assertTrue(run.err().contains(c.getKey()), c.getValue() + ": " + run.err());
        assertEquals(1, run.err().lines().filter(l -> l.startsWith("ycsb: ") && !l.startsWith("ycsb: warning"))
            .count(), c.getValue() + ": one line: " + run.err());
        assertFalse(run.err().contains("Exception"), run.err());
      }
    }
  }

  /**
   * The server's evictions once it has come down to its new limit: Redis evicts a little on each command and the rest
   * in the background, so the count is read until it has not moved for three reads 100 ms apart. (Its used memory
   * then stays a few bytes over the limit: the reply to INFO is in it, 96 bytes once here.)
   */
  private static long settled(Jedis j) throws InterruptedException {
    long last = -1;
    int still = 0;
    for (int i = 0; i < 600; i++) {
      long now = stat(j, "stats", "evicted_keys");
      still = now == last ? still + 1 : 0;
      if (still >= 2) {
        return now;
      }
      last = now;
      Thread.sleep(100);
    }
    throw new AssertionError("the server was still evicting after a minute: " + j.info("memory"));
  }

  private static String redisPort(Store redis) {
    return "redis.port=" + redis.port();
  }
}
