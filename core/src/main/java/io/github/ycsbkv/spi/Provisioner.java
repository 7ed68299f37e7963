package io.github.ycsbkv.spi;

import java.io.IOException;
import java.util.Map;

/**
 * Starts a store's server for a command that needs one ({@code ycsb study}), found with
 * {@link java.util.ServiceLoader} (module {@code ycsb-kv-provision}). Servers listen on loopback, keep
 * nothing on disk, and are stopped by {@link Provisioned#close()}.
 */
public interface Provisioner {

  /**
   * Why {@code store} cannot be started here (for example, its binary is not on PATH, or with {@code tls} it
   * was built without TLS), or null when it can.
   */
  String unavailable(String store, boolean tls);

  /**
   * Starts {@code store} with {@code ioThreads} I/O threads where the server has such a setting; with
   * {@code tls}, serving TLS only with a certificate of a throw-away CA that {@link Provisioned#properties()}
   * names for the client.
   */
  Provisioned start(String store, int ioThreads, boolean tls) throws IOException;

  /** A running server. */
  interface Provisioned extends AutoCloseable {

    /** The binding properties that point at it ({@code redis.host}, {@code redis.port}, ...). */
    Map<String, String> properties();

    /** One line: what runs where, with which flags. */
    String description();

    /** Stops the server and removes its directory. */
    @Override
    void close();
  }
}
