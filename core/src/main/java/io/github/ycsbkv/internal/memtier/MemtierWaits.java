package io.github.ycsbkv.internal.memtier;

import java.util.Map;

/**
 * memtier_benchmark's WAIT options, checked as memtier checks them: {@code --wait-ratio SETS:WAITS} (default 1:0, no
 * WAIT), {@code --num-slaves MIN-MAX} and {@code --wait-timeout MIN-MAX} (milliseconds; both default 0-0). memtier
 * sends WAITs between the SETs and GETs of {@code --ratio} only, never in cluster mode; with {@code --command} it sends
 * none and says nothing, which ycsb-kv says in one line instead. Immutable.
 *
 * @param sets the ratio's SETS
 * @param waits the ratio's WAITS (0: no WAIT)
 * @param replicas {@code --num-slaves}' bounds
 * @param timeout {@code --wait-timeout}'s bounds
 */
record MemtierWaits(long sets, long waits, long[] replicas, long[] timeout) {

  /** The WAIT options in {@code o}. */
  static MemtierWaits of(Map<String, String> o, boolean cluster, boolean commands) {
    long[] ratio = pair(o, "wait-ratio", ":", "1:0", "--wait-ratio must be expressed as [0-n]:[0-n]");
    if (ratio[0] == 0 && ratio[1] == 0) {
      throw MemtierArgs.usage("--wait-ratio must be expressed as [0-n]:[0-n], not 0:0 (as in memtier_benchmark)");
    }
    long[] replicas = range(o, "num-slaves");
    long[] timeout = range(o, "wait-timeout");
    if (o.containsKey("wait-ratio") && cluster) {
      throw MemtierArgs.usage("cluster mode does not support the --wait-ratio option (as in memtier_benchmark)");
    }
    if (ratio[1] > 0 && commands) {
      throw MemtierArgs.usage("--wait-ratio interleaves WAITs with --ratio's SETs and GETs; memtier_benchmark sends"
          + " none with --command (and says nothing): add WAIT as a --command of its own instead");
    }
    return new MemtierWaits(ratio[0], ratio[1], replicas, timeout);
  }

  /** {@code MIN-MAX}, as memtier reads it: a reversed range swapped, a MAX of 0 refused where the option is given. */
  private static long[] range(Map<String, String> o, String name) {
    long[] r = pair(o, name, "-", "0-0", "--" + name + " must be expressed as [0-n]-[1-n]");
    if (o.containsKey(name) && Math.max(r[0], r[1]) == 0) {
      throw MemtierArgs.usage("--" + name + " must be expressed as [0-n]-[1-n], got '" + o.get(name) + "'");
    }
    return new long[] {Math.min(r[0], r[1]), Math.max(r[0], r[1])};
  }

  private static long[] pair(Map<String, String> o, String name, String separator, String otherwise, String message) {
    String text = o.getOrDefault(name, otherwise).trim();
    if (!text.matches("\\d{1,9}" + separator + "\\d{1,9}")) {
      throw MemtierArgs.usage(message + ", got '" + text + "'");
    }
    int at = text.indexOf(separator);
    return new long[] {Long.parseLong(text.substring(0, at)), Long.parseLong(text.substring(at + 1))};
  }

  /** Whether WAITs are sent. */
  boolean any() {
    return waits > 0;
  }
}
