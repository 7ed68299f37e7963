package io.github.ycsbkv.results.sweep;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One cell of a sweep ({@code sweep.json}): a binding (or its label, {@code redis+tls}), a workload and a thread
 * count, the repetitions that failed and why, and each figure summarised over the repetitions that completed:
 * {@code throughputOpsPerSec}, and per operation {@code READ.meanMicros}, {@code READ.p99Micros}, ...; in a capacity
 * sweep instead {@link #CAPACITY} and the figures at it, and {@link #PROBE}. Immutable.
 *
 * @param failed one line per failed repetition ({@code r2: load failed: ...})
 * @param figures each figure's summary, in the order the sweep found them
 */
public record SweepCell(String binding, String workload, int threads, List<String> failed,
    Map<String, Summary> figures) {

  /** The figure every cell has: operations per second over the whole phase. */
  public static final String THROUGHPUT = "throughputOpsPerSec";
  /** A capacity sweep's ({@code --capacity}): the most operations per second found within the budget, confirmed. */
  public static final String CAPACITY = "capacityOpsPerSec";
  /** A capacity sweep's: P99 from intended starts, over every operation, in the run that confirmed the capacity. */
  public static final String CAPACITY_P99 = "capacityP99Micros";
  /** A capacity sweep's: the server's CPU per operation at the capacity (where the server's CPU is known). */
  public static final String CAPACITY_SERVER_CPU = "capacityServerCpuMicrosPerOperation";
  /** A capacity sweep's: operations per server core-second at the capacity (where the server's CPU is known). */
  public static final String CAPACITY_PER_SERVER_CORE = "capacityOpsPerServerCoreSecond";
  /** A capacity sweep's: the closed-loop probe's throughput on the same connections. */
  public static final String PROBE = "probeOpsPerSec";

  /** The share of the reads the server found their key for, over the phase, in percent (its own counters). */
  public static final String SERVER_HIT_RATE = "server.hitRatePercent";
  /** The keys the server evicted during the phase. */
  public static final String SERVER_EVICTED = "server.evictedKeys";
  /** The memory limit the server ran under ({@code sweep --maxmemory}), in MB (10^6 bytes). */
  public static final String MAXMEMORY_MB = "server.maxmemoryMB";
  /** The property that sets it. */
  public static final String MAXMEMORY_PROPERTY = "server.maxmemory";

  /**
   * A size as Redis takes it ({@code 64mb}: 64 x 2^20 bytes, {@code 1gb}, {@code 64m}: 64 x 10^6, bytes), in bytes;
   * NaN when it is none.
   */
  public static double bytes(String size) {
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("(\\d+(?:\\.\\d+)?)(b|k|kb|m|mb|g|gb)?")
        .matcher(size.trim().toLowerCase(java.util.Locale.ROOT));
    if (!m.matches()) {
      return Double.NaN;
    }
    double n = Double.parseDouble(m.group(1));
    String unit = m.group(2) == null ? "b" : m.group(2);
    return n * switch (unit) {
      case "k" -> 1e3;
      case "kb" -> 1024.0;
      case "m" -> 1e6;
      case "mb" -> 1024.0 * 1024;
      case "g" -> 1e9;
      case "gb" -> 1024.0 * 1024 * 1024;
      default -> 1.0;
    };
  }

  public SweepCell {
    failed = List.copyOf(failed);
    figures = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(figures));
  }

  /** The summary of {@code figure}, or null when no repetition gave it. */
  public Summary figure(String figure) {
    return figures.get(figure);
  }

  /** The mean of {@code figure}, or NaN when no repetition gave it. */
  public double mean(String figure) {
    Summary s = figures.get(figure);
    return s == null || s.n() == 0 ? Double.NaN : s.mean();
  }
}
