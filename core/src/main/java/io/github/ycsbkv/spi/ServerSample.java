package io.github.ycsbkv.spi;

import java.time.Instant;
import java.util.Map;

/**
 * A store's state at one moment, as the store reports it.
 *
 * @param at when it was read
 * @param server the server software, for example {@code redis}, {@code valkey}, {@code keydb}
 * @param version the server's version string
 * @param nodes servers the figures add up (1 for a standalone server, the masters of a cluster)
 * @param keys keys (or objects) stored, over every database
 * @param usedMemoryBytes memory the server accounts to its data and structures, or -1 if unknown
 * @param rssBytes resident set size of the server process(es), or -1 if unknown
 * @param memorySource where the memory figures come from, for example
 *     {@code INFO memory used_memory / used_memory_rss}
 * @param settings settings that shape performance (threads, persistence), by name
 */
public record ServerSample(Instant at, String server, String version, int nodes, long keys, long usedMemoryBytes,
    long rssBytes, String memorySource, Map<String, String> settings) {

  /** Defensive copy of the settings. */
  public ServerSample {
    settings = Map.copyOf(settings);
  }
}
