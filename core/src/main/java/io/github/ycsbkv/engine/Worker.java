package io.github.ycsbkv.engine;

import io.github.ycsbkv.config.UserError;
import io.github.ycsbkv.engine.metrics.OpenLoopStats;
import io.github.ycsbkv.engine.metrics.OpsCount;
import io.github.ycsbkv.engine.metrics.OperationRecorder;
import io.github.ycsbkv.engine.stop.StopReason;
import io.github.ycsbkv.engine.stop.StopSignal;
import io.github.ycsbkv.engine.time.Arrivals;
import io.github.ycsbkv.engine.time.NanoClock;
import io.github.ycsbkv.engine.time.RateSchedule;
import io.github.ycsbkv.spi.ArrivalInstants;
import io.github.ycsbkv.spi.AsyncOperations;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.function.LongConsumer;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.Workload;
import site.ycsb.measurements.Measurements;

/**
 * One client thread: initialises its DB and the workload's thread state, waits for the common
 * start, then calls the workload in a closed loop, or on an open-loop schedule under
 * {@code -target}, until its share of the operations is done or the benchmark is told to stop.
 *
 * <p>Under a target, operation {@code i} of this thread is intended to start at
 * {@code start + offset + i * tick}; if the thread falls behind, the next operation starts at once
 * and its response time still counts from the intended start, so stalls are not hidden
 * (no coordinated omission).
 *
 * <p>With a warm-up ({@code -p warmup}), the thread first runs the same loop for each part of it, on a {@link
 * TimedDB} of the part's, between gates the engine opens; the measured phase's start gate comes after.
 */
final class Worker implements Runnable {

  private final int id;
  private final int threads;
  private final Phase phase;
  private final DB db;
  private final TimedDB timed;
  private final Workload workload;
  private final Properties props;
  private final long opsToDo;
  private final long tickNanos;
  private volatile long measuredEndNanos = -1;
  private final long maxExecutionNanos;
  private final NanoClock clock;
  private final StopSignal signal;
  private final Measurements upstream;
  private final CountDownLatch ready;
  private final CountDownLatch go;
  private final long stopGraceNanos;
  /** Clients this thread serves on the binding's completion thread (drivers), or 0. */
  private final int drivenClients;
  /** This client's loop on its own thread (when it is not served on the binding's completion thread). */
  private final ThreadLoop threadLoop;

  private volatile long startNanos;
  /** The measured phase's operations started so far. */
  private final OpsCount opsDone = new OpsCount();
  /** The parts of the warm-up before the measured phase, in order; empty for none. */
  private List<WarmupPass> warmup = List.of();
  private volatile boolean stoppedByWorkload;
  /** The open loop on this thread's completion thread ({@code -target} with drivers), or null. */
  private OpenLoopPlan openLoop;
  /** The measured phase's rate schedule on a thread per client (set before the thread starts), or null. */
  private RateSchedule paced;
  /** When this thread's clients start after the measured phase's start (a {@code Staircase}), or null: at once. */
  private long[] stairs;
  /** Whether the binding opens the connections of this thread's later clients at their steps. */
  private boolean stagedConnections;
  /** A thread per client whose client starts at a later step: its binding is initialised (connects) at that step. */
  private boolean connectAtStep;
  /** What the measured phase's open loop saw of itself (the schedule lag), or null; read after the thread ended. */
  private volatile OpenLoopStats openLoopStats;
  private volatile String initFailure;
  private volatile boolean initEnded;

  /**
   * What every client thread of a phase shares: the threads, the phase and its workload and properties, the interval
   * between one client's operations under {@code -target} (or 0), the time limit (or 0), the clock, the stop signal,
   * upstream's measurements, and the latches of the threads' readiness and of the start.
   */
  record Shared(int threads, Phase phase, Workload workload, Properties props, long tickNanos, long maxExecutionNanos,
      NanoClock clock, StopSignal signal, Measurements upstream, CountDownLatch ready, CountDownLatch go,
      long stopGraceNanos) {}

  /**
   * Client {@code id} of {@code shared}'s phase, on its binding instance {@code db} timed by {@code timed}, with
   * {@code opsToDo} operations (-1: no limit) and, where it serves clients on the binding's completion thread,
   * {@code drivenClients} of them (else 0).
   */
  Worker(Shared shared, int id, DB db, TimedDB timed, long opsToDo, int drivenClients) {
    this.id = id;
    this.threads = shared.threads();
    this.phase = shared.phase();
    this.db = db;
    this.timed = timed;
    this.workload = shared.workload();
    this.props = shared.props();
    this.opsToDo = opsToDo;
    this.tickNanos = shared.tickNanos();
    this.maxExecutionNanos = shared.maxExecutionNanos();
    this.clock = shared.clock();
    this.signal = shared.signal();
    this.upstream = shared.upstream();
    this.ready = shared.ready();
    this.go = shared.go();
    this.stopGraceNanos = shared.stopGraceNanos();
    this.drivenClients = drivenClients;
    this.threadLoop = new ThreadLoop(id, threads, tickNanos, clock, workload, phase == Phase.LOAD, upstream);
  }

  /** Set by the engine before it opens the start gate. */
  void setStartNanos(long nanos) {
    this.startNanos = nanos;
  }

  /**
   * This client's share of one part of the warm-up: the same workload and connections, on a {@link TimedDB} of its own
   * (recorders the engine throws away), until the part's time limit or {@code opsToDo} operations (-1: no limit);
   * {@code done} counts the operations started.
   */
  record WarmupPass(WarmupPart part, TimedDB timed, long opsToDo, OpsCount done) {}

  /** Set before the thread starts. */
  void warmup(List<WarmupPass> parts) {
    this.warmup = List.copyOf(parts);
  }

  /**
   * This thread's share of the open loop: arrivals at {@code rate} per second for the clients it serves, on their
   * binding's completion thread (or, when the binding has none, on a timer thread of this client's own).
   *
   * @param kind how arrivals are spaced
   * @param rate this thread's operations per second
   * @param index this thread's place among {@code of} (uniform schedules are staggered by it)
   * @param seed the Poisson schedule's seed
   * @param schedule the measured phase's rate schedule, or null for one rate ({@code rate} is then its mean, and a
   *     warm-up runs at it)
   * @param share this thread's part of the schedule's arrivals
   */
  record OpenLoopPlan(Arrivals.Kind kind, double rate, int index, int of, long seed, int maxInFlight,
      RateSchedule schedule, double share) {}

  /** Set before the thread starts. */
  void openLoop(OpenLoopPlan plan) {
    this.openLoop = plan;
  }

  /** Set before the thread starts: the measured phase keeps this schedule's rate instead of {@code tickNanos}. */
  void paced(RateSchedule schedule) {
    this.paced = schedule;
  }

  /**
   * Set before the thread starts: when its clients start, each, after the measured phase's start; {@code staged}: the
   * binding opens a later client's connection at its step ({@link io.github.ycsbkv.spi.StagedConnections}).
   */
  void staircase(long[] startsAfter, boolean staged) {
    this.stairs = startsAfter.clone();
    this.stagedConnections = staged;
  }

  /**
   * Set before the thread starts, for a thread per client after {@link #staircase} with a later step and no warm-up:
   * its binding's {@code init()} (its connection) waits for the step, as memtier_benchmark connects a client at its
   * step, instead of running before the phase and idling.
   */
  void connectAtStep() {
    this.connectAtStep = true;
  }

  /** This thread's open-loop figures of its measured phase (the lag from the start, the rest at its end), or null. */
  OpenLoopStats openLoopStats() {
    return openLoopStats;
  }

  /** Operations this client started in its warm-up. */
  long warmupOpsDone() {
    long n = 0;
    for (WarmupPass p : warmup) {
      n += p.done().get();
    }
    return n;
  }

  /** Operations of this client's warm-up that failed. */
  long warmupFailedOps() {
    long n = 0;
    for (WarmupPass p : warmup) {
      n += p.timed().failedOps();
    }
    return n;
  }

  long failedOps() {
    return timed.failedOps();
  }

  long opsDone() {
    return opsDone.get();
  }

  boolean stoppedByWorkload() {
    return stoppedByWorkload;
  }

  /** The binding instance this client thread runs. */
  DB db() {
    return db;
  }

  /** Whether this client's {@code init()} returned or failed (false while it is still connecting). */
  boolean initEnded() {
    return initEnded;
  }

  /** Why {@code init()} failed, or {@code null}. */
  String initFailure() {
    return initFailure;
  }

  @Override
  public void run() {
    if (connectAtStep) {
      runFromStep();
      return;
    }
    Object state;
    try {
      state = open();
    } catch (IllegalStateException e) {
      initFailure = e.getMessage();
      initEnded = true;
      ready.countDown();
      return;
    }
    initEnded = true;
    ready.countDown();
    for (int i = 0; i < warmup.size(); i++) {
      WarmupPass p = warmup.get(i);
      try {
        p.part().go.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        for (int j = i; j < warmup.size(); j++) {
          warmup.get(j).part().done.countDown();
        }
        return;
      }
      runPass(state, p.timed(), p.part().signal, p.opsToDo(), p.part().startNanos, p.part().maxNanos, p.done(), false);
      p.part().done.countDown();
    }
    try {
      go.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return;
    }
    measured(state);
  }

  /**
   * The binding's {@code init()} (its connections) and the workload's state of this thread; either failing is an
   * {@link IllegalStateException} saying which (the binding cleaned up when the workload's part failed).
   */
  private Object open() {
    try {
      db.init();
    } catch (Throwable e) {
      throw new IllegalStateException(UserError.describe(e), e);
    }
    try {
      return workload.initThread(props, id, threads);
    } catch (Exception e) {
      cleanup();
      throw new IllegalStateException("workload cannot start thread " + id + ": " + UserError.describe(e), e);
    }
  }

  /** The measured phase's operations, its end noted, then the binding cleaned up. */
  private void measured(Object state) {
    runPass(state, timed, signal, opsToDo, startNanos, maxExecutionNanos, opsDone, true);
    measuredEndNanos = clock.nanoTime();
    cleanup();
  }

  /**
   * The measured phase of a client that connects at its step: ready at once (nothing to open yet), then at its step
   * its binding's {@code init()} and the workload's thread state, then its operations. A failure to connect then
   * stops the run, as a failure at the start would; a run that ended before the step never connects.
   */
  private void runFromStep() {
    initEnded = true;
    ready.countDown();
    try {
      go.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return;
    }
    if (!ThreadLoop.waitUntil(clock, startNanos + stairs[0], signal)) {
      measuredEndNanos = clock.nanoTime();
      return;
    }
    Object state;
    try {
      state = open();
    } catch (IllegalStateException e) {
      signal.stop(StopReason.FAILED, "client " + id + " could not start at its step: " + e.getMessage());
      measuredEndNanos = clock.nanoTime();
      return;
    }
    measured(state);
  }

  /**
   * When this client's measured pass ended (its last operation completed), before it closed its connections; -1
   * until then.
   */
  long measuredEndNanos() {
    return measuredEndNanos;
  }

  /**
   * Runs this client's operations on {@code t} from {@code start} until {@code toDo} operations (-1: no limit),
   * {@code maxNanos} after the start (0: no limit) or a stop of {@code stop}; {@code done} hears the count.
   */
  private void runPass(Object state, TimedDB t, StopSignal stop, long toDo, long start, long maxNanos,
      LongConsumer done, boolean measured) {
    java.util.concurrent.ScheduledExecutorService own = null;
    try {
      Executor loopExecutor = drivenClients > 0 && db instanceof AsyncOperations a
          ? a.completionExecutor() : null;
      if (loopExecutor == null && openLoop != null && drivenClients > 0) {
        // The binding's stages complete on threads of its own: this client's open loop runs on a thread of its own,
        // to which they are handed.
        own = DrivenLoop.ownThread(id);
        loopExecutor = own;
      }
      if (stop.isStopped()) {
        // nothing to run
      } else if (loopExecutor != null) {
        long deadline = maxNanos > 0 ? start + maxNanos : Long.MAX_VALUE;
        long limit = toDo < 0 ? Long.MAX_VALUE : toDo;
        Arrivals arrivals = openLoop == null ? null : measured && openLoop.schedule() != null
            ? new Arrivals(openLoop.kind(), openLoop.schedule(), openLoop.share(), openLoop.rate(), start,
                openLoop.index(), openLoop.of(), limit, deadline, openLoop.seed())
            : new Arrivals(openLoop.kind(), openLoop.rate(), start, openLoop.index(), openLoop.of(), limit, deadline,
                openLoop.seed());
        DrivenLoop driven = new DrivenLoop(drivenClients, loopExecutor, t, workload, state, phase == Phase.LOAD,
            toDo, deadline, stop, clock, done, arrivals, openLoop == null ? 1 : openLoop.maxInFlight(),
            stopGraceNanos);
        t.drive(driven);
        if (measured && stairs != null) {
          driven.startLater(start, stairs, stagedConnections);
        }
        if (measured) {
          openLoopStats = driven.liveStats(); // from the start: the live metrics read its lag as it runs
        }
        driven.runAndWait();
        stoppedByWorkload = driven.stoppedByWorkload();
        if (measured) {
          openLoopStats = driven.openLoopStats(); // with the schedule it kept, as of its end
        }
      } else {
        ArrivalInstants instants = measured && workload instanceof ArrivalInstants a && a.paced() ? a : null;
        OpenLoopStats lag = tickNanos > 0 || instants != null ? new OpenLoopStats() : null;
        if (measured) {
          openLoopStats = lag;
        }
        if (!measured || stairs == null || ThreadLoop.waitUntil(clock, start + stairs[0], stop)) {
          Boolean ended = threadLoop.run(state, t, stop, toDo, start, maxNanos, done, lag, measured ? paced : null,
              instants);
          if (ended != null) {
            stoppedByWorkload = ended;
          }
        }
      }
      t.ending();
      t.awaitInFlight();
    } catch (Throwable e) { // anything: a client thread that dies must stop the run, never vanish silently
      signal.stop(StopReason.FAILED, "client thread " + id + " died: "
          + (e instanceof Error ? e.getClass().getSimpleName() + ": " : "") + UserError.describe(e)
          + (e instanceof LinkageError ? " (a class conflict: a jar given with -cp may need other versions of"
          + " its dependencies)" : ""));
    } finally {
      if (own != null) {
        own.shutdown();
      }
    }
  }

  private void cleanup() {
    long start = clock.nanoTime();
    Status status = Status.OK;
    try {
      if (db instanceof io.github.ycsbkv.spi.WireBytes wire) {
        timed.recorders().addWire(wire.wireBytes());
      }
      db.cleanup();
    } catch (Exception | LinkageError e) {
      status = Status.ERROR;
      signal.stop(StopReason.FAILED, "cleanup of client thread " + id + " failed: " + UserError.describe(e));
    }
    timed.recorders().operation(OperationRecorder.CLEANUP).record(status, start, clock.nanoTime(), -1);
  }
}
