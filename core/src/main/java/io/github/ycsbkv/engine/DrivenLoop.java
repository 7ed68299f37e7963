package io.github.ycsbkv.engine;

import io.github.ycsbkv.config.EngineProperties;
import io.github.ycsbkv.config.UserError;
import io.github.ycsbkv.engine.metrics.OpenLoopStats;
import io.github.ycsbkv.engine.stop.Reconnect;
import io.github.ycsbkv.engine.stop.StopReason;
import io.github.ycsbkv.engine.stop.StopSignal;
import io.github.ycsbkv.engine.time.Arrivals;
import io.github.ycsbkv.engine.time.NanoClock;
import java.util.ArrayDeque;
import java.util.PriorityQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongConsumer;
import site.ycsb.Workload;

/**
 * One driver thread's share of the closed-loop clients, run on the binding's completion thread
 * ({@link io.github.ycsbkv.spi.AsyncOperations#completionExecutor()}, a client library's event loop)
 * instead of on a thread of the engine: the completion of a client's operation records it and
 * submits that client's next operation right there, so no operation costs a hand-off between
 * threads, and the binding can send every operation submitted while it handled one batch of replies
 * in one write.
 *
 * <p>Same closed loop as one thread per client: at most {@code clients} operations in flight, a new
 * one submitted only when one completed, each timed from its own submission to its own completion.
 * Everything here but {@link #runAndWait()} runs on the completion thread; a completion that arrives
 * on another thread (a client library's timeout timer) is moved onto it, so the thread's recorders
 * keep one writer. Blocking operations (scans, writes with a TTL) cannot run on an event loop: a
 * workload that calls one stops the run with one line saying so. A client whose operation failed because the
 * store could not be reached waits ({@link Reconnect}) before its next one, as a client thread of its own does.
 *
 * <p>Open loop ({@code -target} with {@link Arrivals}): {@link DrivenArrivals}.
 */
final class DrivenLoop {

  /** A thread of client {@code id}'s own that runs its open loop, for a binding without a completion thread. */
  static java.util.concurrent.ScheduledExecutorService ownThread(int id) {
    java.util.concurrent.ScheduledThreadPoolExecutor e = new java.util.concurrent.ScheduledThreadPoolExecutor(1,
        r -> {
          Thread th = new Thread(r, "ycsb-open-loop-" + id);
          th.setDaemon(true);
          return th;
        });
    e.setRemoveOnCancelPolicy(true);
    return e;
  }

  private final int clients;
  /** How long what is in flight gets to complete after a stop. */
  private final long stopGraceNanos;
  /** Requests in flight at most: a closed loop's clients, or an open loop's connections times maxinflight. */
  private final int slots;
  private final Executor executor;
  private final TimedDB timed;
  private final Workload workload;
  private final Object state;
  private final boolean load;
  /** The operations to start, or Long.MAX_VALUE for no limit. */
  private final long opsLimit;
  private final long deadlineNanos;
  private final StopSignal signal;
  private final NanoClock clock;
  private final LongConsumer opsDone;
  private final CountDownLatch finished = new CountDownLatch(1);

  /** The completion thread, once it ran the first task (read by {@link #runAndWait()} to see it is alive). */
  private volatile Thread loopThread;
  // Confined to the completion thread.
  private long issued;
  private int sinceClock = CLOCK_EVERY;
  private int inFlight;
  private boolean workloadStopped;
  private boolean draining;
  private final ArrayDeque<Runnable> pending = new ArrayDeque<>();
  /** The first task of {@link #pending}: submit every client's first operation. */
  private final Runnable start = () -> { };
  /**
   * Clients waiting before their next attempt to reach the store (reconnect.interval), as the times they wait
   * until; confined to the completion thread.
   */
  private final PriorityQueue<Long> parked = new PriorityQueue<>();
  /** The thread in {@link #runAndWait()}, once it started. */
  private volatile Thread waiter;
  /** The earliest time in {@link #parked}, or Long.MAX_VALUE: read by {@link #runAndWait()}'s thread. */
  private volatile long nextWakeNanos = Long.MAX_VALUE;
  /** A task that wakes parked clients is queued on the completion thread. */
  private final java.util.concurrent.atomic.AtomicBoolean wakeQueued = new java.util.concurrent.atomic.AtomicBoolean();
  /** Wakes the parked clients whose wait is over (all of them once the run stopped). */
  private final Runnable wake = this::wakeParked;
  private volatile boolean stoppedByWorkload;

  /** The open loop, or null for the closed loop. */
  private final DrivenArrivals arrivals;
  /** The first task of a wake-up for the next arrival. */
  private final Runnable tick = () -> { };

  /**
   * The operations after which the binding's one connection is reopened ({@link io.github.ycsbkv.spi.Reconnecting}),
   * or Long.MAX_VALUE: never.
   */
  private final long reopenEvery;
  /** Operations started since the connection was opened or reopened; confined to the completion thread. */
  private long sinceReopen;
  /** Whether the connection is being reopened (nothing is started meanwhile); confined to the completion thread. */
  private boolean reopening;
  /** Why the last reopen failed, or null; confined to the completion thread. */
  private Throwable reopenFailure;
  /** The first task once a reopen ended. */
  private final Runnable reopened = () -> { };

  /** A staircase whose connections the binding opens at each step, or none; confined to the completion thread. */
  private StagedSteps steps = StagedSteps.none();

  /** The first task once a step's connections are open (or failed to open). */
  private final class StepOpened implements Runnable {
    final int clients;
    final Throwable failure;

    StepOpened(int clients, Throwable failure) {
      this.clients = clients;
      this.failure = failure;
    }

    @Override
    public void run() {
      steps.started(clients);
      if (failure != null) {
        signal.stop(StopReason.FAILED, "the connections of " + clients + " client(s) could not be opened at their"
            + " staircase step (" + UserError.describe(failure) + ")");
      }
    }
  }

  /**
   * {@code clients} clients on {@code executor}, the binding's completion thread; with {@code arrivals} (else null):
   * the open loop on that schedule (its limit and deadline are this loop's), with at most
   * {@code maxInFlight} requests in flight per connection (the binding spreads them, {@link
   * io.github.ycsbkv.spi.InstancePlan#maxInFlight()}); after a stop, what is in flight gets {@code stopGraceNanos}
   * to complete.
   */
  DrivenLoop(int clients, Executor executor, TimedDB timed, Workload workload, Object state, boolean load,
      long opsToDo, long deadlineNanos, StopSignal signal, NanoClock clock, LongConsumer opsDone, Arrivals arrivals,
      int maxInFlight, long stopGraceNanos) {
    this.stopGraceNanos = stopGraceNanos;
    this.arrivals = arrivals == null ? null
        : new DrivenArrivals(arrivals, this, executor, () -> drain(tick), clock, signal, clients);
    this.slots = clients * Math.max(1, maxInFlight);
    this.clients = clients;
    this.executor = executor;
    this.timed = timed;
    this.workload = workload;
    this.state = state;
    this.load = load;
    this.opsLimit = opsToDo < 0 ? Long.MAX_VALUE : opsToDo;
    this.deadlineNanos = arrivals == null ? deadlineNanos : this.arrivals.deadline(deadlineNanos);
    this.signal = signal;
    this.clock = clock;
    this.opsDone = opsDone;
    long every = arrivals == null ? timed.reconnectEvery() : 0;
    this.reopenEvery = every > 0 ? every : Long.MAX_VALUE;
  }

  /**
   * Before {@link #runAndWait()}: the clients start {@code after[i]} after {@code start} ({@link
   * io.github.ycsbkv.engine.time.Staircase}; one for all when the thread's one client keeps several in flight), each
   * waiting until then as a client waiting to reconnect waits.
   */
  void startLater(long start, long[] after, boolean staged) {
    if (!staged) {
      for (int i = 0; i < slots; i++) {
        long at = after[after.length == slots ? i : 0];
        if (at > 0) {
          park(start + at);
        }
      }
      return;
    }
    // With the binding opening each step's connections at the step: the clients of each step, by its time.
    steps = StagedSteps.of(start, after, slots);
    updateWake();
  }

  /**
   * The next time the loop must wake: a parked client's, or the next step's. A time earlier than the one the waiting
   * thread knew wakes it, so that it waits for the new one rather than for its idle look.
   */
  private void updateWake() {
    long parkedAt = parked.isEmpty() ? Long.MAX_VALUE : parked.peek();
    long next = Math.min(parkedAt, steps.nextAt());
    long before = nextWakeNanos;
    nextWakeNanos = next;
    if (next < before) {
      wakeWaiter();
    }
  }

  /** Wakes the thread in {@link #runAndWait()} (a permit kept if it is not parked yet). */
  private void wakeWaiter() {
    Thread w = waiter;
    if (w != null) {
      LockSupport.unpark(w);
    }
  }

  /**
   * Waits until the loop finished or {@link #waitMillis()} passed, or {@link #wakeWaiter()} was called; returns
   * whether the loop finished.
   */
  private boolean awaitFinished() throws InterruptedException {
    if (finished.getCount() == 0) {
      return true;
    }
    LockSupport.parkNanos(this, TimeUnit.MILLISECONDS.toNanos(waitMillis()));
    if (Thread.interrupted()) {
      throw new InterruptedException();
    }
    return finished.getCount() == 0;
  }

  /**
   * Starts the clients on the completion thread and waits until the last operation completed, the
   * run stopped and its grace ({@value EngineProperties#STOP_GRACE}) passed, or the deadline passed with nothing
   * left.
   */
  void runAndWait() {
    waiter = Thread.currentThread();
    executor.execute(() -> {
      loopThread = Thread.currentThread();
      drain(start);
    });
    long stopSeen = -1;
    try {
      while (!awaitFinished()) {
        long wakeAt = nextWakeNanos;
        if (wakeAt != Long.MAX_VALUE && (clock.nanoTime() >= wakeAt || signal.isStopped())
            && wakeQueued.compareAndSet(false, true)) {
          executor.execute(() -> drain(wake));
        }
        Thread loop = loopThread;
        if (loop != null && !loop.isAlive()) {
          // Nothing will complete again (a client library's event loop died of an uncaught error): stop now,
          // keeping what completed, instead of waiting for operations that cannot end.
          signal.stop(StopReason.FAILED, "the thread serving " + clients + " client(s) on the binding's event loop ("
              + loop.getName() + ") died; -p drivers=0 serves each client from a thread of its own");
          return;
        }
        if (deadlineNanos != Long.MAX_VALUE && clock.nanoTime() >= deadlineNanos && !signal.isStopped()) {
          signal.stop(StopReason.MAX_EXECUTION_TIME, null);
        }
        if (signal.isStopped()) {
          long now = System.nanoTime();
          if (stopSeen < 0) {
            stopSeen = now;
          } else if (now - stopSeen > stopGraceNanos) {
            return;
          }
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      signal.stop(StopReason.INTERRUPTED, null);
    }
  }

  /**
   * How long {@link #runAndWait()} waits before it looks again: until the next parked client's wake or the deadline,
   * at most {@value #IDLE_WAIT_MILLIS} ms (20 ms once the run stopped, to keep the stop's grace). The loop itself
   * stops at the deadline and at a stop; the waiting thread looks for what the loop cannot see: a client to wake, a
   * dead loop thread, operations that never complete. Each look is a thread wake-up, and a pipelined memtier line
   * has a waiting thread per connection (200 of them for {@code -c 50 -t 4}): at a look every 20 ms those wake-ups
   * took 14% of the client's CPU and half its throughput (docs/benchmarks.md).
   */
  private long waitMillis() {
    long most = signal.isStopped() ? STOPPED_WAIT_MILLIS : IDLE_WAIT_MILLIS;
    long until = Math.min(nextWakeNanos, deadlineNanos);
    if (until == Long.MAX_VALUE) {
      return most;
    }
    return Math.max(1, Math.min(most, TimeUnit.NANOSECONDS.toMillis(until - clock.nanoTime()) + 1));
  }

  /** The longest {@link #runAndWait()} waits between two looks while the run goes on. */
  static final long IDLE_WAIT_MILLIS = 1000;
  /** The longest it waits between two looks once the run stopped (the stop's grace is counted in those looks). */
  static final long STOPPED_WAIT_MILLIS = 20;

  boolean stoppedByWorkload() {
    return stoppedByWorkload;
  }

  /**
   * The open loop's figures as they are being recorded (its schedule lag, for the live metrics while it runs), or
   * null for the closed loop; {@link #openLoopStats()} adds the schedule it kept once it ended.
   */
  OpenLoopStats liveStats() {
    return arrivals == null ? null : arrivals.live();
  }

  /** The open loop's own figures (read after {@link #runAndWait()} returned), or null for the closed loop. */
  OpenLoopStats openLoopStats() {
    return arrivals == null ? null : arrivals.kept();
  }

  /** Whether the caller runs on the completion thread (where nothing may block). */
  boolean onLoopThread() {
    return Thread.currentThread() == loopThread;
  }

  /** Operations in flight. */
  int inFlight() {
    return inFlight;
  }

  /** Called by {@link TimedDB} for every operation submitted through the asynchronous path. */
  void submitted() {
    inFlight++;
  }

  /**
   * Called with each completion, on any thread: {@code record} records the operation; handled on the
   * completion thread, one at a time.
   */
  void completed(Runnable record) {
    if (onLoopThread()) {
      drain(record);
    } else {
      executor.execute(() -> completed(record));
    }
  }

  /**
   * Handles {@code first} (a completion's record, or the start) and whatever it triggers without
   * recursion: a completion that arrives while one is being handled (an operation that failed at once)
   * waits in {@link #pending}. After each completion, its client's next operation is submitted.
   */
  private void drain(Runnable first) {
    pending.add(first);
    if (draining) {
      return;
    }
    draining = true;
    try {
      Runnable r;
      while ((r = pending.poll()) != null) {
        if (r == start || r == tick) {
          if (arrivals == null) {
            refill();
          } else {
            arrivals.arrive();
          }
        } else if (r == wake) {
          r.run();
          next();
        } else if (r instanceof StepOpened) {
          r.run();
          next();
        } else if (r == reopened) {
          reopening = false;
          sinceReopen = 0;
          if (reopenFailure != null) {
            signal.stop(StopReason.FAILED, "a client could not reconnect after its " + reopenEvery + " requests ("
                + UserError.describe(reopenFailure) + ")");
          }
          next();
        } else {
          r.run();
          inFlight--;
          park(timed.takeHold());
          next();
        }
      }
      timed.flushPending();
      if (sinceReopen >= reopenEvery && inFlight == 0 && !reopening && canIssue()) {
        reopen();
      }
    } finally {
      draining = false;
    }
    if (inFlight == 0 && (arrivals == null ? !canIssue() : !arrivals.more())) {
      finished.countDown();
      wakeWaiter();
    }
  }

  /** After a completion or a wake: the closed loop's next operation, or the open loop's next waiting arrival. */
  private void next() {
    if (arrivals == null) {
      refill();
    } else {
      arrivals.dispatchWaiting();
    }
  }

  /** Starts the operation of an arrival intended at {@code intended}; its latency counts from then. */
  void issueAt(long intended) {
    timed.setIntendedStartNanos(intended);
    issue();
    park(timed.takeHold());
  }

  /**
   * Requests that may still be written: none in flight and no client waiting to reconnect, per connection; an open
   * loop with {@code maxinflight} above 1 has that many per connection.
   */
  int free() {
    return slots - inFlight - parked.size() - steps.notStarted();
  }

  boolean stopped() {
    return workloadStopped || signal.isStopped();
  }

  private void wakeParked() {
    wakeQueued.set(false);
    long now = clock.nanoTime();
    boolean stop = signal.isStopped() || workloadStopped;
    while (!parked.isEmpty() && (stop || parked.peek() <= now)) {
      parked.poll();
    }
    // The steps whose time came: their connections opened by the binding, their clients started once those are ready.
    steps.open(now, stop, timed, (started, failure) -> executor.execute(() -> drain(new StepOpened(started, failure))));
    updateWake();
  }

  /** A client whose operation failed for a connection reason waits until {@code until} (none if negative). */
  private void park(long until) {
    if (until < 0) {
      return;
    }
    parked.add(until);
    updateWake();
  }

  /**
   * The connection's count of operations is full and nothing is in flight: it is reopened, and the clients go on once
   * that ended (memtier_benchmark's {@code --reconnect-interval} with {@code --pipeline}: it stops filling the pipeline
   * at the interval, and reconnects once it drained).
   */
  private void reopen() {
    reopening = true;
    java.util.concurrent.CompletionStage<Void> stage;
    try {
      stage = timed.reopen();
    } catch (RuntimeException e) {
      stage = java.util.concurrent.CompletableFuture.failedFuture(e);
    }
    stage.whenComplete((x, e) -> executor.execute(() -> {
      reopenFailure = e instanceof java.util.concurrent.CompletionException && e.getCause() != null ? e.getCause() : e;
      drain(reopened);
    }));
  }

  /**
   * Submits operations until every client has one in flight, there is nothing left to do, or the connection is due to
   * be reopened.
   */
  private void refill() {
    // An operation that submitted nothing asynchronous (it failed at once) leaves its client free: the
    // loop goes on to that client's next operation.
    while (inFlight + parked.size() + steps.notStarted() < clients && sinceReopen < reopenEvery && canIssue()) {
      issue();
      park(timed.takeHold());
    }
  }

  /**
   * Whether the loop may start another operation. The branches are taken the same way whatever the limits (an
   * operation count or none, a deadline or none), so that code compiled during a warm-up by time stays right for a
   * measured phase by count: the clock is read every {@value #CLOCK_EVERY} operations, and {@link #runAndWait()}
   * looks at it at the deadline as well.
   */
  boolean canIssue() {
    if (workloadStopped || signal.isStopped() || issued >= opsLimit) {
      return false;
    }
    if (++sinceClock >= CLOCK_EVERY) {
      sinceClock = 0;
      if (clock.nanoTime() >= deadlineNanos) {
        signal.stop(StopReason.MAX_EXECUTION_TIME, null);
        return false;
      }
    }
    return true;
  }

  /** Operations started between two readings of the clock for the deadline. */
  static final int CLOCK_EVERY = 16;

  private void issue() {
    issued++;
    sinceReopen++;
    boolean more;
    try {
      more = load ? workload.doInsert(timed, state) : workload.doTransaction(timed, state);
    } catch (RuntimeException e) {
      signal.stop(StopReason.FAILED, "workload " + workload.getClass().getSimpleName() + " failed: "
          + UserError.describe(e));
      more = false;
    } catch (Error e) {
      signal.stop(StopReason.FAILED, "client thread died: " + e.getClass().getSimpleName() + ": "
          + UserError.describe(e));
      more = false;
    }
    opsDone.accept(issued);
    if (!more || workload.isStopRequested()) {
      workloadStopped = true;
      stoppedByWorkload = !more;
    }
  }
}
