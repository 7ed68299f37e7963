package io.github.ycsbkv.provision;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * A certificate authority made for one server and thrown away with it: a CA certificate and a server
 * certificate for 127.0.0.1 and localhost that it signed, valid for two days, made by {@code openssl}
 * (RSA 2048) in a directory of the server's. Clients trust {@link #caCert()} ({@code redis.tls.cafile},
 * {@code dragonfly.tls.cafile}). Also the integration tests' TLS servers'.
 */
public record ThrowAwayCa(Path caCert, Path serverCert, Path serverKey) {

  /** Makes the CA and the server's certificate and key in {@code dir}. */
  public static ThrowAwayCa create(Path dir) throws IOException {
    Files.createDirectories(dir);
    Files.writeString(dir.resolve("san.cnf"), "subjectAltName=IP:127.0.0.1,DNS:localhost\n");
    openssl(dir, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out", "ca.pem", "-days", "2",
        "-subj", "/CN=ycsb-kv throw-away CA");
    openssl(dir, "req", "-newkey", "rsa:2048", "-nodes", "-keyout", "server.key", "-out", "server.csr", "-subj",
        "/CN=127.0.0.1");
    openssl(dir, "x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial", "-out",
        "server.pem", "-days", "2", "-extfile", "san.cnf");
    return new ThrowAwayCa(dir.resolve("ca.pem"), dir.resolve("server.pem"), dir.resolve("server.key"));
  }

  private static void openssl(Path dir, String... args) throws IOException {
    List<String> cmd = new ArrayList<>(List.of("openssl"));
    cmd.addAll(List.of(args));
    Path log = dir.resolve("openssl.log");
    Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).redirectOutput(log.toFile())
        .start();
    try {
      if (!p.waitFor(60, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new IOException("openssl " + args[0] + " did not finish within 60 s");
      }
    } catch (InterruptedException e) {
      p.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while openssl made the throw-away CA");
    }
    if (p.exitValue() != 0) {
      throw new IOException("openssl " + String.join(" ", args) + " failed: " + Files.readString(log).strip());
    }
  }

  /** A TLS context that trusts this CA only (the provisioner's own readiness check). */
  public SSLContext clientContext() throws IOException {
    try (InputStream in = Files.newInputStream(caCert)) {
      Certificate ca = CertificateFactory.getInstance("X.509").generateCertificate(in);
      KeyStore trust = KeyStore.getInstance(KeyStore.getDefaultType());
      trust.load(null, null);
      trust.setCertificateEntry("ca", ca);
      TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      tmf.init(trust);
      SSLContext context = SSLContext.getInstance("TLS");
      context.init(null, tmf.getTrustManagers(), null);
      return context;
    } catch (GeneralSecurityException e) {
      throw new IOException("cannot read the throw-away CA " + caCert + ": " + e.getMessage(), e);
    }
  }
}
