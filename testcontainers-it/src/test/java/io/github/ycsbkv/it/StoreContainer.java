package io.github.ycsbkv.it;

import com.aerospike.client.AerospikeClient;
import com.aerospike.client.policy.ClientPolicy;
import com.github.dockerjava.api.model.Ulimit;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.testcontainers.containers.ContainerLaunchException;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.AbstractWaitStrategy;
import org.testcontainers.utility.DockerImageName;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;

/**
 * The container of one store's pinned image, as {@link Store} starts it: the server flags for a test
 * (no persistence), and ready when the store answers its own protocol on the mapped port
 * ({@link Answers}), within {@link #STARTUP_TIMEOUT}.
 */
final class StoreContainer extends GenericContainer<StoreContainer> {

  /** How long a container may take to answer; a first start on a slow machine pulls and starts the image. */
  static final Duration STARTUP_TIMEOUT = Duration.ofMinutes(3);

  private final Store.Kind kind;
  private final boolean memlock;

  /**
   * The container for {@code kind}. {@code memlock}: Dragonfly with {@code memlock=unlimited} (io_uring);
   * without it, Dragonfly is started with {@code --force_epoll}. Ignored for the other stores.
   */
  StoreContainer(Store.Kind kind, boolean memlock) {
    super(DockerImageName.parse(kind.image()));
    this.kind = kind;
    this.memlock = memlock && kind == Store.Kind.DRAGONFLY;
    withExposedPorts(kind.containerPort);
    switch (kind) {
      case REDIS, VALKEY, KEYDB -> withCommand(kind.binary, "--save", "", "--appendonly", "no", "--protected-mode", "no");
      // Explicit threads and 512 MiB per thread (Dragonfly otherwise sizes itself from the host), no snapshot.
      case DRAGONFLY -> {
        if (this.memlock) {
          withCommand("--proactor_threads=2", "--maxmemory=1gb", "--dbfilename=");
          withCreateContainerCmdModifier(cmd -> cmd.getHostConfig()
              .withUlimits(new Ulimit[] {new Ulimit("memlock", -1L, -1L)}));
        } else {
          withCommand("--proactor_threads=2", "--maxmemory=1gb", "--dbfilename=", "--force_epoll");
        }
      }
      // asd exits at start with fewer than 15000 file descriptors. The image's entrypoint configures
      // nsup-period only when DEFAULT_TTL is not 0, and it is 0 by default: without both, Aerospike
      // refuses every write that carries a TTL ("disallowed ttl with nsup-period 0"), as objectcache's do.
      case AEROSPIKE -> withCreateContainerCmdModifier(cmd -> cmd.getHostConfig()
              .withUlimits(new Ulimit[] {new Ulimit("nofile", 15000L, 15000L)}))
          .withEnv("DEFAULT_TTL", "30d")
          .withEnv("NSUP_PERIOD", "120");
      default -> throw new IllegalStateException(kind.toString());
    }
    // The timeout goes on the strategy itself: GenericContainer.withStartupTimeout before waitingFor
    // is lost, as waitingFor replaces the strategy that carried it.
    waitingFor(new Answers(kind).withStartupTimeout(STARTUP_TIMEOUT));
  }

  /** The strategy {@link #start()} waits with. */
  Answers readiness() {
    return (Answers) getWaitStrategy();
  }

  /** Whether this is a Dragonfly container with {@code memlock=unlimited}. */
  boolean memlock() {
    return memlock;
  }

  /** How the store in this container was started, for the {@code [it]} lines and {@link Store#source()}. */
  String describe() {
    if (kind != Store.Kind.DRAGONFLY) {
      return "container " + kind.image();
    }
    return "container " + kind.image() + (memlock ? " (memlock unlimited)" : " (--force_epoll, no memlock)");
  }

  /**
   * The engine's reason when it refused the {@code memlock} ulimit (as engines do whose host cannot raise
   * RLIMIT_MEMLOCK: "error setting rlimit type 8: operation not permitted"), or null for any other failure.
   */
  private static final Pattern MEMLOCK_REFUSED =
      Pattern.compile("error setting rlimit type 8[^\"\\\\\\n}]*");

  static String memlockRefusal(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      String m = t.getMessage();
      Matcher found = m == null ? null : MEMLOCK_REFUSED.matcher(m);
      if (found != null && found.find()) {
        return found.group().strip();
      }
    }
    return null;
  }

  /**
   * Ready when the store answers on the mapped port: PING for the RESP stores, a client that connects for
   * Aerospike. Log lines are not enough: KeyDB 6.3 prints "Ready to accept connections" only when a TLS
   * port is open too, and Aerospike's "service ready" comes before a client can see the namespace.
   * Fails at once, with the container's last output, when the container stops.
   */
  static final class Answers extends AbstractWaitStrategy {
    private final Store.Kind kind;

    Answers(Store.Kind kind) {
      this.kind = kind;
    }

    /** The time {@link #waitUntilReady()} allows. */
    Duration timeout() {
      return startupTimeout;
    }

    @Override
    protected void waitUntilReady() {
      long deadline = System.nanoTime() + startupTimeout.toNanos();
      List<String> attempts = new ArrayList<>();
      while (true) {
        if (!waitStrategyTarget.isRunning()) {
          throw new ContainerLaunchException(kind.image() + " stopped before it answered; its last output: "
              + tail(waitStrategyTarget.getLogs()));
        }
        String failure = probe(waitStrategyTarget.getHost(), waitStrategyTarget.getMappedPort(kind.containerPort));
        if (failure == null) {
          return;
        }
        if (attempts.isEmpty() || !attempts.get(attempts.size() - 1).equals(failure)) {
          attempts.add(failure);
        }
        if (System.nanoTime() > deadline) {
          throw new ContainerLaunchException(kind.image() + " did not answer within " + startupTimeout.toSeconds()
              + " s (" + String.join("; then ", attempts) + "); its last output: " + tail(waitStrategyTarget.getLogs()));
        }
        try {
          TimeUnit.MILLISECONDS.sleep(250);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new ContainerLaunchException("interrupted while waiting for " + kind.image(), e);
        }
      }
    }

    /** Null when the store answers at {@code host:port}, else what went wrong. */
    private String probe(String host, int port) {
      try {
        if (kind.resp()) {
          try (Jedis jedis = new Jedis(new HostAndPort(host, port),
              DefaultJedisClientConfig.builder().connectionTimeoutMillis(2000).socketTimeoutMillis(2000).build())) {
            String reply = jedis.ping();
            return "PONG".equals(reply) ? null : "PING answered " + reply;
          }
        }
        ClientPolicy policy = new ClientPolicy();
        policy.timeout = 2000;
        try (AerospikeClient client = new AerospikeClient(policy, host, port)) {
          return client.isConnected() ? null : "the client did not connect";
        }
      } catch (Exception e) {
        return e.getClass().getSimpleName() + ": " + e.getMessage();
      }
    }

    private static String tail(String logs) {
      String t = logs == null ? "" : logs.strip();
      return t.isEmpty() ? "(none)" : t.substring(Math.max(0, t.length() - 800));
    }
  }
}
