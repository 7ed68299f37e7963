package io.github.ycsbkv.engine.states;

import io.github.ycsbkv.config.UserError;
import io.github.ycsbkv.engine.time.NanoClock;
import io.github.ycsbkv.results.ServerStates;
import io.github.ycsbkv.spi.ServerEvents;
import io.github.ycsbkv.spi.ServerProbe;
import io.github.ycsbkv.spi.ServerState;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Reads the server's state every status interval of a measured phase, begins the events asked for at their times,
 * and watches each one until the server says it is done, all through the binding's probe. Driven by the thread that
 * reads the server's load ({@link io.github.ycsbkv.engine.watch.LoadWatch}), which asks {@link #nextDelayNanos()}
 * when to call {@link #tick} again; {@link #start()} and {@link #finish(boolean, long)} run on the phase's thread
 * before and after it, so that the probe is used by one thread at a time. Not thread-safe otherwise.
 */
public final class StateWatch {

  /** How often an open event's window is asked about, in milliseconds. */
  public static final long POLL_MILLIS = 50;

  private final ServerProbe probe;
  private final ServerEvents events;
  private final EventWindows windows;
  private final long intervalNanos;
  private final NanoClock clock;
  private final List<ServerStates.Sample> timeline = new ArrayList<>();
  private ServerState first;
  private ServerState last;
  private long lastNanos;
  /** The next state read's status interval (1, 2, ... from the phase's start). */
  private long nextInterval = 1;
  private int nextEvent;
  /** Whether the server's state is still read (it says some, and the last read did not fail). */
  private boolean reading = true;
  private final List<String> failures = new ArrayList<>();
  /** The first state and the last, for the live metrics ({@link #live()}); null before the first read. */
  private volatile ServerState[] live;
  /** Events begun so far, for the live metrics. */
  private volatile int begun;

  /**
   * @param probe the binding's probe (the load watch's)
   * @param windows the events' windows, shared with the status sampler
   * @param intervalMillis the status interval
   */
  public StateWatch(ServerProbe probe, EventWindows windows, long intervalMillis, NanoClock clock) {
    this.probe = probe;
    this.events = windows.plan().any() ? probe.events() : null;
    this.windows = windows;
    this.intervalNanos = intervalMillis * 1_000_000L;
    this.clock = clock;
  }

  /** The server's first state, just before the phase's clock starts (on the phase's thread). */
  public void start() {
    first = read(-1);
    reading = first != null;
  }

  /**
   * How long from now the watch wants {@link #tick} again, in nanoseconds (0: now), or {@link Long#MAX_VALUE} when it
   * wants nothing more.
   */
  public long nextDelayNanos() {
    long now = clock.nanoTime();
    long start = windows.startNanos();
    long next = Long.MAX_VALUE;
    if (reading) {
      next = start == Long.MIN_VALUE ? now + POLL_MILLIS * 1_000_000L : start + nextInterval * intervalNanos;
    }
    if (events != null && nextEvent < windows.plan().events().size()) {
      next = Math.min(next, Math.min(windows.dueNanos(nextEvent), now + POLL_MILLIS * 1_000_000L));
    }
    for (int i = 0; i < nextEvent; i++) {
      if (windows.isOpen(i)) {
        next = Math.min(next, now + POLL_MILLIS * 1_000_000L);
      }
    }
    return next == Long.MAX_VALUE ? next : Math.max(0, next - now);
  }

  /** Begins the events now due, closes the windows the server is done with, and reads the state when due. */
  public void tick() {
    long now = clock.nanoTime();
    if (events != null) {
      while (nextEvent < windows.plan().events().size() && windows.dueNanos(nextEvent) <= now) {
        begin(nextEvent++);
      }
      for (int i = 0; i < nextEvent; i++) {
        if (windows.isOpen(i)) {
          poll(i);
        }
      }
    }
    long start = windows.startNanos();
    if (reading && start != Long.MIN_VALUE && now >= start + nextInterval * intervalNanos) {
      ServerState s = read(-1);
      reading = s != null;
      // The next interval after now: a watch held up (a busy machine) samples once, not in a burst.
      nextInterval = Math.max(nextInterval + 1, (clock.nanoTime() - start) / intervalNanos + 1);
    }
  }

  private void begin(int i) {
    begun = i + 1;
    EventPlan.Event e = windows.plan().events().get(i);
    windows.opened(i, clock.nanoTime());
    try {
      events.begin(e.kind(), e.argument());
    } catch (Exception | LinkageError x) {
      windows.failed(i, "refused: " + UserError.describe(x));
    }
  }

  private void poll(int i) {
    String kind = windows.plan().events().get(i).kind();
    try {
      if (!events.inProgress(kind)) {
        long at = clock.nanoTime();
        Map<String, Double> said = Map.of();
        String problem = null;
        try {
          said = events.figures(kind);
        } catch (Exception | LinkageError x) {
          problem = UserError.describe(x);
        }
        windows.closed(i, at, said, problem);
      }
    } catch (Exception | LinkageError x) {
      windows.failed(i, "the server could not be asked whether it was done: " + UserError.describe(x));
    }
  }

  /**
   * The server's state now, kept on the timeline as of {@code asOfNanos} (-1: now); null (with the failure kept) when
   * it cannot be read.
   */
  private ServerState read(long asOfNanos) {
    ServerState s;
    try {
      s = probe.state();
    } catch (Exception | LinkageError x) {
      failures.add("the server's state could not be read: " + UserError.describe(x));
      return null;
    }
    if (s == null) {
      return null;
    }
    long now = asOfNanos >= 0 ? asOfNanos : clock.nanoTime();
    long start = windows.startNanos();
    double seconds = last == null ? Double.NaN : (now - lastNanos) / 1e9;
    timeline.add(new ServerStates.Sample(start == Long.MIN_VALUE ? 0 : Math.max(0, (now - start) / 1_000_000),
        s.usedMemoryBytes(), s.rssBytes(), s.keys(), rate(last == null ? -1 : last.evictedKeys(), s.evictedKeys(),
        seconds), rate(last == null ? -1 : last.expiredKeys(), s.expiredKeys(), seconds),
        rate(last == null ? -1 : last.hits(), s.hits(), seconds), rate(last == null ? -1 : last.misses(), s.misses(),
        seconds), s.saving(), s.rewriting(), s.lastForkMicros(), s.replicas(), s.replicaLagBytes(),
        rate(last == null ? -1 : last.redirections(), s.redirections(), seconds), s.replicaAckSeconds(),
        s.replicaLagRecords()));
    last = s;
    lastNanos = now;
    live = new ServerState[] {first == null ? s : first, s};
    return s;
  }

  private static double rate(long before, long after, double seconds) {
    return before < 0 || after < 0 || !(seconds > 0) ? Double.NaN : Math.max(0, after - before) / seconds;
  }

  /**
   * After the phase, on the phase's thread: the server's state at the end (read only when {@code watchEnded}, else
   * the probe may still be in use), and what the timeline and the windows hold; null when the server said nothing of
   * its state and no event was asked for. The last read comes after the clients finished, and is kept as of the
   * phase's end ({@code endNanos}, on the phase's clock): nothing of the run's happened after it, so its rates are
   * over the phase's last moments, not diluted by the time the clients took to close.
   */
  public ServerStates finish(boolean watchEnded, long endNanos) {
    if (watchEnded && first != null) {
      read(endNanos > lastNanos ? endNanos : -1);
    }
    if (first == null && !windows.plan().any()) {
      return null;
    }
    long hits = first == null || last == null || first.hits() < 0 || last.hits() < 0 ? -1 : last.hits() - first.hits();
    long misses = first == null || last == null || first.misses() < 0 || last.misses() < 0 ? -1
        : last.misses() - first.misses();
    long evicted = first == null || last == null || first.evictedKeys() < 0 || last.evictedKeys() < 0 ? -1
        : last.evictedKeys() - first.evictedKeys();
    long redirections = first == null || last == null || first.redirections() < 0 || last.redirections() < 0 ? -1
        : last.redirections() - first.redirections();
    double ratio = hits < 0 || misses < 0 || hits + misses == 0 ? Double.NaN : hits / (double) (hits + misses);
    return new ServerStates(timeline, windows.windows(), ratio, hits, misses, evicted, redirections,
        first == null ? null : first.source());
  }

  /**
   * The server's state at the phase's start and as last read (every status interval, and after the phase), for a
   * scrape of the live metrics from another thread; null before the first read or without one.
   */
  public ServerState[] live() {
    return live;
  }

  /** Events begun so far, and those whose window is open now, for the live metrics (any thread). */
  public int[] liveEvents() {
    int open = 0;
    int n = begun;
    for (int i = 0; i < n; i++) {
      open += windows.isOpen(i) ? 1 : 0;
    }
    return new int[] {n, open};
  }

  /** Why the state stopped being read, if it did. */
  public List<String> failures() {
    return List.copyOf(failures);
  }
}
