package io.github.ycsbkv.internal.link;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509TrustManager;

/**
 * Whom a TLS client trusts, for the RESP bindings' connections and {@link RespLink} alike: any certificate (a
 * self-signed test server), or the certificates of a PEM file or of a key store. Each caller words its own errors.
 * Stateless.
 */
public final class TlsTrust {

  private TlsTrust() {}

  /** Managers that accept every certificate. */
  public static TrustManager[] any() {
    return new TrustManager[] {new TrustAll()};
  }

  /**
   * A key store of the certificates in the PEM file {@code file}: empty when it holds none; a missing file is a
   * {@link java.nio.file.NoSuchFileException}.
   */
  public static KeyStore pem(Path file) throws IOException, GeneralSecurityException {
    try (InputStream in = Files.newInputStream(file)) {
      KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
      store.load(null, null);
      int i = 0;
      for (Certificate c : CertificateFactory.getInstance("X.509").generateCertificates(in)) {
        store.setCertificateEntry("ca-" + i++, c);
      }
      return store;
    }
  }

  /** Managers that trust what {@code store} holds. */
  public static TrustManager[] of(KeyStore store) throws GeneralSecurityException {
    TrustManagerFactory f = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
    f.init(store);
    return f.getTrustManagers();
  }

  /** Accepts every certificate. */
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
