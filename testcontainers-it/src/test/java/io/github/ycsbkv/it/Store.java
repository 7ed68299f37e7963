package io.github.ycsbkv.it;

import static org.junit.jupiter.api.Assertions.fail;

import com.aerospike.client.AerospikeClient;
import com.aerospike.client.policy.ClientPolicy;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import io.github.ycsbkv.provision.Containers;
import io.github.ycsbkv.provision.ServerKind;
import io.github.ycsbkv.provision.StoreContainer;
import org.testcontainers.DockerClientFactory;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;

/**
 * One store for one test class, provisioned in this order:
 * <ol>
 *   <li>an address the user gives: {@code -Dit.<store>.url=redis://host:port} for the RESP stores,
 *       {@code -Dit.aerospike.url=host:port} for Aerospike (or the environment variable
 *       {@code IT_<STORE>_URL}). The tests write to it and the RESP tests flush it: give a scratch server;</li>
 *   <li>a Testcontainers container where a Docker engine answers (pinned, multi-arch images; override
 *       one with {@code -Dit.<store>.image=...}; {@code -Dit.docker=false} skips this step);</li>
 *   <li>the server binary on PATH, started on a free loopback port in a temporary directory with no
 *       persistence ({@link RespServer}, {@link AsdProcess});</li>
 *   <li>otherwise the test class is skipped with a message naming what was missing, or fails when
 *       the store is listed in {@code -Dit.require=...} / {@code IT_REQUIRE}.</li>
 * </ol>
 * {@code -Dit.provision=given|container|binary} (or {@code IT_PROVISION}) allows only that one way, so that a
 * run meant to test the container path cannot pass on binaries ({@link #choose}).
 */
public final class Store implements AutoCloseable {

  /** The five stores: binding name, server binary, image and port inside the container (provision's). */
  public enum Kind {
    REDIS(ServerKind.REDIS), VALKEY(ServerKind.VALKEY), KEYDB(ServerKind.KEYDB), DRAGONFLY(ServerKind.DRAGONFLY),
    AEROSPIKE(ServerKind.AEROSPIKE);

    final String binary;
    final int containerPort;
    private final ServerKind server;

    Kind(ServerKind server) {
      this.server = server;
      this.binary = server.binary();
      this.containerPort = server.containerPort();
    }

    /** The binding name, also the name in {@code it.require} and in the {@code it.<id>.*} properties. */
    public String id() {
      return server.id();
    }

    /** The image to use: {@code -Dit.<id>.image} or the pinned default. */
    public String image() {
      return System.getProperty("it." + id() + ".image", server.image());
    }

    /** Whether this is a RESP store (every kind but Aerospike). */
    public boolean resp() {
      return server.resp();
    }

    /** The same server as module provision names it. */
    public ServerKind server() {
      return server;
    }
  }

  private final Kind kind;
  private final String host;
  private final int port;
  private final String source;
  private final AutoCloseable owned;
  private final Killer killer;

  @FunctionalInterface
  private interface Killer {
    void kill() throws Exception;
  }

  private Store(Kind kind, String host, int port, String source, AutoCloseable owned, Killer killer) {
    this.kind = kind;
    this.host = host;
    this.port = port;
    this.source = source;
    this.owned = owned;
    this.killer = killer;
  }

  /** Which ways the tests may take to a store: {@code -Dit.provision} or {@code IT_PROVISION}. */
  enum Provision {
    /** The given address, else a container, else the binary on PATH (the default). */
    AUTO,
    /** Only the address given with {@code it.<store>.url}. */
    GIVEN,
    /** Only a container: a run meant to test the container path cannot pass on binaries. */
    CONTAINER,
    /** Only the server binary on PATH. */
    BINARY;

    static Provision configured() {
      String text = System.getProperty("it.provision", System.getenv().getOrDefault("IT_PROVISION", "auto"));
      try {
        return valueOf(text.trim().toUpperCase(Locale.ROOT));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("it.provision=" + text + ": expected auto, given, container or binary");
      }
    }
  }

  /** The way to take to a store, or none (then {@code why} says what was missing). */
  enum Step { GIVEN, CONTAINER, BINARY, NONE }

  /** What {@link #choose} decided: a step, or none and why, and whether that fails the test rather than skips it. */
  record Choice(Step step, String why, boolean fails) {}

  /**
   * The provisioning decision, from what is there: {@code given} the address given (or null),
   * {@code dockerReason} why no container can be started (null when a Docker engine answers),
   * {@code binary} whether the server binary is on PATH, {@code required} whether it.require lists the store.
   */
  static Choice choose(Kind kind, Provision mode, String given, String dockerReason, boolean binary, boolean required) {
    boolean hasGiven = given != null && !given.isBlank();
    String id = kind.id();
    String missing = switch (mode) {
      case AUTO -> hasGiven || dockerReason == null || binary ? null
          : "no it." + id + ".url given, " + dockerReason + ", and " + kind.binary + " is not on PATH";
      case GIVEN -> hasGiven ? null : "it.provision=given, but no it." + id + ".url (or IT_" + kind.name() + "_URL) is given";
      case CONTAINER -> dockerReason == null ? null : "it.provision=container, but " + dockerReason;
      case BINARY -> binary ? null : "it.provision=binary, but " + kind.binary + " is not on PATH";
    };
    if (missing != null) {
      return new Choice(Step.NONE, missing + ": skipping " + id + " tests", required);
    }
    Step step = switch (mode) {
      case AUTO -> hasGiven ? Step.GIVEN : dockerReason == null ? Step.CONTAINER : Step.BINARY;
      case GIVEN -> Step.GIVEN;
      case CONTAINER -> Step.CONTAINER;
      case BINARY -> Step.BINARY;
    };
    return new Choice(step, null, false);
  }

  /** Provisions {@code kind} (see the class comment), or skips the calling test class saying why. */
  public static Store provision(Kind kind) throws Exception {
    String given = givenUrl(kind);
    Choice choice = choose(kind, RespServer.onPath(kind.binary) != null);
    switch (choice.step()) {
      case GIVEN:
        return given(kind, given.trim());
      case CONTAINER:
        return container(kind);
      case BINARY:
        return kind.resp() ? binary(kind) : asd();
      default:
        if (choice.fails()) {
          fail(choice.why() + ", but it.require/IT_REQUIRE lists " + kind.id());
        }
        System.out.println("[it] " + choice.why());
        Assumptions.abort(choice.why());
        throw new AssertionError("unreachable");
    }
  }

  /**
   * Whether a test of the server binary itself (starting it with flags of its own) must fail rather than
   * skip when the binary is missing: the store is required and nothing but the binary could provide it.
   */
  static boolean binaryRequired(Kind kind) {
    return choose(kind, false).fails();
  }

  private static Choice choose(Kind kind, boolean binary) {
    Provision mode = Provision.configured();
    String docker = mode == Provision.AUTO || mode == Provision.CONTAINER ? dockerUnavailableReason() : "not asked";
    if (docker == null && noContainerImage(kind.id())) {
      docker = "this pass has no container image for " + kind.id() + " (it.container.missing)";
    }
    return choose(kind, mode, givenUrl(kind), docker, binary, required(kind.id()));
  }

  private static String givenUrl(Kind kind) {
    return System.getProperty("it." + kind.id() + ".url", System.getenv("IT_" + kind.name() + "_URL"));
  }

  private static Store given(Kind kind, String text) {
    String host;
    int port;
    if (kind.resp()) {
      URI uri = URI.create(text);
      host = uri.getHost();
      port = uri.getPort() < 0 ? 6379 : uri.getPort();
    } else {
      int colon = text.lastIndexOf(':');
      host = colon < 0 ? text : text.substring(0, colon);
      port = colon < 0 ? 3000 : Integer.parseInt(text.substring(colon + 1));
    }
    System.out.println("[it] " + kind.id() + ": using the given server " + host + ":" + port);
    return new Store(kind, host, port, "given " + host + ":" + port, null, null);
  }

  private static Store binary(Kind kind) throws Exception {
    RespServer server = RespServer.start(kind);
    System.out.println("[it] " + kind.id() + ": started " + kind.binary + " on 127.0.0.1:" + server.port());
    return new Store(kind, "127.0.0.1", server.port(), "binary " + kind.binary, server, server::kill);
  }

  private static Store asd() throws Exception {
    AsdProcess asd = AsdProcess.start();
    System.out.println("[it] aerospike: started asd on 127.0.0.1:" + asd.port());
    Store store = new Store(Kind.AEROSPIKE, "127.0.0.1", asd.port(), "binary asd", asd, asd::kill);
    store.awaitAerospike(asd::exitReason, asd::log);
    return store;
  }

  private static Store container(Kind kind) {
    // Explicit threads and 512 MiB per thread for Dragonfly (it otherwise sizes itself from the host).
    StoreContainer c = StoreContainer.start(kind.server(), kind.image(), kind == Kind.DRAGONFLY
        ? List.of("--proactor_threads=2", "--maxmemory=1gb") : List.of(), each -> { }, line -> System.out.println(
            "[it] " + line));
    String host = c.getHost();
    int port = c.port();
    System.out.println("[it] " + kind.id() + ": started " + c.describe() + " at " + host + ":" + port);
    return new Store(kind, host, port, c.describe(), c::stop,
        () -> DockerClientFactory.instance().client().killContainerCmd(c.getContainerId()).exec());
  }

  /**
   * The ready line is not enough: waits until a client connects and sees the namespace. Fails at once,
   * with the server's own reason, when {@code exitReason} says the server is gone.
   */
  private void awaitAerospike(java.util.function.Supplier<String> exitReason, java.util.function.Supplier<String> log)
      throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    Exception last = null;
    while (System.nanoTime() < deadline) {
      String exited = exitReason.get();
      if (exited != null) {
        close();
        fail("Aerospike at " + address() + " did not start: " + exited);
      }
      try (AerospikeClient client = aerospike()) {
        if (client.isConnected()) {
          return;
        }
      } catch (Exception e) {
        last = e;
      }
      Thread.sleep(200);
    }
    String tail = log.get();
    close();
    fail("Aerospike at " + address() + " did not accept a client within 60 s (" + last + "): " + tail);
  }

  /** Why Testcontainers cannot be used here, with Testcontainers' own cause, or null when a Docker engine answers. */
  static synchronized String dockerUnavailableReason() {
    if (dockerReason == null) {
      if (!Boolean.parseBoolean(System.getProperty("it.docker", "true"))) {
        dockerReason = "it.docker=false";
      } else {
        if (Provision.configured() == Provision.CONTAINER) {
          // Containers were asked for: let Testcontainers say what it tried (its log is off otherwise).
          System.setProperty("org.slf4j.simpleLogger.log.org.testcontainers.dockerclient", "info");
        }
        String reason = Containers.dockerUnavailable();
        dockerReason = reason == null ? "" : reason;
      }
      if (!dockerReason.isEmpty()) {
        System.out.println("[it] containers: " + dockerReason);
      }
    }
    return dockerReason.isEmpty() ? null : dockerReason;
  }

  private static String dockerReason;

  /**
   * Whether {@code -Dit.container.missing} (or {@code IT_CONTAINER_MISSING}) lists {@code id}: a store whose
   * container image the machine could not build (CI says why), so that its tests skip in a container pass.
   */
  static boolean noContainerImage(String id) {
    return listed("it.container.missing", "IT_CONTAINER_MISSING", id);
  }

  /** Whether {@code id} is listed in {@code -Dit.require} or {@code IT_REQUIRE}. */
  static boolean required(String id) {
    return listed("it.require", "IT_REQUIRE", id);
  }

  /** Whether the comma-separated list in system property {@code property} (else {@code env}) names {@code id}. */
  private static boolean listed(String property, String env, String id) {
    String list = System.getProperty(property, System.getenv().getOrDefault(env, ""));
    for (String s : list.split(",")) {
      if (s.trim().equalsIgnoreCase(id)) {
        return true;
      }
    }
    return false;
  }

  public Kind kind() {
    return kind;
  }

  public String host() {
    return host;
  }

  public int port() {
    return port;
  }

  /** {@code host:port}, as the bindings print it in their messages. */
  public String address() {
    return host + ":" + port;
  }

  /** Where the store came from: {@code given ...}, {@code container <image>} or {@code binary <name>}. */
  public String source() {
    return source;
  }

  /**
   * How long the tests' own connections wait for a reply: Jedis's default of 2 s is broken by a machine loaded enough
   * (an INFO answered after it on a 2-core machine running three benchmarks besides), which says nothing of the code.
   */
  public static final int ADMIN_TIMEOUT_MILLIS = 60_000;

  /** A direct connection to a RESP store through its own client (not through a binding). */
  public Jedis jedis() {
    return new Jedis(new HostAndPort(host, port), DefaultJedisClientConfig.builder()
        .socketTimeoutMillis(ADMIN_TIMEOUT_MILLIS).build());
  }

  /** A direct connection to Aerospike through its own client (not through the binding). */
  public AerospikeClient aerospike() {
    ClientPolicy policy = new ClientPolicy();
    policy.timeout = ADMIN_TIMEOUT_MILLIS;
    for (com.aerospike.client.policy.Policy p : List.of(policy.readPolicyDefault, policy.writePolicyDefault,
        policy.scanPolicyDefault, policy.queryPolicyDefault, policy.batchPolicyDefault)) {
      p.totalTimeout = ADMIN_TIMEOUT_MILLIS;
      p.socketTimeout = ADMIN_TIMEOUT_MILLIS;
    }
    policy.infoPolicyDefault.timeout = ADMIN_TIMEOUT_MILLIS;
    return new AerospikeClient(policy, host, port);
  }

  /** The binding properties that point at this store. */
  public String[] bindingProps() {
    return switch (kind) {
      case REDIS, VALKEY, KEYDB -> new String[] {"redis.host=" + host, "redis.port=" + port};
      case DRAGONFLY -> new String[] {"dragonfly.host=" + host, "dragonfly.port=" + port};
      case AEROSPIKE -> new String[] {"as.host=" + host + ":" + port};
    };
  }

  /** Whether {@link #kill()} can stop the server (not for a server the user gave). */
  public boolean killable() {
    return killer != null;
  }

  /** Stops the server at once, as a crash would. */
  public void kill() throws Exception {
    if (killer == null) {
      throw new IllegalStateException("a given server is not stopped by the tests");
    }
    killer.kill();
  }

  @Override
  public void close() throws Exception {
    if (owned != null) {
      owned.close();
    }
  }

  /**
   * An {@code asd} process in the foreground: the configuration in {@code AEROSPIKE_IT_CONF}, or a
   * generated one that Aerospike 7 and 8 accept (8.x refuses to start without {@code cluster-name}).
   */
  static final class AsdProcess implements AutoCloseable {
    private static final Pattern SERVICE_PORT = Pattern.compile("service\\s*\\{[^}]*?\\bport\\s+(\\d+)", Pattern.DOTALL);
    /** asd's own lines that say why it stopped ({@code CRITICAL}, and the {@code FAILED ASSERTION}s before one). */
    private static final Pattern FATAL = Pattern.compile("^.*\\b(CRITICAL|FAILED ASSERTION)\\b.*$", Pattern.MULTILINE);

    /** asd's line when a port it is to bind is taken: "Socket 127.0.0.1:PORT in use, waiting". */
    private static final Pattern PORT_TAKEN = Pattern.compile("^.*\\bin use, waiting\\b.*$", Pattern.MULTILINE);

    private final Process process;
    private final Path dir;
    private final int port;

    private AsdProcess(Process process, Path dir, int port) {
      this.process = process;
      this.dir = dir;
      this.port = port;
    }

    static AsdProcess start() throws Exception {
      Path dir = Files.createTempDirectory("ycsbkv-aerospike-");
      String given = System.getenv("AEROSPIKE_IT_CONF");
      Path conf;
      int port;
      if (given != null && !given.isBlank()) {
        conf = Path.of(given);
        Matcher m = SERVICE_PORT.matcher(Files.readString(conf));
        port = m.find() ? Integer.parseInt(m.group(1)) : 3000;
      } else {
        port = RespServer.freePort();
        conf = dir.resolve("aerospike.conf");
        Files.writeString(conf, generatedConfig(dir, port));
      }
      return start(conf, dir, port);
    }

    /** Starts {@code asd} on {@code conf}, its console output in {@code dir/stdout.log}. */
    static AsdProcess start(Path conf, Path dir, int port) throws IOException {
      Path asd = RespServer.onPath("asd");
      StoreBinaries.check("aerospike", asd);
      Process p = new ProcessBuilder(asd.toString(), "--foreground", "--config-file",
          conf.toString()).redirectErrorStream(true).redirectOutput(dir.resolve("stdout.log").toFile()).start();
      return new AsdProcess(p, dir, port);
    }

    /** The configuration {@code ycsb study} starts asd with ({@code LocalServers}), with 1 GB of data. */
    static String generatedConfig(Path dir, int port) throws Exception {
      return io.github.ycsbkv.provision.AerospikeConfig.server(dir, port, "1G");
    }

    int port() {
      return port;
    }

    /**
     * Null while asd runs; once it exited, its exit code and the lines of its own logs that say why; while it waits
     * for a port that another socket holds (asd does not exit then, it retries every 5 s for ever), that line.
     */
    String exitReason() {
      if (process.isAlive()) {
        Matcher waiting = PORT_TAKEN.matcher(log());
        return waiting.find() ? "asd is waiting for a port another socket holds: " + waiting.group().trim() : null;
      }
      String logs = log();
      Matcher m = FATAL.matcher(logs);
      List<String> lines = new ArrayList<>();
      while (m.find()) {
        lines.add(m.group().trim());
      }
      String tail = logs.strip();
      tail = tail.substring(Math.max(0, tail.length() - 600));
      return "asd exited with code " + process.exitValue() + ": "
          + (lines.isEmpty() ? "(no CRITICAL line; last output: " + tail + ")" : String.join(" | ", lines));
    }

    /** asd's console output, then its log file (where the generated configuration sends its log). */
    String log() {
      StringBuilder sb = new StringBuilder();
      for (String name : List.of("stdout.log", "asd.log")) {
        Path f = dir.resolve(name);
        if (Files.exists(f)) {
          try {
            sb.append(Files.readString(f));
          } catch (IOException e) {
            sb.append("(cannot read ").append(f).append(": ").append(e.getMessage()).append(")\n");
          }
        }
      }
      return sb.length() == 0 ? "(no log in " + dir + ")" : sb.toString();
    }

    void kill() throws InterruptedException {
      process.destroyForcibly();
      process.waitFor(10, TimeUnit.SECONDS);
    }

    @Override
    public void close() throws Exception {
      process.destroy();
      if (!process.waitFor(20, TimeUnit.SECONDS)) {
        kill();
      }
      RespServer.deleteTree(dir);
    }
  }
}
