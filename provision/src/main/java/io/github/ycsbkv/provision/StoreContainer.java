package io.github.ycsbkv.provision;

import com.github.dockerjava.api.model.Ulimit;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.SSLContext;
import org.testcontainers.containers.ContainerLaunchException;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.AbstractWaitStrategy;
import org.testcontainers.utility.DockerImageName;

/**
 * The container of one store's image, as {@code ycsb study} and the integration tests start it: no
 * persistence, the server flags the caller adds, ready when the store answers its own protocol on the mapped
 * port ({@link Answers}) within {@link #STARTUP_TIMEOUT}.
 */
public final class StoreContainer extends GenericContainer<StoreContainer> {

  /** How long a container may take to answer; a first start on a slow machine pulls and starts the image. */
  public static final Duration STARTUP_TIMEOUT = Duration.ofMinutes(3);
  /** The RESP servers' open files: room for 16,000 clients (Redis's maxclients is 10,000 by default). */
  static final long OPEN_FILES = 16_384;

  private final ServerKind kind;
  private final String image;
  private final boolean memlock;

  /**
   * The container of {@code image} for {@code kind} with {@code serverArgs} after the image's own (RESP:
   * after {@code --save "" --appendonly no --protected-mode no}; Dragonfly: after {@code --dbfilename=}).
   * {@code memlock}: Dragonfly with {@code memlock=unlimited} (io_uring); without it, Dragonfly is started with
   * {@code --force_epoll}. Ignored for the other stores.
   */
  public StoreContainer(ServerKind kind, String image, boolean memlock, List<String> serverArgs) {
    super(DockerImageName.parse(image));
    this.kind = kind;
    this.image = image;
    this.memlock = memlock && kind == ServerKind.DRAGONFLY;
    withExposedPorts(kind.containerPort());
    List<String> command = new ArrayList<>();
    switch (kind) {
      // Open files as a Linux host gives a server: an engine whose default soft limit is 1,024 caps Redis's
      // maxclients at about a thousand, below what memtier-shaped runs of thousands of clients need.
      case REDIS, VALKEY, KEYDB -> {
        command.addAll(List.of(kind.binary(), "--save", "", "--appendonly", "no", "--protected-mode", "no"));
        withCreateContainerCmdModifier(cmd -> cmd.getHostConfig()
            .withUlimits(new Ulimit[] {new Ulimit("nofile", OPEN_FILES, OPEN_FILES)}));
      }
      case DRAGONFLY -> {
        command.add("--dbfilename=");
        if (this.memlock) {
          withCreateContainerCmdModifier(cmd -> cmd.getHostConfig().withUlimits(new Ulimit[] {
              new Ulimit("memlock", -1L, -1L), new Ulimit("nofile", OPEN_FILES, OPEN_FILES)}));
        } else {
          withCreateContainerCmdModifier(cmd -> cmd.getHostConfig()
              .withUlimits(new Ulimit[] {new Ulimit("nofile", OPEN_FILES, OPEN_FILES)}));
          command.add("--force_epoll");
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
    command.addAll(serverArgs);
    if (!command.isEmpty()) {
      withCommand(command.toArray(String[]::new));
    }
    // The timeout goes on the strategy itself: GenericContainer.withStartupTimeout before waitingFor
    // is lost, as waitingFor replaces the strategy that carried it.
    waitingFor(new Answers(kind, image, null, null).withStartupTimeout(STARTUP_TIMEOUT));
  }

  /** The port the server listens on in the host's network ({@link #hostNetwork}), else 0. */
  private int hostPort;

  /**
   * Runs the container in the host's network (Docker's host networking: no NAT between client and server), its
   * server on {@code port}, which the caller's server flags must name (and bind to loopback).
   */
  public StoreContainer hostNetwork(int port) {
    this.hostPort = port;
    setExposedPorts(List.of());
    withNetworkMode("host");
    return this;
  }

  /** Whether the container shares the host's network. */
  public boolean onHostNetwork() {
    return hostPort > 0;
  }

  /** Checks readiness over TLS trusting {@code tls}, after AUTH with {@code password} (either may be null). */
  public StoreContainer answeringWith(SSLContext tls, String password) {
    waitingFor(new Answers(kind, image, tls, password).withStartupTimeout(STARTUP_TIMEOUT));
    return this;
  }

  /**
   * Starts a container for {@code kind}: Dragonfly first with {@code memlock=unlimited}, and where the engine
   * refuses that (hosts that cannot raise RLIMIT_MEMLOCK) again on epoll, telling {@code say} why.
   * {@code customise} is applied to each container before it starts.
   */
  public static StoreContainer start(ServerKind kind, String image, List<String> serverArgs,
      Consumer<StoreContainer> customise, Consumer<String> say) {
    StoreContainer c = new StoreContainer(kind, image, memlockRefused == null, serverArgs);
    customise.accept(c);
    try {
      c.start();
      return c;
    } catch (RuntimeException e) {
      c.stop();
      String refused = memlockRefusal(e);
      if (!c.memlock() || refused == null) {
        throw e;
      }
      memlockRefused = refused;
      say.accept(kind.id() + ": the Docker engine refused memlock=unlimited (" + refused + "); starting Dragonfly"
          + " without it, on epoll (and so from now on in this process)");
      StoreContainer epoll = new StoreContainer(kind, image, false, serverArgs);
      customise.accept(epoll);
      epoll.start();
      return epoll;
    }
  }

  /** The engine's refusal of memlock=unlimited once it refused it: the next Dragonfly starts on epoll at once. */
  private static volatile String memlockRefused;

  /** The strategy {@link #start()} waits with. */
  public Answers readiness() {
    return (Answers) getWaitStrategy();
  }

  /** Whether this is a Dragonfly container with {@code memlock=unlimited}. */
  public boolean memlock() {
    return memlock;
  }

  public ServerKind kind() {
    return kind;
  }

  /** How the store in this container was started. */
  public String describe() {
    if (kind != ServerKind.DRAGONFLY) {
      return "container " + image;
    }
    return "container " + image + (memlock ? " (memlock unlimited)" : " (--force_epoll, no memlock)");
  }

  /**
   * Null while the container runs; else how it stopped: its exit code, whether the engine's OOM killer stopped it,
   * and the last line of its output.
   */
  String stopped() {
    try {
      var state = getDockerClient().inspectContainerCmd(getContainerId()).exec().getState();
      if (Boolean.TRUE.equals(state.getRunning())) {
        return null;
      }
      String[] lines = getLogs().strip().split("\\R");
      return describe() + " stopped with exit code " + state.getExitCodeLong()
          + (Boolean.TRUE.equals(state.getOOMKilled()) ? " (killed for want of memory: OOMKilled)" : "")
          + "; its output's last line: " + lines[lines.length - 1];
    } catch (RuntimeException e) {
      return describe() + " is gone: " + e.getMessage();
    }
  }

  /** The port on the host that reaches the server: its own with host networking, else the one Docker mapped. */
  public int port() {
    return hostPort > 0 ? hostPort : getMappedPort(kind.containerPort());
  }

  /** The host that reaches the server: loopback with host networking, else Testcontainers' host. */
  public String hostName() {
    return hostPort > 0 ? "127.0.0.1" : getHost();
  }

  /**
   * The engine's reason when it refused the {@code memlock} ulimit (as engines do whose host cannot raise
   * RLIMIT_MEMLOCK: "error setting rlimit type 8: operation not permitted"), or null for any other failure.
   */
  private static final Pattern MEMLOCK_REFUSED =
      Pattern.compile("error setting rlimit type 8[^\"\\\\\\n}]*");

  public static String memlockRefusal(Throwable e) {
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
   * Ready when the store answers on the mapped port: PING for the RESP stores, Aerospike's info protocol with
   * a partition generation. Log lines are not enough: KeyDB 6.3 prints "Ready to accept connections" only when
   * a TLS port is open too, and Aerospike's "service ready" comes before a client can see the namespace.
   * Fails at once, with the container's last output, when the container stops.
   */
  public static final class Answers extends AbstractWaitStrategy {
    private final ServerKind kind;
    private final String image;
    private final SSLContext tls;
    private final String password;

    Answers(ServerKind kind, String image, SSLContext tls, String password) {
      this.kind = kind;
      this.image = image;
      this.tls = tls;
      this.password = password;
    }

    /** The time {@link #waitUntilReady()} allows. */
    public Duration timeout() {
      return startupTimeout;
    }

    @Override
    protected void waitUntilReady() {
      long deadline = System.nanoTime() + startupTimeout.toNanos();
      List<String> attempts = new ArrayList<>();
      while (true) {
        if (!waitStrategyTarget.isRunning()) {
          throw new ContainerLaunchException(image + " stopped before it answered; its last output: "
              + tail(waitStrategyTarget.getLogs()));
        }
        String failure = waitStrategyTarget instanceof StoreContainer c ? probe(c.hostName(), c.port())
            : probe(waitStrategyTarget.getHost(), waitStrategyTarget.getMappedPort(kind.containerPort()));
        if (failure == null) {
          return;
        }
        if (attempts.isEmpty() || !attempts.get(attempts.size() - 1).equals(failure)) {
          attempts.add(failure);
        }
        if (System.nanoTime() > deadline) {
          throw new ContainerLaunchException(image + " did not answer within " + startupTimeout.toSeconds()
              + " s (" + String.join("; then ", attempts) + "); its last output: " + tail(waitStrategyTarget.getLogs()));
        }
        try {
          TimeUnit.MILLISECONDS.sleep(250);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new ContainerLaunchException("interrupted while waiting for " + image, e);
        }
      }
    }

    /** Null when the store answers at {@code host:port}, else what went wrong. */
    private String probe(String host, int port) {
      try {
        if (kind.resp()) {
          return Probes.pong(host, port, tls, password) ? null : "PING not answered with PONG";
        }
        return Probes.aerospikeReady(host, port) ? null : "no partition generation yet";
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
