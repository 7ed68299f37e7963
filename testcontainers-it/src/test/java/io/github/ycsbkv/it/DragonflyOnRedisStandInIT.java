package io.github.ycsbkv.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The Dragonfly binding against {@code redis-server}. Real Dragonfly is covered by
 * {@link DragonflyBindingIT} and {@link DragonflyWorkloadsIT}; this class stays for what they cannot
 * test: that {@code dragonfly.require=true} refuses a server that is not Dragonfly, and that the
 * binding's commands also work on Redis (users run it against Redis to compare the two clients on
 * the same server).
 */
class DragonflyOnRedisStandInIT extends DragonflyContract {

  @Override
  Store.Kind kind() {
    return Store.Kind.REDIS;
  }

  @Test
  void requireDragonfly_onRedis_refusesToStart() {
    Cli run = Cli.run(cli("run", "dragonfly", "-P", Path.of("..", "workloads", "workloadc").toAbsolutePath().toString(),
        "-p", "dragonfly.require=true"));
    assertEquals(1, run.exitCode());
    String version;
    try (redis.clients.jedis.Jedis j = server.jedis()) {
      version = j.info("server").lines().filter(l -> l.startsWith("redis_version:")).findFirst().orElseThrow()
          .substring("redis_version:".length()).trim();
    }
    assertEquals("ycsb: cannot initialize binding 'dragonfly': the server at " + server.address()
        + " is redis " + version + ", not Dragonfly (dragonfly.require=true); use the redis binding for it, or drop"
        + " dragonfly.require", run.lastErrLine());
  }
}
