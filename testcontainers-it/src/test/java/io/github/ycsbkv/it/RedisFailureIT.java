package io.github.ycsbkv.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** A refused connection to Redis. (A server that dies mid-run: {@link WorkloadMatrix}, for every store.) */
class RedisFailureIT {

  private static final String WORKLOADA = Path.of("..", "workloads", "workloada").toAbsolutePath().toString();

  @Test
  void run_nothingListens_exitsOneWithTheAddress() throws Exception {
    int port = RespServer.freePort();
    Cli run = Cli.run("run", "redis", "-P", WORKLOADA, "-p", "redis.port=" + port);
    assertEquals(1, run.exitCode());
    assertEquals("ycsb: cannot initialize binding 'redis': cannot connect to 127.0.0.1:" + port
        + ": Connection refused; is the server running? (redis.host, redis.port)", run.lastErrLine());
  }
}
