package io.github.ycsbkv.it;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import io.github.ycsbkv.it.Store.Kind;
import org.junit.jupiter.api.Assumptions;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;

/**
 * A RESP server process (Redis, Valkey, KeyDB or Dragonfly): the binary found on PATH, started on a
 * free loopback port in a temporary directory with persistence off, and stopped by {@link #close()}.
 * {@link Store} uses it as its last resort; tests that need server flags of their own (TLS, cluster)
 * use it directly.
 *
 * <p>When the binary is missing the test is skipped with a message naming it, unless the store is
 * listed in {@code -Dit.require=...} or the {@code IT_REQUIRE} environment variable (comma-separated,
 * as {@code .ci/run} sets it), in which case the test fails.
 */
public final class RespServer implements AutoCloseable {

  /** Loopback only, no persistence, in {@code dir}. */
  static List<String> baseArgs(Kind kind, Path dir) {
    if (kind == Kind.DRAGONFLY) {
      // Dragonfly: explicit threads, at least 256 MiB per thread, no snapshot file.
      return List.of("--bind", "127.0.0.1", "--proactor_threads=2", "--maxmemory=1gb", "--dbfilename=",
          "--dir", dir.toString());
    }
    return List.of("--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir.toString(),
        "--daemonize", "no", "--protected-mode", "no");
  }

  private final Kind kind;
  private final int port;
  private final Process process;
  private final Path dir;

  private RespServer(Kind kind, int port, Process process, Path dir) {
    this.kind = kind;
    this.port = port;
    this.process = process;
    this.dir = dir;
  }

  /** Starts a server of {@code kind} with extra command-line arguments, or skips the test. */
  public static RespServer start(Kind kind, String... extraArgs) throws Exception {
    return start(kind, freePort(), true, extraArgs);
  }

  /**
   * Starts a server; with {@code plainPort == false} the port is not passed (for TLS-only servers,
   * whose {@code extraArgs} say {@code --port 0 --tls-port N}) and {@code port} is the TLS port.
   */
  public static RespServer start(Kind kind, int port, boolean plainPort, String... extraArgs) throws Exception {
    Path binary = onPath(kind.binary);
    if (binary == null) {
      String why = kind.binary + " is not on PATH (this test starts the binary itself): skipping it";
      // Required only where nothing but the binary could provide the store: a container pass (the GitHub
      // workflow's) skips these tests where the binary is missing, and says so.
      if (Store.binaryRequired(kind)) {
        fail(why + ", but it.require/IT_REQUIRE lists " + kind.id());
      }
      System.out.println("[it] " + why);
      Assumptions.abort(why);
    }
    StoreBinaries.check(kind.id(), binary);
    Path dir = Files.createTempDirectory("ycsbkv-" + kind.id() + "-");
    List<String> cmd = new ArrayList<>();
    cmd.add(binary.toString());
    cmd.addAll(baseArgs(kind, dir));
    if (plainPort) {
      cmd.addAll(List.of("--port", Integer.toString(port)));
    }
    cmd.addAll(Arrays.asList(extraArgs));
    Process process = new ProcessBuilder(cmd).redirectErrorStream(true)
        .redirectOutput(dir.resolve("server.log").toFile()).start();
    RespServer server = new RespServer(kind, port, process, dir);
    server.awaitListening();
    return server;
  }

  private void awaitListening() throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        fail(kind.binary + " exited at start: " + log());
      }
      try (java.net.Socket s = new java.net.Socket("127.0.0.1", port)) {
        return;
      } catch (IOException e) {
        Thread.sleep(50);
      }
    }
    close();
    fail(kind.binary + " did not listen on " + port + " within 20 s: " + log());
  }

  /** The server's log so far. */
  public String log() {
    try {
      return Files.readString(dir.resolve("server.log"));
    } catch (IOException e) {
      return "(no log: " + e.getMessage() + ")";
    }
  }

  public Kind kind() {
    return kind;
  }

  public int port() {
    return port;
  }

  public Path dir() {
    return dir;
  }

  /** A direct connection through the store's own client (not through the binding). */
  public Jedis jedis() {
    return new Jedis(new HostAndPort("127.0.0.1", port), DefaultJedisClientConfig.builder()
        .socketTimeoutMillis(Store.ADMIN_TIMEOUT_MILLIS).build());
  }

  /** Whether the server process still runs. */
  /** The server's process id (to stop and continue it with signals). */
  public long pid() {
    return process.pid();
  }

  public boolean alive() {
    return process.isAlive();
  }

  /** Stops the server now (as a crash would) and waits for it to exit. */
  public void kill() throws InterruptedException {
    process.destroyForcibly();
    process.waitFor(10, TimeUnit.SECONDS);
  }

  @Override
  public void close() throws Exception {
    process.destroy();
    if (!process.waitFor(10, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      process.waitFor(10, TimeUnit.SECONDS);
    }
    deleteTree(dir);
  }

  /** A port that was free a moment ago on 127.0.0.1 (provision's). */
  public static int freePort() throws IOException {
    return io.github.ycsbkv.provision.LocalServers.freePort();
  }

  /** The executable {@code name} on PATH, or null (provision's). */
  public static Path onPath(String name) {
    return io.github.ycsbkv.provision.LocalServers.onPath(name);
  }

  static void deleteTree(Path dir) {
    io.github.ycsbkv.provision.LocalServers.deleteTree(dir);
  }
}
