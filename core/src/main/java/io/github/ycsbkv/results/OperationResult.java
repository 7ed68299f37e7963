package io.github.ycsbkv.results;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
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
 * @param errorCauses why the errors happened: at most {@link ErrorCause#MAX_CAUSES} distinct causes,
 *     most frequent first, then {@link ErrorCause#OTHER_CAUSES} for the rest; empty without errors
 * @param wire the bytes its requests and replies took on the wire, where the binding counted them
 *     ({@link io.github.ycsbkv.spi.WireBytes}), else {@code null}
 */
public record OperationResult(String operation, long count, long errors, Map<String, Long> statuses,
    LatencyStats serviceOk, LatencyStats serviceFailed, LatencyStats responseOk, LatencyStats responseFailed,
    List<ErrorCause> errorCauses, Wire wire) {

  /**
   * The bytes on the wire of an operation's requests: counted over every request its clients sent, a warm-up's
   * included, so that the figures per request ({@link #sentPerRequest()}, {@link #receivedPerRequest()}) hold for
   * the measured ones.
   *
   * @param requests the requests counted
   * @param sentBytes the bytes of their commands (the protocol's, before TLS)
   * @param receivedBytes the bytes of their replies
   */
  public record Wire(long requests, long sentBytes, long receivedBytes) {

    /** Bytes sent per request. */
    public double sentPerRequest() {
      return requests == 0 ? 0 : (double) sentBytes / requests;
    }

    /** Bytes received per request. */
    public double receivedPerRequest() {
      return requests == 0 ? 0 : (double) receivedBytes / requests;
    }
  }

  /** Defensive copies. */
  public OperationResult {
    statuses = Map.copyOf(statuses);
    errorCauses = List.copyOf(errorCauses);
  }

  /** A result without bytes on the wire (the layout before they were counted). */
  public OperationResult(String operation, long count, long errors, Map<String, Long> statuses,
      LatencyStats serviceOk, LatencyStats serviceFailed, LatencyStats responseOk, LatencyStats responseFailed,
      List<ErrorCause> errorCauses) {
    this(operation, count, errors, statuses, serviceOk, serviceFailed, responseOk, responseFailed, errorCauses,
        null);
  }

  /** This result with {@code wire}. */
  public OperationResult withWire(Wire wire) {
    return new OperationResult(operation, count, errors, statuses, serviceOk, serviceFailed, responseOk,
        responseFailed, errorCauses, wire);
  }

  /** The error causes {@code all} (any number, any order) as a result keeps them: see {@link #errorCauses()}. */
  public static List<ErrorCause> topCauses(List<ErrorCause> all) {
    Map<List<String>, Long> sums = new java.util.LinkedHashMap<>();
    for (ErrorCause c : all) {
      sums.merge(List.of(c.status(), c.cause()), c.count(), Long::sum);
    }
    List<ErrorCause> sorted = new ArrayList<>();
    long other = 0;
    for (Map.Entry<List<String>, Long> e : sums.entrySet()) {
      if (e.getKey().get(1).equals(ErrorCause.OTHER_CAUSES)) {
        other += e.getValue();
      } else {
        sorted.add(new ErrorCause(e.getKey().get(0), e.getKey().get(1), e.getValue()));
      }
    }
    sorted.sort(Comparator.comparingLong(ErrorCause::count).reversed().thenComparing(ErrorCause::status)
        .thenComparing(ErrorCause::cause));
    List<ErrorCause> out = new ArrayList<>(sorted.subList(0, Math.min(ErrorCause.MAX_CAUSES, sorted.size())));
    for (ErrorCause c : sorted.subList(out.size(), sorted.size())) {
      other += c.count();
    }
    if (other > 0) {
      out.add(new ErrorCause("ERROR", ErrorCause.OTHER_CAUSES, other));
    }
    return out;
  }

  /**
   * The result of {@code operation} from its status counts and the histograms (nanoseconds) of its
   * four series, any of which may be null; {@code null} when no operation of this type completed.
   */
  public static OperationResult of(String operation, Map<String, Long> statuses,
      org.HdrHistogram.AbstractHistogram ok, org.HdrHistogram.AbstractHistogram failed,
      org.HdrHistogram.AbstractHistogram okIntended, org.HdrHistogram.AbstractHistogram failedIntended,
      java.util.List<Double> percentiles) {
    return of(operation, statuses, List.of(), ok, failed, okIntended, failedIntended, percentiles);
  }

  /** As {@link #of(String, Map, org.HdrHistogram.AbstractHistogram, org.HdrHistogram.AbstractHistogram,
   * org.HdrHistogram.AbstractHistogram, org.HdrHistogram.AbstractHistogram, List)}, with the errors' causes. */
  public static OperationResult of(String operation, Map<String, Long> statuses, List<ErrorCause> causes,
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
        LatencyStats.ofNanos(failedIntended, percentiles), topCauses(causes));
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
