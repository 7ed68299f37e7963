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

  /**
   * Reads the server's connection and command counters now, cheaply (the engine calls it every
   * {@value #LOAD_INTERVAL_MILLIS} ms while a phase runs); null when the store has no such counters
   * (the default). The commands counter must leave out the probe's own commands.
   */
  default ServerLoad load() throws Exception {
    return null;
  }

  /** How often the engine reads {@link #load()} during a phase, in milliseconds. */
  long LOAD_INTERVAL_MILLIS = 250;

  /** Releases the probe's connection; harmless when called again. */
  @Override
  void close();
}
