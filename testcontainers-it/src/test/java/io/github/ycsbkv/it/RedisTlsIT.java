package io.github.ycsbkv.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * TLS against a real redis-server serving only {@code tls-port}, with a throw-away CA and server
 * certificate made by openssl for this test.
 */
class RedisTlsIT {

  private static final String WORKLOADC = Path.of("..", "workloads", "workloadc").toAbsolutePath().toString();
  private static Path certs;
  private static RespServer server;

  @BeforeAll
  static void start() throws Exception {
    if (RespServer.onPath("openssl") == null) {
      Assumptions.abort("openssl is not on PATH: cannot make a test certificate; skipping TLS tests");
    }
    certs = Files.createTempDirectory("ycsbkv-tls-");
    Files.writeString(certs.resolve("san.cnf"), "subjectAltName=IP:127.0.0.1,DNS:localhost\n");
    openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out", "ca.pem", "-days", "2",
        "-subj", "/CN=ycsb-kv test CA");
    openssl("req", "-newkey", "rsa:2048", "-nodes", "-keyout", "server.key", "-out", "server.csr",
        "-subj", "/CN=127.0.0.1");
    openssl("x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial",
        "-out", "server.pem", "-days", "2", "-extfile", "san.cnf");
    int port = RespServer.freePort();
    server = RespServer.start(Store.Kind.REDIS, port, false, "--port", "0", "--tls-port", Integer.toString(port),
        "--tls-cert-file", certs.resolve("server.pem").toString(), "--tls-key-file",
        certs.resolve("server.key").toString(), "--tls-ca-cert-file", certs.resolve("ca.pem").toString(),
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

  private static void openssl(String... args) throws Exception {
    List<String> cmd = new java.util.ArrayList<>(List.of("openssl"));
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).directory(certs.toFile()).redirectErrorStream(true)
        .redirectOutput(certs.resolve("openssl.log").toFile()).start();
    if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
      fail("openssl " + String.join(" ", args) + ": " + Files.readString(certs.resolve("openssl.log")));
    }
  }

  private String port() {
    return "redis.port=" + server.port();
  }

  @Test
  void load_withTheCaFile_succeeds() {
    Cli load = Cli.run("load", "redis", "-P", WORKLOADC, "-p", port(), "-p", "redis.tls=true",
        "-p", "redis.tls.cafile=" + certs.resolve("ca.pem"), "-p", "recordcount=100", "-threads", "2");
    assertEquals(0, load.exitCode(), load.err());
    assertEquals(100, load.count("INSERT", "Return=OK"));
    Cli run = Cli.run("run", "redis", "-P", WORKLOADC, "-p", port(), "-p", "redis.tls=true",
        "-p", "redis.tls.cafile=" + certs.resolve("ca.pem"), "-p", "recordcount=100", "-p", "operationcount=200");
    assertEquals(0, run.exitCode(), run.err());
    assertEquals(200, run.count("READ", "Return=OK"));
  }

  @Test
  void load_withRedissUriAndCaFile_succeeds() {
    Cli load = Cli.run("load", "redis", "-P", WORKLOADC, "-p", "redis.uri=rediss://127.0.0.1:" + server.port() + "/0",
        "-p", "redis.tls.cafile=" + certs.resolve("ca.pem"), "-p", "recordcount=20");
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
}
