package io.github.ycsbkv.engine;

import io.github.ycsbkv.engine.metrics.HistogramExports;
import io.github.ycsbkv.engine.metrics.LiveMetrics;
import io.github.ycsbkv.engine.metrics.Metrics;
import io.github.ycsbkv.engine.metrics.OpenLoopStats;
import io.github.ycsbkv.engine.metrics.OperationRecorder;
import io.github.ycsbkv.engine.states.EventWindows;
import io.github.ycsbkv.engine.time.NanoClock;
import io.github.ycsbkv.engine.time.RateSchedule;
import io.github.ycsbkv.engine.watch.HiccupMeter;
import io.github.ycsbkv.results.IntervalSample;
import java.io.PrintStream;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * Every status interval, drains the recorders into the totals, keeps an {@link IntervalSample}, and
 * with {@code -s} prints a status line (operations done, current ops/s, estimated completion, and
 * per-operation count, mean and P99 in microseconds), as upstream's status thread does.
 *
 * <p>Runs on its own thread; {@link #finish()} stops it and takes a last sample.
 */
final class Sampler implements Runnable {

  private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss:SSS", Locale.US);

  private final Metrics metrics;
  private final List<Worker> workers;
  private final long intervalMillis;
  private final long opsTotal;
  private final NanoClock clock;
  private final long startNanos;
  private final PrintStream status;
  private final HistogramExports exports;
  private final CountDownLatch finished = new CountDownLatch(1);
  private final List<IntervalSample> samples = new ArrayList<>();
  private final Histogram merged = new Histogram(3);
  private final Histogram mergedIntended = new Histogram(3);
  private final Histogram lagMerged = new Histogram(3);
  private long lastNanos;
  private long lastOps;
  private long lastFailed;

  /** What {@code -target} offers over time (its rate, or its schedule), recorded in each sample; null: no target. */
  private volatile RateSchedule offered;
  /** What serves the figures while the phase runs ({@code metrics.port}), or null. */
  private volatile LiveMetrics live;
  /** The client's stall meter, whose longest stall in each interval each sample keeps; null: not measured. */
  private volatile HiccupMeter stalls;

  Sampler(Metrics metrics, List<Worker> workers, long intervalMillis, long opsTotal, NanoClock clock,
      long startNanos, PrintStream status, HistogramExports exports) {
    this.exports = exports;
    this.metrics = metrics;
    this.workers = workers;
    this.intervalMillis = intervalMillis;
    this.opsTotal = opsTotal;
    this.clock = clock;
    this.startNanos = startNanos;
    this.status = status;
    this.lastNanos = startNanos;
  }

  /** Set before the first sample. */
  void offered(RateSchedule target) {
    this.offered = target;
  }

  /** Set before the first sample. */
  void live(LiveMetrics metrics) {
    this.live = metrics;
  }

  /** The events' windows, which each interval's figures go to; null: no events. Set before the first sample. */
  private volatile EventWindows windows;

  /** Set before the first sample. */
  void windows(EventWindows w) {
    this.windows = w;
  }

  /** Set before the first sample. */
  void stalls(HiccupMeter meter) {
    this.stalls = meter;
  }

  @Override
  public void run() {
    try {
      // At a fixed rate (every interval from the start, not an interval after each sample), so that a scraper of the
      // served metrics at the same period sees one new sample each time; after a pause longer than an interval the
      // schedule starts again rather than sampling in a burst.
      long interval = TimeUnit.MILLISECONDS.toNanos(intervalMillis);
      long next = System.nanoTime() + interval;
      while (!finished.await(Math.max(0, next - System.nanoTime()), TimeUnit.NANOSECONDS)) {
        sample(true, -1);
        next += interval;
        if (next < System.nanoTime()) {
          next = System.nanoTime() + interval;
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Stops the periodic samples and drains whatever is left into the totals, as of {@code endNanos}. */
  synchronized List<IntervalSample> finish(long endNanos) {
    finished.countDown();
    // At the phase's end (its last operation), not after the clients closed their connections; never before the last
    // periodic sample.
    sample(false, Math.max(lastNanos, Math.min(endNanos, clock.nanoTime())));
    return List.copyOf(samples);
  }

  /**
   * Takes a sample as of {@code endNanos}, or, with -1 (a periodic sample), as of the moment its operations were
   * counted: the count and its instant are read together, so that a sampler thread delayed after waking (a busy
   * machine) cannot count operations past the instant it says (a first second under a CPU hog read 1,537 of 1,479
   * offered when the instant was taken on waking and the count after draining the histograms).
   */
  private synchronized void sample(boolean print, long endNanos) {
    merged.reset();
    mergedIntended.reset();
    List<Metrics.Totals> ops = metrics.drain();
    long ops0 = 0;
    long failed = 0;
    for (Worker w : workers) {
      ops0 += w.opsDone();
      failed += w.failedOps();
    }
    long now = endNanos >= 0 ? endNanos : Math.max(lastNanos, clock.nanoTime());
    long elapsedNanos = now - startNanos;
    long intervalNanos = Math.max(1, now - lastNanos);
    double rate = (ops0 - lastOps) * 1e9 / intervalNanos;
    StringBuilder detail = new StringBuilder();
    for (Metrics.Totals m : ops) {
      if (m.name.equals(OperationRecorder.CLEANUP) || m.intervalCount == 0) {
        continue;
      }
      Histogram interval = m.interval;
      merged.add(interval);
      mergedIntended.add(m.intervalIntended);
      detail.append(String.format(Locale.US, " [%s: Count=%d, Avg=%.3f, 99=%.3f]", m.name, m.intervalCount,
          interval.getTotalCount() == 0 ? 0.0 : interval.getMean() / 1000.0,
          interval.getValueAtPercentile(99) / 1000.0));
    }
    if (exports != null) {
      exports.intervals(ops, (lastNanos - startNanos) / 1e9, elapsedNanos / 1e9);
    }
    double p99 = merged.getTotalCount() == 0 ? Double.NaN : merged.getValueAtPercentile(99) / 1000.0;
    double responseP99 = mergedIntended.getTotalCount() == 0 ? Double.NaN
        : mergedIntended.getValueAtPercentile(99) / 1000.0;
    double offeredRate = offered == null ? Double.NaN : (offered.arrivalsBy(elapsedNanos / 1e9)
        - offered.arrivalsBy((lastNanos - startNanos) / 1e9)) * 1e9 / intervalNanos;
    boolean open = takeLag();
    double lagP99 = !open || lagMerged.getTotalCount() == 0 ? Double.NaN
        : lagMerged.getValueAtPercentile(99) / 1000.0;
    double lagMax = !open || lagMerged.getTotalCount() == 0 ? Double.NaN : lagMerged.getMaxValue() / 1000.0;
    HiccupMeter meter = stalls;
    double stallMax = meter == null ? Double.NaN : meter.takeIntervalLongestNanos() / 1000.0;
    if (ops0 != lastOps || print) {
      samples.add(new IntervalSample(elapsedNanos / 1_000_000L, ops0, rate, p99, failed, offeredRate, lagMax,
          stallMax, responseP99));
    }
    EventWindows w = windows;
    if (w != null) {
      w.interval(lastNanos, now, merged, ops0 - lastOps, failed - lastFailed);
    }
    if (live != null) {
      live.interval(ops, rate, offeredRate, p99, lagP99, ops0, failed, responseP99);
    }
    if (print && status != null) {
      status.println(LocalDateTime.now().format(TIME) + " " + (elapsedNanos / 1_000_000_000L) + " sec: " + ops0
          + " operations; " + String.format(Locale.US, "%.1f", rate) + " current ops/sec;" + eta(ops0, rate)
          + " latency us" + detail);
    }
    lastNanos = now;
    lastOps = ops0;
    lastFailed = failed;
  }

  /**
   * Takes the open loop's schedule lag in this interval, over every serving thread, into {@code lagMerged}; false in a
   * closed loop.
   */
  private boolean takeLag() {
    lagMerged.reset();
    boolean open = false;
    for (Worker w : workers) {
      OpenLoopStats st = w.openLoopStats();
      if (st != null) {
        lagMerged.add(st.lagInterval());
        open = true;
      }
    }
    return open;
  }

  private String eta(long done, double rate) {
    if (opsTotal <= 0 || rate <= 0) {
      return "";
    }
    long seconds = (long) Math.ceil((opsTotal - done) / rate);
    if (seconds <= 0) {
      return "";
    }
    return " est completion in " + (seconds >= 3600 ? (seconds / 3600) + " h " : "")
        + (seconds >= 60 ? (seconds % 3600 / 60) + " min " : "") + (seconds % 60) + " sec;";
  }
}
