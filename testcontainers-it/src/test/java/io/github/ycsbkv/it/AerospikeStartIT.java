package io.github.ycsbkv.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How the tests start {@code asd} from PATH: the generated configuration is one asd accepts, and an
 * asd that exits at start is reported within seconds with the reason from its own log.
 */
class AerospikeStartIT {

  @TempDir
  Path dir;

  private static void needAsd() {
    if (RespServer.onPath("asd") == null) {
      String why = "asd is not on PATH: skipping";
      // Where the aerospike tests get their server another way (a container, a given address), these
      // tests of starting asd skip; where only asd could have provided it, a required store fails.
      if (Store.binaryRequired(Store.Kind.AEROSPIKE)) {
        org.junit.jupiter.api.Assertions.fail(why + ", but it.require/IT_REQUIRE lists aerospike");
      }
      System.out.println("[it] " + why);
      Assumptions.abort(why);
    }
  }

  /** Regression: the generated configuration had no cluster-name, which asd 8 requires, so asd never started. */
  @Test
  void generatedConfig_isAcceptedByAsd() throws Exception {
    needAsd();
    int port = RespServer.freePort();
    try (Store.AsdProcess asd = Store.AsdProcess.start(writeConf(Store.AsdProcess.generatedConfig(dir, port)), dir,
        port)) {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      boolean ready = false;
      while (!ready && System.nanoTime() < deadline && asd.exitReason() == null) {
        ready = asd.log().contains("service ready");
        Thread.sleep(200);
      }
      assertEquals(null, asd.exitReason(), "asd exited");
      assertTrue(ready, "asd did not become ready: " + asd.log());
    }
  }

  /** An asd that refuses its configuration is reported with its CRITICAL line, in seconds, not after 60 s. */
  @Test
  void asdThatExitsAtStart_isReportedWithItsOwnReason_withinSeconds() throws Exception {
    needAsd();
    int port = RespServer.freePort();
    String broken = Store.AsdProcess.generatedConfig(dir, port).replaceAll("(?m)^\\s*cluster-name .*$", "");
    long start = System.nanoTime();
    try (Store.AsdProcess asd = Store.AsdProcess.start(writeConf(broken), dir, port)) {
      String reason = null;
      while (reason == null && System.nanoTime() - start < TimeUnit.SECONDS.toNanos(20)) {
        reason = asd.exitReason();
        Thread.sleep(100);
      }
      assertNotNull(reason, "asd did not exit on a configuration without cluster-name");
      assertTrue(reason.contains("CRITICAL") && reason.contains("cluster-name"), reason);
      assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(20));
    }
  }

  /**
   * asd does not exit when its service port is taken: it waits for it, retrying every 5 s for ever (a CI run once
   * waited a minute for a cluster node whose port a client socket had taken). That is reported within seconds too.
   */
  @Test
  void asdWaitingForATakenPort_isReported_withinSeconds() throws Exception {
    needAsd();
    int port = RespServer.freePort();
    try (java.net.ServerSocket holder = new java.net.ServerSocket(port, 1, java.net.InetAddress.getLoopbackAddress());
        Store.AsdProcess asd = Store.AsdProcess.start(writeConf(Store.AsdProcess.generatedConfig(dir, port)), dir,
            port)) {
      long start = System.nanoTime();
      String reason = null;
      while (reason == null && System.nanoTime() - start < TimeUnit.SECONDS.toNanos(20)) {
        reason = asd.exitReason();
        Thread.sleep(100);
      }
      assertNotNull(reason, "asd's wait for a taken port was not noticed: " + asd.log());
      assertTrue(reason.startsWith("asd is waiting for a port another socket holds: ")
          && reason.contains("127.0.0.1:" + port + " in use, waiting"), reason);
      assertEquals(port, holder.getLocalPort());
    }
  }

  /**
   * A server at proto-fd-max leaves new connections unanswered, and every operation then timed out:
   * a run that needs more connections than the server allows is refused up front, saying which limit.
   */
  @Test
  void moreInFlightThanProtoFdMax_isRefusedUpFront() throws Exception {
    needAsd();
    int port = RespServer.freePort();
    String small = Store.AsdProcess.generatedConfig(dir, port).replaceAll("proto-fd-max \\d+", "proto-fd-max 1024");
    try (Store.AsdProcess asd = Store.AsdProcess.start(writeConf(small), dir, port)) {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (!asd.log().contains("{test} rebalanced") && System.nanoTime() < deadline && asd.exitReason() == null) {
        Thread.sleep(200);
      }
      assertEquals(null, asd.exitReason(), "asd exited");
      Cli run = Cli.run("run", "aerospike", "-P", Path.of("..", "workloads", "workloadc").toAbsolutePath().toString(),
          "-p", "as.host=127.0.0.1:" + port, "-p", "operationcount=100", "-p", "pipeline=32", "-threads", "64");
      assertEquals(1, run.exitCode(), run.err());
      assertTrue(run.lastErrLine().startsWith("ycsb: cannot initialize binding 'aerospike': this run needs up to 2048"
          + " connections to 127.0.0.1:" + port + " (64 threads x pipeline 32), but the server allows proto-fd-max=1024"),
          run.lastErrLine());
      Cli fits = Cli.run("run", "aerospike", "-P", Path.of("..", "workloads", "workloadc").toAbsolutePath().toString(),
          "-p", "as.host=127.0.0.1:" + port, "-p", "operationcount=100", "-p", "pipeline=4", "-threads", "8");
      assertEquals(0, fits.exitCode(), fits.err());
    }
  }

  private Path writeConf(String text) throws Exception {
    Path conf = dir.resolve("aerospike.conf");
    Files.writeString(conf, text);
    return conf;
  }
}
