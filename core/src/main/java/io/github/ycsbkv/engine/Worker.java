package io.github.ycsbkv.engine;

import io.github.ycsbkv.config.UserError;
import io.github.ycsbkv.spi.AsyncOperations;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
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
 */
final class Worker implements Runnable {

  private static final long MAX_PARK_NANOS = 10_000_000L;
  private static final VarHandle OPS_DONE;

  static {
    try {
      OPS_DONE = MethodHandles.lookup().findVarHandle(Worker.class, "opsDone", long.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private final int id;
  private final int threads;
  private final Phase phase;
  private final DB db;
  private final TimedDB timed;
  private final Workload workload;
  private final Properties props;
  private final long opsToDo;
  private final long tickNanos;
  private final long maxExecutionNanos;
  private final NanoClock clock;
  private final StopSignal signal;
  private final Measurements upstream;
  private final CountDownLatch ready;
  private final CountDownLatch go;
  /** Clients this thread serves on the binding's completion thread (drivers), or 0. */
  private final int drivenClients;

  private volatile long startNanos;
  @SuppressWarnings("unused") // written through OPS_DONE
  private volatile long opsDone;
  private volatile boolean stoppedByWorkload;
  private volatile String initFailure;
  private volatile boolean initEnded;

  Worker(int id, int threads, Phase phase, DB db, TimedDB timed, Workload workload, Properties props,
      long opsToDo, long tickNanos, long maxExecutionNanos, NanoClock clock, StopSignal signal,
      Measurements upstream, CountDownLatch ready, CountDownLatch go, int drivenClients) {
    this.id = id;
    this.threads = threads;
    this.phase = phase;
    this.db = db;
    this.timed = timed;
    this.workload = workload;
    this.props = props;
    this.opsToDo = opsToDo;
    this.tickNanos = tickNanos;
    this.maxExecutionNanos = maxExecutionNanos;
    this.clock = clock;
    this.signal = signal;
    this.upstream = upstream;
    this.ready = ready;
    this.go = go;
    this.drivenClients = drivenClients;
  }

  /** Set by the engine before it opens the start gate. */
  void setStartNanos(long nanos) {
    this.startNanos = nanos;
  }

  long failedOps() {
    return timed.failedOps();
  }

  long opsDone() {
    return (long) OPS_DONE.getOpaque(this);
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
    Object state;
    try {
      db.init();
    } catch (Throwable e) {
      initFailure = UserError.describe(e);
      initEnded = true;
      ready.countDown();
      return;
    }
    try {
      state = workload.initThread(props, id, threads);
    } catch (Exception e) {
      initFailure = "workload cannot start thread " + id + ": " + UserError.describe(e);
      initEnded = true;
      ready.countDown();
      cleanup();
      return;
    }
    initEnded = true;
    ready.countDown();
    try {
      go.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return;
    }
    try {
      java.util.concurrent.Executor loopExecutor = drivenClients > 0 && db instanceof AsyncOperations a
          ? a.completionExecutor() : null;
      if (signal.isStopped()) {
        // nothing to run
      } else if (loopExecutor != null) {
        long deadline = maxExecutionNanos > 0 ? startNanos + maxExecutionNanos : Long.MAX_VALUE;
        DrivenLoop driven = new DrivenLoop(drivenClients, loopExecutor, timed, workload, state, phase == Phase.LOAD,
            opsToDo, deadline, signal, clock, n -> OPS_DONE.setOpaque(this, n));
        timed.drive(driven);
        driven.runAndWait();
        stoppedByWorkload = driven.stoppedByWorkload();
      } else {
        loop(state);
      }
      timed.ending();
      timed.awaitInFlight();
    } catch (Throwable e) { // anything: a client thread that dies must stop the run, never vanish silently
      signal.stop(StopReason.FAILED, "client thread " + id + " died: "
          + (e instanceof Error ? e.getClass().getSimpleName() + ": " : "") + UserError.describe(e)
          + (e instanceof LinkageError ? " (a class conflict: a jar given with -cp may need other versions of"
          + " its dependencies)" : ""));
    }
    cleanup();
  }

  private void loop(Object state) {
    final long start = startNanos;
    final long deadline = maxExecutionNanos > 0 ? start + maxExecutionNanos : Long.MAX_VALUE;
    final long offset = tickNanos > 0 ? tickNanos * id / threads : 0;
    final boolean load = phase == Phase.LOAD;
    long done = 0;
    while ((opsToDo < 0 || done < opsToDo) && !signal.isStopped()) {
      if (!timed.awaitReconnect()) {
        break;
      }
      if (tickNanos > 0) {
        long intended = start + offset + done * tickNanos;
        if (intended >= deadline) {
          signal.stop(StopReason.MAX_EXECUTION_TIME, null);
          break;
        }
        if (intended > clock.nanoTime()) {
          timed.flushPending();
        }
        if (!waitUntil(intended)) {
          break;
        }
        timed.setIntendedStartNanos(intended);
        upstream.setIntendedStartTimeNs(intended);
      } else if (deadline != Long.MAX_VALUE && clock.nanoTime() >= deadline) {
        signal.stop(StopReason.MAX_EXECUTION_TIME, null);
        break;
      }
      boolean more;
      try {
        more = load ? workload.doInsert(timed, state) : workload.doTransaction(timed, state);
      } catch (RuntimeException e) {
        signal.stop(StopReason.FAILED, "workload " + workload.getClass().getSimpleName() + " failed: "
            + UserError.describe(e));
        break;
      }
      done++;
      OPS_DONE.setOpaque(this, done);
      if (!more || workload.isStopRequested()) {
        stoppedByWorkload = !more;
        break;
      }
    }
  }

  /** Parks until {@code deadline}; false if the benchmark was stopped meanwhile. */
  private boolean waitUntil(long deadline) {
    long remaining;
    while ((remaining = deadline - clock.nanoTime()) > 0) {
      if (signal.isStopped()) {
        return false;
      }
      clock.park(Math.min(remaining, MAX_PARK_NANOS));
    }
    return true;
  }

  private void cleanup() {
    long start = clock.nanoTime();
    Status status = Status.OK;
    try {
      db.cleanup();
    } catch (Exception | LinkageError e) {
      status = Status.ERROR;
      signal.stop(StopReason.FAILED, "cleanup of client thread " + id + " failed: " + UserError.describe(e));
    }
    timed.recorders().operation(TimedDB.CLEANUP).record(status, start, clock.nanoTime(), -1);
  }
}
