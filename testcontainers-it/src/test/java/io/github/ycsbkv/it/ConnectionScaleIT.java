package io.github.ycsbkv.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Thousands of clients, each on a connection of its own, as memtier_benchmark {@code -c} runs them (#34): the
 * engine opens them in waves, so that they do not overflow the server's accept queue all at once (5,000 at once timed
 * out against Redis here), and the server holds every one of them during the run; a server that takes fewer is one
 * line that counts them and says what to change.
 *
 * <p>It starts the servers' binaries itself: through a container's published port every connection also crosses the
 * engine's port forwarder, a hop with limits of its own (through the CI machine's private engine, 1,666 of the 5,000
 * connections were reset, Redis and Dragonfly alike), which is not what this test is about. Where a binary is missing
 * the test skips, or fails where nothing but the binary could provide the store ({@link Store#binaryRequired}).
 */
class ConnectionScaleIT {

  private static final Path WORKLOADS = Path.of("..", "workloads").toAbsolutePath().normalize();
  private static final int CLIENTS = 5000;

  @TempDir
  Path tmp;

  @ParameterizedTest
  @EnumSource(value = Store.Kind.class, names = {"REDIS", "DRAGONFLY"})
  void run_fiveThousandClients_eachOnItsOwnConnection_serverHoldsThemAll(Store.Kind kind) throws Exception {
    try (RespServer server = RespServer.start(kind)) {
      List<String> args = new ArrayList<>(List.of("run", kind.id(), "-P", WORKLOADS.resolve("memtier").toString(),
          "-threads", Integer.toString(CLIENTS), "-p", "operationcount=" + (10 * CLIENTS)));
      // A reply timeout of 10 s, not the default 2 s: on a loaded 2-core machine, 5,000 connections to a server of
      // 2 threads beside the client's 2 once left 100 operations without a reply for 2 s (a CI run, 2026-11-26).
      String b = kind.id();
      for (String p : List.of(b + ".host=127.0.0.1", b + ".port=" + server.port(), b + ".timeout=10000")) {
        args.add("-p");
        args.add(p);
      }
      JsonNode load = LoadShapeChecks.load(a -> a, tmp.resolve(kind.id()), args.toArray(String[]::new));
      assertEquals(CLIENTS, load.path("connections").asInt(), load.toString());
      assertEquals(CLIENTS, load.path("server").path("runConnections").asInt(),
          "the server held a connection per client: " + load);
      assertTrue(load.path("server").path("commandsPerOperation").asDouble() < 1.01, load.toString());
    }
  }

  /** A server that takes 50 clients at most: the run fails at start, saying how many connections it opened. */
  @Test
  void run_moreClientsThanTheServerTakes_failsWithHowManyOpenedAndWhatToChange() throws Exception {
    try (RespServer server = RespServer.start(Store.Kind.REDIS, "--maxclients", "50")) {
      // A 10 s set-up timeout, not the default 2 s: in one CI run's container pass (2026-11-26) the refused
      // connection's "max number of clients" reply did not arrive within 2 s (not reproduced in 27 runs since, in
      // that pass's network namespace or under load).
      Cli run = Cli.run("run", "redis", "-P", WORKLOADS.resolve("memtier").toString(), "-threads", "400",
          "-p", "redis.port=" + server.port(), "-p", "operationcount=4000", "-p", "redis.timeout=10000");
      assertEquals(1, run.exitCode(), run.err());
      String line = run.lastErrLine();
      assertTrue(line.startsWith("ycsb: cannot initialize binding 'redis': opened "), line);
      // Each client thread (one per core) opens its share of the 400 connections. Redis refuses the 51st with an
      // error, which the line gives; once (a CI run's binary pass, 2026-11-27) that connection had no answer within
      // the 10 s instead, and the line said so: both name the connection that failed and the server's limits.
      assertTrue(line.matches(".* of one client thread's \\d+ connections to 127\\.0\\.0\\.1:" + server.port()
          + ", then: the server at 127\\.0\\.0\\.1:" + server.port() + " (refused the connection: ERR max number of"
          + " clients reached|did not answer within 10000 ms \\(Read timed out\\)); .*"), line);
      assertTrue(line.endsWith("use fewer -threads, or -p connections=N to share N connections between the clients"),
          line);
    }
  }
}
