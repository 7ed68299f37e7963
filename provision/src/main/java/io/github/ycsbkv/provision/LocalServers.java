package io.github.ycsbkv.provision;

import io.github.ycsbkv.internal.provision.Provisioner;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.testcontainers.utility.MountableFile;

/**
 * The stores' servers started for {@code ycsb study}: a container of the store's pinned image when a Docker
 * engine answers ({@link StoreContainer}), else its binary on PATH on a free loopback port in a temporary
 * directory; persistence off, the study's I/O threads (capped at this machine's cores by the caller), TLS
 * only with a throw-away CA when asked; ready when the server answers its own protocol; stopped and removed
 * by {@code close()}.
 */
public final class LocalServers implements Provisioner {

  private static final long READY_SECONDS = 60;
  /** Where a container's TLS files are copied. */
  private static final String TLS_DIR = "/tls/";

  /** Per store and way, why it cannot serve TLS here ("" when it can), found once by starting it. */
  private static final Map<String, String> TLS_SUPPORT = new ConcurrentHashMap<>();

  static {
    // Testcontainers logs its own retries and failures at ERROR, with stack traces; the study says in one line
    // what failed and why (its causes), so its log stays off unless the user turns it on.
    for (String logger : List.of("org.testcontainers", "tc", "com.github.dockerjava")) {
      String key = "org.slf4j.simpleLogger.log." + logger;
      if (System.getProperty(key) == null) {
        System.setProperty(key, "off");
      }
    }
  }

  /** Public no-argument constructor, for the ServiceLoader. */
  public LocalServers() {}

  @Override
  public String unavailable(Request request) {
    ServerKind kind = ServerKind.of(request.store());
    if (kind == null) {
      return "no server is known for '" + request.store() + "'";
    }
    if (request.nodes() > 1) {
      String why = LocalClusters.replicasUnavailable(kind, request.replicas());
      return why != null ? why : LocalClusters.unavailable(kind, request);
    }
    if (request.replicas() > 0) {
      return LocalReplicas.unavailable(kind, request);
    }
    boolean container;
    switch (request.way()) {
      case CONTAINER -> {
        String docker = Containers.dockerUnavailable();
        if (docker != null) {
          return docker;
        }
        container = true;
      }
      case BINARY -> {
        if (onPath(kind.binary()) == null) {
          return kind.binary() + " is not on PATH";
        }
        container = false;
      }
      default -> {
        String docker = Containers.dockerUnavailable();
        if (docker != null && onPath(kind.binary()) == null) {
          return docker + " and " + kind.binary() + " is not on PATH";
        }
        container = docker == null;
      }
    }
    if (!request.tls()) {
      return null;
    }
    if (kind == ServerKind.AEROSPIKE) {
      return "Aerospike Community Edition has no TLS (an Enterprise feature)";
    }
    if (onPath("openssl") == null) {
      return "openssl is not on PATH (it makes the throw-away CA)";
    }
    String why = TLS_SUPPORT.computeIfAbsent(kind + (container ? " container" : " binary"), k -> tryTls(kind, container));
    return why.isEmpty() ? null : why;
  }

  /** Starts {@code kind} serving TLS once, to see whether it can ("" when it answers). */
  private static String tryTls(ServerKind kind, boolean container) {
    try (Provisioned server = container ? container(kind, 0, true, null, null) : binary(kind, 0, true, null, null)) {
      return "";
    } catch (IOException | RuntimeException e) {
      // The server's own line about it (a bad directive, no TLS support), without its "pid:role date time
      // level" prefix; else the last line it wrote.
      List<String> lines = new ArrayList<>();
      for (Throwable t = e; t != null; t = t.getCause()) {
        String.valueOf(t.getMessage()).lines().map(String::strip).filter(l -> !l.isEmpty()).forEach(lines::add);
      }
      String last = lines.stream().filter(l -> l.matches("(?i).*(tls|directive).*") && !l.contains(" did not start")
          && !l.contains("stopped before")).reduce((a, b) -> b).orElse(lines.isEmpty() ? "" : lines.get(lines.size() - 1))
          .replaceFirst("^\\d+:[A-Z] \\d+ \\w+ \\d+ [\\d:.]+ [.*#-] ", "");
      return (container ? "the " + kind.image() + " container" : kind.binary() + " on PATH") + " cannot serve TLS"
          + " (built without it?); started with --tls-port it said: " + last;
    }
  }

  @Override
  public Provisioned start(Request request) throws IOException {
    String why = unavailable(request);
    if (why != null) {
      throw new IOException("cannot start " + request.store() + (request.tls() ? " with TLS" : "") + ": " + why);
    }
    ServerKind kind = ServerKind.of(request.store());
    boolean container = request.way() == Way.CONTAINER
        || (request.way() == Way.AUTO && Containers.dockerUnavailable() == null);
    String prefix = keyPrefix(kind, request.binding());
    if (request.nodes() > 1) {
      return LocalClusters.start(kind, request.nodes(), request.replicas(), request.ioThreads(), prefix);
    }
    if (request.replicas() > 0) {
      return LocalReplicas.start(kind, request.replicas(), request.ioThreads(), prefix, request.cpus());
    }
    return container ? container(kind, request.ioThreads(), request.tls(), prefix, request.cpus())
        : binary(kind, request.ioThreads(), request.tls(), prefix, request.cpus());
  }

  /**
   * The key prefix of the binding that connects ({@code dragonfly.} or {@code redis.}; Aerospike's keys are its
   * own), or of the store's own binding when none is named: null means the store's own.
   */
  static String keyPrefix(ServerKind kind, String binding) {
    String b = binding != null ? binding : kind == ServerKind.DRAGONFLY ? "dragonfly" : "redis";
    return b.equals("dragonfly") ? "dragonfly." : "redis.";
  }

  /** The server flags for I/O threads (0 or less: the server's own default). */
  private static List<String> threadArgs(ServerKind kind, int threads) {
    return switch (kind) {
      case REDIS, VALKEY -> threads > 1 ? List.of("--io-threads", Integer.toString(threads)) : List.of();
      case KEYDB -> threads > 0 ? List.of("--server-threads", Integer.toString(threads)) : List.of();
      case DRAGONFLY -> threads > 0 ? List.of("--proactor_threads=" + threads) : List.of();
      case AEROSPIKE -> List.of();
    };
  }

  /**
   * The TLS flags: TLS only on {@code port} for the RESP servers; Dragonfly, which refuses TLS without some
   * authentication, also gets {@code password}. {@code files}: where the server sees the CA's files.
   */
  private static List<String> tlsArgs(ServerKind kind, int port, String files, String password) {
    if (kind == ServerKind.DRAGONFLY) {
      return List.of("--tls", "--tls_cert_file=" + files + "server.pem", "--tls_key_file=" + files + "server.key",
          "--requirepass=" + password);
    }
    return List.of("--port", "0", "--tls-port", Integer.toString(port), "--tls-cert-file", files + "server.pem",
        "--tls-key-file", files + "server.key", "--tls-ca-cert-file", files + "ca.pem", "--tls-auth-clients", "no");
  }

  private static Provisioned container(ServerKind kind, int ioThreads, boolean tls, String prefix, String cpus)
      throws IOException {
    Path dir = Files.createTempDirectory("ycsbkv-" + kind.id() + "-");
    try {
      ThrowAwayCa ca = tls ? ThrowAwayCa.create(dir.resolve("tls")) : null;
      String password = tls && kind == ServerKind.DRAGONFLY ? UUID.randomUUID().toString() : null;
      List<String> args = new ArrayList<>(threadArgs(kind, ioThreads));
      // Host networking where the engine shares this machine's network, as the memtier study ran its servers: no
      // NAT between client and server; the server on a free port of loopback. Aerospike's image keeps its ports.
      int hostPort = kind != ServerKind.AEROSPIKE && Containers.hostNetworking() ? freePort() : 0;
      int port = hostPort > 0 ? hostPort : kind.containerPort();
      if (hostPort > 0 && kind == ServerKind.DRAGONFLY) {
        args.addAll(List.of("--bind=127.0.0.1", "--port=" + port));
      } else if (hostPort > 0) {
        args.addAll(List.of("--bind", "127.0.0.1"));
        if (ca == null) {
          args.addAll(List.of("--port", Integer.toString(port))); // with TLS, the TLS flags name the port
        }
      }
      if (ca != null) {
        args.addAll(tlsArgs(kind, port, TLS_DIR, password));
      }
      StoreContainer c = StoreContainer.start(kind, kind.image(), args, each -> {
        if (hostPort > 0) {
          each.hostNetwork(hostPort);
        }
        if (cpus != null) {
          each.withCreateContainerCmdModifier(cmd -> cmd.getHostConfig().withCpusetCpus(cpus));
        }
        if (ca != null) {
          for (Path file : List.of(ca.caCert(), ca.serverCert(), ca.serverKey())) {
            // The server runs as the image's own user: the throw-away key is readable to it.
            each.withCopyFileToContainer(MountableFile.forHostPath(file, 0644), TLS_DIR + file.getFileName());
          }
          try {
            each.answeringWith(ca.clientContext(), password);
          } catch (IOException e) {
            throw new IllegalStateException(e.getMessage(), e);
          }
        }
      }, line -> System.err.println("ycsb-kv study: " + line));
      String description = kind.id() + (ca == null ? "" : " (TLS only, throw-away CA)") + " started in "
          + c.describe() + (cpus == null ? "" : " pinned to CPUs " + cpus + " (--cpuset-cpus)")
          + (c.onHostNetwork() ? " with host networking" : "") + " at " + c.hostName() + ":" + c.port() + ": "
          + (c.getCommandParts().length == 0
              ? "the image's own command, with " + new java.util.TreeMap<>(c.getEnvMap())
              : masked(shown(List.of(c.getCommandParts())), password));
      return new Running(kind, prefix, c.hostName(), c.port(), ca, password, description, dir, c::stop,
          c::stopped);
    } catch (IOException | RuntimeException e) {
      deleteTree(dir);
      if (e instanceof IOException io) {
        throw io;
      }
      throw new IOException(kind.image() + " did not start: " + Containers.causes(e), e);
    }
  }

  private static Provisioned binary(ServerKind kind, int ioThreads, boolean tls, String prefix, String cpus)
      throws IOException {
    return binary(kind, ioThreads, tls, prefix, freePort(), List.of(), null, cpus);
  }

  /**
   * One server from its binary on {@code port}, with {@code extra} flags after the usual ones (a cluster node's), and
   * for Aerospike the configuration {@code aerospikeConfig} writes for its directory (null: the standalone one).
   */
  static Running binary(ServerKind kind, int ioThreads, boolean tls, String prefix, int port, List<String> extra,
      java.util.function.Function<Path, String> aerospikeConfig) throws IOException {
    return binary(kind, ioThreads, tls, prefix, port, extra, aerospikeConfig, null);
  }

  /**
   * As above, pinned to {@code cpus} with {@code taskset -c} (null: not pinned); without taskset on PATH the server
   * is not started, and the exception says why.
   */
  static Running binary(ServerKind kind, int ioThreads, boolean tls, String prefix, int port, List<String> extra,
      java.util.function.Function<Path, String> aerospikeConfig, String cpus) throws IOException {
    Path taskset = cpus == null ? null : onPath("taskset");
    if (cpus != null && taskset == null) {
      throw new IOException("taskset is not on PATH (it pins the server to CPUs " + cpus + "; Debian's util-linux)");
    }
    Path dir = Files.createTempDirectory("ycsbkv-" + kind.id() + "-");
    ThrowAwayCa ca = null;
    String password = null;
    List<String> cmd = new ArrayList<>();
    try {
      ca = tls ? ThrowAwayCa.create(dir.resolve("tls")) : null;
      if (taskset != null) {
        cmd.addAll(List.of(taskset.toString(), "-c", cpus));
      }
      cmd.add(onPath(kind.binary()).toString());
      switch (kind) {
        case REDIS, VALKEY, KEYDB -> {
          cmd.addAll(List.of("--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir.toString()));
          cmd.addAll(ca == null ? List.of("--port", Integer.toString(port))
              : tlsArgs(kind, port, dir.resolve("tls") + File.separator, null));
        }
        case DRAGONFLY -> {
          cmd.addAll(List.of("--bind=127.0.0.1", "--port=" + port, "--dbfilename=", "--dir=" + dir,
              "--version_check=false", "--logtostderr"));
          if (ca != null) {
            password = UUID.randomUUID().toString();
            cmd.addAll(tlsArgs(kind, port, dir.resolve("tls") + File.separator, password));
          }
        }
        case AEROSPIKE -> {
          Path conf = dir.resolve("aerospike.conf");
          Files.writeString(conf, aerospikeConfig == null ? AerospikeConfig.server(dir, port, AerospikeConfig.dataSize())
              : aerospikeConfig.apply(dir));
          cmd.addAll(List.of("--foreground", "--config-file", conf.toString()));
        }
        default -> throw new IllegalStateException(kind.name());
      }
      cmd.addAll(threadArgs(kind, ioThreads));
      cmd.addAll(extra);
    } catch (IOException | RuntimeException e) {
      deleteTree(dir);
      throw e;
    }
    Path log = dir.resolve("server.log");
    Process process = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    Live.add(process);
    String description = kind.id() + (ca == null ? "" : " (TLS only, throw-away CA)") + " started on 127.0.0.1:"
        + port + ": " + masked(shown(cmd), password);
    Running server = new Running(kind, prefix, "127.0.0.1", port, ca, password, description, dir, () -> stop(process),
        () -> process.isAlive() ? null : ended(kind, port, process.exitValue(), log, dir.resolve("asd.log")));
    try {
      awaitReady(server, process, log);
    } catch (IOException e) {
      server.close();
      throw e;
    }
    return server;
  }

  /**
   * How a server's process ended: its exit status, or the signal that killed it (the JVM reports 128 + the signal),
   * and the last two lines of its log, each cut to 200 characters.
   */
  static String ended(ServerKind kind, int port, int status, Path... logs) {
    String how = status > 128 && status < 160 ? "was killed by signal " + (status - 128) + (status - 128 == 9
        ? " (SIGKILL: the kernel's OOM killer sends it when memory runs out; dmesg says whether it did)"
        : status - 128 == 11 ? " (SIGSEGV: the server crashed)" : "") : "exited with status " + status;
    List<String> lines = tail(logs).lines().map(String::strip).filter(l -> !l.isEmpty())
        .map(l -> l.length() > 200 ? l.substring(0, 200) + "..." : l).toList();
    return kind.binary() + " on 127.0.0.1:" + port + " " + how + "; its log's last lines: "
        + String.join(" | ", lines.subList(Math.max(0, lines.size() - 2), lines.size()));
  }

  /** A command line as a shell would take it back (empty arguments as ""). */
  private static String shown(List<String> command) {
    return String.join(" ", command.stream().map(a -> a.isEmpty() ? "\"\"" : a).toList());
  }

  private static String masked(String command, String password) {
    return password == null ? command : command.replace(password, "***");
  }

  private static void stop(Process process) {
    process.destroy();
    try {
      if (!process.waitFor(20, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    } finally {
      Live.remove(process);
    }
  }

  /**
   * The servers started here that run yet, stopped when the JVM exits (Ctrl-C, SIGTERM, an error that ends the
   * command) by whatever started them or not: a server this process started never outlives it. A study stopped
   * mid-run, and a suite (whose servers had no hook of their own), left them running before.
   */
  private static final class Live {
    private static final java.util.Set<Process> PROCESSES = ConcurrentHashMap.newKeySet();

    static {
      Runtime.getRuntime().addShutdownHook(new Thread(Live::stopAll, "ycsbkv-servers-stop"));
    }

    private Live() {}

    static void add(Process p) {
      PROCESSES.add(p);
    }

    static void remove(Process p) {
      PROCESSES.remove(p);
    }

    private static void stopAll() {
      PROCESSES.forEach(Process::destroy);
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      for (Process p : PROCESSES) {
        try {
          if (!p.waitFor(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS)) {
            p.destroyForcibly();
          }
        } catch (InterruptedException e) {
          p.destroyForcibly();
        }
      }
    }
  }

  /** Until the server answers its protocol (Aerospike: after its own ready line), or it exits, or 60 s pass. */
  private static void awaitReady(Running server, Process process, Path log) throws IOException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(READY_SECONDS);
    String last = "no answer yet";
    Path asdLog = server.dir.resolve("asd.log");
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        throw new IOException(server.kind.binary() + " exited with code " + process.exitValue() + " at start: "
            + tail(log, asdLog));
      }
      if (server.kind == ServerKind.AEROSPIKE && Files.exists(asdLog)
          && Files.readString(asdLog).contains("in use, waiting")) {
        // asd does not exit when a port it binds is taken: it retries every 5 s for ever.
        throw new IOException("asd cannot bind its ports on 127.0.0.1 (another process holds one): "
            + tail(asdLog) + "; free the port or start again");
      }
      try {
        boolean ready = server.kind == ServerKind.AEROSPIKE
            ? Files.exists(asdLog) && Files.readString(asdLog).contains("service ready")
                && Probes.aerospikeReady("127.0.0.1", server.port)
            : Probes.pong("127.0.0.1", server.port, server.ca == null ? null : server.ca.clientContext(),
                server.password);
        if (ready) {
          return;
        }
      } catch (IOException e) {
        last = e.getMessage();
      }
      try {
        Thread.sleep(200);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException("interrupted while " + server.kind.binary() + " started");
      }
    }
    throw new IOException(server.kind.binary() + " did not answer on 127.0.0.1:" + server.port + " within "
        + READY_SECONDS + " s (" + last + "): " + tail(log, asdLog));
  }

  private static String tail(Path... logs) {
    StringBuilder sb = new StringBuilder();
    for (Path f : logs) {
      try {
        if (Files.exists(f)) {
          sb.append(Files.readString(f));
        }
      } catch (IOException e) {
        // what could be read is enough
      }
    }
    String t = sb.toString().strip();
    return t.isEmpty() ? "(no output)" : t.substring(Math.max(0, t.length() - 500));
  }

  /** Deletes {@code dir} and everything in it, as far as it can (a temporary directory left is harmless). */
  public static void deleteTree(Path dir) {
    try (Stream<Path> files = Files.walk(dir)) {
      files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      // A temporary directory left behind is harmless.
    }
  }

  /** A port that was free a moment ago on the loopback address, below the ephemeral range ({@link LocalPorts}). */
  public static int freePort() throws IOException {
    return LocalPorts.free();
  }

  /** A port for a Redis Cluster node whose cluster bus port, 10000 above it, is free too ({@link LocalPorts}). */
  public static int freeClusterPort() throws IOException {
    return LocalPorts.freeWithBus();
  }

  /** The executable {@code name} on PATH, or null. */
  public static Path onPath(String name) {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
      Path p = Path.of(dir, name);
      if (Files.isExecutable(p)) {
        return p;
      }
    }
    return null;
  }
}
