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
import redis.clients.jedis.Jedis;

/**
 * The commands workload (#43, {@code workloads/commands}): commands from templates through the RESP engine, each
 * command's latency a series of its own, checked against what the server itself counted ({@code INFO commandstats});
 * an error reply counted as an error with its cause; a cluster; Aerospike refused in one line.
 */
class CommandsIT {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String COMMANDS = Path.of("..", "workloads", "commands").toAbsolutePath().toString();
  private static final List<String> NAMES = List.of("ZADD", "ZREVRANGE", "INCR", "HSET");

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

  @Test
  void mixOfFourCommands_eachItsOwnSeries_countedAsTheServerCountedThem() throws Exception {
    try (Store store = Store.provision(Store.Kind.REDIS); Jedis j = store.jedis()) {
      j.flushAll();
      j.configResetStat();
      Path out = tmp.resolve("mix");
      List<String> args = new ArrayList<>(List.of("run", "redis", "-P", COMMANDS, "-threads", "4", "-p",
          "operationcount=4000", "-p", "recordcount=500", "-p", "export.dir=" + out));
      for (String p : store.bindingProps()) {
        args.addAll(List.of("-p", p));
      }
      Cli run = Cli.run(args.toArray(String[]::new));
      assertEquals(0, run.exitCode(), run.err());
      JsonNode result = JSON.readTree(out.resolve("result.json").toFile());
      Map<String, Long> server = calls(j);
      long total = 0;
      for (String name : NAMES) {
        JsonNode op = operation(result, name);
        long count = op.path("count").asLong();
        assertTrue(count > 0, name + " ran: " + result.path("operations"));
        assertEquals(server.getOrDefault(name, 0L).longValue(), count, name + ": ours as the server's " + server);
        assertEquals(0, op.path("errors").asLong(), op.toString());
        assertTrue(op.path("serviceOk").path("p99Micros").asDouble() > 0, op.toString());
        total += count;
        assertEquals(Long.toString(count), run.summary(name, "Operations"), "the summary's line: " + run.out());
      }
      assertEquals(4000, total);
      // Weighted 4:4:1:1: the sorted-set commands are most of the mix.
      long zadd = operation(result, "ZADD").path("count").asLong();
      assertEquals(1600, zadd, 160, "ZADD's share of 4,000 at weight 4 of 10");
      // The leaderboard keys are sorted sets, with members field0..field9 and scores from 0 to 1.
      String key = j.keys("board:*").iterator().next();
      assertEquals("zset", j.type(key));
      assertTrue(j.zrangeWithScores(key, 0, -1).stream().allMatch(t -> t.getElement().matches("field[0-9]")
          && t.getScore() >= 0 && t.getScore() < 1), key);
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

  @Test
  void onAThreePrimaryCluster_eachCommandGoesToItsKeysNode() throws Exception {
    CiPasses.notInTheContainerPass();
    List<RespServer> nodes = RedisClusters.create(Store.Kind.REDIS, 3, 0, 5000);
    try {
      Path out = tmp.resolve("cluster");
      Cli run = Cli.run("run", "redis", "-P", COMMANDS, "-threads", "4", "-p", "operationcount=3000", "-p",
          "recordcount=300", "-p", "redis.cluster=true", "-p", "redis.host=127.0.0.1:" + nodes.get(0).port(), "-p",
          "export.dir=" + out);
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
      long total = 0;
      for (String name : NAMES) {
        JsonNode op = operation(result, name);
        assertEquals(0, op.path("errors").asLong(), "no MOVED left unfollowed: " + op);
        assertEquals(server.getOrDefault(name, 0L).longValue(), op.path("count").asLong(), name + " " + server);
        total += op.path("count").asLong();
      }
      assertEquals(3000, total);
    } finally {
      for (RespServer n : nodes) {
        n.close();
      }
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
