package io.github.ycsbkv.engine;

import io.github.ycsbkv.config.EngineProperties;
import io.github.ycsbkv.config.UserError;
import io.github.ycsbkv.engine.metrics.Metrics;
import io.github.ycsbkv.engine.metrics.OpenLoopStats;
import io.github.ycsbkv.engine.metrics.OpsCount;
import io.github.ycsbkv.engine.stop.StopReason;
import io.github.ycsbkv.engine.stop.StopSignal;
import io.github.ycsbkv.engine.time.Arrivals;
import io.github.ycsbkv.engine.time.Staircase;
import io.github.ycsbkv.engine.watch.OutageWatch;
import io.github.ycsbkv.results.LoadShape;
import io.github.ycsbkv.spi.ConnectionShape;
import io.github.ycsbkv.spi.InstancePlan;
import io.github.ycsbkv.spi.Notices;
import io.github.ycsbkv.spi.StagedConnections;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import site.ycsb.DB;
import site.ycsb.Workload;
import site.ycsb.measurements.Measurements;

/**
 * A phase's client threads: one {@link Worker} per OS thread the {@link Drivers} run, each with its binding instance,
 * its {@link TimedDB} for the measured phase and one per warm-up part, and the gates they wait at (every client
 * ready, then go). Built, started and joined by the thread that runs the phase.
 */
final class ClientSet {

  final List<Worker> workers;
  final List<Thread> threads;
  final Metrics metrics;
  final OutageWatch outages;
  final List<WarmupPart> warmupParts;
  /** The load the engine intends, from the first binding instance. */
  final LoadShape shape;
  private final CountDownLatch ready;
  private final CountDownLatch go = new CountDownLatch(1);
  private final StopSignal signal;
  /** How long stopped clients get to finish what they have in flight ({@value EngineProperties#STOP_GRACE}). */
  final Duration stopGrace;
  private final int clients;
  /** How much later than the phase's start the schedules begin (one of several client processes, ClientSplit). */
  private final long scheduleOffsetNanos;
  /** The clients whose {@code init()} had ended when {@link #awaitInit()} returned: those {@link #joinAll()} waits for. */
  private boolean[] joinable;

  /** The clients' steps ({@link Staircase}), or null: every client from the start. */
  final Staircase staircase;
  /** With a staircase: whether the binding opens each later client's connection at its step (else all at once). */
  boolean stagedConnections;

  /** Creates every client (none starts yet); a binding that cannot share connections as asked is refused here. */
  ClientSet(Benchmark b, PhaseSettings s, Drivers drivers, Workload workload, Measurements upstream,
      Properties dbProps, Notices notices) {
    int n = drivers.threads();
    this.signal = b.stopSignal();
    this.stopGrace = s.stopGrace();
    this.clients = s.threads();
    this.ready = new CountDownLatch(n);
    this.workers = new ArrayList<>(n);
    this.threads = new ArrayList<>(n);
    // Latency from the intended start is kept under -target, and for a workload that says its own instants.
    boolean intendedStarts = s.targetOpsPerSec() > 0 || paced(workload);
    this.metrics = new Metrics(intendedStarts);
    this.outages = new OutageWatch(b.clock(), s.outageGapNanos(), this::succeeded);
    // The warm-up runs on TimedDBs of its own, which record into these and are thrown away, in two parts
    // (WarmupPart says why): four fifths of it, then one fifth.
    Metrics warmupMetrics = new Metrics(intendedStarts);
    OutageWatch warmupOutages = new OutageWatch(b.clock(), s.outageGapNanos(), () -> 0);
    this.warmupParts = warmupParts(s.warmup(), n);
    Arrivals.Kind arrivals = drivers.openLoop()
        ? Arrivals.Kind.parse(b.properties().getProperty(EngineProperties.ARRIVALS)) : null;
    long seed = drivers.openLoop() ? s.arrivalsSeed() : 0;
    int maxInFlight = s.targetOpsPerSec() > 0 ? maxInFlight(b.properties(), drivers) : 1;
    LoadShape intended = null;
    Staircase stairs = Staircase.of(b.properties(), clients, s.maxTime(), s.targetOpsPerSec() > 0);
    this.staircase = stairs;
    Worker.Shared shared = new Worker.Shared(n, b.phase(), workload, b.properties(), s.tickNanos(),
        s.maxTime().toNanos(), b.clock(), signal, upstream, ready, go, s.stopGrace().toNanos());
    for (int id = 0; id < n; id++) {
      DB db = newDb(b, dbProps, drivers, id, maxInFlight, s.pipeline(), notices);
      if (intended == null) {
        intended = intendedShape(b, db, drivers, s.pipeline(), maxInFlight);
      }
      int inFlight = drivers.shared() ? drivers.slots(id) : s.pipeline();
      TimedDB.Setup timing = new TimedDB.Setup(b.bindingName(), b.clock(), s.abortAfterNanos(), inFlight,
          s.reconnect());
      TimedDB timed = new TimedDB(db, timing, metrics.forThread(), signal, outages);
      long share = s.operations() == 0 ? -1 : drivers.operations(s.operations(), id);
      Worker w = new Worker(shared, id, db, timed, share, drivers.onLoop(inFlight, s.tickNanos() > 0));
      List<Worker.WarmupPass> passes = new ArrayList<>();
      for (WarmupPart part : warmupParts) {
        passes.add(new Worker.WarmupPass(part, new TimedDB(db, timing, warmupMetrics.forThread(), part.signal,
            warmupOutages),
            part.operations < 0 ? -1 : Drivers.share(part.operations, id, n), new OpsCount()));
      }
      w.warmup(passes);
      if (stairs != null) {
        long[] starts = starts(stairs, drivers, id);
        boolean staged = staged(db, starts, drivers, warmupParts.isEmpty());
        stagedConnections |= staged;
        w.staircase(starts, staged);
        if (!drivers.shared() && warmupParts.isEmpty() && starts[0] > 0) {
          w.connectAtStep(); // a thread per client: its binding connects at its step
          stagedConnections = true;
        }
      }
      if (arrivals != null) {
        w.openLoop(new Worker.OpenLoopPlan(arrivals, s.targetOpsPerSec() * drivers.inFlight(id) / clients, id, n,
            seed + id, maxInFlight, s.schedule(), (double) drivers.inFlight(id) / clients));
      } else if (s.schedule() != null) {
        w.paced(s.schedule());
      }
      Thread t = new Thread(w, "ycsb-client-" + id);
      t.setDaemon(true);
      t.setContextClassLoader(b.loader());
      workers.add(w);
      threads.add(t);
    }
    this.shape = intended;
    // One of several client processes under a target: its schedule shifted so that theirs interleave (ClientSplit).
    this.scheduleOffsetNanos = b.split().scheduleOffsetNanos(s.targetOpsPerSec());
  }
  /**
   * When thread {@code id}'s clients start after the phase's start: a thread that serves several clients (drivers)
   * serves clients {@code id}, {@code id + threads}, ... (so that each step adds clients to every thread), else the
   * one client {@code id}.
   */
  private static long[] starts(Staircase stairs, Drivers drivers, int id) {
    if (!drivers.shared()) {
      return new long[] {stairs.startNanos(id)};
    }
    long[] starts = new long[drivers.inFlight(id)];
    for (int j = 0; j < starts.length; j++) {
      starts[j] = stairs.startNanos(j * drivers.threads() + id);
    }
    return starts;
  }

  /**
   * Whether {@code db}, a thread's binding instance serving several clients with a connection each from its
   * completion thread, opens only the connections of the clients that start at once, and the others at their steps
   * ({@link StagedConnections}), as memtier_benchmark connects its clients. Not with a warm-up, which runs every
   * client before the staircase starts.
   */
  private static boolean staged(DB db, long[] starts, Drivers drivers, boolean noWarmup) {
    if (!noWarmup || !drivers.shared() || !(db instanceof StagedConnections staged)) {
      return false;
    }
    int now = 0;
    for (long at : starts) {
      now += at == 0 ? 1 : 0;
    }
    return now < starts.length && staged.openAtStart(Math.max(1, now));
  }

  /**
   * Client {@code id}'s binding instance, with properties of its own, where it plans its plan, and where it has
   * things to tell the phase's {@code notices}.
   */
  private static DB newDb(Benchmark b, Properties dbProps, Drivers drivers, int id, int maxInFlight, int pipeline,
      Notices notices) {
    DB db = b.newDb();
    Properties own = new Properties();
    own.putAll(dbProps);
    db.setProperties(own);
    if (db instanceof Notices.Told told) {
      told.notices(notices);
    }
    if (db instanceof InstancePlan.Planned planned) {
      planned.plan(plan(drivers, id, maxInFlight, pipeline));
    }
    return db;
  }


  /** The most {@code maxinflight} may be: a pipeline deeper than this per connection is no open loop's client. */
  static final int MAX_MAX_IN_FLIGHT = 1024;

  /** {@code maxinflight} (default 1) as written, checked: a whole number from 1 to {@value #MAX_MAX_IN_FLIGHT}. */
  static int maxInFlight(Properties props) {
    String m = props.getProperty(EngineProperties.MAX_IN_FLIGHT, "1").trim();
    int v;
    try {
      v = Integer.parseInt(m);
    } catch (NumberFormatException e) {
      v = 0;
    }
    if (v < 1 || v > MAX_MAX_IN_FLIGHT) {
      throw new UserError("-p " + EngineProperties.MAX_IN_FLIGHT + " must be a whole number from 1 to "
          + MAX_MAX_IN_FLIGHT + " (requests in flight on a connection in an open loop), got '" + m + "'");
    }
    return v;
  }

  /**
   * An open loop's {@code maxinflight}: more than 1 only where the open loop runs on the binding's event loops, each
   * client with a connection of its own (upstream's thread per client holds one request at a time; shared
   * connections already pipeline).
   */
  private static int maxInFlight(Properties props, Drivers drivers) {
    int m = maxInFlight(props);
    if (m > 1 && !drivers.openLoop()) {
      throw new UserError("-p " + EngineProperties.MAX_IN_FLIGHT + "=" + m + ": this open loop keeps a thread per"
          + " client (" + drivers.reason() + "), which has one request in flight at a time; more per connection needs"
          + " a binding whose open loop runs on its event loops (docs/engine.md#open-loop)");
    }
    if (m > 1 && drivers.sharedConnections() > 0) {
      throw new UserError("-p " + EngineProperties.MAX_IN_FLIGHT + "=" + m + " with -p "
          + EngineProperties.CONNECTIONS + "=" + drivers.sharedConnections() + ": give the connections with -threads"
          + " and the requests on each with " + EngineProperties.MAX_IN_FLIGHT + ", not both");
    }
    return m;
  }

  /** The open loop's figures of the measured phase over every serving thread (after they ended). */
  OpenLoopStats.Total openLoopTotal() {
    OpenLoopStats.Total total = new OpenLoopStats.Total();
    for (Worker w : workers) {
      OpenLoopStats st = w.openLoopStats();
      if (st != null) {
        st.addTo(total);
      }
    }
    return total;
  }

  /**
   * What binding instance {@code id} is told ({@link InstancePlan}): the connections it opens, the clients it serves
   * (and their requests in flight) when its thread serves several, the user's {@code pipeline} otherwise, and the
   * bound on requests in flight per connection: the open loop's, or a shared pipeline's depth.
   */
  static InstancePlan plan(Drivers drivers, int id, int maxInFlight, int pipeline) {
    int clients = drivers.shared() ? drivers.inFlight(id) : 1;
    return new InstancePlan(drivers.connections(id), clients, drivers.shared() ? drivers.slots(id) : pipeline,
        drivers.openLoop(), drivers.openLoop() ? maxInFlight : drivers.depth());
  }

  /**
   * The load shape the binding's first instance says it opens; refuses shared connections it does not do, and more
   * than one request in flight on a connection where the binding does not keep a connection per client.
   */
  private LoadShape intendedShape(Benchmark b, DB db, Drivers drivers, int pipeline, int maxInFlight) {
    LoadShape shape = loadShape(db, clients, drivers, pipeline);
    if (drivers.sharedConnections() > 0 && shape.model() != LoadShape.Model.SHARED) {
      throw new UserError("-p " + EngineProperties.CONNECTIONS + "=" + drivers.sharedConnections()
          + " shares connections between clients, which binding '" + b.bindingName() + "' does not do ("
          + shape.model() + "); drop -p " + EngineProperties.CONNECTIONS);
    }
    if (maxInFlight > 1) {
      if (shape.model() != LoadShape.Model.PER_CLIENT) {
        throw new UserError("-p " + EngineProperties.MAX_IN_FLIGHT + "=" + maxInFlight + ": binding '" + b.bindingName()
            + "' does not keep a connection per client (" + shape.model()
            + (shape.model() == LoadShape.Model.PER_COMMAND ? ": its client library takes a socket per command in flight, so more in flight opens more"
            + " connections instead of pipelining on one" : "") + "); use more -threads instead");
      }
      return new LoadShape(clients, clients, maxInFlight, drivers.threads(), LoadShape.Model.PER_CLIENT, null);
    }
    return shape;
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
        return new LoadShape(clients, n, Math.ceil(clients / (double) n), threads, LoadShape.Model.SHARED, null);
      }
      if (pipeline > 1) {
        // A connection per client (its own thread's, or one of a thread per core's), pipeline requests on each.
        return new LoadShape(clients, clients, pipeline, threads, LoadShape.Model.PIPELINED, null);
      }
      return new LoadShape(clients, clients, 1, threads, LoadShape.Model.PER_CLIENT, null);
    }
    if (model == ConnectionShape.Model.SOCKET_PER_COMMAND) {
      int inFlight = drivers.shared() ? clients : threads * pipeline;
      return new LoadShape(clients, inFlight, 1, threads, LoadShape.Model.PER_COMMAND, null);
    }
    return new LoadShape(clients, -1, drivers.shared() ? 1 : pipeline, threads, LoadShape.Model.UNKNOWN, null);
  }

  /** The warm-up's two parts (four fifths of it, then one fifth), or none. */
  private List<WarmupPart> warmupParts(WarmupSetting warmup, int n) {
    List<WarmupPart> parts = new ArrayList<>();
    if (warmup != null) {
      long ops = warmup.operations();
      long nanos = warmup.nanos();
      boolean byTime = ops == 0;
      parts.add(new WarmupPart(signal, nanos - nanos / 5, byTime ? -1 : ops - ops / 5, n));
      parts.add(new WarmupPart(signal, nanos / 5, byTime ? -1 : ops / 5, n));
    }
    return parts;
  }

  /** Operations of the measured phase that succeeded so far, over every client. */
  private long succeeded() {
    long n = 0;
    for (Worker w : workers) {
      n += w.opsDone() - w.failedOps();
    }
    return n;
  }

  /**
   * Starts every client thread, each initialising its binding; a thread the system refuses to create stops the
   * phase as failed.
   */
  void start() {
    for (int i = 0; i < threads.size(); i++) {
      try {
        threads.get(i).start();
      } catch (OutOfMemoryError e) { // "unable to create native thread": a system limit, not the heap
        signal.stop(StopReason.FAILED, "cannot start client thread " + (i + 1) + " of " + threads.size() + ": the"
            + " system refused (" + e.getMessage() + "; see ulimit -u and /proc/sys/kernel/threads-max); use fewer"
            + " threads");
        for (int j = i; j < threads.size(); j++) {
          ready.countDown();
        }
        break;
      }
    }
  }

  /**
   * Waits until every client has initialised, or the first one failed, or the run was stopped (Ctrl-C): a server
   * that never answers fails the run after one client's timeout, whatever the thread count. Returns the first
   * failure, or null.
   */
  String awaitInit() {
    String failure = firstInitFailure();
    joinable = new boolean[workers.size()];
    for (int i = 0; i < joinable.length; i++) {
      joinable[i] = workers.get(i).initEnded();
    }
    return failure;
  }

  private String firstInitFailure() {
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
        ready.await(20, TimeUnit.MILLISECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        signal.stop(StopReason.INTERRUPTED, null);
        return null;
      }
    }
  }

  /** The binding's own account of its I/O ({@link ConnectionShape#transport()}), once its connections are open. */
  String transport() {
    return workers.get(0).db() instanceof ConnectionShape cs ? cs.transport() : null;
  }

  /** The servers each connection goes to ({@link ConnectionShape#nodes()}), once the connections are open. */
  int nodes() {
    return workers.get(0).db() instanceof ConnectionShape cs ? cs.nodes() : 1;
  }

  /**
   * When the last client's measured pass ended, before the clients closed their connections (closing an event loop
   * takes milliseconds that are no part of the phase), or -1 when none ended.
   */
  long measuredEndNanos() {
    long end = -1;
    for (Worker w : workers) {
      end = Math.max(end, w.measuredEndNanos());
    }
    return end;
  }

  /** Every client may start the measured phase now, its start time being {@code startNanos}. */
  void go(long startNanos) {
    for (Worker w : workers) {
      w.setStartNanos(startNanos + scheduleOffsetNanos);
    }
    go.countDown();
  }

  /**
   * Joins every client that had ended its {@code init()} when {@link #awaitInit()} returned; after a stop, waits at
   * most {@link #stopGrace}. Clients still connecting when the first failed (or Ctrl-C came) are not
   * waited for: each would take its own timeout; they are daemon threads, stop on their own and run nothing.
   * Returns the threads still alive.
   */
  int joinAll() {
    long stopSeenAt = -1;
    for (int i = 0; i < threads.size(); i++) {
      Thread t = threads.get(i);
      if (!joinable[i]) {
        continue;
      }
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
          } else if (now - stopSeenAt > stopGrace.toNanos()) {
            return stillAlive();
          }
        }
      }
    }
    return 0;
  }

  private int stillAlive() {
    int n = 0;
    for (int i = 0; i < threads.size(); i++) {
      if (joinable[i] && threads.get(i).isAlive()) {
        n++;
      }
    }
    return n;
  }

  /** Operations the measured phase started, over every client. */
  long operations() {
    long n = 0;
    for (Worker w : workers) {
      n += w.opsDone();
    }
    return n;
  }

  /** Whether {@code workload} paces its own operations ({@link io.github.ycsbkv.spi.ArrivalInstants}). */
  static boolean paced(Workload workload) {
    return workload instanceof io.github.ycsbkv.spi.ArrivalInstants a && a.paced();
  }

  /** Clients the workload stopped early (it returned false). */
  long stoppedByWorkload() {
    return workers.stream().filter(Worker::stoppedByWorkload).count();
  }

  /** The closed-loop clients ({@code -threads}). */
  int clients() {
    return clients;
  }
}
