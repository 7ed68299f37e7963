package io.github.ycsbkv.redis;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocketFactory;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509TrustManager;
import site.ycsb.DBException;

/**
 * TLS for the Redis binding: trusts the JVM's default CAs, a PEM CA file ({@code redis.tls.cafile}),
 * a trust store ({@code redis.tls.truststore}), or, with {@code redis.tls.insecure=true}, any
 * server certificate (for self-signed test servers only). Stateless.
 */
final class RedisTls {

  private RedisTls() {}

  static SSLSocketFactory socketFactory(RedisSettings s) throws DBException {
    try {
      SSLContext context = SSLContext.getInstance("TLS");
      context.init(null, trustManagers(s), null);
      return context.getSocketFactory();
    } catch (GeneralSecurityException e) {
      throw new DBException("cannot set up TLS: " + e.getMessage(), e);
    }
  }

  /**
   * The RESP engine's TLS (Netty's {@code SslHandler} over BoringSSL where its natives load, else over the
   * JDK's engine, which costs several times the CPU per operation: docs/benchmarks.md): the same trust as
   * the Jedis path, and host name verification unless redis.tls.insecure=true; null without TLS.
   */
  static io.netty.handler.ssl.SslContext nettyContext(RedisSettings s) throws DBException {
    if (!s.tls()) {
      return null;
    }
    try {
      io.netty.handler.ssl.SslContextBuilder b = io.netty.handler.ssl.SslContextBuilder.forClient()
          .sslProvider(nettyProvider())
          .endpointIdentificationAlgorithm(s.tlsInsecure() ? null : "HTTPS");
      TrustManager[] trust = trustManagers(s);
      if (trust != null) {
        b.trustManager(trust[0]);
      }
      return b.build();
    } catch (GeneralSecurityException | javax.net.ssl.SSLException e) {
      throw new DBException("cannot set up TLS: " + e.getMessage(), e);
    }
  }

  /** BoringSSL when its natives load here, else the JDK's engine. */
  static io.netty.handler.ssl.SslProvider nettyProvider() {
    return io.netty.handler.ssl.OpenSsl.isAvailable() ? io.netty.handler.ssl.SslProvider.OPENSSL
        : io.netty.handler.ssl.SslProvider.JDK;
  }

  /** Trust anything (insecure), the given CA file or trust store, or null for the JDK's default. */
  private static TrustManager[] trustManagers(RedisSettings s) throws DBException, GeneralSecurityException {
    if (s.tlsInsecure()) {
      return new TrustManager[] {new TrustAll()};
    }
    if (s.caFile() != null || s.trustStore() != null) {
      KeyStore store = s.caFile() != null ? fromPem(Path.of(s.caFile())) : fromStore(s);
      TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      tmf.init(store);
      return tmf.getTrustManagers();
    }
    return null;
  }

  /** Host name verification, unless the user asked to trust anything. */
  static SSLParameters parameters(RedisSettings s) {
    SSLParameters p = new SSLParameters();
    if (!s.tlsInsecure()) {
      p.setEndpointIdentificationAlgorithm("HTTPS");
    }
    return p;
  }

  private static KeyStore fromPem(Path file) throws DBException, GeneralSecurityException {
    try (InputStream in = Files.newInputStream(file)) {
      KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
      store.load(null, null);
      int i = 0;
      for (Certificate c : CertificateFactory.getInstance("X.509").generateCertificates(in)) {
        store.setCertificateEntry("ca-" + i++, c);
      }
      if (i == 0) {
        throw new DBException("redis.tls.cafile '" + file + "' holds no PEM certificate");
      }
      return store;
    } catch (NoSuchFileException e) {
      throw new DBException("redis.tls.cafile '" + file + "' not found");
    } catch (IOException e) {
      throw new DBException("cannot read redis.tls.cafile '" + file + "': " + e.getMessage());
    }
  }

  private static KeyStore fromStore(RedisSettings s) throws DBException, GeneralSecurityException {
    Path file = Path.of(s.trustStore());
    String name = file.getFileName().toString().toLowerCase(java.util.Locale.ROOT);
    String type = name.endsWith(".jks") ? "JKS" : "PKCS12";
    try (InputStream in = Files.newInputStream(file)) {
      KeyStore store = KeyStore.getInstance(type);
      char[] pw = s.trustStorePassword() == null ? null : s.trustStorePassword().toCharArray();
      store.load(in, pw);
      return store;
    } catch (NoSuchFileException e) {
      throw new DBException("redis.tls.truststore '" + file + "' not found");
    } catch (IOException e) {
      throw new DBException("cannot read redis.tls.truststore '" + file + "' (" + type
          + "; wrong redis.tls.truststore.password?): " + e.getMessage());
    }
  }

  /** Accepts every certificate: {@code redis.tls.insecure=true}. */
  private static final class TrustAll implements X509TrustManager {
    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType) {}

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType) {}

    @Override
    public X509Certificate[] getAcceptedIssuers() {
      return new X509Certificate[0];
    }
  }
}
