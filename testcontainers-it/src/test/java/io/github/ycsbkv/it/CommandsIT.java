package io.github.ycsbkv.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import redis.clients.jedis.Jedis;

/**
 * The commands workload (#43, {@code workloads/commands}): commands from templates through the RESP engine, each
 * command's latency a series of its own, checked against what the server itself counted ({@code INFO commandstats});
 * an error reply counted as an error with its cause; a cluster; Aerospike refused in one line.
 */
class CommandsIT {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String COMMANDS = Path.of("..", "workloads", "commands").toAbsolutePath().toString();

  @TempDir
  Path tmp;

  /** Calls of each command the server ran ({@code INFO commandstats}), upper-case names. */
  private static Map<String, Long> calls(Jedis j) {
    Map<String, Long> calls = new HashMap<>();
    Matcher m = Pattern.compile("cmdstat_([a-z|]+):calls=(\\d+)").matcher(j.info("commandstats"));
    while (m.find()) {
      calls.merge(m.group(1).toUpperCase(java.util.Locale.ROOT), Long.parseLong(m.group(2)), Long::sum);
    }
    return calls;
  }

  private static JsonNode operation(JsonNode result, String name) {
    for (JsonNode op : result.path("operations")) {
      if (op.path("operation").asText().equals(name)) {
        return op;
      }
    }
    return com.fasterxml.jackson.databind.node.MissingNode.getInstance();
  }

  /** The mix (#43): eight commands of five data types, each a weight of 1 but the reads' 2. */
  private static final List<String> MIX = List.of("SET __key__ __data__", "GET __key__", "ZADD __key__ __score__ __field__",
      "ZRANGE __key__ 0 9", "LPUSH __key__ __data__", "LRANGE __key__ 0 9", "INCR __key__", "HSET __key__ __field__"
      + " __data__");
  private static final List<String> PREFIXES = List.of("str:", "str:", "zset:", "zset:", "list:", "list:", "counter:",
      "hash:");

  /** {@code -p} pairs for the eight-command mix, on top of workloads/commands (whose four it replaces). */
  private static List<String> mix() {
    List<String> p = new ArrayList<>();
    for (int i = 0; i < MIX.size(); i++) {
      String n = "command." + (i + 1);
      p.addAll(List.of("-p", n + "=" + MIX.get(i), "-p", n + ".keyprefix=" + PREFIXES.get(i), "-p", n + ".ratio="
          + (MIX.get(i).startsWith("GET") || MIX.get(i).contains("RANGE") ? 2 : 1), "-p", n + ".keypattern=uniform"));
    }
    return p;
  }

  private static final List<String> NAMES = List.of("SET", "GET", "ZADD", "ZRANGE", "LPUSH", "LRANGE", "INCR", "HSET");

  /** Checks every command of the mix against what the servers counted; returns the operations. */
  private static long checkAgainstServer(JsonNode result, Map<String, Long> server) {
    long total = 0;
    for (String name : NAMES) {
      JsonNode op = operation(result, name);
      long count = op.path("count").asLong();
      assertTrue(count > 0, name + " ran: " + result.path("operations"));
      assertEquals(server.getOrDefault(name, 0L).longValue(), count, name + ": ours as the server's " + server);
      assertEquals(0, op.path("errors").asLong(), op.toString());
      total += count;
    }
    return total;
  }

  @ParameterizedTest
  @EnumSource(value = Store.Kind.class, names = {"REDIS", "VALKEY", "KEYDB", "DRAGONFLY"})
  void mixOfEightCommands_eachItsOwnSeries_countedAsTheServerCountedThem(Store.Kind kind) throws Exception {
    try (Store store = Store.provision(kind); Jedis j = store.jedis()) {
      j.flushAll();
      Map<String, Long> before = calls(j);
      Path out = tmp.resolve("mix-" + kind.id());
      List<String> args = new ArrayList<>(List.of("run", kind.id(), "-P", COMMANDS, "-threads", "4", "-p",
          "operationcount=4000", "-p", "recordcount=500", "-p", "export.dir=" + out));
      args.addAll(mix());
      for (String p : store.bindingProps()) {
        args.addAll(List.of("-p", p));
      }
      Cli run = Cli.run(args.toArray(String[]::new));
      assertEquals(0, run.exitCode(), run.err());
      JsonNode result = JSON.readTree(out.resolve("result.json").toFile());
      Map<String, Long> server = calls(j);
      before.forEach((k, v) -> server.merge(k, -v, Long::sum));
      assertEquals(4000, checkAgainstServer(result, server));
      for (String name : NAMES) {
        // The summary's lines: a miss (a nil reply) is in NAME-FAILED, as upstream's READ-FAILED.
        assertEquals(operation(result, name).path("count").asLong(), run.count(name, "Operations")
            + run.count(name + "-FAILED", "Operations"), "the summary's lines: " + run.out());
        assertTrue(operation(result, name).path("serviceOk").path("p99Micros").asDouble() > 0, name);
      }
      // Weighted 2 for the reads and 1 for the writes: GET is about 2/12 of 4,000.
      assertEquals(667, operation(result, "GET").path("count").asLong(), 120, "GET's share");
      // The sorted sets have members field0..field9 and scores from 0 to 1; the lists hold 32-letter values.
      String zset = j.keys("zset:*").iterator().next();
      assertEquals("zset", j.type(zset));
      assertTrue(j.zrangeWithScores(zset, 0, -1).stream().allMatch(t -> t.getElement().matches("field[0-9]")
          && t.getScore() >= 0 && t.getScore() < 1), zset);
      String list = j.keys("list:*").iterator().next();
      assertTrue(j.lrange(list, 0, -1).stream().allMatch(v -> v.matches("[a-z]{32}")), list);
    }
  }

  @Test
  void badTemplate_isOneLine_exit2() throws Exception {
    try (Store store = Store.provision(Store.Kind.REDIS)) {
      for (String[] bad : List.of(new String[] {"ZADD __key__ __nope__", "unknown placeholder '__nope__'"},
          new String[] {"INCRBY __key__ __int__", "__int__ needs its range"},
          new String[] {"SET \"__key__ x", "a double quote is not closed"})) {
        List<String> args = new ArrayList<>(List.of("run", "redis", "-P", COMMANDS, "-p", "operationcount=10",
            "-p", "command.1=" + bad[0]));
        for (String p : store.bindingProps()) {
          args.addAll(List.of("-p", p));
        }
        Cli run = Cli.run(args.toArray(String[]::new));
        assertEquals(2, run.exitCode(), run.err());
        assertTrue(run.lastErrLine().contains(bad[1]), run.err());
        assertTrue(run.err().lines().noneMatch(l -> l.startsWith("\tat ")), "no stack trace: " + run.err());
      }
    }
  }

  @Test
  void wrongType_isAnErrorWithItsCause_neverASuccess() throws Exception {
    try (Store store = Store.provision(Store.Kind.REDIS); Jedis j = store.jedis()) {
      j.flushAll();
      j.set("str:1", "a string");
      Path out = tmp.resolve("wrongtype");
      List<String> args = new ArrayList<>(List.of("run", "redis", "-P", COMMANDS, "-threads", "2", "-p",
          "operationcount=100", "-p", "recordcount=1", "-p", "export.dir=" + out, "-p", "command.1=LPUSH __key__ x",
          "-p", "command.1.keyprefix=str:", "-p", "command.1.ratio=1", "-p", "command.2.ratio=0", "-p",
          "command.3.ratio=0", "-p", "command.4.ratio=0"));
      for (String p : store.bindingProps()) {
        args.addAll(List.of("-p", p));
      }
      Cli run = Cli.run(args.toArray(String[]::new));
      assertEquals(3, run.exitCode(), "errors beyond errors.tolerance: " + run.err());
      JsonNode lpush = operation(JSON.readTree(out.resolve("result.json").toFile()), "LPUSH");
      assertEquals(100, lpush.path("errors").asLong(), lpush.toString());
      assertTrue(lpush.path("errorCauses").toString().contains("WRONGTYPE"), lpush.toString());
      assertEquals("a string", j.get("str:1"), "the key is unchanged");
    }
  }

  /**
   * Redis and Valkey clusters ({@code redis-cli --cluster create}) and Dragonfly's ({@code --cluster_mode=yes}, the
   * slot map sent to each node), three primaries each, through the engine's cluster routing.
   */
  @ParameterizedTest
  @EnumSource(value = Store.Kind.class, names = {"REDIS", "VALKEY", "DRAGONFLY"})
  void onAThreePrimaryCluster_eachCommandGoesToItsKeysNode(Store.Kind kind) throws Exception {
    try (RespClusterIT.Cluster cluster = kind == Store.Kind.DRAGONFLY ? RespClusterIT.Cluster.dragonfly()
        : RespClusterIT.Cluster.redis(kind)) {
      List<RespServer> nodes = cluster.nodes;
      String b = kind == Store.Kind.DRAGONFLY ? "dragonfly" : "redis";
      Path out = tmp.resolve("cluster-" + kind.id());
      List<String> args = new ArrayList<>(List.of("run", kind.id(), "-P", COMMANDS, "-threads", "4", "-p",
          "operationcount=3000", "-p", "recordcount=300", "-p", b + ".cluster=true", "-p",
          b + ".host=" + cluster.seed(), "-p", "export.dir=" + out));
      args.addAll(mix());
      Cli run = Cli.run(args.toArray(String[]::new));
      assertEquals(0, run.exitCode(), run.err());
      JsonNode result = JSON.readTree(out.resolve("result.json").toFile());
      Map<String, Long> server = new HashMap<>();
      int nodesServing = 0;
      for (RespServer n : nodes) {
        try (Jedis j = n.jedis()) {
          Map<String, Long> c = calls(j);
          nodesServing += c.getOrDefault("ZADD", 0L) > 0 ? 1 : 0;
          c.forEach((k, v) -> server.merge(k, v, Long::sum));
        }
      }
      assertEquals(3, nodesServing, "the keys are spread over every primary: " + server);
      assertEquals(3000, checkAgainstServer(result, server), "no MOVED left unfollowed");

      // A command of two keys: refused at start unless its keys share a hash tag; then it runs without CROSSSLOT.
      List<String> twoKeys = new ArrayList<>(List.of("run", kind.id(), "-P", COMMANDS, "-threads", "2", "-p",
          "operationcount=200", "-p", "recordcount=50", "-p", b + ".cluster=true", "-p", b + ".host="
          + cluster.seed(), "-p", "command.1=SMOVE __key__ __key2__ __field__", "-p", "command.1.keyprefix=set:",
          "-p", "command.2.ratio=0", "-p", "command.3.ratio=0", "-p", "command.4.ratio=0"));
      Cli refused = Cli.run(twoKeys.toArray(String[]::new));
      assertEquals(2, refused.exitCode(), refused.err());
      assertTrue(refused.lastErrLine().contains("has 2 keys, which a cluster serves only in one hash slot"),
          refused.err());
      twoKeys.set(twoKeys.indexOf("command.1.keyprefix=set:"), "command.1.keyprefix={set}:");
      twoKeys.addAll(List.of("-p", "export.dir=" + tmp.resolve("smove-" + kind.id())));
      Cli tagged = Cli.run(twoKeys.toArray(String[]::new));
      assertEquals(0, tagged.exitCode(), tagged.err());
      JsonNode smove = operation(JSON.readTree(tmp.resolve("smove-" + kind.id()).resolve("result.json").toFile()),
          "SMOVE");
      assertEquals(200, smove.path("count").asLong(), smove.toString());
      assertEquals(0, smove.path("errors").asLong(), "no CROSSSLOT: " + smove);
    }
  }

  @Test
  void aerospike_isRefusedInOneLine() throws Exception {
    try (Store store = Store.provision(Store.Kind.AEROSPIKE)) {
      List<String> args = new ArrayList<>(List.of("run", "aerospike", "-P", COMMANDS, "-threads", "1", "-p",
          "operationcount=10"));
      for (String p : store.bindingProps()) {
        args.addAll(List.of("-p", p));
      }
      Cli run = Cli.run(args.toArray(String[]::new));
      assertEquals(1, run.exitCode(), run.err());
      assertTrue(run.lastErrLine().contains("binding 'aerospike' cannot send commands"), run.err());
      assertTrue(run.err().lines().noneMatch(l -> l.startsWith("\tat ")), "no stack trace: " + run.err());
    }
  }
}
