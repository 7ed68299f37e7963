package io.github.ycsbkv.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The real Aerospike client against a loopback port nothing listens on: one line, exit 1. */
class AerospikeUnreachableIT {

  @Test
  void run_seedThatDoesNotAnswer_isOneLineWithTheAddress() throws Exception {
    int port = RespServer.freePort();
    Cli run = Cli.run("run", "aerospike", "-P", Path.of("..", "workloads", "workloada").toAbsolutePath().toString(),
        "-p", "as.host=127.0.0.1:" + port);
    assertEquals(1, run.exitCode());
    assertEquals("ycsb: cannot initialize binding 'aerospike': cannot connect to Aerospike at 127.0.0.1:" + port
        + ": Failed to connect to [1] host(s): 127.0.0.1 " + port + " Error -8: Connection failed; is the server"
        + " running? (as.host, as.port)", run.lastErrLine());
  }

  @Test
  void asyncClient_seedThatDoesNotAnswer_isTheSameLine() throws Exception {
    int port = RespServer.freePort();
    for (String type : new String[] {"direct", "netty"}) {
      Cli run = Cli.run("run", "aerospike", "-P", Path.of("..", "workloads", "workloada").toAbsolutePath().toString(),
          "-p", "as.host=127.0.0.1:" + port, "-p", "as.async=true", "-p", "as.eventLoopType=" + type);
      assertEquals(1, run.exitCode(), type);
      assertEquals("ycsb: cannot initialize binding 'aerospike': cannot connect to Aerospike at 127.0.0.1:" + port
          + ": Failed to connect to [1] host(s): 127.0.0.1 " + port + " Error -8: Connection failed; is the server"
          + " running? (as.host, as.port)", run.lastErrLine(), type);
    }
    Cli bad = Cli.run("run", "aerospike", "-P", Path.of("..", "workloads", "workloada").toAbsolutePath().toString(),
        "-p", "as.host=127.0.0.1:" + port, "-p", "as.async=true", "-p", "as.eventLoopType=epoll");
    assertEquals(1, bad.exitCode());
    assertEquals("ycsb: cannot initialize binding 'aerospike': as.eventLoopType must be direct, netty, netty-epoll,"
        + " netty-kqueue or netty-nio, got 'epoll'", bad.lastErrLine());
  }

  /**
   * -p maxinflight above 1 (several requests on a connection in an open loop) is refused for Aerospike, whose client
   * takes a socket per command in flight, before anything connects: one line, exit 2.
   */
  @Test
  void openLoopMaxInFlight_isRefused_forAClientWithASocketPerCommand() throws Exception {
    int port = RespServer.freePort();
    Cli run = Cli.run("run", "aerospike", "-P", Path.of("..", "workloads", "workloada").toAbsolutePath().toString(),
        "-p", "as.host=127.0.0.1:" + port, "-threads", "4", "-target", "1000", "-p", "maxinflight=4");
    assertEquals(2, run.exitCode(), run.err());
    assertEquals("ycsb: -p maxinflight=4: binding 'aerospike' does not keep a connection per client"
        + " (socket-per-command: its client library takes a socket per command in flight, so more in flight opens"
        + " more connections instead of pipelining on one); use more -threads instead", run.lastErrLine());
  }
}
