package io.github.ycsbkv.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.aerospike.client.AerospikeClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * #26: a real server killed (SIGKILL) in the middle of a run and started again on the same port about two seconds
 * later, for every store: the run goes on to its end, each client waits between its attempts to reach the store
 * (reconnect.interval), and the outage is measured in the result. The figures are checked against what the test
 * itself did: the downtime it caused, the clients it ran.
 *
 * <p>It starts the servers' binaries itself (it must start one again on the same port), so it runs where they are
 * on PATH, in the container pass too; a store whose binary is missing is skipped, or fails when it.require lists it
 * and nothing but its binary could provide it (not in a container pass: {@link Store#binaryRequired}).
 */
class FaultIT {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String READHEAVY = Path.of("..", "workloads", "readheavy").toAbsolutePath().toString();
  private static final int CLIENTS = 4;
  private static final long RECONNECT_MAX_MILLIS = 500;
  /**
   * The cases run under emulation: the RESP engine and Aerospike's client, each on its native transport there. Jedis
   * (the JDK's sockets) and Lettuce (Netty's epoll, the RESP engine's natives) lose and find connections as on x86_64.
   */
  private static final Set<String> ONE_PER_CLIENT_LIBRARY = Set.of("REDIS auto ", "AEROSPIKE auto ");

  @TempDir
  Path tmp;

  /** A server the test starts, kills and starts again on the same port. */
  private interface Server extends AutoCloseable {
    int port();

    void kill() throws Exception;

    /** Starts it again on the same port; returns once it serves. */
    void restart() throws Exception;

    /** How long, after it serves again, a client library may take to notice (Aerospike's cluster tend: 1 s). */
    long noticeMillis();
  }

  /** Every store on its default client; Redis and Dragonfly also with a thread per client, and on their other clients. */
  @ParameterizedTest(name = "{0} drivers={1} {2}")
  @CsvSource({"REDIS, auto, ''", "REDIS, 0, ''", "REDIS, auto, redis.asyncclient=jedis", "VALKEY, auto, ''",
      "KEYDB, auto, ''", "DRAGONFLY, auto, ''", "DRAGONFLY, 0, ''", "DRAGONFLY, auto, dragonfly.asyncclient=lettuce",
      "AEROSPIKE, auto, ''"})
  void serverKilledAndStartedAgain_runGoesOn_andTheOutageIsMeasured(Store.Kind kind, String drivers, String client)
      throws Exception {
    if (!ONE_PER_CLIENT_LIBRARY.contains(kind + " " + drivers + " " + client)) {
      CiPasses.notUnderEmulation("a timed kill and restart (the RESP engine's and Aerospike's run)");
    }
    try (Server server = start(kind)) {
      List<String> common = new ArrayList<>(List.of("-P", READHEAVY, "-p", "recordcount=1000", "-threads",
          Integer.toString(CLIENTS), "-p", "drivers=" + drivers, "-p", "reconnect.max=" + RECONNECT_MAX_MILLIS,
          "-p", "summary=ycsb"));
      List<String> props = new ArrayList<>(props(kind, server.port()));
      if (!client.isEmpty()) {
        props.add(client);
      }
      for (String p : props) {
        common.add("-p");
        common.add(p);
      }
      Cli load = Cli.run(cat(List.of("load", kind.id()), common));
      assertEquals(0, load.exitCode(), load.err());

      Path out = tmp.resolve("run");
      long[] downNanos = new long[2];
      long[] killedAtWall = {-1};
      Thread fault = new Thread(() -> {
        try {
          // Timed from the run's measured phase, not from the test's start (which a slow start of the run's JVM
          // shifted towards the phase's start): the phase's first histogram export is written one status interval
          // (1 s) into it, so the kill comes about 2.5 s into the phase.
          if (!RunPhase.awaitInto(out, 1500)) {
            return;
          }
          killedAtWall[0] = System.currentTimeMillis();
          downNanos[0] = System.nanoTime();
          server.kill();
          Thread.sleep(1500);
          server.restart();
          downNanos[1] = System.nanoTime();
        } catch (Exception e) {
          throw new IllegalStateException(e);
        }
      }, "fault");
      fault.start();
      // The server is back about 4 s in: 8 s leave 4 s of operations after the outage. 12 s for Aerospike, whose
      // client finds the node again at its next cluster tend (a container's came back 7 s in, a CI run's container
      // pass, 2026-11-27), and under qemu, whose client is slower to come back and to run.
      String seconds = CiPasses.emulated() || kind == Store.Kind.AEROSPIKE ? "12" : "8";
      Cli run = Cli.run(cat(List.of("run", kind.id()), common, List.of("-p", "maxexecutiontime=" + seconds, "-p",
          "operationcount=0", "-p", "status.interval=1", "-p", "export.dir=" + out)));
      fault.join();
      assertTrue(killedAtWall[0] > 0, "the run's phase never wrote its first export, so the server was not killed: "
          + run.err());
      long downMillis = TimeUnit.NANOSECONDS.toMillis(downNanos[1] - downNanos[0]);
      JsonNode summaryOf = JSON.readTree(out.resolve("result.json").toFile()).path("outages");
      System.out.println("[it] fault " + kind.id() + " drivers=" + drivers + " " + client + ": server down " + downMillis + " ms; "
          + (summaryOf.size() > 0 ? summaryOf.get(0).path("summary").asText() : "no outage found"));

      // Finished at its time limit; the failed operations are beyond errors.tolerance=0: exit 3, results written.
      assertEquals(3, run.exitCode(), run.err());
      assertTrue(run.lastErrLine().startsWith("ycsb: ") && run.lastErrLine().contains("operations failed"),
          run.lastErrLine());
      JsonNode r = JSON.readTree(out.resolve("result.json").toFile());
      assertEquals("max_execution_time", r.path("stopReason").asText(), r.toString());
      JsonNode outages = r.path("outages");
      assertEquals(1, outages.size(), outages.toString());
      JsonNode o = outages.get(0);
      long duration = o.path("durationMillis").asLong(-1);
      // From the first failure (the kill) to the first success after the last one: the downtime, plus at most
      // one wait (reconnect.max) and the time the client library takes to notice the server is back.
      assertTrue(duration >= downMillis - 300, "outage " + duration + " ms, server down " + downMillis + " ms");
      // Under qemu, a client library's reconnection runs through code not compiled yet: Lettuce on Dragonfly took
      // 4.33 s for 3.05 s down (the CI's ARM64 pass, 2026-11-27), 1.28 s more than the down time.
      // Beyond that, what the run says of itself: its longest stall (a busy machine delays the client's reconnection
      // as it delays every client thread), so that a slower machine cannot fail this bound and a slow client still
      // does.
      long stall = Math.round(r.path("clientStalls").path("maxMicros").asDouble(0) / 1000);
      long slack = (CiPasses.emulated() ? 2000 : 700) + stall;
      assertTrue(duration <= downMillis + RECONNECT_MAX_MILLIS + server.noticeMillis() + slack,
          "outage " + duration + " ms, server down " + downMillis + " ms, the client's longest stall " + stall + " ms");
      long failed = o.path("failedOperations").asLong();
      // Each client fails once per attempt: waits of 100, 100, 200, 400 ms, then 500 ms, so at most 5 + 2 per second.
      long attempts = 5 + 2 * (duration / 1000 + 1);
      assertTrue(failed >= 1 && failed <= CLIENTS * attempts, failed + " failed operations for " + CLIENTS
          + " clients over " + duration + " ms (at most " + attempts + " attempts each)");
      assertEquals(r.path("overall").path("errors").asLong(), failed, "every failure of the run was in the outage");
      assertFalse(o.path("firstCause").asText().isBlank(), o.toString());
      assertTrue(o.path("levelBeforeOpsPerSec").asDouble() > 0, o.toString());
      // The run went on after the outage: operations completed in the intervals after its end. (Whether they reached
      // 90% of the level before is a measurement, not a promise: a store may come back slower.)
      long end = o.path("endMillis").asLong();
      long before = -1;
      long last = 0;
      for (JsonNode i : r.path("intervals")) {
        if (before < 0 && i.path("elapsedMillis").asLong() >= end) {
          before = i.path("operations").asLong() - i.path("failedOperations").asLong();
        }
        last = i.path("operations").asLong() - i.path("failedOperations").asLong();
      }
      assertTrue(before >= 0 && last - before > 1000, "operations after the outage: " + r.path("intervals"));
      assertTrue(!o.path("throughputBackAfterMillis").isNumber() || o.path("throughputBackAfterMillis").asLong() >= 0,
          o.toString());
      // It began with the kill: no sooner than an operation in flight then had started, no later than the client
      // library noticed (the same slack as the outage's length above, which the run's stalls widen).
      long killAt = RunPhase.millisInto(r, killedAtWall[0]);
      assertTrue(killAt >= 2400, "killed 1.5 s after the phase's first export (1 s in): " + killAt + " ms");
      long startMillis = o.path("startMillis").asLong();
      assertTrue(startMillis >= killAt - 1000 - stall && startMillis <= killAt + server.noticeMillis() + slack,
          "outage from " + startMillis + " ms, the server killed at " + killAt + " ms into the phase: " + o);
      // No operation lost from the counts: every one issued was recorded with its outcome.
      long recorded = 0;
      for (JsonNode op : r.path("operations")) {
        if (!op.path("operation").asText().equals("CLEANUP")) {
          recorded += op.path("count").asLong();
        }
      }
      assertEquals(r.path("overall").path("operations").asLong(), recorded, "issued == recorded");
      assertTrue(run.out().contains("[OUTAGES], Count, 1"), run.out());
    }
  }

  private static String[] cat(List<String> a, List<String> b) {
    return cat(a, b, List.of());
  }

  private static String[] cat(List<String> a, List<String> b, List<String> c) {
    List<String> all = new ArrayList<>(a);
    all.addAll(b);
    all.addAll(c);
    return all.toArray(new String[0]);
  }

  private static List<String> props(Store.Kind kind, int port) {
    return switch (kind) {
      case AEROSPIKE -> List.of("as.host=127.0.0.1:" + port);
      case DRAGONFLY -> List.of("dragonfly.host=127.0.0.1", "dragonfly.port=" + port);
      default -> List.of("redis.host=127.0.0.1", "redis.port=" + port);
    };
  }

  private Server start(Store.Kind kind) throws Exception {
    if (kind == Store.Kind.AEROSPIKE) {
      return asd();
    }
    int port = RespServer.freePort();
    RespServer first = RespServer.start(kind, port, true);
    return new Server() {
      RespServer current = first;

      @Override
      public int port() {
        return port;
      }

      @Override
      public void kill() throws Exception {
        current.kill();
      }

      @Override
      public void restart() throws Exception {
        RespServer old = current;
        current = RespServer.start(kind, port, true);
        old.close();
      }

      @Override
      public long noticeMillis() {
        return 0;
      }

      @Override
      public void close() throws Exception {
        current.close();
      }
    };
  }

  private Server asd() throws Exception {
    if (RespServer.onPath("asd") == null) {
      String why = "asd is not on PATH (this test starts the binary itself): skipping it";
      if (Store.binaryRequired(Store.Kind.AEROSPIKE)) {
        throw new AssertionError(why + ", but it.require/IT_REQUIRE lists aerospike");
      }
      Assumptions.abort(why);
    }
    Path dir = Files.createTempDirectory(tmp, "asd");
    int port = RespServer.freePort();
    Path conf = dir.resolve("aerospike.conf");
    Files.writeString(conf, Store.AsdProcess.generatedConfig(dir, port));
    Store.AsdProcess first = Store.AsdProcess.start(conf, dir, port);
    awaitAerospike(first, port);
    return new Server() {
      Store.AsdProcess current = first;

      @Override
      public int port() {
        return port;
      }

      @Override
      public void kill() throws Exception {
        current.kill();
      }

      @Override
      public void restart() throws Exception {
        current = Store.AsdProcess.start(conf, dir, port);
        awaitAerospike(current, port);
      }

      @Override
      public long noticeMillis() {
        return 1500;
      }

      @Override
      public void close() throws Exception {
        current.close();
      }
    };
  }

  private static void awaitAerospike(Store.AsdProcess asd, int port) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (System.nanoTime() < deadline) {
      String exited = asd.exitReason();
      if (exited != null) {
        throw new AssertionError("asd did not start: " + exited);
      }
      com.aerospike.client.policy.ClientPolicy policy = new com.aerospike.client.policy.ClientPolicy();
      policy.timeout = 1000;
      try (AerospikeClient client = new AerospikeClient(policy, "127.0.0.1", port)) {
        if (client.isConnected()) {
          return;
        }
      } catch (Exception e) {
        // not yet
      }
      Thread.sleep(100);
    }
    throw new AssertionError("asd did not accept a client within 60 s: " + asd.log());
  }
}
