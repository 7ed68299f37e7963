package io.github.ycsbkv.engine;

import io.github.ycsbkv.engine.time.NanoClock;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * One self-updating line on a terminal (stderr) while a phase runs: operations done (of how many, or
 * seconds of the time limit), the current rate, the time left and the failed operations so far. Each
 * update rewrites the line ({@code \r}, then erase to its end); {@link #finish()} erases it, so that
 * nothing of it stays between the header and the summary. Runs on its own thread.
 */
final class Progress implements Runnable {

  static final long TICK_MILLIS = 500;

  private final String label;
  private final List<Worker> workers;
  private final long opsTotal;
  private final long maxNanos;
  private final NanoClock clock;
  private final long startNanos;
  private final PrintStream out;
  private final CountDownLatch finished = new CountDownLatch(1);
  private long lastNanos;
  private long lastOps;
  private double rate = Double.NaN;

  Progress(String label, List<Worker> workers, long opsTotal, long maxNanos, NanoClock clock, long startNanos,
      PrintStream out) {
    this.label = label;
    this.workers = workers;
    this.opsTotal = opsTotal;
    this.maxNanos = maxNanos;
    this.clock = clock;
    this.startNanos = startNanos;
    this.out = out;
    this.lastNanos = startNanos;
  }

  @Override
  public void run() {
    try {
      while (!finished.await(TICK_MILLIS, TimeUnit.MILLISECONDS)) {
        long done = 0;
        long failed = 0;
        for (Worker w : workers) {
          done += w.opsDone();
          failed += w.failedOps();
        }
        long now = clock.nanoTime();
        double current = (done - lastOps) * 1e9 / Math.max(1, now - lastNanos);
        // Smoothed over about two seconds, so the figure is readable while it moves.
        rate = Double.isNaN(rate) ? current : rate + (current - rate) * 0.25;
        lastNanos = now;
        lastOps = done;
        synchronized (this) {
          if (finished.getCount() > 0) {
            out.print("\r" + line(label, done, failed, now - startNanos, rate, opsTotal, maxNanos) + "\u001b[K");
            out.flush();
          }
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Stops the updates and erases the line. */
  synchronized void finish() {
    if (finished.getCount() > 0) {
      finished.countDown();
      out.print("\r\u001b[K");
      out.flush();
    }
  }

  /** The text of the line (without terminal controls). */
  static String line(String label, long done, long failed, long elapsedNanos, double rate, long opsTotal,
      long maxNanos) {
    long elapsed = elapsedNanos / 1_000_000_000L;
    StringBuilder sb = new StringBuilder(label).append(": ");
    long left = -1;
    if (opsTotal > 0) {
      sb.append(String.format(Locale.ROOT, "%d%% (%,d of %,d ops)", Math.min(100, done * 100 / opsTotal), done, opsTotal));
      if (rate > 0) {
        left = (long) Math.ceil((opsTotal - done) / rate);
      }
    } else {
      sb.append(String.format(Locale.ROOT, "%,d ops", done));
    }
    if (maxNanos > 0) {
      long limit = maxNanos / 1_000_000_000L;
      sb.append(String.format(Locale.ROOT, ", %s of %s", clockTime(elapsed), clockTime(limit)));
      left = left < 0 ? limit - elapsed : Math.min(left, limit - elapsed);
    } else {
      sb.append(", ").append(clockTime(elapsed));
    }
    sb.append(String.format(Locale.ROOT, ", %,.0f ops/s", Double.isNaN(rate) ? 0.0 : rate));
    if (left >= 0) {
      sb.append(", ETA ").append(clockTime(Math.max(0, left)));
    }
    sb.append(String.format(Locale.ROOT, ", %,d failed", failed));
    if (opsTotal <= 0 && maxNanos <= 0) {
      sb.append(" (Ctrl-C stops)");
    }
    return sb.toString();
  }

  private static String clockTime(long seconds) {
    return seconds >= 3600 ? String.format(Locale.ROOT, "%d:%02d:%02d", seconds / 3600, seconds % 3600 / 60, seconds % 60)
        : String.format(Locale.ROOT, "%d:%02d", seconds / 60, seconds % 60);
  }
}
