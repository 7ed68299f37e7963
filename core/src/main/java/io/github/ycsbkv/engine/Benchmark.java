package io.github.ycsbkv.engine;

import io.github.ycsbkv.config.Props;
import io.github.ycsbkv.config.Secrets;
import io.github.ycsbkv.config.UserError;
import io.github.ycsbkv.results.BenchmarkResult;
import io.github.ycsbkv.results.ClientCpu;
import io.github.ycsbkv.results.ClientStalls;
import io.github.ycsbkv.results.LoadShape;
import io.github.ycsbkv.results.EnvironmentInfo;
import io.github.ycsbkv.results.IntervalSample;
import io.github.ycsbkv.results.Outage;
import io.github.ycsbkv.results.OperationResult;
import io.github.ycsbkv.results.Warmup;
import io.github.ycsbkv.spi.AsyncOperations;
import io.github.ycsbkv.spi.ChecksValues;
import io.github.ycsbkv.spi.ConnectionShape;
import io.github.ycsbkv.spi.ServerProbe;
import io.github.ycsbkv.spi.ServerSample;
import java.io.PrintStream;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import site.ycsb.DB;
import site.ycsb.Workload;
import site.ycsb.measurements.Measurements;

/**
 * One {@code load} or {@code run} of a workload against a binding: the engine's entry point for
 * programs that embed ycsb-kv.
 *
 * <pre>{@code
 * Properties props = PropertySources.load(List.of("workloads/workloada"), List.of("recordcount=1000"));
 * BenchmarkResult loaded = new Benchmark(Phase.LOAD, props, "memory", MemoryDB.class, loader).run();
 * BenchmarkResult ran = new Benchmark(Phase.RUN, props, "memory", MemoryDB.class, loader).run();
 * }</pre>
 *
 * <p>Properties read here (YCSB's names where YCSB has one; every default is one of the constants
 * below): {@value #THREADS}, {@value #TARGET} (total ops/s), {@value #OPERATION_COUNT},
 * {@value #RECORD_COUNT}, {@value #INSERT_COUNT}, {@value #MAX_EXECUTION_TIME} (seconds),
 * {@value #STATUS_INTERVAL} (seconds), {@value #PERCENTILES}, {@value #ERRORS_ABORT_AFTER}
 * (seconds), {@value #LABEL}, {@value #WORKLOAD}, {@value #PIPELINE} (operations in flight per client
 * thread, for bindings with {@link AsyncOperations}), {@value Drivers#PROPERTY} (OS threads serving the
 * {@value #THREADS} closed-loop clients; see {@link Drivers}).
 *
 * <p>Configuration errors throw {@link UserError} before anything runs. Once clients exist,
 * {@link #run()} always returns a result; a benchmark that could not start or finish has stop
 * reason {@link StopReason#FAILED} and an error line, with whatever was measured until then. One
 * instance runs once; {@link #stopSignal()} may be used from any thread to stop it.
 */
public final class Benchmark {

  public static final String THREADS = "threadcount";
  public static final String TARGET = "target";
  public static final String OPERATION_COUNT = "operationcount";
  public static final String RECORD_COUNT = "recordcount";
  public static final String INSERT_COUNT = "insertcount";
  public static final String MAX_EXECUTION_TIME = "maxexecutiontime";
  public static final String STATUS_INTERVAL = "status.interval";
  public static final String PERCENTILES = "hdrhistogram.percentiles";
  public static final String ERRORS_ABORT_AFTER = "errors.abortafter";
  public static final String LABEL = "label";
  public static final String WORKLOAD = "workload";
  public static final String PIPELINE = "pipeline";
  /**
   * Set by the engine in the properties a binding receives: how many closed-loop clients each of its
   * instances serves (more than 1 when {@code drivers} serve several clients from one thread; absent
   * otherwise), so that a binding can give each client a connection of its own.
   */
  public static final String CLIENTS_PER_INSTANCE = "drivers.clients";
  /**
   * Engine property: {@code client} (the default: one connection per closed-loop client, one request in
   * flight on it, as upstream YCSB's and memtier_benchmark's connections) or N, the number of connections
   * the clients share (their requests pipelined on them). See {@link io.github.ycsbkv.spi.ConnectionShape}.
   */
  public static final String CONNECTIONS = Drivers.CONNECTIONS;
  /**
   * Set by the engine in the properties each binding instance receives: how many connections that instance
   * should open (its clients', its share of {@value #CONNECTIONS}, or 1 for a client thread of its own).
   */
  public static final String CONNECTIONS_PER_INSTANCE = ConnectionShape.INSTANCE_CONNECTIONS;
  /**
   * Set by the engine to {@code true} in the properties a binding receives when the workload never scans and
   * no scanning workload reads its records ({@link io.github.ycsbkv.spi.NeverScans}): no scan index is kept.
   */
  public static final String WORKLOAD_NEVER_SCANS = "workload.neverscans";
  /** Directory for result.json, summary.csv and the histogram files. */
  public static final String EXPORT_DIR = "export.dir";
  /**
   * The load run before a {@code run} is measured, and thrown away: a time ({@code 10s}) or operations over every
   * client ({@code 200000ops}).
   */
  public static final String WARMUP = WarmupSetting.PROPERTY;

  /** Default client threads. */
  public static final int DEFAULT_THREADS = 1;
  /** Default seconds between status samples (and status lines with {@code -s}). */
  public static final long DEFAULT_STATUS_INTERVAL_SECONDS = 10;
  /** Default percentiles of every latency series. */
  public static final String DEFAULT_PERCENTILES = "50,90,95,99,99.9,99.99";
  /** Default seconds of nothing but errors after which a run stops as failed (0: never). */
  public static final long DEFAULT_ERRORS_ABORT_AFTER_SECONDS = 10;
  /** Default workload: upstream's, unchanged. */
  public static final String DEFAULT_WORKLOAD = "site.ycsb.workloads.CoreWorkload";
  /**
   * Failures for a connection reason closer than this (or than {@code reconnect.max}, if longer) belong to one
   * outage.
   */
  public static final Duration OUTAGE_GAP = Duration.ofSeconds(1);
  /** How long stopped client threads get to finish an operation in flight before results are taken. */
  public static final Duration STOP_GRACE = Duration.ofSeconds(10);

  private final Phase phase;
  private final Properties props;
  private final String bindingName;
  private final Class<? extends DB> dbClass;
  private final ClassLoader loader;
  private final StopSignal signal = new StopSignal();
  private NanoClock clock = NanoClock.SYSTEM;
  private PrintStream statusOut;
  private boolean printStatus;
  private PrintStream warningsOut;
  private PrintStream progressOut;
  private ServerProbe probe;

  /**
   * @param phase load or run
   * @param props every property (copied)
   * @param bindingName the name to report (for example {@code redis} or the class name)
   * @param dbClass the binding's DB class; one instance per client thread
   * @param loader the class loader for the workload class and the client threads
   */
  public Benchmark(Phase phase, Properties props, String bindingName, Class<? extends DB> dbClass, ClassLoader loader) {
    this.phase = Objects.requireNonNull(phase);
    this.props = new Properties();
    this.props.putAll(props);
    // As upstream's Client sets it, for the workload and the bindings: false for load, true for run.
    this.props.setProperty("dotransactions", Boolean.toString(phase == Phase.RUN));
    this.bindingName = Objects.requireNonNull(bindingName);
    this.dbClass = Objects.requireNonNull(dbClass);
    this.loader = Objects.requireNonNull(loader);
  }

  /** Uses {@code clock} instead of the system clock (tests). */
  public Benchmark clock(NanoClock clock) {
    this.clock = Objects.requireNonNull(clock);
    return this;
  }

  /** Prints a status line to {@code out} every status interval ({@code -s}); {@code null}: none. */
  public Benchmark statusTo(PrintStream out) {
    this.statusOut = out;
    this.printStatus = out != null;
    return this;
  }

  /**
   * Keeps one self-updating progress line on {@code out} (a terminal) while the phase runs, erased at
   * its end; {@code null}: none.
   */
  public Benchmark progressTo(PrintStream out) {
    this.progressOut = out;
    return this;
  }

  /**
   * Prints each warning to {@code out} as soon as it is known, as {@code ycsb: warning: ...};
   * warnings are in the result either way.
   */
  public Benchmark warningsTo(PrintStream out) {
    this.warningsOut = out;
    return this;
  }

  /**
   * Samples {@code probe} when every client has connected (before the clock starts) and after they finished; the samples go into
   * the result as {@code before} and {@code after}. A failing probe is a warning, not a failure.
   * The caller keeps ownership of the probe.
   */
  public Benchmark probe(ServerProbe probe) {
    this.probe = probe;
    return this;
  }

  /** The signal that stops this benchmark, for example on Ctrl-C. */
  public StopSignal stopSignal() {
    return signal;
  }

  /** Runs the phase and returns what it measured. */
  public BenchmarkResult run() {
    final int threads = Props.getInt(props, THREADS, DEFAULT_THREADS, 1);
    final double target = Props.getDouble(props, TARGET, 0);
    if (target < 0) {
      throw new UserError("property 'target' must be 0 (no limit) or a positive ops/sec, got " + target);
    }
    final long opsTotal = phase == Phase.LOAD
        ? Props.getLong(props, INSERT_COUNT, Props.getLong(props, RECORD_COUNT, 0, 0), 0)
        : Props.getLong(props, OPERATION_COUNT, 0, 0);
    final Duration maxTime = Props.getSeconds(props, MAX_EXECUTION_TIME, 0);
    final long intervalMillis = Props.getLong(props, STATUS_INTERVAL, DEFAULT_STATUS_INTERVAL_SECONDS, 1) * 1000;
    final List<Double> percentiles = Props.getPercentiles(props, PERCENTILES, DEFAULT_PERCENTILES);
    final long abortAfterNanos = TimeUnit.SECONDS.toNanos(
        Props.getLong(props, ERRORS_ABORT_AFTER, DEFAULT_ERRORS_ABORT_AFTER_SECONDS, 0));
    final String label = props.getProperty(LABEL);
    final int pipeline = Props.getInt(props, PIPELINE, 1, 1);
    final Reconnect reconnect = Reconnect.from(props);
    if (pipeline > 1 && !AsyncOperations.class.isAssignableFrom(dbClass)) {
      throw new UserError("binding '" + bindingName + "' has no asynchronous operations (io.github.ycsbkv.spi."
          + "AsyncOperations), so it cannot pipeline; drop -p pipeline=" + pipeline);
    }
    final List<String> warnings = new ArrayList<>();
    legacyConnectionProperties(warnings);
    WarmupSetting warmupSetting = WarmupSetting.parse(props.getProperty(WARMUP));
    if (warmupSetting != null && phase == Phase.LOAD) {
      warn(warnings, "warmup=" + warmupSetting.text() + " applies to run only (a load's warm-up would insert records"
          + " of its own); this load ran without one");
      warmupSetting = null;
    }
    if (opsTotal == 0 && maxTime.isZero()) {
      String what = phase == Phase.LOAD ? "recordcount/insertcount" : "operationcount";
      warn(warnings, what + " is 0 and no maxexecutiontime is set: running until interrupted (Ctrl-C)");
    }

    // Upstream workloads time some operations themselves; their Measurements must exist first.
    // (0.17.0 spells its getter getIntendedtartTimeNs(); we only ever call the setter.)
    Measurements upstream = UpstreamMeasurements.configure(props);
    Workload workload = newWorkload();
    // Values are checked only when reads happen (a run, not a load) and the workload checks them.
    final boolean integrity = Props.getBoolean(props, "dataintegrity", false);
    final boolean checksValues = !(workload instanceof ChecksValues c) || c.checksValues();
    if (integrity && !checksValues) {
      warn(warnings, "dataintegrity=true has no effect: " + workload.getClass().getSimpleName()
          + " does not check the values it reads");
    }
    final boolean verifying = integrity && checksValues && phase == Phase.RUN;
    if (pipeline > 1 && verifying) {
      throw new UserError("dataintegrity=true checks each read's values when the read returns, and pipelined reads"
          + " return before their values arrive; use pipeline=1 to check data");
    }
    String declined = null;
    if (AsyncOperations.class.isAssignableFrom(dbClass)) {
      DB asked = newDb();
      asked.setProperties(props);
      declined = ((AsyncOperations) asked).sharedThreadsDeclined();
    }
    final Drivers drivers = Drivers.resolve(props, threads, pipeline, target, dbClass, workload, verifying, declined);
    final int osThreads = drivers.threads();
    checkMemoryFor(osThreads);
    // The bindings size themselves (connections, event loops) for the threads and operations in flight
    // they will really see.
    final Properties dbProps = new Properties();
    dbProps.putAll(props);
    if (workload instanceof io.github.ycsbkv.spi.NeverScans) {
      dbProps.setProperty(WORKLOAD_NEVER_SCANS, "true");
    }
    if (drivers.shared()) {
      dbProps.setProperty(THREADS, Integer.toString(osThreads));
    }
    Map<String, ServerSample> server = new LinkedHashMap<>();
    final long tickNanos = target > 0 ? Math.max(1, (long) (1e9 * threads / target)) : 0;
    final Metrics metrics = new Metrics(target > 0);
    final CountDownLatch ready = new CountDownLatch(osThreads);
    final CountDownLatch go = new CountDownLatch(1);
    final List<Worker> workers = new ArrayList<>(osThreads);
    final List<Thread> threadList = new ArrayList<>(osThreads);
    LoadShape shape = null;
    LoadWatch watch = probe == null ? null : new LoadWatch(probe);
    final long outageGapNanos = Math.max(OUTAGE_GAP.toNanos(),
        reconnect.maxNanos() + TimeUnit.MILLISECONDS.toNanos(OutageWatch.TICK_MILLIS));
    // The warm-up runs on TimedDBs of its own, which record into these and are thrown away, in two parts
    // (WarmupPart says why): four fifths of it, then one fifth.
    final Metrics warmupMetrics = new Metrics(target > 0);
    final OutageWatch warmupOutages = new OutageWatch(clock, outageGapNanos, () -> 0);
    final List<WarmupPart> warmupParts = new ArrayList<>();
    if (warmupSetting != null) {
      long ops = warmupSetting.operations();
      long nanos = warmupSetting.nanos();
      boolean byTime = ops == 0;
      warmupParts.add(new WarmupPart(signal, nanos - nanos / 5, byTime ? -1 : ops - ops / 5, osThreads));
      warmupParts.add(new WarmupPart(signal, nanos / 5, byTime ? -1 : ops / 5, osThreads));
    }
    final OutageWatch outages = new OutageWatch(clock, outageGapNanos, () -> {
          long n = 0;
          for (Worker w : workers) {
            n += w.opsDone() - w.failedOps();
          }
          return n;
        });
    for (int id = 0; id < osThreads; id++) {
      DB db = newDb();
      Properties instanceProps = new Properties();
      instanceProps.putAll(dbProps);
      instanceProps.setProperty(CONNECTIONS_PER_INSTANCE, Integer.toString(drivers.connections(id)));
      if (drivers.shared()) {
        instanceProps.setProperty(PIPELINE, Integer.toString(drivers.inFlight(id)));
        instanceProps.setProperty(CLIENTS_PER_INSTANCE, Integer.toString(drivers.inFlight(id)));
      }
      db.setProperties(instanceProps);
      if (shape == null) {
        shape = loadShape(db, threads, drivers, pipeline);
        if (drivers.sharedConnections() > 0 && !LoadShape.SHARED.equals(shape.model())) {
          throw new UserError("-p " + CONNECTIONS + "=" + drivers.sharedConnections() + " shares connections between"
              + " clients, which binding '" + bindingName + "' does not do (" + shape.model() + "); drop -p "
              + CONNECTIONS);
        }
        if (warningsOut != null) {
          warningsOut.println("ycsb-kv: load: " + shape.describe()
              + (drivers.reason().isEmpty() ? "" : " (" + drivers.reason() + ")"));
        }
      }
      int inFlight = drivers.shared() ? drivers.inFlight(id) : pipeline;
      TimedDB timed = new TimedDB(db, bindingName, metrics.forThread(), clock, signal, abortAfterNanos, inFlight,
          reconnect, outages);
      long share = opsTotal == 0 ? -1 : share(opsTotal, id, osThreads);
      Worker w = new Worker(id, osThreads, phase, db, timed, workload, props, share, tickNanos, maxTime.toNanos(),
          clock, signal, upstream, ready, go, drivers.onLoop(inFlight, tickNanos > 0));
      List<Worker.WarmupPass> passes = new ArrayList<>();
      for (WarmupPart part : warmupParts) {
        passes.add(new Worker.WarmupPass(part, new TimedDB(db, bindingName, warmupMetrics.forThread(), clock,
            part.signal, abortAfterNanos, inFlight, reconnect, warmupOutages),
            part.operations < 0 ? -1 : share(part.operations, id, osThreads), new Worker.OpsCount()));
      }
      w.warmup(passes);
      Thread t = new Thread(w, "ycsb-client-" + id);
      t.setDaemon(true);
      t.setContextClassLoader(loader);
      workers.add(w);
      threadList.add(t);
    }
    for (int i = 0; i < osThreads; i++) {
      try {
        threadList.get(i).start();
      } catch (OutOfMemoryError e) { // "unable to create native thread": a system limit, not the heap
        signal.stop(StopReason.FAILED, "cannot start client thread " + (i + 1) + " of " + osThreads + ": the system"
            + " refused (" + e.getMessage() + "; see ulimit -u and /proc/sys/kernel/threads-max); use fewer threads");
        for (int j = i; j < osThreads; j++) {
          ready.countDown();
        }
        break;
      }
    }
    String initFailure = awaitInit(ready, workers);
    if (initFailure != null) {
      signal.stop(StopReason.FAILED, "cannot initialize binding '" + bindingName + "': " + initFailure);
    }
    // Clients still connecting when the first failed (or Ctrl-C came) are not waited for: each would
    // take its own timeout. They are daemon threads, stop on their own and run nothing.
    final List<Thread> toJoin = new ArrayList<>(osThreads);
    for (int i = 0; i < osThreads; i++) {
      if (workers.get(i).initEnded()) {
        toJoin.add(threadList.get(i));
      }
    }

    // How the binding's connections do their I/O (the RESP engine's transport), known once they are open.
    if (initFailure == null && shape != null && workers.get(0).db() instanceof ConnectionShape cs) {
      String transport = cs.transport();
      if (transport != null) {
        shape = shape.withTransport(transport);
        if (warningsOut != null) {
          warningsOut.println("ycsb-kv: load: client I/O through " + transport);
        }
      }
    }
    Warmup warmup = null;
    if (warmupSetting != null) {
      warmup = warmup(warmupSetting, initFailure == null, workers, warmupParts);
    }
    // The server's state once every client is connected, just before the clock starts; not when a
    // client could not connect (its error says more than a failing probe would).
    boolean probed = !signal.isStopped() && sample("before", server, warnings);
    if (watch != null && probed) {
      watch.start();
    }
    Map<String, long[]> gcBefore = gcSnapshot();
    final long cpuBefore = processCpuNanos();
    HiccupMeter hiccups = new HiccupMeter(clock, HiccupMeter.PARK).start();
    final long startNanos = clock.nanoTime();
    final Instant startWall = Instant.now();
    for (Worker w : workers) {
      w.setStartNanos(startNanos);
    }
    outages.start(startNanos);
    if (maxTime.toNanos() > 0) {
      outages.ending(startNanos + maxTime.toNanos());   // every client stops starting operations then
    }
    String exportDir = props.getProperty(EXPORT_DIR);
    HistogramExports exports = exportDir == null || exportDir.isBlank() ? null
        : new HistogramExports(java.nio.file.Path.of(exportDir), startWall.toEpochMilli());
    Sampler sampler = new Sampler(metrics, workers, intervalMillis, opsTotal, clock, startNanos,
        printStatus ? statusOut : null, exports);
    Thread samplerThread = new Thread(sampler, "ycsb-status");
    samplerThread.setDaemon(true);
    samplerThread.start();
    Progress progress = progressOut == null || signal.isStopped() ? null
        : new Progress(phase.command() + " " + bindingName, workers, opsTotal, maxTime.toNanos(), clock, startNanos,
            progressOut);
    if (progress != null) {
      Thread progressThread = new Thread(progress, "ycsb-progress");
      progressThread.setDaemon(true);
      progressThread.start();
    }
    go.countDown();

    int unfinished = joinAll(toJoin);
    if (signal.isStopped()) {
      workload.requestStop();
    }
    final long endNanos = clock.nanoTime();
    final long cpuAfter = processCpuNanos();
    List<Outage> outageList = outages.finish(endNanos);
    if (warningsOut != null) {
      for (Outage o : outageList) {
        warningsOut.println("ycsb-kv: " + o.describe());
      }
    }
    if (outages.notKept() > 0) {
      warn(warnings, outages.notKept() + " more outage(s) than the " + OutageWatch.MAX_KEPT + " kept in the result");
    }
    Map<String, Map<String, Long>> gc = gcDelta(gcBefore);
    ClientStalls stalls = hiccups.stop(gcTotal(gc, "count"), gcTotal(gc, "timeMillis"));
    if (progress != null) {
      progress.finish();
    }
    final Instant endWall = startWall.plusNanos(endNanos - startNanos);
    List<IntervalSample> intervals = sampler.finish();
    try {
      workload.cleanup();
    } catch (Exception e) {
      warn(warnings, "workload cleanup failed: " + UserError.describe(e));
    }
    if (unfinished > 0) {
      warn(warnings, unfinished + " client thread(s) did not finish within " + STOP_GRACE.toSeconds()
          + " s of the stop; their operations in flight are not counted");
    }
    long earlyStops = workers.stream().filter(Worker::stoppedByWorkload).count();
    if (earlyStops > 0) {
      warn(warnings, earlyStops + " of " + threads + " client thread(s) stopped early because the workload returned"
          + " false (upstream CoreWorkload does so when an insert fails)");
    }

    long ops = 0;
    for (Worker w : workers) {
      ops += w.opsDone();
    }
    ClientCpu clientCpu = cpuBefore < 0 || cpuAfter < cpuBefore ? null : ClientCpu.of(cpuAfter - cpuBefore, ops);
    if (clientCpu != null && warningsOut != null) {
      warningsOut.println("ycsb-kv: load: " + clientCpu.describe());
    }
    if (watch != null && probed) {
      LoadShape.ServerView view = watch.stop(ops);
      if (view != null && shape != null) {
        shape = shape.withServer(view);
        String seen = shape.describeServer();
        if (seen != null && warningsOut != null) {
          warningsOut.println("ycsb-kv: load: " + seen);
        }
        for (String m : shape.mismatches()) {
          warn(warnings, m);
        }
        if (watch.cpuProblem() != null) {
          warn(warnings, watch.cpuProblem());
        }
      } else if (watch.failure() != null) {
        warn(warnings, "the server's load counters could not be read: " + watch.failure());
      }
    }
    if (probed) {
      sample("after", server, warnings);
    }
    long runtimeNanos = Math.max(0, endNanos - startNanos);
    double throughput = runtimeNanos == 0 ? 0.0 : ops * 1e9 / runtimeNanos;
    StopReason reason = signal.reason();
    if (reason == StopReason.COMPLETED && earlyStops == threads) {
      reason = StopReason.WORKLOAD;
    }
    List<Metrics.Totals> totals = metrics.finish();
    List<OperationResult> operationResults = operationResults(totals, percentiles);
    for (String w : stalls.warnings(operationResults)) {
      warn(warnings, w);
    }
    if (exports != null) {
      exports.totals(totals, endWall.toEpochMilli());
      exports.close();
      if (exports.failure() != null) {
        warn(warnings, exports.failure());
      }
    }
    return new BenchmarkResult(phase.command(), bindingName, dbClass.getName(), workload.getClass().getName(),
        label, threads, target, startWall, endWall, TimeUnit.NANOSECONDS.toMillis(runtimeNanos), ops, throughput,
        reason.id(), signal.message(), warnings, percentiles, operationResults,
        UpstreamMeasurements.export(upstream), intervals, gc, EnvironmentInfo.current(),
        configuration(drivers), server, shape, stalls, outageList, warmup, clientCpu);
  }

  /**
   * The CPU time this process has used, every thread's, user and system, in nanoseconds, or -1 when the JVM does
   * not say ({@code com.sun.management.OperatingSystemMXBean}, which OpenJDK and its builds provide).
   */
  static long processCpuNanos() {
    try {
      if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
        return os.getProcessCpuTime();
      }
    } catch (LinkageError e) {
      // a JVM without the jdk.management module
    }
    return -1;
  }

  /** Client {@code id}'s share of {@code total} operations over {@code clients}: the remainder to the first ones. */
  private static long share(long total, int id, int clients) {
    return total / clients + (id < total % clients ? 1 : 0);
  }

  /**
   * Runs the clients' warm-up (when {@code start}: every client is ready and nothing stopped the run), part after
   * part, and waits until each client ended each part; returns what it did, or null when it did not run. A client
   * that is still in a part {@link #STOP_GRACE} after the part should have ended stops the run.
   */
  private Warmup warmup(WarmupSetting setting, boolean start, List<Worker> workers, List<WarmupPart> parts) {
    if (!start || signal.isStopped()) {
      for (WarmupPart part : parts) {
        part.go.countDown(); // the clients waiting go on to the measured phase, which the stop leaves empty
      }
      return null;
    }
    if (warningsOut != null) {
      warningsOut.println("ycsb-kv: warm-up: " + setting.text() + " of the same load before the measured phase,"
          + " not counted");
    }
    long startNanos = clock.nanoTime();
    for (WarmupPart part : parts) {
      if (signal.isStopped()) {
        part.go.countDown();
        continue;
      }
      part.startNanos = clock.nanoTime();
      part.go.countDown();
      awaitPart(part);
    }
    long millis = TimeUnit.NANOSECONDS.toMillis(clock.nanoTime() - startNanos);
    long operations = 0;
    long failed = 0;
    for (Worker w : workers) {
      operations += w.warmupOpsDone();
      failed += w.warmupFailedOps();
    }
    Warmup w = new Warmup(setting.text(), operations, failed, millis);
    if (warningsOut != null) {
      warningsOut.println("ycsb-kv: " + w.describe());
    }
    return w;
  }

  private void awaitPart(WarmupPart part) {
    long stopSeen = -1;
    try {
      while (!part.done.await(20, TimeUnit.MILLISECONDS)) {
        long now = clock.nanoTime();
        if (!part.signal.isStopped() && (part.maxNanos == 0 || now - part.startNanos < part.maxNanos)) {
          continue;
        }
        if (stopSeen < 0) {
          stopSeen = now;
        } else if (now - stopSeen > STOP_GRACE.toNanos()) {
          signal.stop(StopReason.FAILED, part.done.getCount() + " client thread(s) did not end their warm-up within "
              + STOP_GRACE.toSeconds() + " s of its end (an operation that never completed)");
          return;
        }
      }
    } catch (InterruptedException e) {
      signal.stop(StopReason.INTERRUPTED, null);
    }
  }

  /**
   * The load the engine intends: {@code clients} closed-loop clients, served by the drivers' threads, on the
   * connections the binding's {@link ConnectionShape} model opens for them.
   */
  static LoadShape loadShape(DB db, int clients, Drivers drivers, int pipeline) {
    ConnectionShape.Model model = db instanceof ConnectionShape c ? c.connectionModel() : null;
    int threads = drivers.threads();
    if (model == ConnectionShape.Model.FOLLOWS_ENGINE) {
      if (drivers.sharedConnections() > 0) {
        int n = drivers.sharedConnections();
        return new LoadShape(clients, n, Math.ceil(clients / (double) n), threads, LoadShape.SHARED, null);
      }
      if (pipeline > 1) {
        return new LoadShape(clients, threads, pipeline, threads, LoadShape.PIPELINED, null);
      }
      return new LoadShape(clients, clients, 1, threads, LoadShape.PER_CLIENT, null);
    }
    if (model == ConnectionShape.Model.SOCKET_PER_COMMAND) {
      int inFlight = drivers.shared() ? clients : threads * pipeline;
      return new LoadShape(clients, inFlight, 1, threads, LoadShape.PER_COMMAND, null);
    }
    return new LoadShape(clients, -1, drivers.shared() ? 1 : pipeline, threads, LoadShape.UNKNOWN, null);
  }

  /**
   * The connection properties of earlier releases, folded into {@value #CONNECTIONS}: each, when set, is
   * read for this release with one line saying what replaces it.
   */
  private void legacyConnectionProperties(List<String> warnings) {
    String dragonfly = props.getProperty("dragonfly.connections");
    if (dragonfly != null && !dragonfly.isBlank()) {
      String v = dragonfly.trim().toLowerCase(Locale.ROOT);
      if (v.equals("client") || v.equals("threadcount")) {
        warn(warnings, "dragonfly.connections=" + v + " is replaced by -p connections=client, the default now;"
            + " the old name is read for this release only");
      } else if (!props.containsKey(CONNECTIONS)) {
        props.setProperty(CONNECTIONS, v);
        warn(warnings, "dragonfly.connections=" + v + " is replaced by -p connections=" + v + " (the clients share "
            + v + " connections), which this run uses; the old name is read for this release only");
      }
    }
    String redis = props.getProperty("redis.connections");
    if (redis != null && !redis.isBlank()) {
      String v = redis.trim().toLowerCase(Locale.ROOT);
      if (v.equals("thread")) {
        warn(warnings, "redis.connections=thread is replaced by -p connections=client, the default now; the old"
            + " name is read for this release only");
      } else if (v.equals("pool")) {
        warn(warnings, "redis.connections=pool (the clients take turns on a pool of redis.poolsize connections) is"
            + " read for this release only; -p connections=N shares N connections between the clients");
      }
    }
  }

  private static long gcTotal(Map<String, Map<String, Long>> gc, String what) {
    long n = 0;
    for (Map<String, Long> v : gc.values()) {
      n += v.getOrDefault(what, 0L);
    }
    return n;
  }

  /** Every property, secrets masked, and how the clients were driven ({@code drivers.threads}). */
  private Map<String, String> configuration(Drivers drivers) {
    Map<String, String> out = new LinkedHashMap<>(Secrets.redactAll(props));
    out.put("drivers.threads", Integer.toString(drivers.threads()));
    return out;
  }

  /** Samples the probe into {@code into}; false (with a warning) when there is none or it failed. */
  private boolean sample(String when, Map<String, ServerSample> into, List<String> warnings) {
    if (probe == null) {
      return false;
    }
    try {
      into.put(when, probe.sample());
      return true;
    } catch (Exception | LinkageError e) {
      warn(warnings, "server probe failed " + when + " the " + phase.command() + ": " + UserError.describe(e));
      return false;
    }
  }

  private void warn(List<String> warnings, String warning) {
    warnings.add(warning);
    if (warningsOut != null) {
      warningsOut.println("ycsb: warning: " + warning);
    }
  }

  private static List<OperationResult> operationResults(List<Metrics.Totals> totals, List<Double> percentiles) {
    List<OperationResult> out = new ArrayList<>();
    for (Metrics.Totals m : totals) {
      OperationResult r = OperationResult.of(m.name, m.statuses, m.causes, m.total(OperationRecorder.Series.OK),
          m.total(OperationRecorder.Series.FAILED), m.total(OperationRecorder.Series.OK_INTENDED),
          m.total(OperationRecorder.Series.FAILED_INTENDED), percentiles);
      if (r != null) {
        out.add(r);
      }
    }
    return out;
  }

  /** Joins every client; after a stop, waits at most {@link #STOP_GRACE}. Returns threads still alive. */
  private int joinAll(List<Thread> threadList) {
    long stopSeenAt = -1;
    for (Thread t : threadList) {
      while (t.isAlive()) {
        try {
          t.join(100);
        } catch (InterruptedException e) {
          signal.stop(StopReason.INTERRUPTED, null);
        }
        if (signal.isStopped() && t.isAlive()) {
          long now = System.nanoTime();
          if (stopSeenAt < 0) {
            stopSeenAt = now;
          } else if (now - stopSeenAt > STOP_GRACE.toNanos()) {
            return (int) threadList.stream().filter(Thread::isAlive).count();
          }
        }
      }
    }
    return 0;
  }

  /**
   * Heap a client thread needs, measured: its latency histograms (HdrHistogram, 3 significant digits,
   * ns values; a recorder's two histograms and the interval copy per operation type) and its set-up.
   * 8,000 threads of workloada on the memory binding used 4.2 GB.
   */
  static final long BYTES_PER_CLIENT_THREAD = 512 * 1024;

  /** Refuses, in one line and before anything starts, more client threads than the heap can hold. */
  private static void checkMemoryFor(int osThreads) {
    long heap = Runtime.getRuntime().maxMemory();
    long need = osThreads * BYTES_PER_CLIENT_THREAD;
    if (need > heap * 0.8) {
      long most = (long) (heap * 0.8 / BYTES_PER_CLIENT_THREAD);
      throw new UserError(String.format(Locale.ROOT, "%,d client threads need about %,d MB of heap for their latency"
          + " histograms (about %d KB each), but this JVM may use %,d MB: at most %,d threads fit; use fewer threads,"
          + " or more heap (JAVA_OPTS=-Xmx...)", osThreads, need >> 20, BYTES_PER_CLIENT_THREAD >> 10, heap >> 20, most));
    }
  }

  /**
   * Waits until every client has initialized, or the first one failed, or the run was stopped (Ctrl-C):
   * a server that never answers fails the run after one client's timeout, whatever the thread count.
   * Returns the first failure, or null.
   */
  private String awaitInit(CountDownLatch ready, List<Worker> workers) {
    while (true) {
      long pending = ready.getCount(); // read before the failures: a client records its failure, then counts down
      for (Worker w : workers) {
        if (w.initFailure() != null) {
          return w.initFailure();
        }
      }
      if (pending == 0 || signal.isStopped()) {
        return null;
      }
      try {
        ready.await(20, java.util.concurrent.TimeUnit.MILLISECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        signal.stop(StopReason.INTERRUPTED, null);
        return null;
      }
    }
  }

  private Workload newWorkload() {
    String name = props.getProperty(WORKLOAD, DEFAULT_WORKLOAD).trim();
    Class<?> type;
    try {
      type = Class.forName(name, true, loader);
    } catch (ClassNotFoundException | LinkageError e) {
      throw new UserError("workload class '" + name + "' not found on the class path; add its jar with -cp");
    }
    if (!Workload.class.isAssignableFrom(type)) {
      throw new UserError("workload class '" + name + "' is not a site.ycsb.Workload");
    }
    if (site.ycsb.workloads.CoreWorkload.class.isAssignableFrom(type)) {
      CoreWorkloadChecks.check(props);
    }
    Workload workload;
    try {
      workload = (Workload) type.getDeclaredConstructor().newInstance();
    } catch (ReflectiveOperationException | RuntimeException e) {
      throw new UserError("cannot create workload '" + name + "': " + UserError.describe(e));
    }
    try {
      workload.init(props);
    } catch (Exception e) {
      throw new UserError("workload '" + name + "' rejected its properties: " + UserError.describe(e));
    }
    return workload;
  }

  private DB newDb() {
    try {
      return dbClass.getDeclaredConstructor().newInstance();
    } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
      throw new UserError("cannot create binding class '" + dbClass.getName() + "': " + UserError.describe(e));
    }
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
