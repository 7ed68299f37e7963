package io.github.ycsbkv.results;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * How long the client itself stalled during the measured phase, measured as jHiccup does: a thread
 * that sleeps for {@code intervalMicros} again and again and records how much later than asked it
 * woke (a stall of the whole JVM or of the machine delays it as it delays every client thread),
 * corrected for the samples a long stall swallowed; plus the JVM's collector pause time. A latency
 * percentile is the server's only where the client's stalls stay well below it. Immutable.
 *
 * @param intervalMicros how long the meter thread asked to sleep each time
 * @param samples how many times it woke
 * @param p99Micros the 99th percentile of how late it woke
 * @param p999Micros the 99.9th percentile of how late it woke
 * @param maxMicros the longest stall
 * @param gcPauses the collector's pauses during the phase (every collector of the JVM)
 * @param gcPauseMillis their total time
 */
public record ClientStalls(double intervalMicros, long samples, double p99Micros, double p999Micros, double maxMicros,
    long gcPauses, long gcPauseMillis) {

  /** Fewer wake-ups than this (a phase shorter than about a second) make no percentile to compare. */
  public static final long MIN_SAMPLES = 1000;

  /**
   * A warning when the stalls reach a reported percentile (from {@value #MIN_SAMPLES} wake-ups on): the longest stall at least an operation's P99.9,
   * or the stalls' P99 at least its P99; that percentile may then be the client's rather than the server's.
   */
  public List<String> warnings(List<OperationResult> operations) {
    if (samples < MIN_SAMPLES) {
      return List.of();
    }
    List<String> reached999 = new ArrayList<>();
    List<String> reached99 = new ArrayList<>();
    for (OperationResult op : operations) {
      LatencyStats ok = op.serviceOk();
      if (ok == null || ok.count() == 0 || op.operation().equals("CLEANUP")) {
        continue;
      }
      double p999 = ok.percentileMicros(99.9);
      double p99 = ok.percentileMicros(99);
      if (!Double.isNaN(p999) && maxMicros >= p999) {
        reached999.add(op.operation() + " " + Micros.human(p999));
      }
      if (!Double.isNaN(p99) && p99Micros >= p99) {
        reached99.add(op.operation() + " " + Micros.human(p99));
      }
    }
    List<String> out = new ArrayList<>();
    if (reached999.isEmpty() && reached99.isEmpty()) {
      return out;
    }
    List<String> reached = new ArrayList<>();
    if (!reached99.isEmpty()) {
      reached.add("the P99 of " + String.join(", ", reached99));
    }
    if (!reached999.isEmpty()) {
      reached.add("the P99.9 of " + String.join(", ", reached999));
    }
    out.add(String.format(Locale.ROOT, "the client itself stalled (P99 %s, max %s; collector pauses: %d, %,d ms in"
        + " all), as long as %s: those percentiles may be the client's, not the server's", Micros.human(p99Micros),
        Micros.human(maxMicros), gcPauses, gcPauseMillis, String.join(" and ", reached)));
    return out;
  }

  /** One line for people. */
  public String describe() {
    return String.format(Locale.ROOT, "client stalls: P99 %s, P99.9 %s, max %s; collector pauses: %d, %,d ms",
        Micros.human(p99Micros), Micros.human(p999Micros), Micros.human(maxMicros), gcPauses,
        gcPauseMillis);
  }
}
