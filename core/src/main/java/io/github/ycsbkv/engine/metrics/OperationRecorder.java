package io.github.ycsbkv.engine.metrics;

import io.github.ycsbkv.results.ErrorCause;
import java.util.HashMap;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.SingleWriterRecorder;
import site.ycsb.Status;

/**
 * One client thread's measurements of one operation type (for example {@code READ}): latency in
 * nanoseconds, split by outcome ({@code READ} for OK, {@code READ-FAILED} for anything else, as
 * upstream YCSB names them), as service time (from the actual start) and, under {@code -target},
 * as response time (from the intended start); and a count per {@link Status} name.
 *
 * <p>Single writer: only the owning client thread calls {@link #record}, so recording touches no
 * shared cache line ({@link SingleWriterRecorder}, plain counters). The sampler thread may call
 * {@link #drainInto} concurrently, as HdrHistogram's recorders allow; status counts are read only
 * after the client thread finished.
 */
public final class OperationRecorder {

  /** The operation the engine times itself: a client thread's {@code cleanup()} of its binding. */
  public static final String CLEANUP = "CLEANUP";

  public static final int SIGNIFICANT_DIGITS = 3;

  /** The four series of an operation: outcome x (service | response). */
  public enum Series {
    OK, FAILED, OK_INTENDED, FAILED_INTENDED;

    boolean intended() {
      return this == OK_INTENDED || this == FAILED_INTENDED;
    }
  }

  private final String name;
  private final SingleWriterRecorder[] recorders = new SingleWriterRecorder[Series.values().length];
  private final Histogram[] recycled = new Histogram[Series.values().length];
  private long okCount;
  private final Map<String, long[]> otherCounts = new HashMap<>();
  /** Error count per distinct (status name, description); at most {@link #MAX_DISTINCT_CAUSES} keys. */
  private Map<CauseKey, long[]> causes;
  private long causesNotKept;

  /** Distinct causes one thread keeps per operation; further ones are counted as "other causes". */
  static final int MAX_DISTINCT_CAUSES = 32;

  private record CauseKey(String status, String description) {}

  public OperationRecorder(String name, boolean intended) {
    this.name = name;
    for (Series s : Series.values()) {
      if (!s.intended() || intended) {
        recorders[s.ordinal()] = new SingleWriterRecorder(SIGNIFICANT_DIGITS);
      }
    }
  }

  String name() {
    return name;
  }

  /** Records one operation; {@code intendedNanos} is negative when the run is not throttled. */
  public void record(Status status, long startNanos, long endNanos, long intendedNanos) {
    boolean ok = status.isOk();
    recorders[ok ? 0 : 1].recordValue(Math.max(0, endNanos - startNanos));
    if (intendedNanos >= 0 && recorders[2] != null) {
      recorders[ok ? 2 : 3].recordValue(Math.max(0, endNanos - intendedNanos));
    }
    if (status == Status.OK) {
      okCount++;
    } else {
      long[] n = otherCounts.get(status.getName());
      if (n == null) {
        otherCounts.put(status.getName(), n = new long[1]);
      }
      n[0]++;
      if (io.github.ycsbkv.results.OperationResult.isError(status.getName())) {
        recordCause(status);
      }
    }
  }

  /**
   * Counts an error under its status and the binding's description as given; the description is put
   * into words for the result only once, in {@link #addCauses} (a failing store can fail every operation).
   */
  private void recordCause(Status status) {
    if (causes == null) {
      causes = new HashMap<>();
    }
    CauseKey key = new CauseKey(status.getName(), status.getDescription());
    long[] n = causes.get(key);
    if (n == null) {
      if (causes.size() >= MAX_DISTINCT_CAUSES) {
        causesNotKept++;
        return;
      }
      causes.put(key, n = new long[1]);
    }
    n[0]++;
  }

  /** Adds this thread's error causes to {@code into}; call after the client thread finished. */
  void addCauses(java.util.List<ErrorCause> into) {
    if (causes != null) {
      // Descriptions that differ only in white space become one cause when the result adds them up.
      causes.forEach((k, n) -> into.add(new ErrorCause(k.status(), ErrorCause.of(k.status(), k.description()), n[0])));
    }
    if (causesNotKept > 0) {
      into.add(new ErrorCause("ERROR", ErrorCause.OTHER_CAUSES, causesNotKept));
    }
  }

  /**
   * Moves what this thread recorded since the last drain into {@code into}, series by series (an empty one costs no
   * pass over its counts). Called by one thread at a time.
   */
  void drainInto(Histogram[] into) {
    for (Series s : Series.values()) {
      int i = s.ordinal();
      if (recorders[i] == null) {
        continue;
      }
      recycled[i] = recorders[i].getIntervalHistogram(recycled[i]);
      if (recycled[i].getTotalCount() > 0) {
        into[i].add(recycled[i]);
      }
    }
  }

  /** Adds this thread's counts by status name to {@code into}. */
  void addStatusCounts(Map<String, Long> into) {
    if (okCount > 0) {
      into.merge(Status.OK.getName(), okCount, Long::sum);
    }
    otherCounts.forEach((k, v) -> into.merge(k, v[0], Long::sum));
  }
}
