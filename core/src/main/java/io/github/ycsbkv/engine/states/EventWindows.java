package io.github.ycsbkv.engine.states;

import io.github.ycsbkv.results.ServerStates;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * Each event's window on the phase's clock, and the phase's figures inside each window against those outside every
 * window. The watch thread opens and closes the windows ({@link #opened}, {@link #closed}); the status sampler hands
 * in each interval's figures as it takes them ({@link #interval}), and an interval counts inside every window it
 * overlaps ({@link #overlaps}), or else outside: the figures are of whole status intervals, which is why a phase
 * with events samples
 * every second unless told otherwise. Thread-safe (one lock, taken once per status interval and per window change).
 */
public final class EventWindows {

  private final EventPlan plan;
  /** The phase's start on its clock; events are not due before it is known. */
  private volatile long startNanos = Long.MIN_VALUE;
  /** The phase's end on its clock, once it ended: a window that closed after it was still open at the end. */
  private long endNanos = Long.MAX_VALUE;
  private final long[] opened;
  private final long[] closed;
  private final String[] failures;
  /** How an event that began failed once it ended, or null. */
  private final String[] endFailures;
  private final List<Map<String, Double>> figures = new ArrayList<>();
  private final Part[] inside;
  private final Part outside = new Part();

  public EventWindows(EventPlan plan) {
    this.plan = plan;
    int n = plan.events().size();
    opened = new long[n];
    closed = new long[n];
    java.util.Arrays.fill(opened, Long.MIN_VALUE);
    java.util.Arrays.fill(closed, Long.MIN_VALUE);
    failures = new String[n];
    endFailures = new String[n];
    inside = new Part[n];
    for (int i = 0; i < n; i++) {
      inside[i] = new Part();
      figures.add(Map.of());
    }
  }

  /** The events asked for. */
  public EventPlan plan() {
    return plan;
  }

  /** The measured phase started at {@code nanos} (its clock): the events' times count from here. */
  public void start(long nanos) {
    startNanos = nanos;
  }

  /** The measured phase ended at {@code nanos} (its clock): a window the server closes later is reported still open. */
  public synchronized void end(long nanos) {
    endNanos = nanos;
  }

  /** The phase's start on its clock, or {@link Long#MIN_VALUE} before it started. */
  long startNanos() {
    return startNanos;
  }

  /** When the event {@code i} is due on the phase's clock, or {@link Long#MAX_VALUE} before the phase started. */
  long dueNanos(int i) {
    long start = startNanos;
    return start == Long.MIN_VALUE ? Long.MAX_VALUE : start + plan.events().get(i).atMillis() * 1_000_000L;
  }

  synchronized void opened(int i, long nanos) {
    opened[i] = nanos;
  }

  /** The window {@code i} closed at {@code nanos}: what the server said of it, and how it failed (null: it did not). */
  synchronized void closed(int i, long nanos, Map<String, Double> said, String problem) {
    closed[i] = nanos;
    figures.set(i, Map.copyOf(said));
    endFailures[i] = problem;
  }

  synchronized void failed(int i, String why) {
    failures[i] = why;
    opened[i] = Long.MIN_VALUE;
  }

  synchronized boolean isOpen(int i) {
    return opened[i] != Long.MIN_VALUE && closed[i] == Long.MIN_VALUE && failures[i] == null;
  }

  /**
   * One status interval from {@code fromNanos} to {@code toNanos}: its service-time histogram (every operation type
   * and outcome, microsecond values in nanoseconds), the operations completed and failed in it.
   */
  public synchronized void interval(long fromNanos, long toNanos, Histogram serviceNanos, long operations,
      long failed) {
    boolean any = false;
    for (int i = 0; i < opened.length; i++) {
      if (overlaps(i, fromNanos, toNanos)) {
        inside[i].add(toNanos - fromNanos, serviceNanos, operations, failed);
        any = true;
      }
    }
    if (!any) {
      outside.add(toNanos - fromNanos, serviceNanos, operations, failed);
    }
  }

  /**
   * Whether the window {@code i} overlaps the interval: by more than the {@value StateWatch#POLL_MILLIS} ms its end is
   * uncertain by, or wholly (a shorter window). An event asked for at a whole second does not count the interval that
   * ended as it began.
   */
  private boolean overlaps(int i, long fromNanos, long toNanos) {
    if (opened[i] == Long.MIN_VALUE) {
      return false;
    }
    long end = closed[i] == Long.MIN_VALUE ? Long.MAX_VALUE : closed[i];
    long overlap = Math.min(toNanos, end) - Math.max(fromNanos, opened[i]);
    return overlap > StateWatch.POLL_MILLIS * 1_000_000L
        || overlap > 0 && opened[i] >= fromNanos && end <= toNanos;
  }

  /** Each event's window, as of now (after the phase's last interval: as of its end). */
  public synchronized List<ServerStates.EventWindow> windows() {
    List<ServerStates.EventWindow> out = new ArrayList<>();
    for (int i = 0; i < opened.length; i++) {
      EventPlan.Event e = plan.events().get(i);
      String failure = failures[i] != null ? failures[i]
          : opened[i] == Long.MIN_VALUE ? "not begun: the phase ended first" : null;
      boolean began = failure == null;
      long close = closed[i] > endNanos ? Long.MIN_VALUE : closed[i];
      out.add(new ServerStates.EventWindow(e.kind(), e.atMillis(), began ? millis(opened[i]) : -1, millis(close),
          began ? figures.get(i) : Map.of(), began ? inside[i].window() : null, began ? outside.window() : null,
          began ? endFailures[i] : failure));
    }
    return out;
  }

  private long millis(long nanos) {
    return nanos == Long.MIN_VALUE || startNanos == Long.MIN_VALUE ? -1 : Math.max(0, (nanos - startNanos) / 1_000_000);
  }

  /** Figures over some intervals, added up. */
  private static final class Part {
    private final Histogram service = new Histogram(3);
    private long nanos;
    private long operations;
    private long failed;

    void add(long intervalNanos, Histogram h, long ops, long fails) {
      nanos += Math.max(0, intervalNanos);
      operations += ops;
      failed += fails;
      if (h != null && h.getTotalCount() > 0) {
        service.add(h);
      }
    }

    ServerStates.Window window() {
      if (nanos == 0) {
        return null;
      }
      boolean none = service.getTotalCount() == 0;
      double seconds = nanos / 1e9;
      return new ServerStates.Window(seconds, operations, failed, operations / seconds,
          none ? Double.NaN : service.getValueAtPercentile(50) / 1000.0,
          none ? Double.NaN : service.getValueAtPercentile(99) / 1000.0,
          none ? Double.NaN : service.getMaxValue() / 1000.0);
    }
  }
}
