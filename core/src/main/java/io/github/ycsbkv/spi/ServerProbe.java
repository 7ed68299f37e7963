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

  /**
   * Reads the server's state now (memory, keys, evictions, hits and misses, saving, replicas), for the phase's timeline;
   * the engine calls it every status interval from the thread that reads {@link #load()}. Null when the store says
   * none of it (the default).
   */
  default ServerState state() throws Exception {
    return null;
  }

  /** What this probe can make the store go through during a phase ({@link ServerEvents}), or null (the default). */
  default ServerEvents events() {
    return null;
  }

  /** How often the engine reads {@link #load()} during a phase, in milliseconds. */
  long LOAD_INTERVAL_MILLIS = 250;

  /** Releases the probe's connection; harmless when called again. */
  @Override
  void close();
}
