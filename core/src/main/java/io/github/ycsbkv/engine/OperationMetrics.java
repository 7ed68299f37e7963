package io.github.ycsbkv.engine;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import site.ycsb.Status;

/**
 * The measurements of one operation type (for example {@code READ}): latency in nanoseconds, split
 * by outcome ({@code READ} for OK, {@code READ-FAILED} for anything else, as upstream YCSB names
 * them), as service time (from the actual start) and, when the run is throttled, as response time
 * (from the intended start); and a count per {@link Status} name.
 *
 * <p>{@link #record} is wait-free and may be called from any number of threads (HdrHistogram
 * {@link Recorder}s and {@link LongAdder}s, no lock). {@link #drain} and the accessors of totals
 * are called by one thread at a time, serialised by {@link Metrics}.
 */
final class OperationMetrics {

  private static final int SIGNIFICANT_DIGITS = 3;

  /** The four series of an operation: outcome x (service | response). */
  enum Series {
    OK(""), FAILED("-FAILED"), OK_INTENDED(""), FAILED_INTENDED("-FAILED");

    final String suffix;

    Series(String suffix) {
      this.suffix = suffix;
    }

    boolean intended() {
      return this == OK_INTENDED || this == FAILED_INTENDED;
    }
  }

  private final String name;
  private final Recorder[] recorders = new Recorder[Series.values().length];
  private final Histogram[] intervals = new Histogram[Series.values().length];
  private final Histogram[] totals = new Histogram[Series.values().length];
  private final LongAdder okStatus = new LongAdder();
  private final ConcurrentHashMap<String, LongAdder> otherStatuses = new ConcurrentHashMap<>();

  OperationMetrics(String name, boolean intended) {
    this.name = name;
    for (Series s : Series.values()) {
      if (!s.intended() || intended) {
        recorders[s.ordinal()] = new Recorder(SIGNIFICANT_DIGITS);
        totals[s.ordinal()] = new Histogram(SIGNIFICANT_DIGITS);
      }
    }
  }

  String name() {
    return name;
  }

  /**
   * Records one operation. {@code intendedNanos} is negative when the run is not throttled.
   */
  void record(Status status, long startNanos, long endNanos, long intendedNanos) {
    boolean ok = status.isOk();
    recorders[ok ? 0 : 1].recordValue(Math.max(0, endNanos - startNanos));
    if (intendedNanos >= 0 && recorders[2] != null) {
      recorders[ok ? 2 : 3].recordValue(Math.max(0, endNanos - intendedNanos));
    }
    if (status == Status.OK) {
      okStatus.increment();
    } else {
      otherStatuses.computeIfAbsent(status.getName(), k -> new LongAdder()).increment();
    }
  }

  /** Moves what was recorded since the last call into the totals. */
  void drain() {
    for (Series s : Series.values()) {
      int i = s.ordinal();
      if (recorders[i] == null) {
        continue;
      }
      intervals[i] = recorders[i].getIntervalHistogram(intervals[i]);
      totals[i].add(intervals[i]);
    }
  }

  /** The last drained interval's service-time histogram of successful operations, or {@code null}. */
  Histogram drainedInterval() {
    return intervals[0];
  }

  /** Operations recorded in the last drained interval, every outcome. */
  long intervalCount() {
    return (intervals[0] == null ? 0 : intervals[0].getTotalCount())
        + (intervals[1] == null ? 0 : intervals[1].getTotalCount());
  }

  /** The accumulated histogram of a series, or {@code null} when the series is not measured. */
  Histogram total(Series series) {
    return totals[series.ordinal()];
  }

  /** Counts by status name, sorted, as of now. */
  Map<String, Long> statusCounts() {
    Map<String, Long> out = new TreeMap<>();
    long ok = okStatus.sum();
    if (ok > 0) {
      out.put(Status.OK.getName(), ok);
    }
    otherStatuses.forEach((k, v) -> out.merge(k, v.sum(), Long::sum));
    return out;
  }
}
