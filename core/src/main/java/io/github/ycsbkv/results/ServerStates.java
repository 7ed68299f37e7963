package io.github.ycsbkv.results;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The server's own account of a measured phase on the phase's time axis: its state every status interval
 * ({@code timeline}), the events the user asked it to go through ({@code events}, each with its window's latency and
 * throughput against the rest of the phase), and the share of its reads that found their key over the phase.
 * Immutable; {@code result.json} {@code serverStates}.
 *
 * @param timeline the server's state at the start of the phase and every status interval after it
 * @param events the events asked for with {@code -p events=...}, in the order asked
 * @param hitRatio the server's {@code hits / (hits + misses)} over the phase, from its own counters (NaN without
 *     reads, or where it does not count them)
 * @param hits reads that found their key during the phase, as the server counts them, or -1
 * @param misses reads that did not, or -1
 * @param evictedKeys keys the server evicted during the phase, or -1
 * @param redirections a cluster's redirections ({@code MOVED}, {@code ASK}) the nodes answered during the phase, or -1
 * @param source where the figures come from
 */
public record ServerStates(List<Sample> timeline, List<EventWindow> events, double hitRatio, long hits,
    long misses, long evictedKeys, long redirections, String source) {

  public ServerStates {
    timeline = List.copyOf(timeline);
    events = List.copyOf(events);
  }

  /**
   * The server's state at one moment of the phase; rates are over the time since the sample before (NaN in the
   * first sample, or where the server does not count it).
   *
   * @param elapsedMillis time since the start of the measured phase
   * @param usedMemoryBytes memory the server accounts to its data, or -1
   * @param rssBytes resident set size, or -1
   * @param keys keys stored, or -1
   * @param evictedPerSec keys evicted per second
   * @param expiredPerSec keys expired per second
   * @param hitsPerSec reads per second that found their key
   * @param missesPerSec reads per second that did not
   * @param saving whether a snapshot was being written
   * @param rewriting whether an append-only file was being rewritten
   * @param lastForkMicros the server's last fork's time, in microseconds, or -1
   * @param replicas replicas attached, or -1
   * @param replicaLagBytes the most bytes a replica was behind, or -1
   * @param redirectionsPerSec a cluster's redirections answered per second
   * @param replicaAckSeconds the most seconds since a replica last acknowledged its offset, or -1
   * @param replicaLagRecords the most journal records a replica was behind (Dragonfly), or -1
   */
  public record Sample(long elapsedMillis, long usedMemoryBytes, long rssBytes, long keys, double evictedPerSec,
      double expiredPerSec, double hitsPerSec, double missesPerSec, boolean saving, boolean rewriting,
      long lastForkMicros, int replicas, long replicaLagBytes, double redirectionsPerSec, long replicaAckSeconds,
      long replicaLagRecords) {}

  /**
   * One event's window: from the moment the engine asked the server for it to the first moment the server no longer
   * said it was busy with it (read every {@code 50} ms), and the phase's figures inside it against those outside every
   * window. The figures are of whole status intervals: an interval that overlaps the window counts inside.
   *
   * @param kind the event, for example {@code bgsave}
   * @param atMillis when it was asked for, from the start of the measured phase
   * @param startMillis when the engine sent it, or -1 when the phase ended first
   * @param endMillis when the server was no longer busy with it, or -1 when it was still busy at the phase's end (or
   *     it never began)
   * @param figures what the server said of it once it ended ({@code forkMicros}, {@code durationSeconds}), by name
   * @param inside the phase's figures in the status intervals the window overlaps, or null
   * @param outside the phase's figures in the intervals no window overlaps, or null
   * @param failure the server's answer when it refused the event, or why it did not begin, or how it failed once
   *     begun (the window and figures are then given too); null when it began and ended well
   */
  public record EventWindow(String kind, long atMillis, long startMillis, long endMillis, Map<String, Double> figures,
      Window inside, Window outside, String failure) {

    public EventWindow {
      figures = Map.copyOf(figures);
    }

    /** One line: when, how long, what the server said, and the figures inside against outside. */
    public String describe() {
      StringBuilder s = new StringBuilder(String.format(Locale.US, "event %s at %.1f s: ", kind, atMillis / 1000.0));
      if (failure != null && startMillis < 0) {
        return s.append(failure).toString();
      }
      s.append(String.format(Locale.US, "from %.2f s ", startMillis / 1000.0));
      s.append(endMillis < 0 ? "to the end of the phase (still busy)"
          : String.format(Locale.US, "to %.2f s (%.2f s)", endMillis / 1000.0, (endMillis - startMillis) / 1000.0));
      if (failure != null) {
        s.append(", which failed: ").append(failure);
      } else if (figures.getOrDefault("failed", 0.0) > 0) {
        s.append(", which the server says failed");
      }
      if (figures.containsKey("slotsMoved")) {
        s.append(String.format(Locale.US, ", %.0f slots and %.0f keys moved", figures.get("slotsMoved"),
            figures.getOrDefault("keysMoved", 0.0)));
      }
      if (figures.containsKey("forkMicros")) {
        s.append(String.format(Locale.US, ", fork %.1f ms", figures.get("forkMicros") / 1000.0));
      }
      if (inside != null) {
        s.append("; inside ").append(inside.describe());
      }
      if (outside != null) {
        s.append("; outside ").append(outside.describe());
      }
      return s.toString();
    }
  }

  /**
   * The phase's figures over some of its status intervals (service time, every operation type and outcome).
   *
   * @param seconds the intervals' length together
   * @param operations operations completed in them
   * @param failedOperations those that failed
   * @param opsPerSec {@code operations / seconds}
   * @param p50Micros median service time
   * @param p99Micros 99th percentile of service time
   * @param maxMicros the longest service time
   */
  public record Window(double seconds, long operations, long failedOperations, double opsPerSec, double p50Micros,
      double p99Micros, double maxMicros) {

    /** {@code 12,345 ops/s, P99 1.20 ms (4 s, 0 failed)}. */
    public String describe() {
      return String.format(Locale.US, "%,.0f ops/s, P50 %s, P99 %s, max %s over %.1f s, %d failed", opsPerSec,
          millis(p50Micros), millis(p99Micros), millis(maxMicros), seconds, failedOperations);
    }

    private static String millis(double micros) {
      return Double.isNaN(micros) ? "n/a" : String.format(Locale.US, "%.2f ms", micros / 1000.0);
    }
  }

  /** {@code hits 61.2% (123 of 201 reads, INFO stats keyspace_hits / keyspace_misses)}, or null without reads. */
  public String describeHits() {
    if (Double.isNaN(hitRatio)) {
      return null;
    }
    return String.format(Locale.US, "server: %.2f%% of reads found their key (%,d hits, %,d misses over the phase, %s)",
        hitRatio * 100, hits, misses, source) + (evictedKeys > 0 ? String.format(Locale.US, "; %,d keys evicted",
        evictedKeys) : "") + (redirections > 0 ? String.format(Locale.US, "; %,d redirections (MOVED, ASK) answered",
        redirections) : "");
  }

  /**
   * How far behind its primary a replica was over the phase, the most any sample saw: how stale a read from it could
   * have been ({@code -p readfrom=replica}). {@code server: 1 replica(s); lag at most 2,048 bytes, last acknowledged
   * at most 1 s before, over 12 samples}, or null where no sample saw a replica.
   */
  public String describeReplicas() {
    int replicas = -1;
    long bytes = -1;
    long records = -1;
    long ack = -1;
    for (Sample t : timeline) {
      replicas = Math.max(replicas, t.replicas());
      bytes = Math.max(bytes, t.replicaLagBytes());
      records = Math.max(records, t.replicaLagRecords());
      ack = Math.max(ack, t.replicaAckSeconds());
    }
    if (replicas <= 0) {
      return null;
    }
    StringBuilder sb = new StringBuilder(String.format(Locale.US, "server: %d replica(s); lag at most ", replicas));
    if (bytes < 0 && records < 0) {
      sb.append("not reported");
    } else {
      sb.append(bytes >= 0 ? String.format(Locale.US, "%,d bytes", bytes) : "")
          .append(bytes >= 0 && records >= 0 ? ", " : "")
          .append(records >= 0 ? String.format(Locale.US, "%,d journal records", records) : "");
    }
    if (ack >= 0) {
      sb.append(String.format(Locale.US, ", last acknowledged at most %d s before", ack));
    }
    return sb.append(String.format(Locale.US, ", over %d samples (how stale a read from a replica could be)",
        timeline.size())).toString();
  }
}
