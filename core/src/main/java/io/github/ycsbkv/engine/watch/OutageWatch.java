package io.github.ycsbkv.engine.watch;

import io.github.ycsbkv.engine.time.NanoClock;
import io.github.ycsbkv.results.ErrorCause;
import io.github.ycsbkv.results.Outage;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import site.ycsb.Status;

/**
 * Finds the outages of a phase in its operations ({@link Outage}): every client's {@code TimedDB} reports its
 * failures for a connection reason ({@link io.github.ycsbkv.spi.Unavailable}), its other failures and its
 * successes; an outage starts when the earliest of its failed operations started and ends with the first success
 * of an operation that started after its last failure, once no such failure followed for {@link #gapNanos}. A
 * thread samples the operations completed every {@value #TICK_MILLIS} ms: from those samples come the stalls (no
 * completion for {@link #gapNanos} or more, outages too), each outage's throughput before and the time until it was
 * back. A stall needs clients that were still starting operations: one that begins once the phase started to end
 * (its time limit, a stop, or the first client out of operations to do) is the phase's end, not an outage.
 *
 * <p>Cheap for a healthy run: a success costs one volatile read; only failures and the first success after them
 * take the lock.
 */
public final class OutageWatch implements Runnable {

  public static final long TICK_MILLIS = 100;
  /** How much throughput before an outage is its level. */
  static final long LEVEL_WINDOW_MILLIS = 5000;
  /** Shortest window that gives a level before an outage. */
  static final long MIN_LEVEL_WINDOW_MILLIS = 500;
  /** Throughput is back when a window this long reaches {@link #BACK_SHARE} of the level before. */
  static final long BACK_WINDOW_MILLIS = 500;
  static final double BACK_SHARE = 0.9;
  /** Outages kept per phase; later ones are only counted. */
  public static final int MAX_KEPT = 100;

  private final NanoClock clock;
  private final long gapNanos;
  private final LongSupplier completed;
  private volatile boolean stopped;
  private Thread thread;
  private long startNanos;
  /** The earliest moment at which a client stopped starting operations (the phase's end began); MAX_VALUE before. */
  private final AtomicLong endingNanos = new AtomicLong(Long.MAX_VALUE);

  /**
   * A success of an operation that started after this needs the lock (it may end the open outage); Long.MAX_VALUE
   * while nothing waits for one.
   */
  private volatile long successWanted = Long.MAX_VALUE;
  private volatile boolean open;
  // Guarded by this.
  private long openStart;
  private long lastFailure;
  private long recoveredAt = -1;
  private long failed;
  private String firstCause;
  private final List<long[]> ended = new ArrayList<>(); // {start, end or -1, failed}
  private final List<String> causes = new ArrayList<>();
  private long notKept;
  // Written by the sampling thread, read after it ended.
  private long[] tickNanos = new long[64];
  private long[] tickDone = new long[64];
  private int ticks;

  /**
   * @param clock the engine's clock
   * @param gapNanos failures closer than this belong to one outage
   * @param completed the operations completed so far, over every client (read every tick)
   */
  public OutageWatch(NanoClock clock, long gapNanos, LongSupplier completed) {
    this.clock = clock;
    this.gapNanos = gapNanos;
    this.completed = completed;
  }

  /** Starts sampling at the start of the measured phase. */
  public void start(long startNanos) {
    startAt(startNanos);
    thread = new Thread(this, "ycsb-outages");
    thread.setDaemon(true);
    thread.start();
  }

  /** The start of the phase, without the sampling thread (tests give the ticks). */
  void startAt(long startNanos) {
    this.startNanos = startNanos;
    sample(startNanos);
  }

  @Override
  public void run() {
    while (!stopped) {
      try {
        Thread.sleep(TICK_MILLIS);
      } catch (InterruptedException e) {
        return;
      }
      tick(clock.nanoTime());
    }
  }

  /**
   * From {@code nanos} on, at least one client starts no more operations (its time limit passed, it did its share,
   * or the run was stopped): no stall begins after it. The earliest call wins.
   */
  public void ending(long nanos) {
    endingNanos.accumulateAndGet(nanos, Math::min);
  }

  /** One sample of the operations completed, at {@code now}; closes an outage that is over. */
  void tick(long now) {
    sample(now);
    closeIfOver(now);
  }

  /**
   * An operation that started at {@code startNanos} failed at {@code endNanos} because the store could not be
   * reached. The outage starts when the earliest of its failed operations started: one that waited for a reply that
   * never came (a timeout, a client library's own retries) was already in the outage.
   */
  public void unavailable(long startNanos, long endNanos, Status status) {
    synchronized (this) {
      if (open && recoveredAt >= 0 && endNanos - lastFailure > gapNanos) {
        close();
      }
      if (!open) {
        open = true;
        openStart = startNanos;
        lastFailure = endNanos;
        failed = 0;
        firstCause = ErrorCause.of(status.getName(), status.getDescription());
      }
      openStart = Math.min(openStart, startNanos);
      lastFailure = Math.max(lastFailure, endNanos);
      recoveredAt = -1;
      failed++;
      successWanted = lastFailure;
    }
  }

  /** An operation failed for another reason: counted into the open outage, if any. */
  public void failed() {
    if (!open) {
      return;
    }
    synchronized (this) {
      if (open && recoveredAt < 0) {
        failed++;
      }
    }
  }

  /** An operation that started at {@code startNanos} succeeded at {@code endNanos}. */
  public void succeeded(long startNanos, long endNanos) {
    if (startNanos <= successWanted) {
      return;
    }
    synchronized (this) {
      if (open && recoveredAt < 0 && startNanos > lastFailure) {
        recoveredAt = endNanos;
        successWanted = Long.MAX_VALUE;
      }
    }
  }

  /**
   * Stops sampling and returns the phase's outages, in order; the one still open is kept as not ended. A stall
   * (no operation completed for {@link #gapNanos} or more while the throughput before it was at least {@value
   * #MIN_STALL_LEVEL} ops/s: clients waiting in a client library's own retries, a server that stopped answering
   * short of the timeout) is an outage too, with no failed operation; outages and stalls that overlap or are less
   * than {@link #gapNanos} apart are one. A period without completions that reaches {@link #gapNanos} only after
   * the phase began to end ({@link #ending}) is no stall: the clients were stopping.
   */
  public List<Outage> finish(long endNanos) {
    stopped = true;
    if (thread != null) {
      thread.interrupt();
      try {
        thread.join(1000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    sample(endNanos);
    List<Outage> out = new ArrayList<>();
    synchronized (this) {
      if (open) {
        close();
      }
      List<long[]> all = new ArrayList<>(ended);
      List<String> why = new ArrayList<>(causes);
      for (long[] stall : stalls()) {
        all.add(stall);
        why.add(String.format(java.util.Locale.ROOT, "no operation completed for %.1f s (the clients waited: a"
            + " client library's own retries, or a server that stopped answering)",
            ((stall[1] < 0 ? endNanos : stall[1]) - stall[0]) / 1e9));
      }
      Integer[] order = new Integer[all.size()];
      for (int i = 0; i < order.length; i++) {
        order[i] = i;
      }
      Arrays.sort(order, (a, b) -> Long.compare(all.get(a)[0], all.get(b)[0]));
      // Outages and stalls that overlap or are less than the gap apart are one outage (a failover: a few
      // failures, then every client waiting); the earliest one's cause is its first cause. A stall's start is
      // known to a sample's precision only: failures that began less than a sample after it (a store down, so
      // that nothing succeeds either) give the cause.
      int failureOutages = ended.size();
      long sampleNanos = TimeUnit.MILLISECONDS.toNanos(TICK_MILLIS);
      long[] current = null;
      String cause = null;
      boolean causeIsStall = false;
      for (int i : order) {
        long[] o = all.get(i);
        if (current != null && (current[1] < 0 || o[0] - current[1] < gapNanos)) {
          current[1] = current[1] < 0 || o[1] < 0 ? -1 : Math.max(current[1], o[1]);
          current[2] += o[2];
          if (causeIsStall && i < failureOutages && o[0] - current[0] < sampleNanos) {
            cause = why.get(i);
            causeIsStall = false;
          }
          continue;
        }
        if (current != null && out.size() < MAX_KEPT) {
          out.add(outage(current[0], current[1], current[2], cause));
        }
        current = o.clone();
        cause = why.get(i);
        causeIsStall = i >= failureOutages;
      }
      if (current != null && out.size() < MAX_KEPT) {
        out.add(outage(current[0], current[1], current[2], cause));
      }
    }
    return out;
  }

  /** Lowest throughput before a stall (ops/s) that makes a second without completions one. */
  static final double MIN_STALL_LEVEL = 20;

  /**
   * The periods of at least {@link #gapNanos} in which no operation completed, after a throughput of at least
   * {@value #MIN_STALL_LEVEL} ops/s, and before the phase began to end: {start, end or -1 when it lasted to the end,
   * 0 failed}.
   */
  private List<long[]> stalls() {
    List<long[]> out = new ArrayList<>();
    int i = 1;
    while (i < ticks) {
      if (tickDone[i] != tickDone[i - 1]) {
        i++;
        continue;
      }
      int from = i - 1;                      // the last sample at which something had completed
      int j = i;
      while (j < ticks && tickDone[j] == tickDone[from]) {
        j++;
      }
      long start = tickNanos[from];
      boolean toTheEnd = j == ticks;
      long end = toTheEnd ? -1 : tickNanos[j];
      // Only the part before the phase began to end counts: after it, the clients were stopping.
      long span = Math.min(toTheEnd ? tickNanos[ticks - 1] : end, endingNanos.get()) - start;
      double level = rate(start - TimeUnit.MILLISECONDS.toNanos(LEVEL_WINDOW_MILLIS), start,
          TimeUnit.MILLISECONDS.toNanos(MIN_LEVEL_WINDOW_MILLIS));
      if (span >= gapNanos && level >= MIN_STALL_LEVEL) {
        out.add(new long[] {start, end, 0});
      }
      i = j + 1;
    }
    return out;
  }

  /**
   * While the phase runs (a scrape of the live metrics): the outages of failed operations begun so far, and whether
   * one is open. Stalls without failures are found only at the end ({@link #finish}).
   */
  public synchronized long[] liveCounts() {
    return new long[] {ended.size() + notKept + (open ? 1 : 0), open ? 1 : 0};
  }

  /** Outages found beyond the {@value #MAX_KEPT} kept. */
  public synchronized long notKept() {
    return notKept;
  }

  private void closeIfOver(long now) {
    if (!open) {
      return;
    }
    synchronized (this) {
      if (open && recoveredAt >= 0 && now - lastFailure > gapNanos) {
        close();
      }
    }
  }

  // Holds the lock.
  private void close() {
    if (ended.size() < MAX_KEPT) {
      ended.add(new long[] {openStart, recoveredAt, failed});
      causes.add(firstCause);
    } else {
      notKept++;
    }
    open = false;
    recoveredAt = -1;
    successWanted = Long.MAX_VALUE;
  }

  private Outage outage(long start, long end, long failedOps, String cause) {
    double level = rate(start - TimeUnit.MILLISECONDS.toNanos(LEVEL_WINDOW_MILLIS), start,
        TimeUnit.MILLISECONDS.toNanos(MIN_LEVEL_WINDOW_MILLIS));
    long back = -1;
    if (end >= 0 && !Double.isNaN(level)) {
      long window = TimeUnit.MILLISECONDS.toNanos(BACK_WINDOW_MILLIS);
      for (int i = 0; i < ticks; i++) {
        if (tickNanos[i] < end) {
          continue;
        }
        int j = first(tickNanos[i] + window);
        if (j < 0) {
          break;
        }
        double r = (tickDone[j] - tickDone[i]) * 1e9 / Math.max(1, tickNanos[j] - tickNanos[i]);
        if (r >= BACK_SHARE * level) {
          back = TimeUnit.NANOSECONDS.toMillis(tickNanos[i] - end);
          break;
        }
      }
    }
    return new Outage(millis(start), end < 0 ? -1 : millis(end), failedOps, cause, level, back);
  }

  /** Operations per second between the first sample at or after {@code from} and the last at or before {@code to}. */
  private double rate(long from, long to, long minSpan) {
    int a = first(Math.max(from, startNanos));
    int b = -1;
    for (int i = ticks - 1; i >= 0; i--) {
      if (tickNanos[i] <= to) {
        b = i;
        break;
      }
    }
    if (a < 0 || b <= a || tickNanos[b] - tickNanos[a] < minSpan) {
      return Double.NaN;
    }
    return (tickDone[b] - tickDone[a]) * 1e9 / (tickNanos[b] - tickNanos[a]);
  }

  private int first(long at) {
    for (int i = 0; i < ticks; i++) {
      if (tickNanos[i] >= at) {
        return i;
      }
    }
    return -1;
  }

  private long millis(long nanos) {
    return Math.max(0, TimeUnit.NANOSECONDS.toMillis(nanos - startNanos));
  }

  private synchronized void sample(long now) {
    if (ticks == tickNanos.length) {
      tickNanos = Arrays.copyOf(tickNanos, ticks * 2);
      tickDone = Arrays.copyOf(tickDone, ticks * 2);
    }
    tickNanos[ticks] = now;
    tickDone[ticks] = completed.getAsLong();
    ticks++;
  }
}
