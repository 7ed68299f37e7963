package io.github.ycsbkv.spi;

import java.util.List;
import java.util.Map;

/**
 * What a binding can make its store go through while a phase runs, at the user's request ({@code -p events=
 * bgsave@20s}): a snapshot, an append-only file's rewrite. The engine begins an event at its time and then asks,
 * every few tens of milliseconds, whether the store is still busy with it; the interval in between is the event's
 * window, whose latency and throughput the result sets against the rest of the phase.
 *
 * <p>Offered by a probe ({@link ServerProbe#events()}), on the probe's own connection, by the one thread that uses
 * the probe. A store without any returns null there (the default): a run that asks for events then stops before it
 * starts, in one line.
 */
public interface ServerEvents {

  /**
   * The kinds this store can go through, for the server the probe found ({@code server} as {@link ServerSample}
   * names it: {@code redis}, {@code dragonfly}, ...; null when it could not be read), in a stable order.
   */
  List<String> kinds(String server);

  /**
   * What is wrong with {@code argument} for {@code kind} ({@code reshard:2000@10s} gives {@code 2000}; null when none
   * was given), in a few words, or null when it is fine. By default a kind takes no argument.
   */
  default String argumentProblem(String kind, String argument) {
    return argument == null ? null : kind + " takes no argument";
  }

  /**
   * Begins {@code kind} on the store (on every node of a cluster), with its {@code argument} or null; a refusal throws
   * with the server's answer. A long event (slots moved by the tool itself) runs on a thread of the binding's own.
   */
  void begin(String kind, String argument) throws Exception;

  /** Whether the store is still busy with {@code kind}, as it says itself. */
  boolean inProgress(String kind) throws Exception;

  /**
   * Once {@code kind} has ended: what the store says of it, by name with its unit ({@code forkMicros},
   * {@code durationSeconds}), empty when it says nothing.
   */
  Map<String, Double> figures(String kind) throws Exception;
}
