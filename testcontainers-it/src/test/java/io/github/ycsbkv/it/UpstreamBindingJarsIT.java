package io.github.ycsbkv.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Upstream YCSB's own binding jars run on ycsb-kv's engine through {@code -cp}, each with its own
 * dependencies: the redis binding with Jedis 2.9 (ycsb-kv's bindings use Jedis 8), the aerospike
 * binding with aerospike-client 3.1 (ycsb-kv uses 9). The jars are upstream YCSB's build in
 * {@code ../shared/servers/upstream-ycsb} (or wherever {@code upstream-ycsb} on PATH lives, or
 * {@code -Dit.upstream.ycsb=DIR}); without them the class is skipped saying so.
 */
class UpstreamBindingJarsIT {

  private static final Path WORKLOADA = Path.of("..", "workloads", "workloada").toAbsolutePath().normalize();
  private static Path lib;

  @BeforeAll
  static void findUpstream() throws Exception {
    Path home = null;
    String given = System.getProperty("it.upstream.ycsb");
    Path onPath = RespServer.onPath("upstream-ycsb");
    if (given != null && !given.isBlank()) {
      home = Path.of(given);
    } else if (onPath != null) {
      home = onPath.toRealPath().getParent();
    } else if (Files.isDirectory(Path.of("..", "..", "shared", "servers", "upstream-ycsb"))) {
      home = Path.of("..", "..", "shared", "servers", "upstream-ycsb").toAbsolutePath().normalize();
    }
    if (home == null || !Files.isDirectory(home.resolve("lib").resolve("redis"))) {
      String why = "no upstream YCSB build (upstream-ycsb on PATH, ../shared/servers/upstream-ycsb or"
          + " -Dit.upstream.ycsb): skipping the upstream binding jar tests";
      System.out.println("[it] " + why);
      Assumptions.abort(why);
    }
    lib = home.resolve("lib");
  }

  /** Regression: ycsb-kv's Jedis 8 shadowed the jar's Jedis 2.9 and the first insert died (IncompatibleClassChangeError). */
  @Test
  void upstreamRedisBinding_runsWithItsOwnJedis() throws Exception {
    try (Store redis = Store.provision(Store.Kind.REDIS)) {
      String cp = lib.resolve("redis") + "/*";
      Cli load = Cli.run("load", "-db", "site.ycsb.db.RedisClient", "-cp", cp, "-P", WORKLOADA.toString(),
          "-p", "redis.host=" + redis.host(), "-p", "redis.port=" + redis.port(), "-p", "recordcount=200",
          "-threads", "2");
      assertEquals(0, load.exitCode(), load.err());
      assertEquals(200, load.count("INSERT", "Return=OK"), load.out());
      Cli run = Cli.run("run", "-db", "site.ycsb.db.RedisClient", "-cp", cp, "-P", WORKLOADA.toString(),
          "-p", "redis.host=" + redis.host(), "-p", "redis.port=" + redis.port(), "-p", "recordcount=200",
          "-p", "operationcount=400", "-threads", "2");
      assertEquals(0, run.exitCode(), run.err());
      assertEquals(400, run.count("READ", "Return=OK") + run.count("UPDATE", "Return=OK"), run.out());
      try (var jedis = redis.jedis()) {
        assertTrue(jedis.exists("user" + 0) || jedis.dbSize() >= 200, "records written through upstream's binding");
      }
    }
  }

  @Test
  void upstreamAerospikeBinding_runsWithItsOwnClient() throws Exception {
    try (Store as = Store.provision(Store.Kind.AEROSPIKE)) {
      String cp = lib.resolve("aerospike") + "/*";
      String[] target = {"-p", "as.host=" + as.host(), "-p", "as.port=" + as.port(), "-p", "as.namespace=test",
          "-p", "table=upstream", "-p", "recordcount=200"};
      Cli load = Cli.run(concat(new String[] {"load", "-db", "site.ycsb.db.AerospikeClient", "-cp", cp, "-P",
          WORKLOADA.toString(), "-threads", "2"}, target));
      assertEquals(0, load.exitCode(), load.err());
      assertEquals(200, load.count("INSERT", "Return=OK"), load.out());
      Cli run = Cli.run(concat(new String[] {"run", "-db", "site.ycsb.db.AerospikeClient", "-cp", cp, "-P",
          WORKLOADA.toString(), "-p", "operationcount=400", "-threads", "2"}, target));
      assertEquals(0, run.exitCode(), run.err());
      assertEquals(400, run.count("READ", "Return=OK") + run.count("UPDATE", "Return=OK"), run.out());
    }
  }

  private static String[] concat(String[] a, String[] b) {
    String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }
}
