package io.github.ycsbkv.engine;

import io.github.ycsbkv.config.EngineProperties;
import io.github.ycsbkv.config.UserError;
import io.github.ycsbkv.engine.metrics.HistogramExports;
import io.github.ycsbkv.engine.metrics.LiveMetrics;
import io.github.ycsbkv.engine.metrics.ProcessCpu;
import io.github.ycsbkv.engine.states.EventWindows;
import io.github.ycsbkv.engine.time.NanoClock;
import io.github.ycsbkv.engine.time.RateSchedule;
import io.github.ycsbkv.engine.watch.HiccupMeter;
import io.github.ycsbkv.engine.watch.OutageWatch;
import io.github.ycsbkv.results.ClientStalls;
import io.github.ycsbkv.results.IntervalSample;
import io.github.ycsbkv.results.Outage;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import site.ycsb.Workload;

/**
 * The measured phase between its clock's start and its end: what runs beside the clients (the status sampler, the
 * progress line, the stall meter, the outage watch, the histogram files) and what the process spent meanwhile (its
 * CPU time, the collector's pauses). {@link #start} opens the clients' gate; {@link #finish} joins them and keeps the
 * figures. Used by the thread that runs the phase.
 */
final class MeasuredPhase {

  private final Benchmark benchmark;
  private final PhaseSettings settings;
  private final ClientSet clients;
  private final Warnings warnings;

  long startNanos;
  Instant startWall;
  long endNanos;
  Instant endWall;
  /** The process's CPU time at the start and the end, or -1 where the JVM does not say. */
  long cpuBeforeNanos;
  long cpuAfterNanos;
  Map<String, Map<String, Long>> gc;
  ClientStalls stalls;
  List<Outage> outages;
  List<IntervalSample> intervals;
  HistogramExports exports;

  private Map<String, long[]> gcBefore;
  private HiccupMeter hiccups;
  private Sampler sampler;
  private Progress progress;
  /** What serves the phase's figures while it runs, or null. */
  LiveMetrics live;
  /** The events' windows, whose clock starts with the phase's and which each status interval's figures go to. */
  EventWindows windows;

  MeasuredPhase(Benchmark benchmark, PhaseSettings settings, ClientSet clients, Warnings warnings) {
    this.benchmark = benchmark;
    this.settings = settings;
    this.clients = clients;
    this.warnings = warnings;
  }

  /**
   * Reads the client's counters before the phase (its collections, its CPU time) and starts its stall meter: the
   * milliseconds these take are spent before {@link #start()}, so that processes that start at one instant
   * ({@link StartBarrier}) start within microseconds of it.
   */
  void prepare() {
    gcBefore = gcSnapshot();
    cpuBeforeNanos = ProcessCpu.nanos();
    hiccups = new HiccupMeter(benchmark.clock(), HiccupMeter.PARK).start();
    if (live != null) {
      live.stalls(hiccups);
    }
  }

  /** Starts the clock and what watches the phase, then lets every client go ({@link #prepare()} first). */
  void start() {
    NanoClock clock = benchmark.clock();
    startNanos = clock.nanoTime();
    startWall = Instant.now();
    clients.outages.start(startNanos);
    if (settings.maxTime().toNanos() > 0) {
      clients.outages.ending(startNanos + settings.maxTime().toNanos()); // every client stops starting operations then
    }
    String exportDir = benchmark.properties().getProperty(EngineProperties.EXPORT_DIR);
    exports = exportDir == null || exportDir.isBlank() ? null
        : new HistogramExports(Path.of(exportDir), startWall.toEpochMilli());
    sampler = new Sampler(clients.metrics, clients.workers, settings.statusIntervalMillis(), settings.operations(),
        clock, startNanos, benchmark.statusOut(), exports);
    sampler.offered(settings.schedule() != null ? settings.schedule() : settings.targetOpsPerSec() > 0
        ? RateSchedule.constant(settings.targetOpsPerSec()) : null);
    sampler.live(live);
    sampler.stalls(hiccups);
    if (windows != null) {
      windows.start(startNanos);
      sampler.windows(windows);
    }
    daemon(sampler, "ycsb-status");
    if (benchmark.progressOut() != null && !benchmark.stopSignal().isStopped()) {
      progress = new Progress(benchmark.phase().command() + " " + benchmark.bindingName(), clients.workers,
          settings.operations(), settings.maxTime().toNanos(), clock, startNanos, benchmark.progressOut());
      daemon(progress, "ycsb-progress");
    }
    clients.go(startNanos);
  }

  /** Joins the clients, stops the clock and what watched the phase, and keeps what they measured. */
  void finish(Workload workload) {
    int unfinished = clients.joinAll();
    if (benchmark.stopSignal().isStopped()) {
      workload.requestStop();
    }
    long joined = benchmark.clock().nanoTime();
    long lastEnd = clients.measuredEndNanos();
    // The phase ends with the last client's last operation, not after the clients closed their connections.
    endNanos = lastEnd >= startNanos && lastEnd <= joined ? lastEnd : joined;
    cpuAfterNanos = ProcessCpu.nanos();
    outages = clients.outages.finish(endNanos);
    for (Outage o : outages) {
      warnings.note(o.describe());
    }
    if (clients.outages.notKept() > 0) {
      warnings.warn(clients.outages.notKept() + " more outage(s) than the " + OutageWatch.MAX_KEPT
          + " kept in the result");
    }
    gc = gcDelta(gcBefore);
    stalls = hiccups.stop(gcTotal(gc, "count"), gcTotal(gc, "timeMillis"));
    if (progress != null) {
      progress.finish();
    }
    endWall = startWall.plusNanos(endNanos - startNanos);
    intervals = sampler.finish(endNanos);
    if (windows != null) {
      windows.end(endNanos);
    }
    try {
      workload.cleanup();
    } catch (Exception e) {
      warnings.warn("workload cleanup failed: " + UserError.describe(e));
    }
    if (unfinished > 0) {
      warnings.warn(unfinished + " client thread(s) did not finish within " + settings.stopGrace().toSeconds()
          + " s of the stop; their operations in flight are not counted (" + EngineProperties.STOP_GRACE
          + " gives them longer)");
    }
    long earlyStops = clients.stoppedByWorkload();
    if (earlyStops > 0 && !WorkloadTraits.of(workload).endsOnItsOwn()) {
      warnings.warn(earlyStops + " of " + clients.clients() + " client thread(s) stopped early because the workload"
          + " returned false (upstream CoreWorkload does so when an insert fails)");
    }
  }

  /** The phase's length on its clock, in nanoseconds. */
  long runtimeNanos() {
    return Math.max(0, endNanos - startNanos);
  }

  private static void daemon(Runnable r, String name) {
    Thread t = new Thread(r, name);
    t.setDaemon(true);
    t.start();
  }

  private static long gcTotal(Map<String, Map<String, Long>> gc, String what) {
    long n = 0;
    for (Map<String, Long> v : gc.values()) {
      n += v.getOrDefault(what, 0L);
    }
    return n;
  }

  private static Map<String, long[]> gcSnapshot() {
    Map<String, long[]> out = new LinkedHashMap<>();
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      out.put(gc.getName(), new long[] {Math.max(0, gc.getCollectionCount()), Math.max(0, gc.getCollectionTime())});
    }
    return out;
  }

  private static Map<String, Map<String, Long>> gcDelta(Map<String, long[]> before) {
    Map<String, Map<String, Long>> out = new LinkedHashMap<>();
    gcSnapshot().forEach((name, after) -> {
      long[] b = before.getOrDefault(name, new long[2]);
      Map<String, Long> v = new LinkedHashMap<>();
      v.put("count", after[0] - b[0]);
      v.put("timeMillis", after[1] - b[1]);
      out.put(name, v);
    });
    return out;
  }
}
