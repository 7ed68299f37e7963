package io.github.ycsbkv.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/**
 * A refused connection, and a server that accepts and never answers, for the RESP bindings. (A server
 * that dies mid-run: {@link WorkloadMatrix}, for every store.)
 */
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

  /**
   * Regression: each client thread connected in turn and the engine waited for all of them, so a server
   * that accepts and never answers took threads x timeout (49 s at 8 threads with a 3 s timeout); and
   * Jedis's pool tried the handshake twice. Now the first client's one timeout fails the run.
   */
  @ParameterizedTest(name = "{0} tls={1}")
  @CsvSource({"redis, false, 'the server at 127.0.0.1:%d did not answer within 1000 ms (Read timed out); if it serves TLS, set redis.tls=true'",
      "redis, true, 'the server at 127.0.0.1:%d did not answer within 1000 ms (Read timed out); if it does not serve TLS, set redis.tls=false'",
      "dragonfly, false, 'the server at 127.0.0.1:%d did not answer within 1000 ms (Read timed out); if it serves TLS, set dragonfly.tls=true'"})
  void run_serverNeverAnswers_failsOnceAfterOneTimeout_whateverTheThreadCount(String binding, boolean tls, String why)
      throws Exception {
    try (Mute mute = new Mute()) {
      long start = System.nanoTime();
      Cli run = Cli.run("run", binding, "-P", WORKLOADA, "-threads", "8", "-p", binding + ".port=" + mute.port(),
          "-p", binding + ".timeout=1000", "-p", binding + ".tls=" + tls, "-p", binding + ".tls.insecure=true");
      double seconds = (System.nanoTime() - start) / 1e9;
      assertEquals(1, run.exitCode(), run.err());
      assertEquals("ycsb: cannot initialize binding '" + binding + "': " + String.format(why, mute.port()),
          run.lastErrLine());
      // 8 clients x 1 s each before, every one of them accepted in turn (twice with Jedis's retry); now the run
      // ends at the first client's timeout, before most clients connect. The count says it whatever the
      // machine's speed; the time is printed, not bounded.
      System.out.printf("[it] %s tls=%s: failed after %.1f s%n", binding, tls, seconds);
      assertTrue(mute.accepted() <= 3, mute.accepted() + " connections for 8 clients");
    }
  }

  /** Accepts connections and never answers, as a hung server or a wrong port behind a proxy does. */
  private static final class Mute implements AutoCloseable {
    private final ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    private final List<Socket> held = new ArrayList<>();
    private final AtomicInteger accepted = new AtomicInteger();
    private final Thread acceptor = new Thread(this::accept, "mute-server");

    Mute() throws IOException {
      acceptor.setDaemon(true);
      acceptor.start();
    }

    private void accept() {
      while (!server.isClosed()) {
        try {
          Socket s = server.accept();
          accepted.incrementAndGet();
          synchronized (held) {
            held.add(s);
          }
        } catch (IOException e) {
          return;
        }
      }
    }

    int port() {
      return server.getLocalPort();
    }

    int accepted() {
      return accepted.get();
    }

    @Override
    public void close() throws IOException {
      server.close();
      synchronized (held) {
        for (Socket s : held) {
          s.close();
        }
      }
    }
  }
}
