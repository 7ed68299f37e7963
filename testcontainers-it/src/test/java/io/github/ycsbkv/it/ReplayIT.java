package io.github.ycsbkv.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
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
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.Jedis;

/**
 * {@code ycsb record} and {@code ycsb replay} (#52): a known mix sent by two connections to Redis and to Dragonfly,
 * recorded through MONITOR (values kept, and reduced to their sizes), replayed on Redis, Valkey, KeyDB and
 * Dragonfly: each command as often at the server ({@code INFO commandstats}) as it was sent; at the recorded pace the
 * run lasts at least the recording's span (it waits for each instant) and its latencies count from the instants; a
 * cache trace in Twitter's format and a MONITOR file in memtier's test format replay with their hits and misses; a
 * Redis Cluster is recorded whole from one node and replayed on it; a malformed line is one line naming the file and
 * line, exit 2.
 */
class ReplayIT {

  private static final ObjectMapper JSON = new ObjectMapper();
  /** What the mix sends, by command. */
  private static final Map<String, Long> MIX = Map.of("SET", 80L, "GET", 80L, "INCR", 20L, "HSET", 20L);
  /**
   * How long a recording lasts: the mix takes about a second of sleeps (80 steps of 10 ms), which leaves the machine
   * ten times that to send it.
   */
  private static final int RECORD_SECONDS = 10;

  @TempDir
  Path tmp;

  /** Calls of each command of {@code names} the server ran, upper case. */
  private static Map<String, Long> calls(Jedis j, Set<String> names) {
    Map<String, Long> calls = new HashMap<>();
    Matcher m = Pattern.compile("cmdstat_([a-z|]+):calls=(\\d+)").matcher(j.info("commandstats"));
    while (m.find()) {
      String name = m.group(1).toUpperCase(Locale.ROOT);
      if (names.contains(name)) {
        calls.merge(name, Long.parseLong(m.group(2)), Long::sum);
      }
    }
    return calls;
  }

  private static Map<String, Long> delta(Map<String, Long> after, Map<String, Long> before) {
    Map<String, Long> d = new HashMap<>(after);
    before.forEach((k, v) -> d.merge(k, -v, Long::sum));
    d.values().removeIf(v -> v == 0);
    return d;
  }

  /**
   * Runs {@code ycsb record} on {@code store} with {@code options} while two connections send {@link #MIX} (80 steps
   * 10 ms apart), once the recorder is in place; returns what the recording printed, its exit code checked.
   */
  /**
   * The span, in milliseconds, of the last mix sent as this client measured it: from the first command's reply to the
   * last command's sending, about 790 ms of sleeps. The server's recording of it holds the same commands, stamped by
   * the server's clock when the server stamps them: Redis as it runs each, Dragonfly later, by tens of milliseconds on
   * a loaded machine (a recording of 821 ms for a mix this client measured at 843; an earlier one of 789), so neither
   * this span nor a fixed 790 bounds a recording's span from below; half of it tells a recording that kept the mix's
   * instants from one that did not (a few milliseconds).
   */
  private static long leastSpanMillis;
  private static final Map<Path, Long> LEAST_SPANS = new java.util.HashMap<>();

  private static Cli recordWhileTheMixRuns(Store store, String... options) throws Exception {
    try (Jedis watch = store.jedis(); Jedis a = store.jedis(); Jedis b = store.jedis()) {
      watch.flushAll();
      List<String> args = new ArrayList<>(List.of("record", "-s", store.host(), "-p", Integer.toString(store.port()),
          "--seconds", Integer.toString(RECORD_SECONDS)));
      args.addAll(List.of(options));
      CompletableFuture<Cli> recording = CompletableFuture.supplyAsync(() -> Cli.run(args.toArray(String[]::new)));
      awaitMonitor(watch, 3, recording);
      leastSpanMillis = sendTheMix(a, b);
      Cli done = recording.get(RECORD_SECONDS * 3L, TimeUnit.SECONDS);
      assertEquals(0, done.exitCode(), done.err());
      return done;
    }
  }

  /**
   * {@link #MIX}: 80 steps 10 ms apart, {@code a} writing and {@code b} reading (they may be one client); returns the
   * least span a server's recording of it can show ({@link #leastSpanMillis}).
   */
  private static long sendTheMix(redis.clients.jedis.commands.JedisCommands a,
      redis.clients.jedis.commands.JedisCommands b) throws InterruptedException {
    long firstAnswered = 0;
    long lastSent = 0;
    for (int i = 0; i < 80; i++) {
      a.set("k:" + i, "v".repeat(100 + i));
      firstAnswered = i == 0 ? System.nanoTime() : firstAnswered;
      lastSent = System.nanoTime();
      b.get("k:" + Math.max(0, i - 1));
      if (i % 4 == 0) {
        a.incr("counter");
        b.hset("h", "f" + i, "value" + i);
      }
      Thread.sleep(10);
    }
    return TimeUnit.NANOSECONDS.toMillis(lastSent - firstAnswered);
  }

  /** Records {@code store} through MONITOR while the mix runs; returns the recording. */
  private Path record(Store store, String values) throws Exception {
    Path file = tmp.resolve(store.kind().id() + "-" + values + ".monitor");
    Cli done = recordWhileTheMixRuns(store, "--values", values, "--out", file.toString());
    LEAST_SPANS.put(file, leastSpanMillis);
    // Every command of the mix, and maybe the watcher's last CLIENT LIST (a replay leaves CLIENT out).
    long mix = Files.readAllLines(file, java.nio.charset.StandardCharsets.ISO_8859_1).stream()
        .filter(l -> MIX.keySet().stream().anyMatch(c -> l.toUpperCase(Locale.ROOT).contains("] \"" + c + "\"")))
        .count();
    assertEquals(200, mix, store.kind() + ": " + done.err());
    return file;
  }

  /**
   * Records {@code dragonfly} through its own traffic log while the mix runs; returns the first file of the log's set.
   * The log starts when the server has run DEBUG TRAFFIC START, which the test cannot see from outside: the mix's
   * first commands may come before it, so the recording holds at most the mix.
   */
  private Path recordTrafficLog(Store dragonfly) throws Exception {
    String prefix = tmp.resolve("traffic").toString();
    recordWhileTheMixRuns(dragonfly, "--traffic-log", prefix);
    Path first = Path.of(prefix + "-000.bin");
    assertTrue(Files.isRegularFile(first), "the traffic log's first file: " + first);
    return first;
  }

  /** The recording's clients, as the replay's first line says them: "from 2 client(s)". */
  private static int recordedClients(String err) {
    Matcher m = Pattern.compile("commands from (\\d+) client\\(s\\)").matcher(err);
    assertTrue(m.find(), err);
    return Integer.parseInt(m.group(1));
  }

  /** The recording's own counts, as the replay's first line says them: "(GET 80, HSET 20, INCR 20, SET 80)". */
  private static Map<String, Long> recordedCounts(String err) {
    Matcher m = Pattern.compile("client\\(s\\) over [0-9.]+ s \\(([^)]*)\\)").matcher(err);
    assertTrue(m.find(), "the replay says the recording's counts: " + err);
    Map<String, Long> counts = new HashMap<>();
    for (String part : m.group(1).split(", ")) {
      String[] kv = part.split(" ");
      counts.put(kv[0], Long.parseLong(kv[1]));
    }
    return counts;
  }

  /**
   * Waits until the recorder's connection has sent its MONITOR: the one connection beside the test's {@code others}
   * that has run a command (Redis, Valkey and KeyDB name it {@code cmd=monitor}; Dragonfly counts it).
   */
  private static void awaitMonitor(Jedis watch, int others, CompletableFuture<Cli> recording)
      throws InterruptedException {
    // As long as the recorder runs, however long it takes to connect; one that ended without its MONITOR failed.
    while (!recording.isDone()) {
      String list = watch.clientList();
      if (list.contains("cmd=monitor")) {
        return;
      }
      List<String> lines = list.lines().toList();
      if (lines.size() > others && !list.contains("cmd=") && lines.stream()
          .filter(l -> !l.contains("tot-cmds=0")).count() >= others + 1) {
        return;
      }
      Thread.sleep(10);
    }
    throw new AssertionError("the recorder ended before its MONITOR showed in CLIENT LIST: " + recording.join().err()
        + "\n" + watch.clientList());
  }


  /** From the recording's first command to its last, in milliseconds, read from its lines' times. */
  private static long spanMillis(Path recording) throws Exception {
    List<Double> times = Files.readAllLines(recording).stream().filter(l -> l.contains("\""))
        .map(l -> Double.parseDouble(l.substring(0, l.indexOf(' ')))).toList();
    // The earliest and the latest instant, not the first and last lines: Dragonfly's MONITOR writes what each of its
    // threads ran as that thread hands it over, so its lines need not be in the order of their instants.
    double first = times.stream().mapToDouble(Double::doubleValue).min().orElse(0);
    double last = times.stream().mapToDouble(Double::doubleValue).max().orElse(0);
    return (long) Math.floor((last - first) * 1000);
  }

  /** What the last {@link #replay} printed on stderr. */
  private static String lastErr = "";

  private static JsonNode replay(Store store, Path recording, String speed, Path export, String... more)
      throws Exception {
    String binding = switch (store.kind()) {
      case DRAGONFLY -> "dragonfly";
      case AEROSPIKE -> "aerospike";
      default -> "redis";
    };
    List<String> args = new ArrayList<>(List.of("replay", binding, recording.toString(), "--speed", speed, "-p",
        "export.dir=" + export));
    for (String p : store.bindingProps()) {
      args.add("-p");
      args.add(p);
    }
    args.addAll(List.of(more));
    Cli run = Cli.run(args.toArray(String[]::new));
    assertEquals(0, run.exitCode(), store.kind() + ": " + run.err());
    lastErr = run.err();
    return JSON.readTree(export.resolve("result.json").toFile());
  }

  @Test
  void recordedOnRedisAndDragonfly_replayedOnEveryRespStore_sameCommandsAtTheServer() throws Exception {
    try (Store redis = Store.provision(Store.Kind.REDIS); Store valkey = Store.provision(Store.Kind.VALKEY);
         Store keydb = Store.provision(Store.Kind.KEYDB); Store dragonfly = Store.provision(Store.Kind.DRAGONFLY)) {
      Path sized = record(redis, "size");
      Path kept = record(dragonfly, "keep");
      assertTrue(Files.readString(sized).contains("\"__bytes:100__\""), "values reduced to their sizes");
      assertTrue(Files.readString(kept).contains("\"" + "v".repeat(100) + "\""), "values kept");
      Path logged = recordTrafficLog(dragonfly);
      int n = 0;
      List<Path> recordings = List.of(sized, kept, logged);
      List<Store> stores = List.of(redis, valkey, keydb, dragonfly);
      for (int r = 0; r < recordings.size(); r++) {
        Path recording = recordings.get(r);
        for (int t = 0; t < stores.size(); t++) {
          Store store = stores.get(t);
          // Each recording on every store, at the recorded pace or at max in turn: each store and each recording
          // get both speeds.
          String speed = (r + t) % 2 == 0 ? "1" : "max";
          String what = recording.getFileName() + " on " + store.kind() + " at speed " + speed;
          try (Jedis j = store.jedis()) {
            j.flushAll();
            Map<String, Long> before = calls(j, MIX.keySet());
            JsonNode result = replay(store, recording, speed, tmp.resolve("replay-" + n++));
            Map<String, Long> expected = MIX;
            if (recording == logged) {
              // The traffic log holds at most the mix (see recordTrafficLog): the server runs what it holds.
              expected = recordedCounts(lastErr);
              expected.forEach((c, k) -> assertTrue(k <= MIX.getOrDefault(c, 0L), what + ": " + c + " " + k));
              assertTrue(expected.values().stream().mapToLong(Long::longValue).sum() > 0, what + ": " + lastErr);
            }
            assertEquals(expected, delta(calls(j, MIX.keySet()), before), what + ": commands at the server");
            if (recording == logged) {
              assertEquals("v".repeat(179), j.get("k:79"), what + ": the log keeps each value");
            }
            assertEquals(recording == logged ? recordedClients(lastErr) : 2, result.path("threads").asInt(),
                what + ": a client thread per recorded client");
            assertEquals("workload", result.path("stopReason").asText().toLowerCase(Locale.ROOT), what);
            JsonNode open = result.path("load").path("openLoop");
            if (speed.equals("1")) {
              // It waited for every recorded instant: the run is at least the recording's span (about 1 s of
              // sleeps), which a closed loop would send in a fraction of it; latency counts from the instants.
              assertEquals("recorded", open.path("arrivals").asText(), what + ": " + open);
              long total = expected.values().stream().mapToLong(Long::longValue).sum();
              assertEquals(total, open.path("arrivalCount").asLong(), what);
              assertEquals(total, open.path("latency").path("count").asLong(), what + ": latency from each instant");
              if (recording == logged) {
                continue; // its span is in its binary records; the MONITOR recordings' below
              }
              long spanMillis = spanMillis(recording);
              long least = LEAST_SPANS.get(recording);
              assertTrue(least >= 790, "the mix slept 79 times 10 ms between its first reply and its last command: "
                  + least);
              // The server stamps its lines when it stamps them (see leastSpanMillis): half the mix's own span.
              assertTrue(spanMillis >= least / 2, what + ": the mix's sleeps are in the recording: " + spanMillis
                  + " ms, the mix " + least + " ms");
              // The replay's own span: from its earliest to its latest replayed command, as it says it. The file's
              // span can be a few ms longer where its first or last line is one the replay leaves out (9ad1497's CI:
              // the run took 1,589 ms of a file whose lines spanned 1,592).
              Matcher over = Pattern.compile("client\\(s\\) over ([0-9.]+) s").matcher(lastErr);
              assertTrue(over.find(), what + ": the replay says its span: " + lastErr);
              long replayedMillis = (long) Math.floor(Double.parseDouble(over.group(1)) * 1000);
              assertTrue(replayedMillis <= spanMillis + 1 && replayedMillis >= least / 2, what + ": replayed "
                  + replayedMillis + " ms of the file's " + spanMillis + " ms, the mix " + least + " ms");
              assertTrue(result.path("timing").path("runtimeMillis").asLong() >= replayedMillis - 1,
                  what + ": " + result.path("timing") + " against the replayed " + replayedMillis + " ms");
            } else {
              assertTrue(open.isMissingNode() || open.isNull(), what + ": speed max is a closed loop: " + open);
            }
          }
        }
      }
    }
  }

  /**
   * On a cluster, {@code ycsb record} given one node records every primary into one file: the mix, sent through a
   * cluster client to the nodes of its keys' slots, is whole in the recording, and replayed on the same cluster each
   * command runs as often, summed over the primaries.
   */
  @Test
  void clusterRecordedFromOneNode_holdsEveryPrimarysCommands_andReplaysOnTheCluster() throws Exception {
    try (RespClusterIT.Cluster c = RespClusterIT.Cluster.redis(Store.Kind.REDIS)) {
      Path file = tmp.resolve("cluster.monitor");
      CompletableFuture<Cli> recording = CompletableFuture.supplyAsync(() -> Cli.run("record", "-s", "127.0.0.1",
          "-p", Integer.toString(c.nodes.get(0).port()), "--seconds", Integer.toString(RECORD_SECONDS), "--out",
          file.toString()));
      for (RespServer node : c.nodes) {
        try (Jedis watch = node.jedis()) {
          awaitMonitor(watch, 1, recording);
        }
      }
      try (redis.clients.jedis.JedisCluster cluster = new redis.clients.jedis.JedisCluster(
          new redis.clients.jedis.HostAndPort("127.0.0.1", c.nodes.get(0).port()))) {
        sendTheMix(cluster, cluster);
      }
      Cli done = recording.get(RECORD_SECONDS * 3L, TimeUnit.SECONDS);
      assertEquals(0, done.exitCode(), done.err());
      assertTrue(done.err().contains("from the cluster's 3 primaries"), done.err());
      Map<String, Long> recorded = new HashMap<>();
      for (String l : Files.readAllLines(file, java.nio.charset.StandardCharsets.ISO_8859_1)) {
        for (String command : MIX.keySet()) {
          if (l.toUpperCase(Locale.ROOT).contains("] \"" + command + "\" \"")) {
            recorded.merge(command, 1L, Long::sum);
          }
        }
      }
      assertEquals(MIX, recorded, "every primary's share of the mix is in the one file");

      Map<String, Long> before = new HashMap<>();
      for (RespServer node : c.nodes) {
        try (Jedis j = node.jedis()) {
          j.flushAll();
          calls(j, MIX.keySet()).forEach((k, v) -> before.merge(k, v, Long::sum));
        }
      }
      Cli run = Cli.run("replay", "redis", file.toString(), "--speed", "max", "-p", "redis.cluster=true", "-p",
          "redis.host=" + c.seed());
      assertEquals(0, run.exitCode(), run.err());
      Map<String, Long> after = new HashMap<>();
      for (RespServer node : c.nodes) {
        try (Jedis j = node.jedis()) {
          calls(j, MIX.keySet()).forEach((k, v) -> after.merge(k, v, Long::sum));
        }
      }
      assertEquals(MIX, delta(after, before), "replayed on the cluster: " + run.err());
    }
  }

  /** A MONITOR file of the test's own, one client: key-value commands, and some with no key-value equivalent. */
  private Path keyValueRecording() throws Exception {
    List<String> lines = new ArrayList<>();
    long micros = 1764031576_000000L;
    String client = " [0 10.0.0.1:5000] ";
    for (int i = 0; i < 40; i++) {
      lines.add(String.format(Locale.ROOT, "%d.%06d%s\"SET\" \"k%d\" \"value%d\"%s", micros / 1_000_000,
          micros % 1_000_000, client, i, i, i % 4 == 0 ? " \"EX\" \"100\"" : ""));
      micros += 100;
    }
    lines.add(String.format(Locale.ROOT, "%d.%06d%s\"SETEX\" \"t\" \"100\" \"v\"", micros / 1_000_000,
        micros % 1_000_000, client));
    lines.add(String.format(Locale.ROOT, "%d.%06d%s\"MSET\" \"m1\" \"a\" \"m2\" \"b\"", micros / 1_000_000,
        micros % 1_000_000, client));
    for (int i = 0; i < 50; i++) { // k40..k49 were never set: 10 misses
      lines.add(String.format(Locale.ROOT, "%d.%06d%s\"GET\" \"k%d\"", micros / 1_000_000, micros % 1_000_000,
          client, i));
      micros += 100;
    }
    for (int i = 0; i < 10; i++) {
      lines.add(String.format(Locale.ROOT, "%d.%06d%s\"DEL\" \"k%d\"", micros / 1_000_000, micros % 1_000_000,
          client, i));
      lines.add(String.format(Locale.ROOT, "%d.%06d%s\"HSET\" \"h\" \"f%d\" \"v\"", micros / 1_000_000,
          micros % 1_000_000, client, i));
      micros += 100;
    }
    lines.add(String.format(Locale.ROOT, "%d.%06d%s\"SET\" \"k1\" \"x\" \"NX\"", micros / 1_000_000,
        micros % 1_000_000, client));
    Path file = tmp.resolve("kv.monitor");
    Files.write(file, lines);
    return file;
  }

  /**
   * On Aerospike a recording's key-value subset runs as reads, inserts and deletes: each recorded GET a read (its
   * misses the keys never set), each SET, SETEX and MSET pair an insert, each DEL a delete, the records left as the
   * recording leaves them; HSET and a SET with NX are not sent, and the replay says how many.
   */
  @Test
  void onAerospike_theKeyValueSubset_readsInsertsDeletes_theRestCountedAndSaid() throws Exception {
    Path file = keyValueRecording();
    try (Store aerospike = Store.provision(Store.Kind.AEROSPIKE)) {
      JsonNode result = replay(aerospike, file, "1", tmp.resolve("as"), "-p", "table=replayed");
      // At the recorded pace every recorded instant is an arrival, the commands not sent too.
      assertEquals(113, result.path("load").path("openLoop").path("arrivalCount").asLong(), lastErr);
      assertEquals(Map.of("OK", 40L, "NOT_FOUND", 10L), statuses(result, "READ"), lastErr);
      assertEquals(Map.of("OK", 43L), statuses(result, "INSERT"), "40 SETs, a SETEX, two MSET pairs: " + lastErr);
      assertEquals(Map.of("OK", 10L), statuses(result, "DELETE"), lastErr);
      assertTrue(lastErr.contains("replay: sent 102 of the recording's 113 commands: DEL 10, GET 50 (10 nil: 80.0%"
          + " found), MSET 1, SET 40, SETEX 1; not sent, as the binding has no key-value operation for them"
          + " (docs/replay.md): HSET 10, SET 1"), lastErr);
      try (com.aerospike.client.AerospikeClient client = aerospike.aerospike()) {
        for (int i = 0; i < 40; i++) {
          com.aerospike.client.Record r = client.get(null, new com.aerospike.client.Key("test", "replayed", "k" + i));
          if (i < 10) {
            assertEquals(null, r, "k" + i + " deleted");
          } else {
            assertEquals("value" + i, new String((byte[]) r.getValue("value"), java.nio.charset.StandardCharsets
                .ISO_8859_1));
            assertTrue(i % 4 != 0 || r.expiration > 0, "SET ... EX 100 kept its time to live");
          }
        }
        assertEquals("b", new String((byte[]) client.get(null, new com.aerospike.client.Key("test", "replayed", "m2"))
            .getValue("value"), java.nio.charset.StandardCharsets.ISO_8859_1));
      }
    }
  }

  /**
   * A CSV of the user's own columns replays as its operations: each as the RESP command it maps to, at the server;
   * its reads' hits and misses; each client column value a thread.
   */
  @Test
  void csvOfOwnColumns_replaysItsOperations_withHitsAndMisses() throws Exception {
    Path own = tmp.resolve("own.csv");
    // web1 writes a, reads it (a hit: one client's commands go in order) and deletes it; web2 reads a key never
    // written (a miss) and counts; the last operation has no RESP command.
    Files.writeString(own, String.join("\n", "when,who,what,key,bytes", "1764031576.000100,web1,write,a,100",
        "1764031576.000200,web1,READ,a,", "1764031576.000300,web2,read,nokey,", "1764031576.000400,web1,del,a,",
        "1764031576.000500,web2,incr,n,", "1764031576.000600,web1,stats,-,") + "\n");
    Set<String> names = Set.of("SET", "GET", "DEL", "INCR");
    try (Store redis = Store.provision(Store.Kind.REDIS); Jedis j = redis.jedis()) {
      j.flushAll();
      Map<String, Long> before = calls(j, names);
      JsonNode result = replay(redis, own, "1", tmp.resolve("csv"), "-p", "replay.format=csv", "-p",
          "replay.csv.columns=time,client,op,key,value_size");
      assertEquals(Map.of("SET", 1L, "GET", 2L, "DEL", 1L, "INCR", 1L), delta(calls(j, names), before), lastErr);
      assertEquals(Map.of("OK", 1L, "NOT_FOUND", 1L), statuses(result, "GET"));
      double ratio = -1;
      for (JsonNode op : result.path("operations")) {
        if (op.path("operation").asText().equals("GET")) {
          ratio = op.path("hitRatio").asDouble(-1);
        }
      }
      assertEquals(0.5, ratio, 1e-9, "the GETs' hit ratio in result.json");
      assertEquals(2, result.path("threads").asInt(), "a thread per client column value");
      assertTrue(lastErr.contains("(csv): 5 commands from 2 client(s)"), lastErr);
    }
  }

  /** {@code replay.keyprefix} puts its prefix before every key, and only before keys. */
  @Test
  void keyPrefix_beforeEveryKeyTheRecordingNames() throws Exception {
    Path file = keyValueRecording();
    try (Store redis = Store.provision(Store.Kind.REDIS); Jedis j = redis.jedis()) {
      j.flushAll();
      replay(redis, file, "max", tmp.resolve("prefixed"), "-p", "replay.keyprefix=r:");
      assertEquals(java.util.Set.of(), j.keys("k*"), "no key without the prefix");
      // k10..k39, k1 (set again by the last SET ... NX after its DEL), t, m1, m2 and h
      assertEquals(30 + 1 + 1 + 2 + 1, j.keys("r:*").size(), j.keys("*").toString());
      assertEquals("value12", j.get("r:k12"));
      assertEquals("v", j.hget("r:h", "f3"), "HSET's key prefixed, its field not");
      assertEquals("b", j.get("r:m2"), "MSET's keys prefixed, its values not");
    }
  }

  /** Dragonfly's traffic log on a cluster is one node's: the recording says so, and that MONITOR records them all. */
  @Test
  void trafficLogOnADragonflyCluster_warnsThatItHoldsOneNode() throws Exception {
    try (RespClusterIT.Cluster c = RespClusterIT.Cluster.dragonfly()) {
      String prefix = tmp.resolve("cluster-traffic").toString();
      Cli done = Cli.run("record", "-p", Integer.toString(c.nodes.get(0).port()), "--seconds", "1", "--traffic-log",
          prefix);
      assertEquals(0, done.exitCode(), done.err());
      assertTrue(done.err().contains("ycsb: warning: 127.0.0.1:" + c.nodes.get(0).port() + " is one of its cluster's"
          + " 3 primaries, and its traffic log holds only what this node was sent"), done.err());
      assertTrue(Files.isRegularFile(Path.of(prefix + "-000.bin")), "the node's log was written");
    }
  }

  /** A result's statuses of {@code operation}: OK and NOT_FOUND counts. */
  private static Map<String, Long> statuses(JsonNode result, String operation) {
    for (JsonNode op : result.path("operations")) {
      if (op.path("operation").asText().equals(operation)) {
        Map<String, Long> out = new HashMap<>();
        op.path("statuses").fields().forEachRemaining(e -> out.put(e.getKey(), e.getValue().asLong()));
        return out;
      }
    }
    throw new AssertionError("no " + operation + " in " + result.path("operations"));
  }

  @Test
  void cacheTraceAndMemtiersMonitorFormat_replayWithTheirHitsAndMisses() throws Exception {
    Path trace = tmp.resolve("twitter.csv");
    // timestamp,key,key size,value size,client id,operation,TTL: client 1 sets a, reads it (hit), deletes it and
    // reads it again (miss); client 2 adds b with a TTL and reads it (hit), reads c (miss), counts and appends; the
    // last line's operation has no RESP command.
    Files.writeString(trace, String.join("\n",
        "100,a,1,10,1,set,0", "100,b,1,20,2,add,60",
        "101,a,1,0,1,get,0", "101,c,1,0,2,get,0", "101,b,1,0,2,gets,0",
        "102,a,1,0,1,delete,0", "102,a,1,0,1,get,0", "102,n,1,0,2,incr,0", "102,z,1,5,2,prepend,0",
        "102,q,1,0,1,flush_all,0") + "\n");
    Path monitor = tmp.resolve("memtier.monitor");
    // memtier_benchmark's --monitor-input lines, each behind a proxy's tag: a SET, a GET of it (hit), a GET of a key
    // never set (miss), from one client; an HSET from another.
    Files.writeString(monitor, String.join("\n",
        "[ proxy49 ] 1764031576.604009 [0 172.16.10.147:51682] \"SET\" \"key1\" \"value1\"",
        "[ proxy49 ] 1764031576.605123 [0 172.16.10.147:51682] \"GET\" \"key1\"",
        "[ proxy49 ] 1764031576.606456 [0 172.16.10.147:51682] \"GET\" \"nokey\"",
        "[ proxy50 ] 1764031576.607789 [0 172.16.10.147:43890] \"HSET\" \"myhash\" \"field1\" \"a\\\"b\\x01\"")
        + "\n");
    Set<String> names = Set.of("SET", "GET", "DEL", "INCR", "APPEND", "HSET");
    try (Store redis = Store.provision(Store.Kind.REDIS); Jedis j = redis.jedis()) {
      j.flushAll();
      Map<String, Long> before = calls(j, names);
      JsonNode result = replay(redis, trace, "10", tmp.resolve("trace"));
      assertEquals(Map.of("SET", 2L, "GET", 4L, "DEL", 1L, "INCR", 1L, "APPEND", 1L),
          delta(calls(j, names), before), "the trace's operations as RESP commands");
      assertEquals(Map.of("OK", 2L, "NOT_FOUND", 2L), statuses(result, "GET"), "hits and misses of the trace's reads");
      assertTrue(lastErr.contains("replay: sent 9 of the recording's 9 commands: APPEND 1, DEL 1, GET 4 (2 nil: 50.0%"
          + " found), INCR 1, SET 2"), "what was sent, beside the recording: " + lastErr);
      assertEquals(20, j.strlen("b"), "add wrote value size 20");
      assertTrue(j.ttl("b") > 0 && j.ttl("b") <= 60, "add's TTL kept: " + j.ttl("b"));
      assertEquals(2, result.path("threads").asInt(), "a thread per trace client");

      j.flushAll();
      before = calls(j, names);
      // Its two clients folded onto one thread (-threads 1), each command in the file's order.
      result = replay(redis, monitor, "1", tmp.resolve("memtier"), "-threads", "1");
      assertEquals(1, result.path("threads").asInt());
      assertTrue(lastErr.contains("its 2 clients folded onto 1 thread(s)"), lastErr);
      assertEquals(Map.of("SET", 1L, "GET", 2L, "HSET", 1L), delta(calls(j, names), before));
      assertEquals(Map.of("OK", 1L, "NOT_FOUND", 1L), statuses(result, "GET"));
      assertEquals("a\"b\u0001", j.hget("myhash", "field1"), "escapes read as the bytes they stand for");

      // The long form, run -P workloads/replay: the header says a thread per recorded client, as the run then has.
      List<String> args = new ArrayList<>(List.of("run", "redis", "-P", Path.of("..", "workloads", "replay")
          .toAbsolutePath().toString(), "-p", "replay.file=" + monitor, "-p", "replay.speed=max", "-p", "export.dir="
          + tmp.resolve("long")));
      for (String p : redis.bindingProps()) {
        args.add("-p");
        args.add(p);
      }
      Cli run = Cli.run(args.toArray(String[]::new));
      assertEquals(0, run.exitCode(), run.err());
      assertTrue(run.err().contains("), a thread per client of the workload's own"), run.err());
      assertEquals(2, JSON.readTree(tmp.resolve("long").resolve("result.json").toFile()).path("threads").asInt());
    }
  }

  @Test
  void malformedLine_isOneLineNamingFileAndLine_exit2() throws Exception {
    Path monitor = tmp.resolve("bad.monitor");
    Files.writeString(monitor, "OK\n1764031576.604009 [0 127.0.0.1:5] \"SET\" \"k\" \"v\"\n"
        + "1764031576.605 [0 127.0.0.1:5] \"GET\" \"k\n");
    Path trace = tmp.resolve("bad.csv");
    Files.writeString(trace, "100,a,1,10,1,set,0\n100,b,1,20,2,add\n");
    for (Path[] bad : new Path[][] {{monitor, Path.of("bad.monitor:3: a quoted word without its closing quote")},
        {trace, Path.of("bad.csv:2: expected 7 fields")}}) {
      Cli run = Cli.run("replay", "redis", bad[0].toString(), "-p", "redis.port=1");
      assertEquals(2, run.exitCode(), run.err());
      // The command's header ("ycsb-kv: run ...") and one line saying what is wrong.
      List<String> errors = run.err().lines().filter(l -> !l.startsWith("ycsb-kv: ")).toList();
      assertEquals(1, errors.size(), run.err());
      assertTrue(errors.get(0).contains(bad[1].toString()), run.err());
      assertTrue(run.err().lines().noneMatch(l -> l.startsWith("\tat ")), run.err());
    }
    Path own = tmp.resolve("own.csv");
    Files.writeString(own, "ms,op,key\n1000,get,k\n1001,get\n");
    Cli csv = Cli.run("replay", "redis", own.toString(), "-p", "redis.port=1", "-p", "replay.format=csv", "-p",
        "replay.csv.columns=time_ms,op,key");
    assertEquals(2, csv.exitCode(), csv.err());
    assertTrue(csv.lastErrLine().contains("own.csv:3: expected 3 fields as replay.csv.columns names them, got 2"),
        csv.err());
    Cli speed = Cli.run("replay", "redis", monitor.toString(), "--speed", "0");
    assertEquals(2, speed.exitCode(), speed.err());
    assertTrue(speed.err().contains("replay.speed must be a positive multiple"), speed.err());
  }

  /**
   * A recording at a known pace (8 clients, 800 GETs a second in all, evenly spaced) and a store of known capacity
   * (the capacity tests' relay: one request at a time, 1 ms added to each, about 900 a second): {@code capacity} on the
   * replay scales the recorded pace to each step's rate (the recording repeats to fill the step), and finds the
   * speed-up the relay allows, its capacity over the recorded pace: no more than it served over a step at its best,
   * no less than 90% of what it served at its worst (the relay's forward to Redis is as fast as the machine then).
   * The rates are high enough that a step of 2 s holds hundreds of requests: at 80 a second (this test until
   * 2026-12-01) the search's first raise, 30 a second, once fell short of its rate by one or two requests at the
   * step's edges (the 1% the search allows is less than one of 60), and the search ended there, at a third of the
   * relay's capacity.
   */
  @Test
  void capacityOverAReplay_findsTheSpeedUpTheStoreAllows_within10Percent() throws Exception {
    Path recording = tmp.resolve("paced.monitor");
    List<String> lines = new ArrayList<>();
    for (int k = 0; k < 8_000; k++) {
      long micros = 1_700_000_000_000_000L + k * 1_250L;
      lines.add(String.format(Locale.ROOT, "%d.%06d [0 10.0.0.%d:4000] \"GET\" \"key:%d\"", micros / 1_000_000,
          micros % 1_000_000, k % 8, k % 100));
    }
    Files.write(recording, lines);
    try (RespServer redis = RespServer.start(Store.Kind.REDIS);
         ServiceTimeRelay relay = new ServiceTimeRelay("127.0.0.1", redis.port(), 1_000)) {
      Path out = tmp.resolve("capacity");
      Cli run = Cli.run("capacity", "redis", "-P", Path.of("..", "workloads", "replay").toString(), "-p",
          "replay.file=" + recording, "-p", "redis.port=" + relay.port(), "-p", "probe=false", "-p",
          "export.dir=" + out, "--warmup", "1s", "--slo", "p99=2s", "--resolution", "5%", "--step", "2s");
      assertEquals(0, run.exitCode(), run.err());
      assertTrue(run.err().contains("the recorded pace of 800.0 ops/s"), run.err());
      double truth = 1e9 / relay.serviceNanosMean();
      JsonNode c = JSON.readTree(out.resolve("capacity.json").toFile());
      assertTrue(c.path("capacity").path("found").asBoolean(), run.out());
      double speedUp = c.path("capacity").path("opsPerSec").asDouble() / 800;
      // Between what the relay could serve over a step at its worst and at its best: its forward to Redis is slower
      // while the machine is busy, and the search's steps meet whichever it was then. The CI of 75e1f85 found 886
      // ops/s, met twice at 882, where the whole run's mean allowed 868; a run on 2026-12-01 found 801 where steps
      // at 864 and 843 achieved 846 and 821, the mean allowed 895.
      double[] range = relay.capacityRangeOver(2_000_000_000L);
      String said = String.format(Locale.ROOT, "%.3fx; the relay allowed %.3fx-%.3fx over a step, %.3fx over the run%n",
          speedUp, range[0] / 800, range[1] / 800, truth / 800) + run.out();
      System.out.println("[it] replay capacity: " + said.lines().findFirst().orElse(""));
      assertTrue(speedUp <= range[1] / 800 * 1.02, "never more than the relay serves at its best: " + said);
      if (speedUp < range[0] / 800 * 0.9) {
        // Lower only where the relay itself stalled in the step above (the CI of 36232c7 found 646 ops/s, a raise at
        // 674 achieving 666, 24 ms short, where the relay allowed 882 at its worst).
        String why = relay.notStalledAbove(out, c);
        assertNull(why, "within 10% of what it serves at its worst, or short of a rate above where the relay stalled: "
            + why + "; " + said);
      }
    }
  }
}
