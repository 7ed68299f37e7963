package io.github.ycsbkv.results;

import java.util.Locale;

/**
 * The warm-up before a measured phase ({@code -p warmup}): the same clients, connections and workload, run for a
 * time or a number of operations and then thrown away, so that the measured phase starts with the client's code
 * compiled and the store's caches and connections warm. Nothing it did is in the phase's counts, latencies,
 * intervals, outages or server figures.
 *
 * @param requested the {@code warmup} property as given, for example {@code 10s} or {@code 200000ops}
 * @param operations operations the clients started in the warm-up
 * @param failedOperations of those, the ones that failed
 * @param millis how long it lasted, until its last operation completed
 */
public record Warmup(String requested, long operations, long failedOperations, long millis) {

  /** One line for people, for example {@code warm-up (10s): 1,234,567 operations in 10.0 s, not measured}. */
  public String describe() {
    return String.format(Locale.ROOT, "warm-up (%s): %,d operations%s in %.1f s before the measured phase, not"
        + " counted", requested, operations, failedOperations == 0 ? "" : String.format(Locale.ROOT, " (%,d failed)",
        failedOperations), millis / 1000.0);
  }
}
