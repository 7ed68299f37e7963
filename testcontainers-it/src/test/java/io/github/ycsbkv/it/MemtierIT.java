package io.github.ycsbkv.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import redis.clients.jedis.Jedis;

/**
 * {@code ycsb memtier} (#51): the same memtier_benchmark command lines run by memtier_benchmark 2.3 and by
 * {@code ycsb memtier} on the same Redis, Valkey, KeyDB and Dragonfly, compared at the server: each command's count
 * ({@code INFO commandstats}), the connections ({@code -t} x {@code -c}), the keys written; memtier's JSON keys that
 * Redis's benchmark specification reads, present and numeric; options it does not honour refused in one line.
 */
class MemtierIT {

  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * The command lines, each an option group: SET/GET by ratio with one seed for every client (memtier's default),
   * {@code -n allkeys} over P:P ranges with a pipeline, several {@code --command}s with their ratios, key patterns
   * and a size range, a {@code --command} with P and {@code allkeys} as the specification's preloads write it
   * (max - min requests per client, each over its part), {@code allkeys} over a range of one key as the
   * specification's one-hash preloads write it (memtier's default of 10,000 requests), distinct seeds with Gaussian
   * keys, and a transaction per connection (WATCH, MULTI, SET, EXEC in turn: every one accepted, which needs each
   * client's commands on a connection of its own, in order; the run ends non-zero when the server refused any; each
   * client's keys its own part of the range, so that no other client's SET aborts its EXEC, which would make the
   * server's count of SETs differ from run to run), and RESP3 ({@code -P resp3}: HELLO 3 on each connection, a map
   * for each HGETALL, on the RESP engine with a pipeline and on a connection per client without).
   */
  private static final List<List<String>> LINES = List.of(
      List.of("-t", "2", "-c", "3", "-n", "400", "--ratio", "1:4", "--key-maximum", "1000000"),
      List.of("-t", "1", "-c", "4", "--pipeline", "8", "-n", "allkeys", "--key-pattern", "P:P", "--ratio", "1:0",
          "--key-minimum", "1", "--key-maximum", "5000", "-d", "100", "--key-prefix", ""),
      List.of("--command", "LPUSH __key__ __data__", "--command-ratio", "2", "--command", "LRANGE __key__ 0 9",
          "--command-key-pattern", "S", "--key-prefix", "list:", "-t", "2", "-c", "2", "-n", "300", "--key-maximum",
          "100", "--data-size-range", "10-50"),
      List.of("--command=SET __key__ __data__", "--command-key-pattern=P", "--key-prefix", "test_mset_",
          "--key-minimum", "1", "--key-maximum", "101", "-d", "10", "-n", "allkeys", "-t", "1", "-c", "2",
          "--pipeline", "50"),
      List.of("--command=HSET __key__ f:1 __data__ f:2 __data__", "--key-minimum=1", "--key-maximum", "1", "-n",
          "allkeys", "-c", "1", "-t", "1", "--pipeline", "50", "--key-prefix", "onekey:"),
      List.of("--command=HSET __key__ f __data__", "--command=HGETALL __key__", "--command-ratio=3",
          "--command-key-pattern=G", "--distinct-client-seed", "--randomize", "-t", "1", "-c", "3", "-n", "200",
          "--key-maximum=500", "--hide-histogram"),
      List.of("--command", "WATCH __key__", "--command-key-pattern", "P", "--command", "MULTI",
          "--command-key-pattern", "P", "--command", "SET __key__ __data__", "--command-key-pattern", "P",
          "--command", "EXEC", "--command-key-pattern", "P", "-d", "32", "--key-maximum", "1000", "-t", "2", "-c",
          "3", "-n", "200"),
      List.of("-P", "resp3", "--command", "HSET __key__ f __data__", "--command", "HGETALL __key__",
          "--command-key-pattern", "S", "--key-maximum", "50", "-t", "2", "-c", "2", "--pipeline", "4", "-n", "100"),
      List.of("--protocol=resp3", "-t", "1", "-c", "2", "-n", "100", "--ratio", "1:1", "--key-maximum", "20"));

  /** Commands the lines send, as commandstats names them. */
  private static final Set<String> SENT = Set.of("SET", "SETEX", "GET", "LPUSH", "LRANGE", "HSET", "HGETALL",
      "SADD", "WAIT", "HELLO", "CLIENT|SETNAME", "CLIENT|SETINFO", "AUTH", "WATCH", "MULTI", "EXEC");

  @TempDir
  Path tmp;

  @BeforeAll
  static void memtierOnPath() throws Exception {
    boolean present;
    try {
      Process p = new ProcessBuilder("memtier_benchmark", "--version").redirectErrorStream(true).start();
      p.getInputStream().readAllBytes();
      present = p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
    } catch (java.io.IOException e) {
      present = false;
    }
    // On CI (CI=true) it must be there (../shared/servers/install puts it on PATH); elsewhere the test skips.
    assumeTrue(present || System.getenv("CI") != null, "memtier_benchmark is not on PATH");
    assertTrue(present, "memtier_benchmark is on CI's PATH (../shared/servers/install)");
  }

  /** Calls of each command the server ran, upper case. */
  private static Map<String, Long> calls(Jedis j) {
    Map<String, Long> calls = new HashMap<>();
    Matcher m = Pattern.compile("cmdstat_([a-z|]+):calls=(\\d+)").matcher(j.info("commandstats"));
    while (m.find()) {
      String name = m.group(1).toUpperCase(Locale.ROOT);
      if (SENT.contains(name)) {
        calls.merge(name, Long.parseLong(m.group(2)), Long::sum);
      }
    }
    return calls;
  }

  private static long connectionsReceived(Jedis j) {
    Matcher m = Pattern.compile("total_connections_received:(\\d+)").matcher(j.info("stats"));
    assertTrue(m.find(), "INFO stats has total_connections_received");
    return Long.parseLong(m.group(1));
  }

  /** What one tool did at the server: its commands, connections and the keys it left. */
  private record Seen(Map<String, Long> calls, long connections, Set<String> keys, JsonNode json, String err) {}

  private Seen memtier(Store store, Jedis j, List<String> line, Path json) throws Exception {
    return memtier(store, j, line, json, x -> { });
  }

  private Seen memtier(Store store, Jedis j, List<String> line, Path json, java.util.function.Consumer<Jedis> preload)
      throws Exception {
    return memtierAt(store.host(), store.port(), j, line, json, preload);
  }

  /** memtier_benchmark's {@code line} against {@code host:port}, which {@code j} watches (its own port, say). */
  private Seen memtierAt(String host, int port, Jedis j, List<String> line, Path json,
      java.util.function.Consumer<Jedis> preload) throws Exception {
    j.flushAll();
    preload.accept(j);
    Map<String, Long> before = calls(j);
    long connections = connectionsReceived(j);
    List<String> cmd = new ArrayList<>(List.of("memtier_benchmark", "-s", host, "-p", Integer.toString(port),
        "--json-out-file", json.toString()));
    cmd.addAll(line);
    if (!line.contains("--hide-histogram")) {
      cmd.add("--hide-histogram");
    }
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(120, TimeUnit.SECONDS), "memtier_benchmark finished");
    assertEquals(0, p.exitValue(), out);
    return seen(j, before, connections, json, out);
  }

  private Seen ycsb(Store store, Jedis j, List<String> line, Path json) throws Exception {
    return ycsb(store, j, line, json, x -> { });
  }

  private Seen ycsb(Store store, Jedis j, List<String> line, Path json, java.util.function.Consumer<Jedis> preload)
      throws Exception {
    return ycsbAt(store.host(), store.port(), j, line, json, preload);
  }

  /** {@code ycsb memtier} with {@code line} against {@code host:port}, which {@code j} watches. */
  private Seen ycsbAt(String host, int port, Jedis j, List<String> line, Path json,
      java.util.function.Consumer<Jedis> preload) throws Exception {
    j.flushAll();
    preload.accept(j);
    Map<String, Long> before = calls(j);
    long connections = connectionsReceived(j);
    List<String> args = new ArrayList<>(List.of("memtier", "-s", host, "-p", Integer.toString(port),
        "--json-out-file", json.toString()));
    args.addAll(line);
    if (!line.contains("--hide-histogram")) {
      args.add("--hide-histogram"); // as memtierAt runs memtier_benchmark: the same line for both
    }
    Cli run = Cli.run(args.toArray(String[]::new));
    assertEquals(0, run.exitCode(), run.err());
    assertTrue((run.out().contains("ALL STATS") || run.out().contains("BEST RUN RESULTS"))
        && run.out().contains("Totals"), "memtier's table: " + run.out());
    return seen(j, before, connections, json, run.err());
  }

  private static Seen seen(Jedis j, Map<String, Long> before, long connections, Path json, String log)
      throws Exception {
    Map<String, Long> after = calls(j);
    before.forEach((k, v) -> after.merge(k, -v, Long::sum));
    long opened = connectionsReceived(j) - connections;
    Set<String> keys = new TreeSet<>(j.keys("*"));
    return new Seen(after, opened, keys, JSON.readTree(json.toFile()), log);
  }

  private static int connections(List<String> line) {
    return Integer.parseInt(line.get(line.indexOf("-t") + 1)) * Integer.parseInt(line.get(line.indexOf("-c") + 1));
  }

  @ParameterizedTest
  @EnumSource(value = Store.Kind.class, names = {"REDIS", "VALKEY", "KEYDB", "DRAGONFLY"})
  void sameCommandLine_sameLoadAtTheServer_asMemtierBenchmark(Store.Kind kind) throws Exception {
    try (Store store = Store.provision(kind); Jedis j = store.jedis()) {
      for (int i = 0; i < LINES.size(); i++) {
        List<String> line = LINES.get(i);
        String what = kind.id() + " line " + (i + 1) + " " + line;
        Seen theirs = memtier(store, j, line, tmp.resolve("memtier-" + i + ".json"));
        Seen ours = ycsb(store, j, line, tmp.resolve("ycsb-" + i + ".json"));
        // Each command as often as memtier sent it: the ratios are sent in sequence on each connection.
        assertTrue(!theirs.calls().isEmpty(), what + ": memtier sent " + theirs.calls());
        assertEquals(theirs.calls(), ours.calls(), what + ": the server's command counts");
        // -t x -c connections: memtier's at the server; ours as the run's result says (its probe apart).
        assertEquals(connections(line), theirs.connections(), what + ": memtier's connections");
        JsonNode result = JSON.readTree(tmp.resolve("ycsb-" + i + "-ycsb-kv").resolve("result.json").toFile());
        assertEquals(connections(line), result.path("load").path("server").path("runConnections").asInt(),
            what + ": " + result.path("load"));
        assertEquals(connections(line), result.path("load").path("connections").asInt(), what);
        if (line.contains("allkeys")) {
          assertEquals(line.contains("5000") ? 5000 : line.contains("onekey:") ? 1 : 101, theirs.keys().size(), what);
          assertEquals(theirs.keys(), ours.keys(), what + ": -n allkeys writes every key of the range once");
        } else if (line.contains("1:4")) {
          // One seed for every client (memtier's default): each writes the same 80 keys.
          assertEquals(theirs.keys().size(), ours.keys().size(), 2, what + ": keys written");
        }
        specificationKeys(theirs.json(), what + " (memtier's own JSON)", false);
        specificationKeys(ours.json(), what, true);
        wireBytes(theirs.json(), ours.json(), line.contains("allkeys"), what);
        timeSerie(theirs.json().path("ALL STATS"), what + " (memtier's own JSON)", false);
        timeSerie(ours.json().path("ALL STATS"), what, true);
        JsonNode totals = ours.json().path("ALL STATS").path("Totals");
        long total = theirs.calls().entrySet().stream().filter(c -> !c.getKey().equals("HELLO"))
            .mapToLong(Map.Entry::getValue).sum();
        assertEquals(total, totals.path("Count").asLong(), what + ": Totals' count");
      }
    }
  }

  /**
   * A client on a thread of its own sends through Jedis's blocking connection, whose bytes a counting socket counts
   * (its handshake left out): the bytes per request each way are memtier_benchmark's, as on the RESP engine.
   */
  @Test
  void kbPerSec_onAThreadPerClient_theBytesMemtierCounts() throws Exception {
    try (Store store = Store.provision(Store.Kind.REDIS); Jedis j = store.jedis()) {
      List<String> line = List.of("-t", "1", "-c", "1", "-n", "allkeys", "--key-pattern", "P:P", "--ratio", "1:0",
          "--key-maximum", "300", "-d", "50");
      Seen theirs = memtier(store, j, line, tmp.resolve("jedis-memtier.json"));
      Seen ours = ycsb(store, j, line, tmp.resolve("jedis-ycsb.json"));
      JsonNode result = JSON.readTree(tmp.resolve("jedis-ycsb-ycsb-kv").resolve("result.json").toFile());
      assertTrue(result.path("load").path("transport").asText().startsWith("jedis"), result.path("load").toString());
      assertEquals(theirs.calls(), ours.calls(), "the server's command counts");
      wireBytes(theirs.json(), ours.json(), true, String.join(" ", line));
    }
  }

  /**
   * memtier's {@code KB/sec} in ycsb-kv's JSON: received and sent, their sum, Totals the types' sum; and where both
   * tools send the same requests ({@code same}: {@code -n allkeys}, every key of the range once with the same values),
   * each type's bytes per request each way equal memtier's (ours from KB/sec and Ops/sec, each rounded to two
   * decimals: within 0.2%; memtier's from the bytes and requests it counted each second).
   * memtier_benchmark 2.3's own Totals with {@code --command} say twice the bytes (its RX and its TX each the sum of
   * both, where its types' rows and each second's Bytes RX and TX are right): its types are compared, not its Totals.
   * Where the requests are the same, each type's seconds' {@code Bytes RX} and {@code Bytes TX} in ours add up to
   * memtier's.
   */
  private static void wireBytes(JsonNode theirs, JsonNode ours, boolean same, String what) {
    JsonNode mine = ours.path("ALL STATS").path("Totals");
    assertTrue(mine.path("KB/sec RX").asDouble() > 0 && mine.path("KB/sec TX").asDouble() > 0, what + ": " + mine);
    assertEquals(mine.path("KB/sec RX").asDouble() + mine.path("KB/sec TX").asDouble(),
        mine.path("KB/sec").asDouble(), 0.015, what + ": " + mine);
    double rx = 0;
    double tx = 0;
    int compared = 0;
    for (Map.Entry<String, JsonNode> e : (Iterable<Map.Entry<String, JsonNode>>) ours.path("ALL STATS")::fields) {
      JsonNode type = e.getValue();
      if (e.getKey().equals("Totals") || !type.has("KB/sec RX")) {
        continue;
      }
      rx += type.path("KB/sec RX").asDouble();
      tx += type.path("KB/sec TX").asDouble();
      JsonNode their = theirs.path("ALL STATS").path(e.getKey());
      if (!same || type.path("Count").asLong() == 0) {
        continue;
      }
      // memtier's bytes per request from its own counts (each second's Bytes RX and TX, and requests), not from its
      // rates: its Ops/sec once read 0 for a run of some 40 ms (dragonfly, 2026-12-02), and with it its KB/sec.
      long requests = 0;
      long received = 0;
      long sent = 0;
      for (JsonNode second : (Iterable<JsonNode>) their.path("Time-Serie")::elements) {
        requests += second.path("Count").asLong();
        received += second.path("Bytes RX").asLong();
        sent += second.path("Bytes TX").asLong();
      }
      assertEquals(their.path("Count").asLong(), requests, what + ": memtier's " + e.getKey() + ", its seconds' sum");
      assertTrue(requests > 0, what + ": memtier's " + e.getKey() + " " + their);
      for (String k : List.of("KB/sec RX", "KB/sec TX")) {
        double perRequest = type.path(k).asDouble() * 1024 / type.path("Ops/sec").asDouble();
        double memtiers = (double) (k.endsWith("RX") ? received : sent) / requests;
        assertEquals(memtiers, perRequest, memtiers * 0.002 + 0.01, what + ": " + e.getKey() + "'s " + k
            + " per request, memtier's " + memtiers + ", ours " + type);
      }
      // Each second's Bytes RX and TX in ours too: over the run, memtier's counts (each second rounded to a byte).
      long ourReceived = 0;
      long ourSent = 0;
      int seconds = 0;
      for (JsonNode second : (Iterable<JsonNode>) type.path("Time-Serie")::elements) {
        ourReceived += second.path("Bytes RX").asLong(-1_000_000);
        ourSent += second.path("Bytes TX").asLong(-1_000_000);
        seconds++;
      }
      assertEquals(received, ourReceived, received * 0.002 + seconds,
          what + ": " + e.getKey() + "'s seconds' Bytes RX");
      assertEquals(sent, ourSent, sent * 0.002 + seconds, what + ": " + e.getKey() + "'s seconds' Bytes TX");
      compared++;
    }
    assertEquals(rx, mine.path("KB/sec RX").asDouble(), 0.05, what + ": Totals' RX, the types' sum");
    assertEquals(tx, mine.path("KB/sec TX").asDouble(), 0.05, what + ": Totals' TX, the types' sum");
    assertTrue(!same || compared > 0, what + ": a type compared with memtier's");
  }

  /**
   * The paths into memtier's JSON that the specification's exporter reads (its defaults.yml), numeric; in ycsb-kv's,
   * also the figures' values (a rate above 0, P99 at least P50). memtier_benchmark's own are only checked present and
   * numeric: once its Totals' rate was not above 0 in a short run (valkey, 5,000 requests on 4 connections,
   * 2026-11-29; not seen again in 30 runs by hand), a figure of memtier's, not of what this test checks.
   */
  private static void specificationKeys(JsonNode json, String what, boolean values) {
    JsonNode all = json.path("ALL STATS");
    assertTrue(all.path("Runtime").path("Start time").isNumber(), what + ": Runtime");
    JsonNode totals = all.path("Totals");
    for (String key : List.of("Ops/sec", "Latency", "Misses/sec", "Count")) {
      assertTrue(totals.path(key).isNumber(), what + ": Totals." + key + " in " + totals);
    }
    for (String p : List.of("p50.00", "p99.00")) {
      assertTrue(totals.path("Percentile Latencies").path(p).isNumber(), what + ": " + p);
    }
    if (!values) {
      return;
    }
    assertTrue(totals.path("Ops/sec").asDouble() > 0, what + ": " + totals);
    for (String p : List.of("p50.00", "p99.00")) {
      assertTrue(totals.path("Percentile Latencies").path(p).asDouble() > 0, what + ": " + p);
    }
    assertTrue(totals.path("Percentile Latencies").path("p99.00").asDouble()
        >= totals.path("Percentile Latencies").path("p50.00").asDouble(), what);
  }

  /**
   * Each type's {@code Time-Serie} in a section of memtier's JSON: seconds from 0 (in order, as memtier writes them)
   * whose counts add up to the type's; in ycsb-kv's ({@code values}), each second with requests giving its latencies in
   * order (least, P50, P99, greatest; the average between the least and greatest), within a histogram bucket.
   * memtier_benchmark's own keep a coarser histogram a second: its P99 can read 0.519 ms where its greatest reads
   * 0.514.
   */
  private static void timeSerie(JsonNode section, String what, boolean values) {
    for (Iterator<Map.Entry<String, JsonNode>> types = section.fields(); types.hasNext(); ) {
      Map.Entry<String, JsonNode> type = types.next();
      if (type.getKey().equals("Runtime")) {
        continue;
      }
      JsonNode series = type.getValue().path("Time-Serie");
      String at = what + ": " + type.getKey() + "'s Time-Serie " + series;
      assertTrue(series.isObject() && series.size() > 0, at);
      long count = 0;
      int last = -1;
      for (Iterator<Map.Entry<String, JsonNode>> seconds = series.fields(); seconds.hasNext(); ) {
        Map.Entry<String, JsonNode> e = seconds.next();
        int second = Integer.parseInt(e.getKey());
        assertTrue(second > last, at);
        last = second;
        JsonNode s = e.getValue();
        count += s.path("Count").asLong();
        if (values && s.path("Count").asLong() > 0) {
          double[] order = {s.path("Min Latency").asDouble(), s.path("p50.00").asDouble(), s.path("p99.00").asDouble(),
              s.path("Max Latency").asDouble()};
          // Within a histogram bucket's width (0.1%, and the 3 decimals).
          for (int i = 1; i < order.length; i++) {
            assertTrue(order[i] >= order[i - 1] * 0.999 - 0.001, at);
          }
          assertTrue(s.path("Average Latency").asDouble() >= order[0] * 0.999 - 0.001
              && s.path("Average Latency").asDouble() <= order[3] * 1.001 + 0.001, at);
        }
      }
      assertEquals(type.getValue().path("Count").asLong(), count, at);
    }
  }

  /** Each key's value length ({@code STRLEN}) and time to live ({@code TTL}, -1 without one). */
  private static Map<String, long[]> values(Jedis j) {
    Map<String, long[]> values = new HashMap<>();
    for (String k : j.keys("*")) {
      values.put(k, new long[] {j.strlen(k), j.ttl(k)});
    }
    return values;
  }

  /**
   * {@code --command}s quoted and escaped as the specification writes them: a {@code RESTORE} of a payload given
   * byte by byte ({@code \\xHH}, here the server's own {@code DUMP} of a value), and an {@code HSET} of a session with
   * JSON in double quotes ({@code \\"}), a single-quoted word, a tab and {@code __key__} inside a quoted word (a key of
   * its own, as memtier draws one for each such word): each key's {@code DUMP} the same from both tools, byte for
   * byte, and the values what the escapes say.
   */
  @Test
  void quotedAndEscapedCommands_storeTheBytesMemtierStores() throws Exception {
    try (Store store = Store.provision(Store.Kind.REDIS); Jedis j = store.jedis()) {
      j.flushAll();
      byte[] value = "caf\u00e9 \"quoted\" \u0000\u00ff".getBytes(StandardCharsets.ISO_8859_1);
      j.set("source".getBytes(StandardCharsets.US_ASCII), value);
      StringBuilder hex = new StringBuilder();
      for (byte b : j.dump("source")) {
        hex.append(String.format("\\x%02x", b & 0xff));
      }
      List<String> range = List.of("--command-key-pattern", "P", "--key-minimum", "1", "--key-maximum", "5", "-n",
          "allkeys", "-t", "1", "-c", "1");
      List<List<String>> lines = List.of(
          concat(List.of("--command", "RESTORE __key__ 0 \"" + hex + "\" REPLACE", "--key-prefix", "restored:"),
              range),
          concat(List.of("--command", "HSET session:__key__ name \"User __key__\" permissions"
              + " \"[\\\"read\\\",\\\"write\\\"]\" note 'it\\'s' tab \"a\\tb\""), range));
      for (int i = 0; i < lines.size(); i++) {
        List<String> line = lines.get(i);
        memtier(store, j, line, tmp.resolve("quoted-memtier-" + i + ".json"));
        Map<String, String> theirs = dumps(j);
        ycsb(store, j, line, tmp.resolve("quoted-ycsb-" + i + ".json"));
        Map<String, String> ours = dumps(j);
        assertEquals(4, theirs.size(), line + ": " + theirs.keySet());
        assertEquals(theirs, ours, line + ": each key's DUMP");
        if (i == 0) {
          assertArrayEquals(value, j.get("restored:1".getBytes(StandardCharsets.US_ASCII)), "the payload's value");
        } else {
          // Each __key__ word a key of its own, as memtier draws them: the second is the next key of the range.
          Map<String, String> session = j.hgetAll("session:memtier-1");
          assertEquals("User memtier-2", session.get("name"), session.toString());
          assertEquals("[\"read\",\"write\"]", session.get("permissions"), session.toString());
          assertEquals("it's", session.get("note"), session.toString());
          assertEquals("a\tb", session.get("tab"), session.toString());
        }
      }
    }
  }

  private static List<String> concat(List<String> a, List<String> b) {
    List<String> all = new ArrayList<>(a);
    all.addAll(b);
    return all;
  }

  /** Each key's {@code DUMP}, in hex. */
  private static Map<String, String> dumps(Jedis j) {
    Map<String, String> dumps = new TreeMap<>();
    for (String k : j.keys("*")) {
      dumps.put(k, java.util.HexFormat.of().formatHex(j.dump(k)));
    }
    return dumps;
  }

  /**
   * {@code --data-size-pattern S} (the size by the key's place in the range), {@code --data-size-list} (each size
   * its weight's times in turn, on each connection) and {@code --expiry-range} (SETEX): over P:P ranges every key
   * gets the same length from both tools; the expiries are drawn, so each lies in the range.
   */
  @Test
  void valueSizesAndExpiries_sameAtTheServer_asMemtierBenchmark() throws Exception {
    List<List<String>> lines = List.of(
        List.of("-t", "1", "-c", "2", "-n", "allkeys", "--key-pattern", "P:P", "--ratio", "1:0", "--key-minimum", "1",
            "--key-maximum", "300", "--data-size-range", "10-200", "--data-size-pattern", "S"),
        List.of("-t", "1", "-c", "3", "-n", "allkeys", "--key-pattern", "P:P", "--ratio", "1:0", "--key-minimum", "1",
            "--key-maximum", "300", "--data-size-list", "10:2,100:1,37:3"),
        List.of("-t", "1", "-c", "2", "-n", "200", "--ratio", "1:1", "--key-maximum", "100", "--expiry-range", "50-60",
            "-d", "20"));
    try (Store store = Store.provision(Store.Kind.REDIS); Jedis j = store.jedis()) {
      for (int i = 0; i < lines.size(); i++) {
        List<String> line = lines.get(i);
        Seen theirs = memtier(store, j, line, tmp.resolve("sizes-memtier-" + i + ".json"));
        Map<String, long[]> theirValues = values(j);
        Seen ours = ycsb(store, j, line, tmp.resolve("sizes-ycsb-" + i + ".json"));
        Map<String, long[]> ourValues = values(j);
        assertEquals(theirs.calls(), ours.calls(), line + ": the server's command counts");
        Set<Long> lengths = new TreeSet<>();
        if (i < 2) {
          assertEquals(theirValues.keySet(), ourValues.keySet(), line + ": the keys written");
          assertEquals(300, theirValues.size(), line.toString());
          for (Map.Entry<String, long[]> e : theirValues.entrySet()) {
            long[] ours1 = ourValues.get(e.getKey());
            lengths.add(ours1[0]);
            assertEquals(e.getValue()[0], ours1[0], line + ": the length of " + e.getKey());
            assertEquals(-1, ours1[1], line + ": no expiry on " + e.getKey());
          }
        } else {
          // Random keys (each tool its own generator): 200 SETEX of 100 keys leave most of them, each with a TTL.
          for (Map<String, long[]> values : List.of(theirValues, ourValues)) {
            assertTrue(values.size() >= 40, line + ": " + values.size() + " keys");
            values.forEach((k, v) -> {
              assertEquals(20, v[0], line + ": " + k);
              assertTrue(v[1] >= 45 && v[1] <= 60, line + ": " + k + "'s TTL " + v[1] + " in 50-60");
            });
          }
          assertEquals(200L, theirs.calls().get("SETEX"), line + ": " + theirs.calls());
        }
        if (i == 0) {
          assertTrue(lengths.contains(10L) && lengths.contains(200L) && lengths.size() > 100, "S's sizes " + lengths);
        } else if (i == 1) {
          assertEquals(Set.of(10L, 37L, 100L), lengths, "the list's sizes");
        }
      }
    }
  }

  /**
   * {@code --scan-incremental-iteration}: each connection follows its SCAN's cursor. On the same 1,000 keys of one
   * server the cursors come in the same sequence, so both tools send as many {@code SCAN 0} (a new round) and
   * {@code SCAN <cursor>}; with {@code --scan-incremental-max-iterations 5}, a round every sixth request.
   */
  @Test
  void incrementalScan_followsTheCursor_asMemtierBenchmark() throws Exception {
    try (Store store = Store.provision(Store.Kind.REDIS); Jedis j = store.jedis()) {
      for (List<String> line : List.of(
          List.of("--command", "SCAN 0 COUNT 10", "--scan-incremental-iteration", "-t", "1", "-c", "2", "-n", "300"),
          List.of("--command=SCAN 0 COUNT 20", "--scan-incremental-iteration", "--scan-incremental-max-iterations", "5",
              "-t", "1", "-c", "2", "-n", "300"),
          // 100 connections: the engine's event loops, several connections to a driver thread.
          List.of("--command", "SCAN 0 COUNT 10", "--scan-incremental-iteration", "-t", "4", "-c", "25", "-n", "6"))) {
        Map<String, Long> rounds = new HashMap<>();
        for (String tool : List.of("memtier", "ycsb")) {
          Path json = tmp.resolve("scan-" + tool + "-" + line.size() + ".json");
          Seen seen = tool.equals("memtier") ? memtier(store, j, line, json, this::keys)
              : ycsb(store, j, line, json, this::keys);
          JsonNode all = seen.json().path("ALL STATS");
          long first = all.path("Scan 0s").path("Count").asLong();
          long next = all.path("Scan <cursor>s").path("Count").asLong();
          assertEquals(600, first + next, tool + " " + line + ": " + all);
          rounds.put(tool, first);
        }
        long expected = line.contains("5") ? 100 : rounds.get("memtier");
        // Over 1,000 keys a round is about 100 SCANs of COUNT 10: 2 x 300 requests make a few; 100 x 6 one each.
        assertTrue(expected >= 4 && expected <= 100, "rounds of a SCAN over 1,000 keys: " + rounds);
        assertEquals(expected, rounds.get("ycsb"), 2, line + ": new rounds (SCAN 0), memtier's and ours " + rounds);
      }
    }
  }

  /** 1,000 keys for SCAN to walk. */
  private void keys(Jedis j) {
    for (int i = 0; i < 1000; i += 100) {
      String[] kv = new String[200];
      for (int k = 0; k < 100; k++) {
        kv[2 * k] = "scan:" + (i + k);
        kv[2 * k + 1] = "v";
      }
      j.mset(kv);
    }
  }

  @Test
  void runCount_bestWorstAndAverage_asTheSpecificationReadsThem() throws Exception {
    try (Store store = Store.provision(Store.Kind.REDIS); Jedis j = store.jedis()) {
      j.flushAll();
      Path json = tmp.resolve("runs.json");
      Cli run = Cli.run("memtier", "-s", store.host(), "-p", Integer.toString(store.port()), "-t", "1", "-c", "2",
          "-n", "300", "-x", "3", "--print-percentiles", "50,90,99", "--json-out-file", json.toString(),
          "--hide-histogram");
      assertEquals(0, run.exitCode(), run.err());
      JsonNode root = JSON.readTree(json.toFile());
      for (String section : List.of("BEST RUN RESULTS", "WORST RUN RESULTS", "AGGREGATED AVERAGE RESULTS (3 runs)")) {
        JsonNode totals = root.path(section).path("Totals");
        assertTrue(totals.path("Ops/sec").asDouble() > 0, section + ": " + totals);
        assertTrue(totals.path("Percentile Latencies").path("p90.00").isNumber(), section);
        assertEquals(600, totals.path("Count").asLong(), section);
        assertTrue(run.out().contains(section), run.out());
      }
      assertTrue(root.path("BEST RUN RESULTS").path("Totals").path("Ops/sec").asDouble()
          >= root.path("WORST RUN RESULTS").path("Totals").path("Ops/sec").asDouble());
      assertTrue(root.path("ALL STATS").isMissingNode(), "memtier writes no ALL STATS for several runs");
      // Each run's own seconds; the average has none of its own, as memtier's.
      timeSerie(root.path("BEST RUN RESULTS"), "the best run", true);
      timeSerie(root.path("WORST RUN RESULTS"), "the worst run", true);
      JsonNode average = root.path("AGGREGATED AVERAGE RESULTS (3 runs)").path("Totals").path("Time-Serie");
      assertTrue(average.isObject() && average.size() == 0, average.toString());
      for (int i = 1; i <= 3; i++) {
        assertTrue(Files.isRegularFile(tmp.resolve("runs-ycsb-kv").resolve("run-" + i).resolve("result.json")));
      }
    }
  }

  /**
   * {@code --hdr-file-prefix}: the files memtier_benchmark writes for each run (the whole run's, and each command's, as
   * {@code .txt} and {@code .hgrm}) by the same names, in the same layout, each holding as many requests as memtier's.
   */
  @Test
  void hdrFilePrefix_theFilesMemtierWrites_eachWithAsManyRequests() throws Exception {
    try (Store store = Store.provision(Store.Kind.REDIS); Jedis j = store.jedis()) {
      List<List<String>> lines = List.of(List.of("-t", "1", "-c", "2", "-n", "150", "-x", "2"),
          List.of("--command", "LPUSH __key__ __data__", "--command-ratio", "2", "--command", "LRANGE __key__ 0 1",
              "-t", "2", "-c", "1", "-n", "150"));
      for (int i = 0; i < lines.size(); i++) {
        Map<String, Map<String, Long>> counts = new HashMap<>();
        Map<String, String> heads = new HashMap<>();
        for (String tool : List.of("memtier", "ycsb")) {
          Path dir = Files.createDirectories(tmp.resolve("hdr-" + tool + "-" + i));
          List<String> line = new ArrayList<>(lines.get(i));
          line.addAll(List.of("--hdr-file-prefix", dir.resolve("p").toString()));
          Path json = tmp.resolve("hdr-" + tool + "-" + i + ".json");
          Seen seen = tool.equals("memtier") ? memtier(store, j, line, json) : ycsb(store, j, line, json);
          Map<String, Long> byFile = new TreeMap<>();
          try (var files = Files.list(dir)) {
            for (Path f : files.sorted().toList()) {
              String name = f.getFileName().toString();
              List<String> text = Files.readAllLines(f);
              if (name.endsWith(".hgrm")) {
                assertEquals("\"StartTimestamp\",\"EndTimestamp\",\"Interval_Max\",\"Interval_Compressed_Histogram\"",
                    text.get(3), tool + " " + name);
                String encoded = text.get(4).split(",")[3];
                byFile.put(name, org.HdrHistogram.Histogram.decodeFromCompressedByteBuffer(java.nio.ByteBuffer.wrap(
                    java.util.Base64.getDecoder().decode(encoded)), 0).getTotalCount());
              } else {
                heads.merge(name, text.get(0), (a, b) -> {
                  assertEquals(a, b, name + ": the tools' heads");
                  return a;
                });
                Matcher m = Pattern.compile("Total count += +(\\d+)").matcher(String.join("\n", text));
                assertTrue(m.find(), tool + " " + name + ": " + text);
                byFile.put(name, Long.parseLong(m.group(1)));
              }
            }
          }
          assertTrue(seen.err().contains("Writing Full Run command HDR latency histogram results to "), seen.err());
          counts.put(tool, byFile);
        }
        Set<String> expected = i == 0
            ? Set.of("p_FULL_RUN_1", "p_FULL_RUN_2", "p_GET_command_run_1", "p_GET_command_run_2",
                "p_SET_command_run_1", "p_SET_command_run_2")
            : Set.of("p_FULL_RUN_1", "p_LPUSH_command_run_1", "p_LRANGE_command_run_1");
        Set<String> names = new TreeSet<>();
        for (String f : counts.get("memtier").keySet()) {
          names.add(f.substring(0, f.lastIndexOf('.')));
        }
        assertEquals(new TreeSet<>(expected), names, "memtier's files: " + counts);
        assertEquals(counts.get("memtier"), counts.get("ycsb"), "each file's requests, memtier's and ours");
        assertEquals(i == 0 ? 300 : 200, counts.get("ycsb").get(i == 0 ? "p_FULL_RUN_2.hgrm" : "p_LPUSH_command_run_1.hgrm"));
      }
    }
  }

  /**
   * Without {@code --hide-histogram}: each section's latency distribution under its table and in the JSON under each
   * command's name, and with {@code --print-all-runs} each run's own section, as memtier_benchmark writes them: the same
   * sections, each with the same keys in the same order (a type's, and a second's of its Time-Serie), as many
   * distributions printed, each ending at 100%.
   */
  @Test
  void latencyDistribution_andEveryRun_asMemtierBenchmarkWritesThem() throws Exception {
    try (Store store = Store.provision(Store.Kind.REDIS); Jedis j = store.jedis()) {
      List<List<String>> lines = List.of(List.of("-t", "1", "-c", "2", "-n", "200", "-x", "2", "--print-all-runs"),
          List.of("-t", "1", "-c", "2", "-n", "200", "--key-maximum", "100", "--command", "HSET __key__ f __data__",
              "--command", "HGETALL __key__"));
      for (int i = 0; i < lines.size(); i++) {
        Map<String, JsonNode> json = new HashMap<>();
        Map<String, Integer> printed = new HashMap<>();
        Map<String, String> heads = new HashMap<>();
        for (String tool : List.of("memtier", "ycsb")) {
          j.flushAll();
          Path file = tmp.resolve("dist-" + tool + "-" + i + ".json");
          List<String> cmd = new ArrayList<>(List.of("-s", store.host(), "-p", Integer.toString(store.port()),
              "--json-out-file", file.toString()));
          cmd.addAll(lines.get(i));
          String out;
          if (tool.equals("memtier")) {
            cmd.add(0, "memtier_benchmark");
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(120, TimeUnit.SECONDS), "memtier_benchmark finished");
            assertEquals(0, p.exitValue(), out);
          } else {
            cmd.add(0, "memtier");
            Cli run = Cli.run(cmd.toArray(String[]::new));
            assertEquals(0, run.exitCode(), run.err());
            out = run.out();
          }
          printed.put(tool, out.split("Request Latency Distribution\n", -1).length - 1);
          String head = out.lines().filter(l -> l.startsWith("Type ")).findFirst().orElse("no table: " + out);
          heads.put(tool, head); // KB/sec its last column ("%12s "), in both
          json.put(tool, JSON.readTree(file.toFile()));
        }
        String what = String.join(" ", lines.get(i));
        List<String> theirSections = new ArrayList<>();
        json.get("memtier").fieldNames().forEachRemaining(theirSections::add);
        List<String> ourSections = new ArrayList<>();
        json.get("ycsb").fieldNames().forEachRemaining(ourSections::add);
        assertEquals(theirSections, ourSections, what + ": the JSON's sections");
        assertEquals(i == 0 ? 7 : 3, ourSections.size(), what + ": " + ourSections);
        assertEquals(printed.get("memtier"), printed.get("ycsb"), what + ": distributions printed");
        assertEquals(heads.get("memtier"), heads.get("ycsb"), what + ": the table's header");
        assertEquals(ourSections.size() - 2, printed.get("ycsb"), what + ": one under each section's table");
        for (String section : ourSections.subList(2, ourSections.size())) {
          List<String> theirKeys = new ArrayList<>();
          json.get("memtier").path(section).fieldNames().forEachRemaining(theirKeys::add);
          List<String> ourKeys = new ArrayList<>();
          json.get("ycsb").path(section).fieldNames().forEachRemaining(ourKeys::add);
          assertEquals(theirKeys, ourKeys, what + ": " + section + "'s keys");
          for (String key : ourKeys) {
            JsonNode type = json.get("ycsb").path(section).path(key);
            if (type.has("Count")) {
              // A type's own keys (Count, Ops/sec, ..., KB/sec and its RX and TX, ...) as memtier's, in its order.
              List<String> theirFields = new ArrayList<>();
              json.get("memtier").path(section).path(key).fieldNames().forEachRemaining(theirFields::add);
              List<String> ourFields = new ArrayList<>();
              type.fieldNames().forEachRemaining(ourFields::add);
              assertEquals(theirFields, ourFields, what + ": " + section + " " + key + "'s keys");
              // And a second's (Bytes RX, Bytes TX, Count, its latencies), where each has one with requests.
              JsonNode ourSecond = withRequests(type.path("Time-Serie"));
              JsonNode theirSecond = withRequests(json.get("memtier").path(section).path(key).path("Time-Serie"));
              if (ourSecond != null && theirSecond != null) {
                List<String> theirs = new ArrayList<>();
                theirSecond.fieldNames().forEachRemaining(theirs::add);
                List<String> ours = new ArrayList<>();
                ourSecond.fieldNames().forEachRemaining(ours::add);
                assertEquals(theirs, ours, what + ": " + section + " " + key + "'s seconds' keys");
              }
            }
            JsonNode steps = json.get("ycsb").path(section).path(key);
            if (steps.isArray()) {
              JsonNode last = steps.get(steps.size() - 1);
              assertEquals(100.0, last.path("percent").asDouble(), what + ": " + section + " " + key);
              assertTrue(last.path("<=msec").isNumber(), what + ": " + section + " " + key);
              assertTrue(key.equals("WAIT") ? steps.size() == 1 : steps.size() > 10, what + ": " + key + " " + steps);
            }
          }
        }
      }
    }
  }

  /** A second of a Time-Serie with requests, or null. */
  private static JsonNode withRequests(JsonNode series) {
    for (JsonNode second : (Iterable<JsonNode>) series::elements) {
      if (second.path("Count").asLong() > 0) {
        return second;
      }
    }
    return null;
  }

  /** Calls of each command the cluster's primaries ran, summed. */
  private static Map<String, Long> clusterCalls(RespClusterIT.Cluster c) {
    Map<String, Long> all = new HashMap<>();
    for (RespServer node : c.nodes) {
      try (Jedis j = node.jedis()) {
        calls(j).forEach((k, v) -> all.merge(k, v, Long::sum));
      }
    }
    return all;
  }

  /**
   * {@code --cluster-mode} on a Redis Cluster of three primaries: memtier_benchmark and {@code ycsb memtier} send each
   * command as often, summed over the primaries, and leave the same keys (each on its slot's primary, which the
   * cluster would refuse otherwise).
   */
  @Test
  void clusterMode_sameCommandsAtThePrimaries_asMemtierBenchmark() throws Exception {
    try (RespClusterIT.Cluster c = RespClusterIT.Cluster.redis(Store.Kind.REDIS)) {
      List<String> line = List.of("--cluster-mode", "-t", "2", "-c", "3", "-n", "200", "--ratio", "1:2",
          "--key-maximum", "500", "--distinct-client-seed", "--hide-histogram");
      Map<String, Map<String, Long>> sent = new HashMap<>();
      Map<String, Long> keys = new HashMap<>();
      for (String tool : List.of("memtier", "ycsb")) {
        for (RespServer node : c.nodes) {
          try (Jedis j = node.jedis()) {
            j.flushAll();
          }
        }
        Map<String, Long> before = clusterCalls(c);
        Path json = tmp.resolve("cluster-" + tool + ".json");
        List<String> args = new ArrayList<>(List.of("-s", "127.0.0.1", "-p", Integer.toString(c.nodes.get(0).port()),
            "--json-out-file", json.toString()));
        args.addAll(line);
        if (tool.equals("memtier")) {
          args.add(0, "memtier_benchmark");
          Process p = new ProcessBuilder(args).redirectErrorStream(true).start();
          String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
          assertTrue(p.waitFor(120, TimeUnit.SECONDS), "memtier_benchmark finished");
          assertEquals(0, p.exitValue(), out);
        } else {
          args.add(0, "memtier");
          Cli run = Cli.run(args.toArray(String[]::new));
          assertEquals(0, run.exitCode(), run.err());
        }
        Map<String, Long> after = clusterCalls(c);
        before.forEach((k, v) -> after.merge(k, -v, Long::sum));
        after.values().removeIf(v -> v == 0);
        sent.put(tool, after);
        long n = 0;
        for (RespServer node : c.nodes) {
          try (Jedis j = node.jedis()) {
            n += j.dbSize();
          }
        }
        keys.put(tool, n);
      }
      // 6 clients of 200 requests in the sequence SET GET GET: 66 rounds and a SET and a GET more each.
      assertEquals(Map.of("SET", 402L, "GET", 798L), sent.get("memtier"), "memtier: " + sent);
      assertEquals(sent.get("memtier"), sent.get("ycsb"), "each command, summed over the primaries: " + sent);
      // 402 SETs of distinct seeds over 500 keys: a few hundred distinct keys, close for both tools.
      assertEquals(keys.get("memtier"), keys.get("ycsb"), 40, "keys left: " + keys);
    }
  }

  /**
   * {@code --reconnect-interval N}: each connection reopened after every N replies but the last, as memtier does it;
   * with {@code --pipeline}, as memtier, no request past the interval is sent before the pipeline drained and the
   * connection was reopened (an interval that is no multiple of the pipeline: 6 with 4 in flight); with
   * {@code --rate-limiting} (an open loop, each client on a thread and connection of its own), the same. The server
   * counts the connections each tool opened: memtier's with and without the option, and ours the same way (ours also holds
   * the probe's connections, the same in both runs), so the connections the option adds are equal.
   */
  @Test
  void reconnectInterval_opensAsManyConnections_asMemtierBenchmark() throws Exception {
    try (Store store = Store.provision(Store.Kind.REDIS); Jedis j = store.jedis()) {
      // 4 connections, 50 requests each; reopened after 10, 20, 30 and 40 (16 more), or after 6, 12, ..., 48 (32).
      for (List<String> shape : List.of(List.of("--reconnect-interval", "10"),
          List.of("--reconnect-interval", "6", "--pipeline", "4"),
          List.of("--reconnect-interval", "10", "--rate-limiting", "100"))) {
        List<String> plain = new ArrayList<>(List.of("--ratio", "1:1", "-t", "1", "-c", "4", "-n", "50",
            "--key-maximum", "100"));
        plain.addAll(shape.subList(2, shape.size()));
        List<String> reconnecting = new ArrayList<>(plain);
        reconnecting.addAll(shape.subList(0, 2));
        Map<String, Long> added = new HashMap<>();
        for (String tool : List.of("memtier", "ycsb")) {
          String name = tool + shape.get(shape.size() - 1) + shape.size();
          Seen without = tool.equals("memtier") ? memtier(store, j, plain, tmp.resolve(name + "-plain.json"))
              : ycsb(store, j, plain, tmp.resolve(name + "-plain.json"));
          Seen with = tool.equals("memtier") ? memtier(store, j, reconnecting, tmp.resolve(name + "-re.json"))
              : ycsb(store, j, reconnecting, tmp.resolve(name + "-re.json"));
          assertEquals(without.calls(), with.calls(), tool + " " + shape + ": the same requests");
          // Each new connection set up as memtier's: nothing but AUTH (none here) and SELECT; no HELLO, no name.
          assertEquals(Map.of("SET", 100L, "GET", 100L), with.calls(), tool + " " + shape);
          added.put(tool, with.connections() - without.connections());
        }
        assertEquals(shape.contains("--pipeline") ? 32L : 16L, added.get("memtier"), "memtier " + shape + ": " + added);
        assertEquals(added.get("memtier"), added.get("ycsb"), "the connections " + shape + " adds: " + added);
      }
    }
  }

  /**
   * {@code --monitor-input}: a MONITOR file's commands, each line by its number or every line in the file's order
   * ({@code __monitor_line@__}, one sequence over all connections), sent as memtier sends them: the same count of each
   * command at the server, the same rows in the JSON, and a word with escapes written byte for byte.
   */
  @Test
  void monitorInput_sameCommandsAtTheServer_asMemtierBenchmark() throws Exception {
    Path file = tmp.resolve("monitor.txt");
    Files.writeString(file, String.join("\n", "OK",
        "[ proxy49 ] 1764031576.604009 [0 172.16.10.147:51682] \"SET\" \"key1\" \"value1\"",
        "1764031576.603223 [0 172.16.10.147:39564] \"GET\" \"key1\"",
        "1764031576.605123 [0 172.16.10.147:41234] \"HSET\" \"myhash\" \"field1\" \"value1\"",
        "1764031576.606456 [0 172.16.10.147:42567] \"LPUSH\" \"mylist\" \"item1\"",
        "1764031576.607789 [0 lua] \"SADD\" \"myset\" \"member1\"",
        "1764031576.607790 [0 127.0.0.1:1] \"SET\" \"k\\\"q w\" \"v\\x01\\xff\\n\"", ""),
        StandardCharsets.ISO_8859_1);
    try (Store store = Store.provision(Store.Kind.REDIS); Jedis j = store.jedis()) {
      for (List<String> line : List.of(
          List.of("--monitor-input", file.toString(), "--command", "__monitor_line@__", "-t", "2", "-c", "2", "-n",
              "30"),
          List.of("--monitor-input=" + file, "--command=__monitor_line4__", "--command-ratio=2",
              "--command=__monitor_line6__", "-t", "1", "-c", "3", "-n", "20"))) {
        Seen theirs = memtier(store, j, line, tmp.resolve("monitor-memtier.json"));
        Seen ours = ycsb(store, j, line, tmp.resolve("monitor-ycsb.json"));
        assertEquals(theirs.calls(), ours.calls(), line + ": each command's count at the server");
        // 120 requests over the file's six commands in turn (two SETs); each client's 20 of lines 4 and 6 by the
        // ratio 2:1 (LPUSH LPUSH SET, six times, then LPUSH LPUSH).
        Map<String, Long> sent = new HashMap<>(ours.calls());
        sent.values().removeIf(v -> v == 0);
        assertEquals(line.contains("--command=__monitor_line4__") ? Map.of("LPUSH", 42L, "SET", 18L)
            : Map.of("SET", 40L, "GET", 20L, "HSET", 20L, "LPUSH", 20L, "SADD", 20L), sent, line.toString());
        assertEquals(theirs.keys(), ours.keys(), line + ": the keys written");
        List<String> theirRows = new ArrayList<>();
        theirs.json().path("ALL STATS").fieldNames().forEachRemaining(theirRows::add);
        List<String> ourRows = new ArrayList<>();
        ours.json().path("ALL STATS").fieldNames().forEachRemaining(ourRows::add);
        assertEquals(theirRows, ourRows, line + ": the JSON's rows");
      }
      // The second line's run left its keys: the escaped word, byte for byte.
      assertTrue(java.util.Arrays.equals(new byte[] {'v', 1, (byte) 0xff, '\n'},
          j.get("k\"q w".getBytes(StandardCharsets.ISO_8859_1))), "the escaped value written as its bytes");
    }
  }

  /**
   * {@code --wait-ratio} with {@code --num-slaves} and {@code --wait-timeout}: WAITs between the SETs and GETs, first
   * of all and then whenever a connection's SETs over its WAITs (whole divisions) pass the ratio, as memtier sends them:
   * the same count of each command at the server, and memtier's Waits row. Without a replica a WAIT for one times out.
   */
  @Test
  void waitRatio_sameCommandsAtTheServer_asMemtierBenchmark() throws Exception {
    List<String> line = List.of("--wait-ratio", "3:1", "--num-slaves", "0-1", "--wait-timeout", "5-20", "--ratio", "1:2",
        "-n", "50", "-t", "1", "-c", "2", "--key-maximum", "100");
    try (Store store = Store.provision(Store.Kind.REDIS); Jedis j = store.jedis()) {
      Seen theirs = memtier(store, j, line, tmp.resolve("wait-memtier.json"));
      Seen ours = ycsb(store, j, line, tmp.resolve("wait-ycsb.json"));
      assertEquals(theirs.calls(), ours.calls(), "each command's count at the server");
      // Each connection's 50: WAIT, then SET GET GET in turn with a WAIT after every fourth SET on (4/1 > 3/1).
      assertEquals(8L, ours.calls().get("WAIT"), ours.calls().toString());
      assertEquals(32L, ours.calls().get("SET"), ours.calls().toString());
      for (Seen seen : List.of(theirs, ours)) {
        assertEquals(8, seen.json().path("ALL STATS").path("Waits").path("Count").asLong(), seen.json().toString());
        assertEquals("3:1", seen.json().path("configuration").path("wait-ratio").asText());
      }
    }
  }

  /**
   * The staircase ramp ({@code --clients-start 1 --clients-step 1 --step-duration 1}, 2 threads of 3 clients): 2
   * clients from the start, 2 more after 1 s and 2 more after 2 s. The server's MONITOR says when each connection sent
   * its first request, and when it connected (its {@code SELECT 1}, which {@code --select-db 1} sends first on each):
   * the k-th to begin began, and from the third on the k-th to connect connected (as memtier connects its clients at
   * their steps), no earlier than the k-th step allows after the run's start (lower bounds: a slow machine only makes
   * them later), and every client sent requests. Both ways ycsb-kv serves clients: 6 clients on this machine's
   * threads, and with {@code --pipeline 2} a thread per client (whose binding connects at its step).
   */
  @ParameterizedTest
  @org.junit.jupiter.params.provider.ValueSource(strings = {"1", "2"})
  void staircase_clientsBeginAtTheirSteps(String pipeline) throws Exception {
    List<String> line = List.of("--clients-start", "1", "--clients-step", "1", "--step-duration", "1", "-t", "2", "-c",
        "3", "--test-time", "4", "--ratio", "1:1", "--key-maximum", "100", "--select-db", "1", "--pipeline", pipeline);
    try (Store store = Store.provision(Store.Kind.REDIS); Jedis j = store.jedis(); Jedis monitor = store.jedis()) {
      Map<String, Double> first = new java.util.concurrent.ConcurrentHashMap<>();
      Map<String, Double> connected = new java.util.concurrent.ConcurrentHashMap<>();
      Pattern request = Pattern.compile("^(\\d+\\.\\d+) \\[\\d+ ([^\\]]+)\\] \"(SET|GET|SELECT)\"");
      Thread watcher = new Thread(() -> {
        try {
          monitor.monitor(new redis.clients.jedis.JedisMonitor() {
            @Override
            public void onCommand(String command) {
              Matcher m = request.matcher(command);
              if (m.find()) {
                (m.group(3).equals("SELECT") ? connected : first).putIfAbsent(m.group(2), Double.parseDouble(m.group(1)));
              }
            }
          });
        } catch (RuntimeException closed) {
          // the test closed the connection: MONITOR ends
        }
      });
      watcher.setDaemon(true);
      watcher.start();
      j.ping();
      Thread.sleep(200); // MONITOR is on before the run begins (its OK is not waited for by the client)
      Seen ours = ycsb(store, j, line, tmp.resolve("staircase.json"));
      monitor.getConnection().disconnect();
      watcher.join(10_000);
      JsonNode result = JSON.readTree(tmp.resolve("staircase-ycsb-kv").resolve("result.json").toFile());
      java.time.Instant start = java.time.Instant.parse(result.path("timing").path("start").asText());
      double startSeconds = start.getEpochSecond() + start.getNano() / 1e9;
      List<Double> begins = new ArrayList<>(first.values());
      java.util.Collections.sort(begins);
      assertEquals(6, begins.size(), "every client sent requests: " + first);
      for (int k = 0; k < begins.size(); k++) {
        double step = k / 2; // 2 clients (1 per thread) more at each step
        assertTrue(begins.get(k) >= startSeconds + step - 0.005, "client " + k + " began "
            + (begins.get(k) - startSeconds) + " s after the start, before its step at " + step + " s: " + begins);
      }
      List<Double> connects = new ArrayList<>();
      for (String client : first.keySet()) {
        assertTrue(connected.containsKey(client), client + " sent SELECT 1 when it connected: " + connected);
        connects.add(connected.get(client));
      }
      java.util.Collections.sort(connects);
      for (int k = 2; k < connects.size(); k++) {
        double step = k / 2;
        assertTrue(connects.get(k) >= startSeconds + step - 0.005, "client " + k + " connected "
            + (connects.get(k) - startSeconds) + " s after the start, before its step at " + step + " s: " + connects);
      }
      assertTrue(ours.err().contains("each later client's connection opened at its step"), ours.err());
      assertEquals(1, ours.json().path("configuration").path("clients_start").asInt(), ours.json().toString());
      assertEquals(1, ours.json().path("configuration").path("step_duration").asInt());
    }
  }

  /**
   * The staircase with {@code --rate-limiting 50} (2 threads of 3 clients, 1 more per thread each second, 3 s): each of
   * memtier's connections sends its rate from its step, 100, 200 and 300 requests/s in the three seconds. ycsb-kv sends
   * that schedule's integral exactly (600 requests: SETs and GETs counted by the server) at its mean rate. memtier's
   * own total is not compared: its per-connection timers fall behind their rate (519 of the 600 here on an idle
   * machine), by as much as the machine is loaded.
   */
  @Test
  void staircaseWithRateLimiting_sendsTheStepsRates() throws Exception {
    List<String> line = List.of("--clients-start", "1", "--clients-step", "1", "--step-duration", "1", "-t", "2", "-c",
        "3", "--test-time", "3", "--rate-limiting", "50", "--ratio", "1:1", "--key-maximum", "100");
    try (Store store = Store.provision(Store.Kind.REDIS); Jedis j = store.jedis()) {
      Seen ours = ycsb(store, j, line, tmp.resolve("stair-rate.json"));
      assertEquals(Map.of("SET", 300L, "GET", 300L), ours.calls(), ours.err());
      assertTrue(ours.err().contains("-target 100@1s,200@1s,300@1s requests/s"), ours.err());
      JsonNode result = JSON.readTree(tmp.resolve("stair-rate-ycsb-kv").resolve("result.json").toFile());
      assertEquals(200.0, result.path("targetOpsPerSec").asDouble(), 1e-9, result.toString());
      assertEquals(50, ours.json().path("configuration").path("rate_limit").asInt(-1), ours.json().toString());
    }
  }

  /**
   * {@code --key-median} and {@code --key-stddev} shape the G pattern as memtier_benchmark's do: the keys each tool's
   * SETs wrote lie around the median within six deviations, their mean at the median, about as many of them.
   */
  @Test
  void gaussianMedianAndDeviation_writeKeysWhereMemtierWritesThem() throws Exception {
    try (Store store = Store.provision(Store.Kind.REDIS); Jedis j = store.jedis()) {
      List<String> line = List.of("--key-pattern", "G:G", "--ratio", "1:0", "--key-minimum", "1", "--key-maximum",
          "100000", "--key-median", "20000", "--key-stddev", "50", "-t", "1", "-c", "2", "-n", "2000",
          "--key-prefix", "g:");
      Seen theirs = memtier(store, j, line, tmp.resolve("gauss-memtier.json"));
      Seen ours = ycsb(store, j, line, tmp.resolve("gauss-ycsb.json"));
      for (Seen seen : List.of(theirs, ours)) {
        java.util.LongSummaryStatistics numbers = seen.keys().stream()
            .mapToLong(k -> Long.parseLong(k.substring(2))).summaryStatistics();
        String what = (seen == theirs ? "memtier_benchmark's" : "ycsb memtier's") + " keys: " + numbers;
        System.out.println("[it] G with --key-median 20000 --key-stddev 50, " + what);
        assertTrue(numbers.getMin() >= 20000 - 300 && numbers.getMax() <= 20000 + 300, what);
        assertEquals(20000, numbers.getAverage(), 15, what);
        assertTrue(numbers.getCount() > 100, what);
      }
      assertEquals(theirs.keys().size(), ours.keys().size(), 0.1 * theirs.keys().size(), "keys written");
      assertEquals(2000.0 * 2, ours.calls().get("SET"), 0.0, "SETs");
    }
  }

  /**
   * memtier's Z draws each key in proportion to its own number to the minus {@code --key-zipf-exp}: with 20,000
   * INCRs ({@code --distinct-client-seed}: each connection draws its own) each tool's counts at the server give the
   * share of the hottest key and of the ten hottest, both tools within six standard errors of the law's own. From key 1 at 1.5, and from key 10 at 0.5, where the first key weighs
   * {@code 10^-0.5} (a law over ranks from 1 would give it three times that share; YCSB's constant of 0.99 a fifth
   * of the first line's).
   */
  @Test
  void zipfExponent_drawsTheKeysMemtierDraws_asOftenAsItDrawsThem() throws Exception {
    try (Store store = Store.provision(Store.Kind.REDIS); Jedis j = store.jedis()) {
      for (long[] shape : List.of(new long[] {1, 100_000, 15}, new long[] {10, 1_000, 5})) {
        long first = shape[0];
        long last = shape[1];
        double s = shape[2] / 10.0;
        List<String> line = List.of("--command", "INCR __key__", "--command-key-pattern", "Z", "--key-zipf-exp",
            Double.toString(s), "--key-minimum", Long.toString(first), "--key-maximum", Long.toString(last), "-t",
            "2", "-c", "2", "-n", "5000", "--distinct-client-seed", "--key-prefix", "z:");
        double total = 0;
        for (long k = first; k <= last; k++) {
          total += Math.pow(k, -s);
        }
        double hottest = Math.pow(first, -s) / total;
        double topTen = 0;
        for (long k = first; k < first + 10; k++) {
          topTen += Math.pow(k, -s) / total;
        }
        for (boolean memtier : new boolean[] {true, false}) {
          Path json = tmp.resolve("zipf-" + first + (memtier ? "-memtier.json" : "-ycsb.json"));
          Seen seen = memtier ? memtier(store, j, line, json) : ycsb(store, j, line, json);
          String what = (memtier ? "memtier_benchmark" : "ycsb memtier") + " at --key-zipf-exp " + s + " over "
              + first + ".." + last;
          long draws = 0;
          long first1 = 0;
          long firstTen = 0;
          for (String key : seen.keys()) {
            long number = Long.parseLong(key.substring(2));
            long count = Long.parseLong(j.get(key));
            assertTrue(number >= first && number <= last, what + ": key " + key);
            draws += count;
            first1 += number == first ? count : 0;
            firstTen += number < first + 10 ? count : 0;
          }
          System.out.printf("[it] %s: hottest key %.4f of the draws (the law's %.4f), ten hottest %.4f (%.4f)%n",
              what, first1 / (double) draws, hottest, firstTen / (double) draws, topTen);
          assertEquals(20_000, draws, what + ": INCRs");
          assertEquals(hottest, first1 / (double) draws, 6 * Math.sqrt(hottest * (1 - hottest) / draws),
              what + ": the hottest key's share");
          assertEquals(topTen, firstTen / (double) draws, 6 * Math.sqrt(topTen * (1 - topTen) / draws),
              what + ": the ten hottest keys' share");
          assertEquals(s, seen.json().path("configuration").path("key_zipf_exp").asDouble(), 1e-9, what);
        }
      }
    }
  }

  /**
   * TLS as memtier_benchmark takes it: a Redis serving TLS that asks for a client certificate
   * ({@code tls-auth-clients yes}), its own certificate naming only {@code redis.test}, not the address connected to.
   * The same line with {@code --cert}, {@code --key}, {@code --cacert}, {@code --sni} and {@code --tls-protocols}
   * sends the same commands on as many connections as memtier_benchmark's, and the JSON's configuration gives those
   * options as memtier's does. Without {@code --sni}, ycsb-kv checks the certificate against the address and refuses
   * it (memtier_benchmark checks no name); without {@code --cert} the server closes the connection: one line each.
   */
  @Test
  void tlsWithClientCertificateAndSni_sameLoadAtTheServer_asMemtierBenchmark() throws Exception {
    assumeTrue(RespServer.onPath("openssl") != null || System.getenv("CI") != null, "openssl is not on PATH");
    Path certs = Files.createDirectories(tmp.resolve("certs"));
    openssl(certs, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out", "ca.pem", "-days",
        "2", "-subj", "/CN=ycsb-kv test CA");
    Files.writeString(certs.resolve("san.cnf"), "subjectAltName=DNS:redis.test\n");
    for (String who : List.of("server", "client")) {
      openssl(certs, "req", "-newkey", "rsa:2048", "-nodes", "-keyout", who + ".key", "-out", who + ".csr", "-subj",
          "/CN=" + who);
      List<String> sign = new ArrayList<>(List.of("x509", "-req", "-in", who + ".csr", "-CA", "ca.pem", "-CAkey",
          "ca.key", "-CAcreateserial", "-out", who + ".pem", "-days", "2"));
      if (who.equals("server")) {
        sign.addAll(List.of("-extfile", "san.cnf"));
      }
      openssl(certs, sign.toArray(String[]::new));
    }
    int tlsPort = RespServer.freePort();
    try (RespServer redis = RespServer.start(Store.Kind.REDIS, "--tls-port", Integer.toString(tlsPort),
        "--tls-cert-file", certs.resolve("server.pem").toString(), "--tls-key-file",
        certs.resolve("server.key").toString(), "--tls-ca-cert-file", certs.resolve("ca.pem").toString(),
        "--tls-auth-clients", "yes"); Jedis j = redis.jedis()) {
      List<String> address = List.of("-s", "127.0.0.1", "-p", Integer.toString(tlsPort));
      List<String> trust = List.of("--tls", "--cacert", certs.resolve("ca.pem").toString());
      List<String> client = List.of("--cert", certs.resolve("client.pem").toString(), "--key",
          certs.resolve("client.key").toString());
      List<String> sni = List.of("--sni", "redis.test", "--tls-protocols", "TLSv1.2,TLSv1.3");
      List<String> load = List.of("--ratio", "1:3", "-d", "100", "--key-maximum", "1000", "-t", "2", "-c", "2", "-n",
          "500", "--hide-histogram");

      List<String> line = new ArrayList<>();
      for (List<String> part : List.of(trust, client, sni, load)) {
        line.addAll(part);
      }
      Seen theirs = memtierAt("127.0.0.1", tlsPort, j, line, tmp.resolve("memtier-tls.json"), x -> { });
      Seen ours = ycsbAt("127.0.0.1", tlsPort, j, line, tmp.resolve("ycsb-tls.json"), x -> { });

      assertEquals(Map.of("SET", 500L, "GET", 1500L), theirs.calls(), "memtier's commands: " + theirs.calls());
      assertEquals(theirs.calls(), ours.calls(), "the server's command counts");
      assertEquals(4, theirs.connections(), "memtier's connections");
      JsonNode result = JSON.readTree(tmp.resolve("ycsb-tls-ycsb-kv").resolve("result.json").toFile());
      assertEquals(4, result.path("load").path("server").path("runConnections").asInt(), result.path("load")
          .toString());
      assertTrue(ours.err().contains("TLS through"), ours.err());
      List<String> absent = new ArrayList<>();
      theirs.json().path("configuration").fieldNames().forEachRemaining(k -> {
        if (!ours.json().path("configuration").has(k)) {
          absent.add(k);
        }
      });
      assertEquals(List.of(), absent, "the keys of memtier's configuration missing from ycsb-kv's");
      for (String key : List.of("tls", "cert", "key", "cacert", "tls_skip_verify", "sni", "random_data",
          "wait-ratio", "print-all-runs")) {
        JsonNode a = theirs.json().path("configuration").path(key);
        JsonNode b = ours.json().path("configuration").path(key);
        assertTrue(!a.isMissingNode() && a.equals(b), key + ": memtier's " + a + ", ours " + b);
      }
      specificationKeys(ours.json(), "over TLS", true);

      // Without --sni: the certificate does not name 127.0.0.1.
      List<String> noSni = new ArrayList<>(List.of("memtier"));
      for (List<String> part : List.of(address, trust, client, load)) {
        noSni.addAll(part);
      }
      Cli unnamed = Cli.run(noSni.toArray(String[]::new));
      assertEquals(1, unnamed.exitCode(), unnamed.err());
      assertTrue(unnamed.lastErrLine().contains("the server's certificate is not trusted")
          && unnamed.lastErrLine().contains("redis.tls.sni=NAME"), unnamed.err());
      // Without the client certificate: the server's alert during the handshake, or its close after it (TLS 1.3).
      List<String> noCert = new ArrayList<>(List.of("memtier"));
      for (List<String> part : List.of(address, trust, sni, load)) {
        noCert.addAll(part);
      }
      Cli anonymous = Cli.run(noCert.toArray(String[]::new));
      System.out.println("[it] memtier TLS without --cert: " + anonymous.lastErrLine());
      assertEquals(1, anonymous.exitCode(), anonymous.err());
      assertTrue((anonymous.lastErrLine().contains("closed the connection")
          || anonymous.lastErrLine().contains("the server asks for a client certificate"))
          && anonymous.lastErrLine().contains("give redis.tls.cert and redis.tls.key"), anonymous.err());
      for (Cli failed : List.of(unnamed, anonymous)) {
        assertTrue(failed.err().lines().noneMatch(l -> l.startsWith("\tat ")), failed.err());
      }
    }
  }

  private static void openssl(Path dir, String... args) throws Exception {
    List<String> cmd = new ArrayList<>(List.of("openssl"));
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0, "openssl " + cmd + ": " + out);
  }

  @Test
  void optionsItDoesNotHonour_areOneLine_exit2() throws Exception {
    for (String[] bad : List.of(new String[] {"--key-zipf-exp=5", "--key-zipf-exp must be within (0, 5)"},
        new String[] {"--data-offset=1", "--data-offset: memtier_benchmark's option is not honoured by 'ycsb memtier'"
        + " yet"}, new String[] {"--multi-key-get=2", "--multi-key-get: memtier_benchmark"
        + " 2.3 sends multi-key gets over its memcache protocols only"}, new String[] {"--protocol=memcache_text", "--protocol memcache_text:"},
        new String[] {"--bogus", "unknown option '--bogus': memtier_benchmark 2.3 has no such option"},
        new String[] {"--key-pattern=X:R", "--key-pattern must be SET:GET"},
        new String[] {"--reconnect-interval=5 --cluster-mode", "cluster mode does not support the"
            + " --reconnect-interval option"})) {
      List<String> args = new ArrayList<>(List.of("memtier", "-p", "1"));
      args.addAll(List.of(bad[0].split(" ")));
      Cli run = Cli.run(args.toArray(String[]::new));
      assertEquals(2, run.exitCode(), run.err());
      assertEquals(1, run.err().strip().lines().count(), run.err());
      assertTrue(run.err().startsWith("ycsb memtier: " + bad[1]), run.err());
    }
    Cli unreachable = Cli.run("memtier", "-s", "127.0.0.1", "-p", "1", "-n", "10");
    assertEquals(1, unreachable.exitCode(), unreachable.err());
    assertTrue(unreachable.err().contains("cannot reach the server at 127.0.0.1:1"), unreachable.err());
    assertTrue(unreachable.err().lines().noneMatch(l -> l.startsWith("\tat ")), unreachable.err());
  }
}
