package io.github.ycsbkv.engine.watch;

import io.github.ycsbkv.engine.time.NanoClock;
import io.github.ycsbkv.results.ClientStalls;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;

/**
 * Measures the client's own stalls while a phase runs, as jHiccup does (Gil Tene's jHiccup, "HiccupMeter"):
 * a thread sleeps for {@link #INTERVAL_NANOS} again and again and records how much later than asked it
 * woke, in nanoseconds, into an HdrHistogram, with HdrHistogram's correction for the wake-ups a long
 * stall swallowed ({@code recordValueWithExpectedInterval}), so that its percentiles are shares of time.
 * A collector pause, a safepoint, or a machine whose cores are busy delays this thread as it delays
 * every client thread.
 *
 * <p>Started and stopped by one thread; {@link #stop()} returns the figures after the meter thread ended.
 */
public final class HiccupMeter implements Runnable {

  /** How long the meter sleeps each time: 1 ms, jHiccup's default resolution. */
  static final long INTERVAL_NANOS = 1_000_000;
  /** The longest stall recorded exactly: one hour. */
  private static final long HIGHEST_NANOS = 3_600_000_000_000L;

  /** Sleeps for a while (tests induce stalls through it). */
  public interface Sleeper {
    void sleepNanos(long nanos) throws InterruptedException;
  }

  public static final Sleeper PARK = nanos -> {
    LockSupport.parkNanos(nanos);
    if (Thread.interrupted()) {
      throw new InterruptedException();
    }
  };

  private final NanoClock clock;
  private final Sleeper sleeper;
  private final Histogram histogram = new Histogram(HIGHEST_NANOS, 3);
  private volatile boolean stopped;
  /** The longest stall so far, in nanoseconds (written by the meter's thread, read by a scrape of the metrics). */
  private volatile long longest;
  /** The longest stall since {@link #takeIntervalLongestNanos} last took it, in nanoseconds. */
  private final AtomicLong intervalLongest = new AtomicLong();
  private Thread thread;

  public HiccupMeter(NanoClock clock, Sleeper sleeper) {
    this.clock = clock;
    this.sleeper = sleeper;
  }

  /** The longest stall measured so far, in nanoseconds, while the meter runs. */
  public long longestNanos() {
    return longest;
  }

  /**
   * The longest stall that ended since the last call (the status sampler's interval), in nanoseconds, and starts the
   * next interval at 0. A stall still going on is counted in the interval in which it ends.
   */
  public long takeIntervalLongestNanos() {
    return intervalLongest.getAndSet(0);
  }

  /** Starts the meter thread. */
  public HiccupMeter start() {
    thread = new Thread(this, "ycsb-hiccup-meter");
    thread.setDaemon(true);
    thread.start();
    return this;
  }

  @Override
  public void run() {
    while (!stopped) {
      long before = clock.nanoTime();
      try {
        sleeper.sleepNanos(INTERVAL_NANOS);
      } catch (InterruptedException e) {
        return;
      }
      long late = Math.min(HIGHEST_NANOS, Math.max(0, clock.nanoTime() - before - INTERVAL_NANOS));
      histogram.recordValueWithExpectedInterval(late, INTERVAL_NANOS);
      if (late > longest) {
        longest = late;
      }
      intervalLongest.accumulateAndGet(late, Math::max);
    }
  }

  /** Stops the meter and returns what it measured, with the collector's pauses of the same phase. */
  public ClientStalls stop(long gcPauses, long gcPauseMillis) {
    stopped = true;
    if (thread != null) {
      try {
        thread.join(1000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      if (thread.isAlive()) {
        thread.interrupt();
        try {
          thread.join(1000);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
    }
    // The meter thread has ended (joined), so its histogram is safe to read here.
    long n = histogram.getTotalCount();
    return new ClientStalls(INTERVAL_NANOS / 1000.0, n, n == 0 ? 0 : histogram.getValueAtPercentile(99) / 1000.0,
        n == 0 ? 0 : histogram.getValueAtPercentile(99.9) / 1000.0, n == 0 ? 0 : histogram.getMaxValue() / 1000.0,
        gcPauses, gcPauseMillis);
  }
}
