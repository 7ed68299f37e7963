package io.github.ycsbkv.results;

import java.util.Map;

/**
 * What was measured for one operation type ({@code READ}, {@code UPDATE}, ...).
 *
 * <p>As in upstream YCSB, an operation whose status is not OK is timed in the {@code -FAILED}
 * series; that includes misses ({@code NOT_FOUND}), which are not counted as errors.
 *
 * @param operation the operation type, upper case
 * @param count every operation of this type, whatever its outcome
 * @param errors operations whose status was neither OK, BATCHED_OK nor NOT_FOUND
 * @param statuses count per status name (OK, NOT_FOUND, ERROR, ...)
 * @param serviceOk service time (from the actual start) of successful operations, or {@code null}
 * @param serviceFailed service time of the other operations, or {@code null}
 * @param responseOk response time (from the intended start; only with a target), or {@code null}
 * @param responseFailed response time of the other operations, or {@code null}
 */
public record OperationResult(String operation, long count, long errors, Map<String, Long> statuses,
    LatencyStats serviceOk, LatencyStats serviceFailed, LatencyStats responseOk, LatencyStats responseFailed) {

  /** Defensive copy of the status counts. */
  public OperationResult {
    statuses = Map.copyOf(statuses);
  }

  /**
   * The result of {@code operation} from its status counts and the histograms (nanoseconds) of its
   * four series, any of which may be null; {@code null} when no operation of this type completed.
   */
  public static OperationResult of(String operation, Map<String, Long> statuses,
      org.HdrHistogram.AbstractHistogram ok, org.HdrHistogram.AbstractHistogram failed,
      org.HdrHistogram.AbstractHistogram okIntended, org.HdrHistogram.AbstractHistogram failedIntended,
      java.util.List<Double> percentiles) {
    long count = 0;
    long errors = 0;
    for (Map.Entry<String, Long> e : statuses.entrySet()) {
      count += e.getValue();
      if (isError(e.getKey())) {
        errors += e.getValue();
      }
    }
    if (count == 0) {
      return null;
    }
    return new OperationResult(operation, count, errors, statuses, LatencyStats.ofNanos(ok, percentiles),
        LatencyStats.ofNanos(failed, percentiles), LatencyStats.ofNanos(okIntended, percentiles),
        LatencyStats.ofNanos(failedIntended, percentiles));
  }

  /**
   * The name of one latency series of {@code operation}, as in the summary and the histogram files:
   * {@code READ}, {@code READ-FAILED}, {@code Intended-READ}, {@code Intended-READ-FAILED}.
   */
  public static String seriesName(String operation, boolean failed, boolean intended) {
    return (intended ? "Intended-" : "") + operation + (failed ? "-FAILED" : "");
  }

  /**
   * Hits over hits and misses: OK / (OK + NOT_FOUND), as cache benchmarks report GETs; NaN when
   * neither happened.
   */
  public double hitRatio() {
    long hits = statuses.getOrDefault("OK", 0L);
    long misses = statuses.getOrDefault("NOT_FOUND", 0L);
    return hits + misses == 0 ? Double.NaN : (double) hits / (hits + misses);
  }

  /** Statuses that are not errors: the outcome of a healthy store. */
  public static boolean isError(String status) {
    return !(status.equals("OK") || status.equals("BATCHED_OK") || status.equals("NOT_FOUND"));
  }
}
