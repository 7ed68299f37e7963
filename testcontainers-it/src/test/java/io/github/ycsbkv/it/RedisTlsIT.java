package io.github.ycsbkv.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbkv.internal.resp.wire.Platforms;
import io.github.ycsbkv.provision.ThrowAwayCa;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;

/**
 * TLS against a real redis-server serving only {@code tls-port}, with a throw-away CA and server
 * certificate made by openssl for this test (provision's {@link ThrowAwayCa}, as {@code ycsb study --tls}'s).
 */
class RedisTlsIT {

  private static final String WORKLOADC = Path.of("..", "workloads", "workloadc").toAbsolutePath().toString();
  private static Path certs;
  private static RespServer server;
  private static ThrowAwayCa ca;

  @BeforeAll
  static void start() throws Exception {
    if (RespServer.onPath("openssl") == null) {
      Assumptions.abort("openssl is not on PATH: cannot make a test certificate; skipping TLS tests");
    }
    certs = Files.createTempDirectory("ycsbkv-tls-");
    ca = ThrowAwayCa.create(certs);
    int port = RespServer.freePort();
    server = RespServer.start(Store.Kind.REDIS, port, false, "--port", "0", "--tls-port", Integer.toString(port),
        "--tls-cert-file", ca.serverCert().toString(), "--tls-key-file", ca.serverKey().toString(),
        "--tls-ca-cert-file", ca.caCert().toString(),
        "--tls-auth-clients", "no");
  }

  @AfterAll
  static void stop() throws Exception {
    if (server != null) {
      server.close();
    }
    if (certs != null) {
      RespServer.deleteTree(certs);
    }
  }

  private String port() {
    return "redis.port=" + server.port();
  }

  @Test
  void load_withTheCaFile_succeeds() {
    Cli load = Cli.run("load", "redis", "-P", WORKLOADC, "-p", port(), "-p", "redis.tls=true",
        "-p", "redis.tls.cafile=" + ca.caCert(), "-p", "recordcount=100", "-threads", "2");
    assertEquals(0, load.exitCode(), load.err());
    assertEquals(100, load.count("INSERT", "Return=OK"));
    Cli run = Cli.run("run", "redis", "-P", WORKLOADC, "-p", port(), "-p", "redis.tls=true",
        "-p", "redis.tls.cafile=" + ca.caCert(), "-p", "recordcount=100", "-p", "operationcount=200");
    assertEquals(0, run.exitCode(), run.err());
    assertEquals(200, run.count("READ", "Return=OK"));
  }

  /**
   * Pipelined clients go through the RESP engine (Netty's SslHandler), not Jedis: every read of a loaded record
   * comes back OK over TLS, for the redis binding and the dragonfly binding alike, and the header names the
   * engine's transport.
   */
  @Test
  void runPipelined_throughTheRespEngine_readsEveryRecordOverTls() {
    Cli load = Cli.run("load", "redis", "-P", WORKLOADC, "-p", port(), "-p", "redis.tls=true",
        "-p", "redis.tls.cafile=" + ca.caCert(), "-p", "recordcount=100", "-threads", "2");
    assertEquals(0, load.exitCode(), load.err());
    Cli redis = Cli.run("run", "redis", "-P", WORKLOADC, "-p", port(), "-p", "redis.tls=true",
        "-p", "redis.tls.cafile=" + ca.caCert(), "-p", "recordcount=100", "-p", "operationcount=2000",
        "-threads", "2", "-p", "pipeline=8");
    assertEquals(0, redis.exitCode(), redis.err());
    assertTrue(redis.err().contains("client I/O through netty"), redis.err());
    assertEquals(2000, redis.count("READ", "Return=OK"), redis.out());
    // BoringSSL's natives ship for Linux and macOS on x86-64 and ARM64: the engine's TLS runs on them there, and
    // says so; elsewhere through the JDK, and says why.
    String expected = Platforms.boringSsl(Platforms.here())
        ? "TLS through BoringSSL" : "TLS through the JDK (BoringSSL unavailable: ";
    assertTrue(redis.summary("LOAD", "Transport").matches("netty \\S+.*, " + Pattern.quote(expected) + ".*"),
        redis.summary("LOAD", "Transport"));
    System.out.println("[platform] " + System.getProperty("os.arch") + ": redis over TLS: "
        + redis.summary("LOAD", "Transport"));
    Cli dragonfly = Cli.run("run", "dragonfly", "-P", WORKLOADC, "-p", "dragonfly.port=" + server.port(),
        "-p", "dragonfly.tls=true", "-p", "dragonfly.tls.cafile=" + ca.caCert(), "-p", "recordcount=100",
        "-p", "operationcount=2000", "-threads", "2", "-p", "pipeline=8");
    assertEquals(0, dragonfly.exitCode(), dragonfly.err());
    assertTrue(dragonfly.err().contains("client I/O through netty"), dragonfly.err());
    assertEquals(2000, dragonfly.count("READ", "Return=OK"), dragonfly.out());
  }

  /** Pipelined clients (the engine's mode) refuse a server they cannot trust, with the binding's line. */
  @Test
  void runPipelined_untrustedCertificate_saysTheHandshakeFailed() {
    Cli run = Cli.run("run", "redis", "-P", WORKLOADC, "-p", port(), "-p", "redis.tls=true", "-p", "recordcount=20",
        "-p", "operationcount=100", "-threads", "2", "-p", "pipeline=8");
    assertEquals(1, run.exitCode());
    assertTrue(run.lastErrLine().contains("TLS handshake with 127.0.0.1:" + server.port() + " failed: "),
        run.lastErrLine());
  }

  @Test
  void load_withRedissUriAndCaFile_succeeds() {
    Cli load = Cli.run("load", "redis", "-P", WORKLOADC, "-p", "redis.uri=rediss://127.0.0.1:" + server.port() + "/0",
        "-p", "redis.tls.cafile=" + ca.caCert(), "-p", "recordcount=20");
    assertEquals(0, load.exitCode(), load.err());
    assertEquals(20, load.count("INSERT", "Return=OK"));
  }

  @Test
  void load_insecure_acceptsTheSelfSignedServer() {
    Cli load = Cli.run("load", "redis", "-P", WORKLOADC, "-p", port(), "-p", "redis.tls=true",
        "-p", "redis.tls.insecure=true", "-p", "recordcount=20");
    assertEquals(0, load.exitCode(), load.err());
  }

  @Test
  void load_untrustedCertificate_saysTheHandshakeFailedAndWhatToDo() {
    Cli load = Cli.run("load", "redis", "-P", WORKLOADC, "-p", port(), "-p", "redis.tls=true", "-p", "recordcount=20");
    assertEquals(1, load.exitCode());
    String line = load.lastErrLine();
    assertTrue(line.startsWith("ycsb: cannot initialize binding 'redis': TLS handshake with 127.0.0.1:" + server.port()
        + " failed: "), line);
    assertTrue(line.endsWith("; check redis.tls.cafile/redis.tls.truststore, or redis.tls.insecure=true for a"
        + " self-signed test server"), line);
  }

  @Test
  void load_plainTextToATlsPort_suggestsTls() {
    Cli load = Cli.run("load", "redis", "-P", WORKLOADC, "-p", port(), "-p", "recordcount=20", "-p", "redis.timeout=1000");
    assertEquals(1, load.exitCode());
    assertTrue(load.lastErrLine().contains("set redis.tls=true"), load.lastErrLine());
  }

  /** A client of the test's own over TLS that trusts any certificate, to watch the server. */
  private static Jedis watcher() throws Exception {
    javax.net.ssl.SSLContext any = javax.net.ssl.SSLContext.getInstance("TLS");
    any.init(null, new javax.net.ssl.TrustManager[] {new javax.net.ssl.X509TrustManager() {
      @Override
      public void checkClientTrusted(java.security.cert.X509Certificate[] chain, String type) {}

      @Override
      public void checkServerTrusted(java.security.cert.X509Certificate[] chain, String type) {}

      @Override
      public java.security.cert.X509Certificate[] getAcceptedIssuers() {
        return new java.security.cert.X509Certificate[0];
      }
    }}, null);
    return new Jedis(new redis.clients.jedis.HostAndPort("127.0.0.1", server.port()),
        redis.clients.jedis.DefaultJedisClientConfig.builder().ssl(true).sslSocketFactory(any.getSocketFactory())
            .hostnameVerifier((host, session) -> true).socketTimeoutMillis(Store.ADMIN_TIMEOUT_MILLIS).build());
  }

  /** A load of 50 records from {@code start} over TLS; its exit code checked. */
  private void loadFifty(long start) {
    Cli load = Cli.run("load", "redis", "-P", WORKLOADC, "-p", port(), "-p", "redis.tls=true",
        "-p", "redis.tls.cafile=" + ca.caCert(), "-p", "recordcount=" + (start + 50), "-p", "insertstart=" + start,
        "-p", "insertcount=50");
    assertEquals(0, load.exitCode(), load.err());
  }

  /**
   * {@code ycsb record --tls --cacert} records what a TLS-only server is sent: every record a load inserts. The
   * recording lasts five times what the same load took just before, and 8 s at least, so that a slow machine (or
   * qemu) still fits the load inside it.
   */
  @Test
  void record_overTlsWithTheCaFile_holdsEveryInsertOfALoad() throws Exception {
    long began = System.nanoTime();
    loadFifty(2_000_000);
    long seconds = Math.max(8, 5 * TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - began) + 5);
    Path file = certs.resolve("tls.monitor");
    CompletableFuture<Cli> recording = CompletableFuture.supplyAsync(() -> Cli.run("record", "-p",
        Integer.toString(server.port()), "--tls", "--cacert", ca.caCert().toString(), "--seconds",
        Long.toString(seconds), "--out", file.toString()));
    try (Jedis watch = watcher()) {
      // Until the recorder's MONITOR shows, however long it takes to connect here; a recorder that ended without it
      // failed, and says why.
      while (!watch.clientList().contains("cmd=monitor")) {
        // The message only when it fails: it waits for the recorder's end.
        assertTrue(!recording.isDone(), () -> "the recorder ended before its MONITOR showed: "
            + recording.join().err());
        Thread.sleep(10);
      }
    }
    loadFifty(1_000_000);
    Cli done = recording.get(seconds + 60, TimeUnit.SECONDS);
    assertEquals(0, done.exitCode(), done.err());
    assertTrue(done.err().contains("over TLS"), done.err());
    Set<String> keys = new HashSet<>();
    Matcher m = Pattern.compile("\\] \"[A-Za-z]+\" \"(user[0-9]+)\"").matcher(Files.readString(file,
        java.nio.charset.StandardCharsets.ISO_8859_1));
    while (m.find()) {
      keys.add(m.group(1));
    }
    assertEquals(50, keys.size(), "each inserted key recorded: " + keys);
  }

  /** A server whose certificate the recorder cannot trust is one line that says what to give, exit 1. */
  @Test
  void record_overTlsWithoutTheCa_saysTheHandshakeFailedAndWhatToGive() {
    Cli done = Cli.run("record", "-p", Integer.toString(server.port()), "--tls", "--seconds", "1", "--out",
        certs.resolve("never.monitor").toString());
    assertEquals(1, done.exitCode(), done.err());
    assertTrue(done.lastErrLine().contains("TLS with the server at 127.0.0.1:" + server.port() + " failed ("),
        done.lastErrLine());
    assertTrue(done.lastErrLine().endsWith("is its certificate signed by the CA given (or give --tls-skip-verify)?"),
        done.lastErrLine());
  }
}
