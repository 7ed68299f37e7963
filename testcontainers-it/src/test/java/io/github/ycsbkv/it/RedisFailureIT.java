package io.github.ycsbkv.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Failures a user meets with a real Redis: a refused connection, and a server that dies mid-run. */
class RedisFailureIT {

  private static final String WORKLOADA = Path.of("..", "workloads", "workloada").toAbsolutePath().toString();

  @TempDir
  Path tmp;

  @Test
  void run_nothingListens_exitsOneWithTheAddress() throws Exception {
    int port = RespServer.freePort();
    Cli run = Cli.run("run", "redis", "-P", WORKLOADA, "-p", "redis.port=" + port);
    assertEquals(1, run.exitCode());
    assertEquals("ycsb: cannot initialize binding 'redis': cannot connect to 127.0.0.1:" + port
        + ": Connection refused; is the server running? (redis.host, redis.port)", run.lastErrLine());
  }

  @Test
  void run_serverDiesMidRun_stopsWithOneLineAndWritesPartialResults() throws Exception {
    try (RespServer server = RespServer.start(RespServer.Kind.REDIS)) {
      String port = "redis.port=" + server.port();
      Cli load = Cli.run("load", "redis", "-P", WORKLOADA, "-p", port, "-p", "recordcount=500");
      assertEquals(0, load.exitCode(), load.err());
      Thread killer = new Thread(() -> {
        try {
          Thread.sleep(1500);
          server.kill();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      });
      killer.start();
      Path out = tmp.resolve("out");
      Cli run = Cli.run("run", "redis", "-P", WORKLOADA, "-p", port, "-p", "recordcount=500", "-p", "operationcount=0",
          "-p", "maxexecutiontime=60", "-p", "errors.abortafter=2", "-p", "redis.timeout=500", "-threads", "2",
          "-p", "export.dir=" + out);
      killer.join();
      assertEquals(1, run.exitCode(), run.err());
      assertTrue(run.lastErrLine().startsWith("ycsb: every operation on 'redis' failed for the last 2 s (last: ERROR: "),
          run.lastErrLine());
      JsonNode json = new ObjectMapper().readTree(out.resolve("result.json").toFile());
      assertEquals("failed", json.path("stopReason").asText());
      assertTrue(json.path("overall").path("operations").asLong() > 0, "operations before the crash are kept");
      assertTrue(json.path("overall").path("errors").asLong() > 0);
      assertTrue(json.path("timing").path("runtimeMillis").asLong() < 30_000, "stopped long before maxexecutiontime");
    }
  }
}
