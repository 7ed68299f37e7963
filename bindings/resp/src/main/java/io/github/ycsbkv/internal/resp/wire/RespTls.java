package io.github.ycsbkv.internal.resp.wire;

import io.github.ycsbkv.internal.link.TlsTrust;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocketFactory;
import javax.net.ssl.TrustManager;
import site.ycsb.DBException;

/**
 * TLS of the RESP bindings' connections: trusts the JVM's default CAs, a PEM CA file ({@code <binding>.tls.cafile}),
 * a trust store ({@code <binding>.tls.truststore}), or, with {@code <binding>.tls.insecure=true}, any server
 * certificate (for self-signed test servers only); a client certificate ({@code .tls.cert}, {@code .tls.key}), the
 * server's name to send and check ({@code .tls.sni}) and the protocol versions ({@code .tls.protocols}). Jedis's
 * sockets get an {@link SSLSocketFactory}, the RESP engine's channels a Netty {@code SslContext}. Stateless.
 */
public final class RespTls {

  private RespTls() {}

  /** The socket factory of Jedis's TLS connections. */
  public static SSLSocketFactory socketFactory(RespConnection s) throws DBException {
    try {
      if (s.tls().certFile() != null) {
        // The client certificate's PEM files read as the engine's are (Netty's reader), into the JDK's engine.
        io.netty.handler.ssl.SslContextBuilder b = io.netty.handler.ssl.SslContextBuilder.forClient()
            .sslProvider(io.netty.handler.ssl.SslProvider.JDK);
        withClientCertificate(b, s);
        TrustManager[] trust = trustManagers(s);
        if (trust != null) {
          b.trustManager(trust[0]);
        }
        return ((io.netty.handler.ssl.JdkSslContext) b.build()).context().getSocketFactory();
      }
      SSLContext context = SSLContext.getInstance("TLS");
      context.init(null, trustManagers(s), null);
      return context.getSocketFactory();
    } catch (GeneralSecurityException | javax.net.ssl.SSLException e) {
      throw new DBException("cannot set up TLS: " + e.getMessage(), e);
    }
  }

  /**
   * The RESP engine's TLS (Netty's {@code SslHandler} over BoringSSL where its natives load, else over the
   * JDK's engine, which costs several times the CPU per operation: docs/benchmarks.md): the same trust as
   * the Jedis path, and host name verification unless {@code <binding>.tls.insecure=true}; null without TLS.
   */
  public static io.netty.handler.ssl.SslContext nettyContext(RespConnection s) throws DBException {
    if (!s.tls().enabled()) {
      return null;
    }
    try {
      io.netty.handler.ssl.SslContextBuilder b = io.netty.handler.ssl.SslContextBuilder.forClient()
          .sslProvider(nettyProvider())
          .endpointIdentificationAlgorithm(s.tls().insecure() ? null : "HTTPS");
      TrustManager[] trust = trustManagers(s);
      if (trust != null) {
        b.trustManager(trust[0]);
      }
      if (s.tls().certFile() != null) {
        withClientCertificate(b, s);
      }
      if (s.tls().protocols() != null) {
        b.protocols(s.tls().protocols());
      }
      return b.build();
    } catch (GeneralSecurityException | javax.net.ssl.SSLException e) {
      throw new DBException("cannot set up TLS: " + e.getMessage(), e);
    }
  }

  /** How {@code tls} runs, for the run's header and result: through BoringSSL, or the JDK's engine and why. */
  public static String described(io.netty.handler.ssl.SslContext tls) {
    return described(tls instanceof io.netty.handler.ssl.ReferenceCountedOpenSslContext,
        io.netty.handler.ssl.OpenSsl.unavailabilityCause());
  }

  /**
   * {@code TLS through BoringSSL}, or {@code TLS through the JDK (BoringSSL unavailable: why)}: BoringSSL's natives
   * ship for Linux and macOS on x86_64 and ARM64 ({@link Platforms#boringSsl}), the JDK serves elsewhere, at several
   * times the CPU per operation.
   */
  public static String described(boolean boringSsl, Throwable noBoringSsl) {
    return boringSsl ? "TLS through BoringSSL" : "TLS through the JDK"
        + (noBoringSsl == null ? "" : " (BoringSSL unavailable: " + RespTransport.why(noBoringSsl) + ")");
  }

  /** BoringSSL when its natives load here, else the JDK's engine. */
  public static io.netty.handler.ssl.SslProvider nettyProvider() {
    return io.netty.handler.ssl.OpenSsl.isAvailable() ? io.netty.handler.ssl.SslProvider.OPENSSL
        : io.netty.handler.ssl.SslProvider.JDK;
  }

  /** Trust anything (insecure), the given CA file or trust store, or null for the JDK's default. */
  private static TrustManager[] trustManagers(RespConnection s) throws DBException, GeneralSecurityException {
    RespConnection.Tls tls = s.tls();
    if (tls.insecure()) {
      return TlsTrust.any();
    }
    if (tls.caFile() != null || tls.trustStore() != null) {
      return TlsTrust.of(tls.caFile() != null ? fromPem(s, Path.of(tls.caFile())) : fromStore(s));
    }
    return null;
  }

  /**
   * The client certificate and key of {@code <binding>.tls.cert} and {@code .tls.key} (PEM) on {@code b}; a file
   * missing or not PEM is a {@link DBException} naming its property.
   */
  private static void withClientCertificate(io.netty.handler.ssl.SslContextBuilder b, RespConnection s)
      throws DBException {
    for (String property : new String[] {"tls.cert", "tls.key"}) {
      String file = property.equals("tls.cert") ? s.tls().certFile() : s.tls().keyFile();
      if (!Files.isReadable(Path.of(file))) {
        throw new DBException(s.property(property) + " '" + file + "' not found (or not readable)");
      }
    }
    try {
      b.keyManager(Path.of(s.tls().certFile()).toFile(), Path.of(s.tls().keyFile()).toFile());
    } catch (IllegalArgumentException e) {
      throw new DBException("cannot read the client certificate " + s.property("tls.cert") + " '"
          + s.tls().certFile() + "' with its key " + s.property("tls.key") + " '" + s.tls().keyFile()
          + "' (PEM files, the key unencrypted PKCS#8 or PKCS#1): " + RespTransport.why(e));
    }
  }

  /**
   * Host name verification for Jedis's sockets, unless the user asked to trust anything (against {@code .tls.sni}
   * when given, which is also sent as the server's name), and the protocol versions of {@code .tls.protocols}.
   */
  public static SSLParameters parameters(RespConnection s) {
    SSLParameters p = new SSLParameters();
    if (!s.tls().insecure()) {
      p.setEndpointIdentificationAlgorithm("HTTPS");
    }
    if (s.tls().sni() != null) {
      p.setServerNames(java.util.List.of(new javax.net.ssl.SNIHostName(s.tls().sni())));
    }
    if (s.tls().protocols() != null) {
      p.setProtocols(s.tls().protocols().toArray(String[]::new));
    }
    return p;
  }

  private static KeyStore fromPem(RespConnection s, Path file) throws DBException, GeneralSecurityException {
    String property = s.property("tls.cafile");
    try {
      KeyStore store = TlsTrust.pem(file);
      if (store.size() == 0) {
        throw new DBException(property + " '" + file + "' holds no PEM certificate");
      }
      return store;
    } catch (NoSuchFileException e) {
      throw new DBException(property + " '" + file + "' not found");
    } catch (IOException e) {
      throw new DBException("cannot read " + property + " '" + file + "': " + e.getMessage());
    }
  }

  private static KeyStore fromStore(RespConnection s) throws DBException, GeneralSecurityException {
    Path file = Path.of(s.tls().trustStore());
    String property = s.property("tls.truststore");
    String name = file.getFileName().toString().toLowerCase(java.util.Locale.ROOT);
    String type = name.endsWith(".jks") ? "JKS" : "PKCS12";
    try (InputStream in = Files.newInputStream(file)) {
      KeyStore store = KeyStore.getInstance(type);
      char[] pw = s.tls().trustStorePassword() == null ? null : s.tls().trustStorePassword().toCharArray();
      store.load(in, pw);
      return store;
    } catch (NoSuchFileException e) {
      throw new DBException(property + " '" + file + "' not found");
    } catch (IOException e) {
      throw new DBException("cannot read " + property + " '" + file + "' (" + type
          + "; wrong " + property + ".password?): " + e.getMessage());
    }
  }
}
