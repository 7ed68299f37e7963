package io.github.ycsbkv.provision;

import io.github.ycsbkv.spi.Provisioner;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The stores' server binaries on PATH, started for {@code ycsb study}: on a free loopback port, in a
 * temporary directory, with persistence off and the study's I/O threads (capped at this machine's cores
 * by the caller), ready when the server answers (a RESP {@code PING}, or Aerospike's own ready line and
 * its port); stopped and removed by {@code close()}.
 */
public final class LocalServers implements Provisioner {

  /** A store's binary and how to start it. */
  private enum Store {
    REDIS("redis-server"), VALKEY("valkey-server"), KEYDB("keydb-server"), DRAGONFLY("dragonfly"), AEROSPIKE("asd");

    final String binary;

    Store(String binary) {
      this.binary = binary;
    }

    static Store of(String name) {
      for (Store s : values()) {
        if (s.name().equalsIgnoreCase(name)) {
          return s;
        }
      }
      return null;
    }
  }

  private static final long READY_SECONDS = 60;

  /** Public no-argument constructor, for the ServiceLoader. */
  public LocalServers() {}

  /** Per store, why its binary cannot serve TLS here ("" when it can), found once by starting it. */
  private static final Map<Store, String> TLS_SUPPORT = new java.util.concurrent.ConcurrentHashMap<>();

  @Override
  public String unavailable(String storeName, boolean tls) {
    Store store = Store.of(storeName);
    if (store == null) {
      return "no server binary is known for '" + storeName + "'";
    }
    if (onPath(store.binary) == null) {
      return store.binary + " is not on PATH";
    }
    if (!tls) {
      return null;
    }
    if (store == Store.AEROSPIKE) {
      return "Aerospike Community Edition has no TLS (an Enterprise feature)";
    }
    if (onPath("openssl") == null) {
      return "openssl is not on PATH (it makes the throw-away CA)";
    }
    String why = TLS_SUPPORT.computeIfAbsent(store, LocalServers::tryTls);
    return why.isEmpty() ? null : why;
  }

  /** Starts {@code store} serving TLS once, to see whether its binary can ("" when it answers). */
  private static String tryTls(Store store) {
    try (Provisioned server = launch(store, 0, true)) {
      return "";
    } catch (IOException e) {
      // The server's last log line, without its "pid:role date time level" prefix.
      String last = e.getMessage().lines().filter(l -> !l.isBlank()).reduce((a, b) -> b).orElse("").strip()
          .replaceFirst("^\\d+:[A-Z] \\d+ \\w+ \\d+ [\\d:.]+ [.*#-] ", "");
      return store.binary + " on PATH cannot serve TLS (it was built without it?); started with --tls-port it said: "
          + last;
    }
  }

  @Override
  public Provisioned start(String storeName, int ioThreads, boolean tls) throws IOException {
    String why = unavailable(storeName, tls);
    if (why != null) {
      throw new IOException("cannot start " + storeName + (tls ? " with TLS" : "") + ": " + why);
    }
    return launch(Store.of(storeName), ioThreads, tls);
  }

  private static Provisioned launch(Store store, int ioThreads, boolean tls) throws IOException {
    Path dir = Files.createTempDirectory("ycsbkv-" + store.name().toLowerCase(Locale.ROOT) + "-");
    int port = freePort();
    int threads = ioThreads; // 0 or less: the server's own default
    ThrowAwayCa ca = null;
    String password = null;
    if (tls) {
      try {
        ca = ThrowAwayCa.create(dir.resolve("tls"));
      } catch (IOException e) {
        deleteTree(dir);
        throw e;
      }
    }
    List<String> cmd = new ArrayList<>();
    cmd.add(onPath(store.binary).toString());
    switch (store) {
      case REDIS, VALKEY, KEYDB -> {
        cmd.addAll(List.of("--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir.toString()));
        if (ca == null) {
          cmd.addAll(List.of("--port", Integer.toString(port)));
        } else {
          cmd.addAll(List.of("--port", "0", "--tls-port", Integer.toString(port), "--tls-cert-file",
              ca.serverCert().toString(), "--tls-key-file", ca.serverKey().toString(), "--tls-ca-cert-file",
              ca.caCert().toString(), "--tls-auth-clients", "no"));
        }
        if (store == Store.KEYDB && threads > 0) {
          cmd.addAll(List.of("--server-threads", Integer.toString(threads)));
        } else if (store != Store.KEYDB && threads > 1) {
          cmd.addAll(List.of("--io-threads", Integer.toString(threads)));
        }
      }
      case DRAGONFLY -> {
        cmd.addAll(List.of("--bind=127.0.0.1", "--port=" + port, "--dbfilename=", "--dir=" + dir,
            "--version_check=false", "--logtostderr"));
        if (threads > 0) {
          cmd.add("--proactor_threads=" + threads);
        }
        if (ca != null) {
          // Dragonfly refuses TLS without some authentication: a random password, given to the client only.
          password = java.util.UUID.randomUUID().toString();
          cmd.addAll(List.of("--tls", "--tls_cert_file=" + ca.serverCert(), "--tls_key_file=" + ca.serverKey(),
              "--requirepass=" + password));
        }
      }
      case AEROSPIKE -> {
        Path conf = dir.resolve("aerospike.conf");
        Files.writeString(conf, aerospikeConfig(dir, port, "2G"));
        cmd.addAll(List.of("--foreground", "--config-file", conf.toString()));
      }
      default -> throw new IllegalStateException(store.name());
    }
    Path log = dir.resolve("server.log");
    Process process = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    String secret = password;
    Server server = new Server(store, process, dir, port, String.join(" ", cmd.stream().map(a -> a.isEmpty()
        ? "\"\"" : secret != null && a.contains(secret) ? a.replace(secret, "***") : a).toList()), ca, password);
    try {
      server.awaitReady(log);
    } catch (IOException e) {
      server.close();
      throw e;
    }
    return server;
  }

  /**
   * An {@code asd} configuration for one server in {@code dir}: loopback ports ({@code port} for clients,
   * free ones for heartbeat, fabric and admin), namespace {@code test} in memory of {@code dataSize} (for
   * example {@code 2G}) with expiry on, the log in {@code dir/asd.log}. The keywords are those of
   * Aerospike 8.1's configuration reference: {@code cluster-name} is mandatory since 8.0,
   * {@code storage-engine memory { data-size }} is the 7.0+ in-memory syntax. Also the integration tests'.
   */
  public static String aerospikeConfig(Path dir, int port, String dataSize) throws IOException {
    // asd refuses to start when its system-metadata directory or the UDF path does not exist.
    Files.createDirectories(dir.resolve("smd"));
    Files.createDirectories(dir.resolve("udf"));
    return String.join("\n",
        "service {", "  proto-fd-max " + protoFdMax(), "  cluster-name ycsbkv-" + port, "  work-directory " + dir,
        "  pidfile " + dir.resolve("asd.pid"), "}",
        "mod-lua {", "  user-path " + dir.resolve("udf"), "}",
        "logging {", "  file " + dir.resolve("asd.log") + " {", "    context any info", "  }", "}",
        "network {", "  service {", "    address 127.0.0.1", "    port " + port, "  }",
        "  heartbeat {", "    mode mesh", "    address 127.0.0.1", "    port " + freePort(), "  }",
        "  fabric {", "    address 127.0.0.1", "    port " + freePort(), "  }",
        "  admin {", "    address 127.0.0.1", "    port " + freePort(), "  }", "}",
        // nsup-period: Aerospike refuses writes with a TTL (the cache workloads) when it is 0.
        "namespace test {", "  replication-factor 1", "  nsup-period 120", "  storage-engine memory {",
        "    data-size " + dataSize, "  }", "}", "");
  }

  /**
   * Client connections asd accepts: 15000 as in ../shared/servers' template (pipelined runs with 32
   * threads x 16 hold 512), but below the open-files limit asd inherits from this JVM, which it checks.
   */
  static long protoFdMax() {
    long limit = 20_000;
    if (java.lang.management.ManagementFactory.getOperatingSystemMXBean()
        instanceof com.sun.management.UnixOperatingSystemMXBean unix) {
      limit = unix.getMaxFileDescriptorCount();
    }
    return Math.max(1024, Math.min(15_000, limit - 1000));
  }

  private static final class Server implements Provisioned {
    private final Store store;
    private final Process process;
    private final Path dir;
    private final int port;
    private final String command;
    /** The throw-away CA of a TLS server, else null. */
    private final ThrowAwayCa ca;
    private final String password;

    Server(Store store, Process process, Path dir, int port, String command, ThrowAwayCa ca, String password) {
      this.store = store;
      this.process = process;
      this.dir = dir;
      this.port = port;
      this.command = command;
      this.ca = ca;
      this.password = password;
    }

    void awaitReady(Path log) throws IOException {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(READY_SECONDS);
      String last = "no answer yet";
      while (System.nanoTime() < deadline) {
        if (!process.isAlive()) {
          throw new IOException(store.binary + " exited with code " + process.exitValue() + " at start: " + tail(log));
        }
        try {
          if (store == Store.AEROSPIKE ? aerospikeReady() : pong()) {
            return;
          }
        } catch (IOException e) {
          last = e.getMessage();
        }
        try {
          Thread.sleep(200);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new IOException("interrupted while " + store.binary + " started");
        }
      }
      throw new IOException(store.binary + " did not answer on 127.0.0.1:" + port + " within " + READY_SECONDS + " s ("
          + last + "): " + tail(log));
    }

    /** A RESP PING answered with PONG (over TLS trusting the throw-away CA, after AUTH, where the server has them). */
    private boolean pong() throws IOException {
      try (Socket plain = new Socket()) {
        plain.connect(new InetSocketAddress("127.0.0.1", port), 1000);
        plain.setSoTimeout(2000);
        Socket s = ca == null ? plain : ca.clientContext().getSocketFactory().createSocket(plain, "127.0.0.1", port,
            true);
        OutputStream out = s.getOutputStream();
        InputStream in = s.getInputStream();
        if (password != null) {
          out.write(("*2\r\n$4\r\nAUTH\r\n$" + password.length() + "\r\n" + password + "\r\n")
              .getBytes(StandardCharsets.US_ASCII));
          out.flush();
          byte[] ok = in.readNBytes(5);
          if (!new String(ok, StandardCharsets.US_ASCII).equals("+OK\r\n")) {
            return false;
          }
        }
        out.write("*1\r\n$4\r\nPING\r\n".getBytes(StandardCharsets.US_ASCII));
        out.flush();
        byte[] reply = new byte[7];
        int n = in.readNBytes(reply, 0, 7);
        return new String(reply, 0, n, StandardCharsets.US_ASCII).equals("+PONG\r\n");
      }
    }

    /**
     * Aerospike's own ready line in its log, then its info protocol (version 2, type 1, 48-bit length)
     * answering {@code partition-generation} with a value other than -1: until then clients refuse the node
     * as "not yet fully initialized".
     */
    private boolean aerospikeReady() throws IOException {
      Path log = dir.resolve("asd.log");
      if (!Files.exists(log) || !Files.readString(log).contains("service ready")) {
        return false;
      }
      try (Socket s = new Socket()) {
        s.connect(new InetSocketAddress("127.0.0.1", port), 1000);
        s.setSoTimeout(2000);
        byte[] name = "partition-generation\n".getBytes(StandardCharsets.US_ASCII);
        java.nio.ByteBuffer request = java.nio.ByteBuffer.allocate(8 + name.length);
        request.putLong((2L << 56) | (1L << 48) | name.length).put(name);
        s.getOutputStream().write(request.array());
        InputStream in = s.getInputStream();
        long header = java.nio.ByteBuffer.wrap(in.readNBytes(8)).getLong();
        String reply = new String(in.readNBytes((int) (header & 0xFFFFFFFFFFFFL)), StandardCharsets.US_ASCII).trim();
        String value = reply.substring(reply.indexOf('\t') + 1).trim();
        return !value.isEmpty() && !value.equals("-1");
      }
    }

    @Override
    public Map<String, String> properties() {
      Map<String, String> p = new java.util.LinkedHashMap<>();
      String prefix = store == Store.DRAGONFLY ? "dragonfly." : "redis.";
      switch (store) {
        case REDIS, VALKEY, KEYDB, DRAGONFLY -> {
          p.put(prefix + "host", "127.0.0.1");
          p.put(prefix + "port", Integer.toString(port));
        }
        case AEROSPIKE -> {
          p.put("as.host", "127.0.0.1:" + port);
          p.put("as.namespace", "test");
        }
        default -> throw new IllegalStateException(store.name());
      }
      if (ca != null) {
        p.put(prefix + "tls", "true");
        p.put(prefix + "tls.cafile", ca.caCert().toString());
      }
      if (password != null) {
        p.put(prefix + "password", password);
      }
      return p;
    }

    @Override
    public String description() {
      return store.name().toLowerCase(Locale.ROOT) + (ca == null ? "" : " (TLS only, throw-away CA)")
          + " started on 127.0.0.1:" + port + ": " + command;
    }

    @Override
    public void close() {
      process.destroy();
      try {
        if (!process.waitFor(20, TimeUnit.SECONDS)) {
          process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
      } catch (InterruptedException e) {
        process.destroyForcibly();
        Thread.currentThread().interrupt();
      }
      deleteTree(dir);
    }

    private String tail(Path log) {
      StringBuilder sb = new StringBuilder();
      for (Path f : List.of(log, dir.resolve("asd.log"))) {
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
  }

  static void deleteTree(Path dir) {
    try (Stream<Path> files = Files.walk(dir)) {
      files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      // A temporary directory left behind is harmless.
    }
  }

  static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }

  static Path onPath(String name) {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
      Path p = Path.of(dir, name);
      if (Files.isExecutable(p)) {
        return p;
      }
    }
    return null;
  }
}
