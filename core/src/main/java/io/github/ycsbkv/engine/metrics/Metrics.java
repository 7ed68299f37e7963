package io.github.ycsbkv.engine.metrics;

import io.github.ycsbkv.results.OperationResult;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.HdrHistogram.Histogram;

/**
 * All measurements of one benchmark. Each client thread records into its own
 * {@link OperationRecorder}s (see {@link #forThread()}); {@link #drain()} merges what every thread
 * recorded into per-operation totals. Recording is lock-free; draining and reading totals are
 * serialised on this object.
 */
public final class Metrics {

  /** Upstream's operation order, so summaries read as they always did; others follow, CLEANUP last. */
  private static final List<String> ORDER = List.of("READ", "UPDATE", "INSERT", "SCAN", "DELETE");

  /** The recorders of one client thread, by operation; used by that thread only. */
  public final class ThreadRecorders {
    private final Map<String, OperationRecorder> byName = new LinkedHashMap<>();

    public OperationRecorder operation(String name) {
      OperationRecorder r = byName.get(name);
      if (r == null) {
        r = new OperationRecorder(name, intended);
        // Publish before first use so that the sampler sees it.
        byName.put(name, r);
        all.add(r);
      }
      return r;
    }

    /** Adds this client's bytes on the wire ({@link io.github.ycsbkv.spi.WireBytes#wireBytes()}), as it ends. */
    public void addWire(Map<String, long[]> counts) {
      synchronized (Metrics.this) {
        counts.forEach((op, c) -> {
          long[] sum = wire.computeIfAbsent(op, o -> new long[3]);
          for (int i = 0; i < 3; i++) {
            sum[i] += c[i];
          }
        });
      }
    }
  }

  /** Totals of one operation type over every thread. */
  public static final class Totals {
    public final String name;
    final Histogram[] series = new Histogram[OperationRecorder.Series.values().length];
    final Map<String, Long> statuses = new TreeMap<>();
    /** Every thread's error causes, unsorted (the result keeps the most frequent). */
    final List<io.github.ycsbkv.results.ErrorCause> causes = new ArrayList<>();
    public long intervalCount;
    public final Histogram interval = new Histogram(OperationRecorder.SIGNIFICANT_DIGITS);
    /**
     * This interval's response times from the intended start, every outcome (empty without a target): the time an
     * arrival waited in the client for a connection included.
     */
    public final Histogram intervalIntended = new Histogram(OperationRecorder.SIGNIFICANT_DIGITS);
    /**
     * This interval's figures of each series, every thread's together: a thread's recorder is read once into these,
     * which are then added to the totals and to {@link #interval} once per operation, not once per thread (a drain
     * of 100 threads' recorders each second took 3% of a run's CPU when every thread's were added twice).
     */
    final Histogram[] intervalSeries = new Histogram[OperationRecorder.Series.values().length];

    Totals(String name, boolean intended) {
      this.name = name;
      for (OperationRecorder.Series s : OperationRecorder.Series.values()) {
        if (!s.intended() || intended) {
          series[s.ordinal()] = new Histogram(OperationRecorder.SIGNIFICANT_DIGITS);
          intervalSeries[s.ordinal()] = new Histogram(OperationRecorder.SIGNIFICANT_DIGITS);
        }
      }
    }

    /** The accumulated histogram of a series, or {@code null} when the series is not measured. */
    public Histogram total(OperationRecorder.Series s) {
      return series[s.ordinal()];
    }
  }

  private final boolean intended;
  /** Every thread's recorders; adding is constant-time (a copy-on-write list made thread set-up quadratic). */
  private final Queue<OperationRecorder> all = new ConcurrentLinkedQueue<>();
  private final Map<String, Totals> totals = new LinkedHashMap<>();
  /** Each operation's {requests, bytes sent, bytes received} on the wire, from the clients that counted them. */
  private final Map<String, long[]> wire = new TreeMap<>();

  public Metrics(boolean intended) {
    this.intended = intended;
  }

  /** A new set of recorders for one client thread. */
  public ThreadRecorders forThread() {
    return new ThreadRecorders();
  }

  /**
   * Merges what every thread recorded since the last drain into the totals. Each operation's
   * {@code interval} histogram and {@code intervalCount} then describe just this interval.
   */
  public synchronized List<Totals> drain() {
    for (Totals t : totals.values()) {
      t.interval.reset();
      t.intervalIntended.reset();
      t.intervalCount = 0;
      for (Histogram h : t.intervalSeries) {
        if (h != null) {
          h.reset();
        }
      }
    }
    for (OperationRecorder r : all) {
      Totals t = totals.computeIfAbsent(r.name(), n -> new Totals(n, intended));
      r.drainInto(t.intervalSeries);
    }
    for (Totals t : totals.values()) {
      for (OperationRecorder.Series s : OperationRecorder.Series.values()) {
        Histogram h = t.intervalSeries[s.ordinal()];
        if (h == null || h.getTotalCount() == 0) {
          continue;
        }
        t.series[s.ordinal()].add(h);
        if (!s.intended()) {
          t.interval.add(h);
          t.intervalCount += h.getTotalCount();
        } else {
          t.intervalIntended.add(h);
        }
      }
    }
    return sorted();
  }

  /**
   * Drains a last time and adds up the status counts; call after the client threads finished.
   */
  public synchronized List<Totals> finish() {
    drain();
    for (Totals t : totals.values()) {
      t.statuses.clear();
      t.causes.clear();
    }
    for (OperationRecorder r : all) {
      r.addStatusCounts(totals.get(r.name()).statuses);
      r.addCauses(totals.get(r.name()).causes);
    }
    return sorted();
  }

  private List<Totals> sorted() {
    List<Totals> out = new ArrayList<>(totals.values());
    out.sort(Comparator.comparingInt((Totals t) -> {
      if (t.name.equals(OperationRecorder.CLEANUP)) {
        return Integer.MAX_VALUE;
      }
      int i = ORDER.indexOf(t.name);
      return i < 0 ? ORDER.size() : i;
    }).thenComparing(t -> t.name));
    return out;
  }

  /**
   * {@code results} with each operation's bytes on the wire where its clients counted them
   * ({@link io.github.ycsbkv.spi.WireBytes}); call after the client threads ended.
   */
  public synchronized List<OperationResult> withWire(List<OperationResult> results) {
    List<OperationResult> out = new ArrayList<>();
    for (OperationResult r : results) {
      long[] c = wire.get(r.operation());
      out.add(c == null || c[0] == 0 ? r : r.withWire(new OperationResult.Wire(c[0], c[1], c[2])));
    }
    return out;
  }

  /** Each operation's result from its totals, at {@code percentiles}; an operation that never ran is left out. */
  public static List<OperationResult> results(List<Totals> totals, List<Double> percentiles) {
    List<OperationResult> out = new ArrayList<>();
    for (Totals m : totals) {
      OperationResult r = OperationResult.of(m.name, m.statuses, m.causes, m.total(OperationRecorder.Series.OK),
          m.total(OperationRecorder.Series.FAILED), m.total(OperationRecorder.Series.OK_INTENDED),
          m.total(OperationRecorder.Series.FAILED_INTENDED), percentiles);
      if (r != null) {
        out.add(r);
      }
    }
    return out;
  }
}
