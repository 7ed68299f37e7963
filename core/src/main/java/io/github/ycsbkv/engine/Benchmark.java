package io.github.ycsbkv.engine;

import io.github.ycsbkv.config.EngineProperties;
import io.github.ycsbkv.config.Secrets;
import io.github.ycsbkv.config.UserError;
import io.github.ycsbkv.engine.hosts.ClientSplit;
import io.github.ycsbkv.engine.hosts.StartBarrier;
import io.github.ycsbkv.engine.metrics.LiveMetrics;
import io.github.ycsbkv.engine.metrics.Metrics;
import io.github.ycsbkv.engine.states.EventPlan;
import io.github.ycsbkv.engine.states.EventWindows;
import io.github.ycsbkv.engine.stop.StopReason;
import io.github.ycsbkv.engine.stop.StopSignal;
import io.github.ycsbkv.engine.time.NanoClock;
import io.github.ycsbkv.results.BenchmarkResult;
import io.github.ycsbkv.results.ClientCpu;
import io.github.ycsbkv.results.EnvironmentInfo;
import io.github.ycsbkv.results.LoadShape;
import io.github.ycsbkv.results.OpenLoop;
import io.github.ycsbkv.results.OperationResult;
import io.github.ycsbkv.results.Warmup;
import io.github.ycsbkv.spi.AsyncOperations;
import io.github.ycsbkv.spi.RenamedProperties;
import io.github.ycsbkv.spi.ServerProbe;
import java.io.PrintStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import site.ycsb.DB;
import site.ycsb.Workload;
import site.ycsb.measurements.Measurements;

/**
 * One {@code load} or {@code run} of a workload against a binding's {@code site.ycsb.DB} class. Programs that embed
 * ycsb-kv get one from {@link Benchmarks} (which finds a binding by name and adds its server probe):
 *
 * <pre>{@code
 * Properties props = PropertySources.load(List.of("workloads/workloada"), List.of("recordcount=1000"));
 * BenchmarkResult loaded = Benchmarks.of("memory", props).run(Phase.LOAD);
 * Benchmark run = Benchmarks.of("memory", props).benchmark(Phase.RUN).warningsTo(System.err);
 * BenchmarkResult ran = run.run();
 * }</pre>
 *
 * <p>Properties read here (YCSB's names where YCSB has one; each key and default is declared in
 * {@link EngineProperties}): {@value EngineProperties#THREADS}, {@value EngineProperties#TARGET} (total ops/s),
 * {@value EngineProperties#OPERATION_COUNT}, {@value EngineProperties#RECORD_COUNT},
 * {@value EngineProperties#INSERT_COUNT}, {@value EngineProperties#MAX_EXECUTION_TIME} (seconds),
 * {@value EngineProperties#STATUS_INTERVAL} (seconds), {@value EngineProperties#PERCENTILES},
 * {@value EngineProperties#ERRORS_ABORT_AFTER} (seconds), {@value EngineProperties#LABEL},
 * {@value EngineProperties#WORKLOAD}, {@value EngineProperties#PIPELINE} (operations in flight per client thread, for
 * bindings with {@link AsyncOperations}), {@value EngineProperties#DRIVERS} (OS threads serving the
 * {@value EngineProperties#THREADS} closed-loop clients; see {@link Drivers}).
 *
 * <p>Configuration errors throw {@link UserError} before anything runs. Once clients exist,
 * {@link #run()} always returns a result; a benchmark that could not start or finish has stop
 * reason {@link StopReason#FAILED} and an error line, with whatever was measured until then. One
 * instance runs once; {@link #stopSignal()} may be used from any thread to stop it.
 */
public final class Benchmark {

  private final Phase phase;
  private final Properties props;
  private final String bindingName;
  private final Class<? extends DB> dbClass;
  private final ClassLoader loader;
  private final StopSignal signal = new StopSignal();
  private NanoClock clock = NanoClock.SYSTEM;
  private PrintStream statusOut;
  private PrintStream warningsOut;
  private PrintStream progressOut;
  private ServerProbe probe;
  /** Warnings known before the phase starts ({@link Benchmarks}: a probe that could not be made). */
  private final List<String> earlyWarnings = new ArrayList<>();
  /** This process's part of a run of several ({@code clients.count}); set when the phase starts. */
  private ClientSplit split = ClientSplit.ONE;

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

  /** A warning to give when the phase starts, beside its own. */
  void warnFirst(String warning) {
    earlyWarnings.add(warning);
  }

  /** This process's part of a run of several client processes (one alone until the phase starts). */
  ClientSplit split() {
    return split;
  }

  /** The signal that stops this benchmark, for example on Ctrl-C. */
  public StopSignal stopSignal() {
    return signal;
  }

  /**
   * Runs the phase and returns what it measured: its settings, its workload and clients, the warm-up, the measured
   * phase and the server's view of it, then the result.
   */
  public BenchmarkResult run() {
    Warnings warnings = new Warnings(warningsOut);
    earlyWarnings.forEach(warnings::warn);
    renameProperties(warnings);
    split = ClientSplit.from(props, System.getenv(ClientSplit.JOB_INDEX_ENV));
    WorkloadTraits traits = WorkloadSetup.clientsOfItsOwn(props, loader, warnings);
    PhaseSettings settings = PhaseSettings.parse(phase, props, bindingName, dbClass, warnings, split,
        traits.endsOnItsOwn());
    StartBarrier barrier = PhaseHosts.barrier(split, props, phase, warnings, clock);
    OpenLoopFigures.slo(props); // a malformed budget fails here, before anything runs
    LiveMetrics live = LiveMetrics.start(props, liveLabels(settings));
    if (live != null) {
      warnings.note("metrics served on " + props.getProperty(LiveMetrics.HOST, "0.0.0.0").trim() + ":"
          + props.getProperty(LiveMetrics.PORT).trim() + "/metrics (Prometheus text format, every "
          + settings.statusIntervalMillis() / 1000 + " s)");
    }
    try {
      return run(settings, barrier, live, warnings);
    } finally {
      if (live != null) {
        live.close();
      }
    }
  }

  /** The labels of the run's live metrics: its label, binding, workload, phase and client index. */
  private Map<String, String> liveLabels(PhaseSettings settings) {
    Map<String, String> labels = new java.util.LinkedHashMap<>();
    labels.put("run", settings.label() == null ? "" : settings.label());
    labels.put("binding", bindingName);
    String workload = props.getProperty("workload", EngineProperties.DEFAULT_WORKLOAD);
    labels.put("workload", workload.substring(workload.lastIndexOf('.') + 1));
    labels.put("phase", phase.command());
    labels.put("client_index", Integer.toString(split.index()));
    return labels;
  }

  private BenchmarkResult run(PhaseSettings settings, StartBarrier barrier, LiveMetrics live, Warnings warnings) {
    // Upstream workloads time some operations themselves; their Measurements must exist first.
    // (0.17.0 spells its getter getIntendedtartTimeNs(); we only ever call the setter.)
    Measurements upstream = UpstreamMeasurements.configure(props);
    Workload workload = WorkloadSetup.create(props, loader);
    boolean verifying = WorkloadSetup.verifying(phase, props, workload, settings.pipeline(), warnings);
    WorkloadSetup.checkInstants(workload, settings.pipeline(), props);
    if (workload instanceof io.github.ycsbkv.spi.ArrivalInstants instants) {
      instants.stopWhen(signal::isStopped);
    }
    EventPlan events = EventPlan.parse(props, settings.maxTime());
    events.check(probe, bindingName, props); // before any client connects: a kind this store has not is one line
    Drivers drivers = Drivers.resolve(props, settings.threads(), settings.pipeline(), settings.targetOpsPerSec(),
        dbClass, workload, verifying, sharedThreadsDeclined(), sharesPipelines(settings.pipeline()));
    drivers.checkHeap();
    ClientSet clients = new ClientSet(this, settings, drivers, workload, upstream, bindingProperties(workload, drivers),
        warnings.forBindings());
    warnings.note("load: " + clients.shape.describe() + (drivers.reason().isEmpty() ? "" : " (" + drivers.reason()
        + ")"));
    if (clients.staircase != null) {
      warnings.note("load: clients started in steps, " + clients.staircase.describe(settings.threads())
          + (clients.stagedConnections ? "; each later client's connection opened at its step"
          : "; every connection opened before the run, each idle until its client's step"));
    }
    clients.start();
    String initFailure = clients.awaitInit();
    if (initFailure != null) {
      signal.stop(StopReason.FAILED, "cannot initialize binding '" + bindingName + "': " + initFailure);
    }
    LoadShape shape = clients.shape;
    // How the binding's connections do their I/O (the RESP engine's transport), known once they are open.
    String transport = initFailure == null ? clients.transport() : null;
    if (transport != null) {
      shape = shape.withTransport(transport);
      warnings.note("load: client I/O through " + transport);
    }
    int nodes = initFailure == null ? clients.nodes() : 1;
    if (nodes > 1 && shape.connections() > 0) {
      shape = shape.onNodes(nodes);
      warnings.note("load: " + shape.describe());
    }
    Warmup warmup = settings.warmup() == null ? null
        : new WarmupRun(settings.warmup(), clients, signal, clock, warnings).run(initFailure == null);
    // The server's state once every client is connected, just before the clock starts; not when a client could not
    // connect (its error says more than a failing probe would).
    EventWindows windows = new EventWindows(events);
    ServerSide server = new ServerSide(probe, phase, warnings, windows, settings.statusIntervalMillis(), clock);
    if (!signal.isStopped()) {
      server.before();
    }
    MeasuredPhase measured = new MeasuredPhase(this, settings, clients, warnings);
    measured.live = live;
    measured.windows = windows;
    if (live != null) {
      live.watch(clients.outages, server.watch());
    }
    measured.prepare();
    Instant startAt = barrier == null ? null : PhaseHosts.await(barrier, signal, warnings);
    measured.start();
    if (split.many() && shape != null) {
      shape = shape.withHosts(StartBarrier.hosts(split, barrier, startAt, measured.startWall));
    }
    measured.finish(workload);
    LoadShape seen = server.after(shape, clients.operations(), measured.endNanos);
    return result(settings, workload, drivers, clients, measured, seen, server, warmup, upstream, warnings);
  }

  /** The result of the measured phase, after the server's view of it. */
  private BenchmarkResult result(PhaseSettings s, Workload workload, Drivers drivers, ClientSet clients,
      MeasuredPhase m, LoadShape shape, ServerSide server, Warmup warmup, Measurements upstream, Warnings warnings) {
    long ops = clients.operations();
    ClientCpu clientCpu = m.cpuBeforeNanos < 0 || m.cpuAfterNanos < m.cpuBeforeNanos ? null
        : ClientCpu.of(m.cpuAfterNanos - m.cpuBeforeNanos, ops);
    if (clientCpu != null && ops > 0) {
      warnings.note("load: " + clientCpu.describe());
    }
    long runtimeNanos = m.runtimeNanos();
    double throughput = runtimeNanos == 0 ? 0.0 : ops * 1e9 / runtimeNanos;
    StopReason reason = signal.reason();
    if (reason == StopReason.COMPLETED && clients.stoppedByWorkload() == s.threads()) {
      reason = StopReason.WORKLOAD;
    }
    if (reason == StopReason.COMPLETED && drivers.openLoop() && s.maxTime().toNanos() > 0
        && (s.operations() == 0 || ops < s.operations())) {
      // The open loop's schedule ended at maxexecutiontime, and what had arrived was served before the loops ended.
      reason = StopReason.MAX_EXECUTION_TIME;
    }
    List<Metrics.Totals> totals = clients.metrics.finish();
    if (m.live != null) {
      m.live.causes(totals);
    }
    List<OperationResult> operationResults = clients.metrics.withWire(Metrics.results(totals, s.percentiles()));
    OpenLoop open = OpenLoopFigures.of(s, drivers, props, clients.openLoopTotal(), totals, runtimeNanos,
        clientCpu == null ? -1 : m.cpuAfterNanos - m.cpuBeforeNanos,
        ClientSet.paced(workload) ? (io.github.ycsbkv.spi.ArrivalInstants) workload : null);
    if (open != null) {
      List<io.github.ycsbkv.results.SpikeRecovery> spikes = OpenLoopFigures.spikes(s.schedule(), m.intervals);
      if (!spikes.isEmpty()) {
        open = open.withSpikes(spikes);
        spikes.forEach(spike -> warnings.note(spike.describe()));
      }
      shape = shape.withOpenLoop(open);
      warnings.note("load: " + open.describe(s.schedule() == null || s.schedule().isConstant() ? null
          : s.schedule().toString()));
      if (open.clientBound() != null && ops > 0) {
        warnings.warn("the client, not the store, was the bottleneck of this open-loop run: " + open.clientBound()
            + "; its latencies are the client's (use fewer operations per second, or a client machine of its own)");
      }
    }
    for (String w : m.stalls.warnings(operationResults)) {
      warnings.warn(w);
    }
    if (m.exports != null) {
      m.exports.totals(totals, m.endWall.toEpochMilli());
      m.exports.close();
      if (m.exports.failure() != null) {
        warnings.warn(m.exports.failure());
      }
    }
    return new BenchmarkResult(phase.command(), bindingName, dbClass.getName(), workload.getClass().getName(),
        s.label(), s.threads(), s.targetOpsPerSec(), m.startWall, m.endWall, TimeUnit.NANOSECONDS.toMillis(runtimeNanos),
        ops, throughput, reason.id(), signal.message(), warnings.list(), s.percentiles(), operationResults,
        UpstreamMeasurements.export(upstream), m.intervals, m.gc, EnvironmentInfo.current(), configuration(drivers),
        server.samples(), shape, m.stalls, m.outages, warmup, clientCpu, server.states());
  }

  /**
   * The properties the binding instances receive: this phase's, with whether the workload ever scans, and the
   * threads that really serve the clients (the bindings size their connections and event loops for them).
   */
  private Properties bindingProperties(Workload workload, Drivers drivers) {
    Properties dbProps = new Properties();
    dbProps.putAll(props);
    if (WorkloadTraits.of(workload).neverScans()) {
      dbProps.setProperty(EngineProperties.WORKLOAD_NEVER_SCANS, "true");
    }
    if (drivers.shared()) {
      dbProps.setProperty(EngineProperties.THREADS, Integer.toString(drivers.threads()));
    }
    return dbProps;
  }

  /** What the binding says against sharing a thread between clients ({@link AsyncOperations}), or null. */
  private String sharedThreadsDeclined() {
    if (!AsyncOperations.class.isAssignableFrom(dbClass)) {
      return null;
    }
    DB asked = newDb();
    asked.setProperties(props);
    return ((AsyncOperations) asked).sharedThreadsDeclined();
  }

  /** Whether the binding lets a thread serve several pipelined clients ({@link AsyncOperations#sharesPipelines()}). */
  private boolean sharesPipelines(int pipeline) {
    if (pipeline <= 1 || !AsyncOperations.class.isAssignableFrom(dbClass)) {
      return false;
    }
    DB asked = newDb();
    asked.setProperties(props);
    return ((AsyncOperations) asked).sharesPipelines();
  }

  /**
   * The properties of the binding's earlier releases, folded into today's names by the binding
   * ({@link RenamedProperties}), each with one line saying so.
   */
  private void renameProperties(Warnings warnings) {
    if (RenamedProperties.class.isAssignableFrom(dbClass)) {
      for (String line : ((RenamedProperties) newDb()).renameProperties(props)) {
        warnings.warn(line);
      }
    }
  }

  /** Every property, secrets masked, and how the clients were driven ({@code drivers.threads}). */
  private Map<String, String> configuration(Drivers drivers) {
    Map<String, String> out = new LinkedHashMap<>(Secrets.redactAll(props));
    out.put("drivers.threads", Integer.toString(drivers.threads()));
    return out;
  }

  // ---- what the phase's parts read of it ----

  Phase phase() {
    return phase;
  }

  /** Every property of the phase (the copy the engine owns). */
  Properties properties() {
    return props;
  }

  String bindingName() {
    return bindingName;
  }

  ClassLoader loader() {
    return loader;
  }

  NanoClock clock() {
    return clock;
  }

  PrintStream statusOut() {
    return statusOut;
  }

  PrintStream progressOut() {
    return progressOut;
  }

  /** A new instance of the binding's DB class. */
  DB newDb() {
    try {
      return dbClass.getDeclaredConstructor().newInstance();
    } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
      throw new UserError("cannot create binding class '" + dbClass.getName() + "': " + UserError.describe(e));
    }
  }
}
