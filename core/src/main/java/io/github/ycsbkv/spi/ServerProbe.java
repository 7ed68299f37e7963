package io.github.ycsbkv.spi;

/**
 * Reads a store's own view of itself (version, threads, keys, memory) through its own protocol,
 * independently of the client threads. A binding offers one through {@link Binding#probe}; the
 * engine samples it before and after each phase.
 *
 * <p>Implementations own their connection, are used by one thread at a time, and may be closed
 * more than once.
 */
public interface ServerProbe extends AutoCloseable {

  /** Reads the server's state now. */
  ServerSample sample() throws Exception;

  /** Releases the probe's connection; harmless when called again. */
  @Override
  void close();
}
