package io.github.ycsbkv.engine;

import io.github.ycsbkv.config.UserError;
import io.github.ycsbkv.engine.metrics.OpenLoopStats;
import io.github.ycsbkv.engine.stop.StopReason;
import io.github.ycsbkv.engine.stop.StopSignal;
import io.github.ycsbkv.engine.time.Arrivals;
import io.github.ycsbkv.engine.time.NanoClock;
import io.github.ycsbkv.engine.time.RateSchedule;
import io.github.ycsbkv.spi.ArrivalInstants;
import java.util.function.LongConsumer;
import site.ycsb.Workload;
import site.ycsb.measurements.Measurements;

/**
 * A client thread's own loop (not on a binding's event loop: {@link DrivenLoop}): the workload's next operation as
 * soon as the last returned (closed loop, or a pipeline's window in {@link TimedDB}), or at its intended start under
 * {@code -target} (this client's ticks, or its share of a changing rate's schedule) or at the workload's own instants
 * ({@link ArrivalInstants}); an operation that starts late still counts from its intended start. Used by its
 * client thread only.
 */
final class ThreadLoop {

  private static final long MAX_PARK_NANOS = 10_000_000L;
  private final int id;
  private final int threads;
  private final long tickNanos;
  private final NanoClock clock;
  private final Workload workload;
  private final boolean load;
  private final Measurements upstream;

  /**
   * Client {@code id} of {@code threads}, {@code tickNanos} between its operations under {@code -target} (or 0), on
   * {@code workload}'s inserts ({@code load}) or transactions; {@code upstream} hears each intended start.
   */
  ThreadLoop(int id, int threads, long tickNanos, NanoClock clock, Workload workload, boolean load,
      Measurements upstream) {
    this.id = id;
    this.threads = threads;
    this.tickNanos = tickNanos;
    this.clock = clock;
    this.workload = workload;
    this.load = load;
    this.upstream = upstream;
  }

  /**
   * Runs the client's operations on {@code t} from {@code start} until {@code toDo} operations (-1: no limit),
   * {@code maxNanos} after the start (0: no limit) or a stop of {@code stop}; {@code opsDone} hears the count,
   * {@code lag} (or null) how late each arrival was acted on; on {@code schedule}'s rate (or null: the ticks), or at
   * the workload's own {@code instants} (or null). Returns whether the workload ended the run (true), asked for a stop
   * without ending (false), or null: the run ended otherwise.
   */
  Boolean run(Object state, TimedDB t, StopSignal stop, long toDo, long start, long maxNanos,
      LongConsumer opsDone, OpenLoopStats lag, RateSchedule schedule, ArrivalInstants instants) {
    // No limit is Long.MAX_VALUE, and the clock is read for every operation, so that the branches are taken the same
    // way whatever the limits: code compiled during a warm-up by time stays right for a measured phase by count.
    final long deadline = maxNanos > 0 ? start + maxNanos : Long.MAX_VALUE;
    final long limit = toDo < 0 ? Long.MAX_VALUE : toDo;
    final long offset = tickNanos > 0 ? tickNanos * id / threads : 0;
    // A schedule whose rate changes: this client's even share of it, staggered as the ticks are.
    final Arrivals scheduled = tickNanos > 0 && schedule != null ? new Arrivals(Arrivals.Kind.UNIFORM, schedule,
        1.0 / threads, 1e9 / tickNanos, start, id, threads, limit, deadline, 0) : null;
    long done = 0;
    // When this client's connection became free: the end of its last operation.
    long freeAt = Long.MIN_VALUE;
    while (done < limit && !stop.isStopped()) {
      if (!t.awaitReconnect()) {
        break;
      }
      if (instants != null || tickNanos > 0) {
        long intended = nextIntended(state, instants, scheduled, start, offset, done);
        if (instants != null && intended == ArrivalInstants.END) {
          return true; // this client's part of the recording is sent
        }
        if (!awaitArrival(intended, deadline, scheduled != null || instants != null, t, stop)) {
          break;
        }
        arrived(lag, t, intended, freeAt, instants != null);
      } else if (clock.nanoTime() >= deadline) {
        stop.stop(StopReason.MAX_EXECUTION_TIME, null);
        break;
      }
      boolean more;
      try {
        more = load ? workload.doInsert(t, state) : workload.doTransaction(t, state);
      } catch (RuntimeException e) {
        stop.stop(StopReason.FAILED, "workload " + workload.getClass().getSimpleName() + " failed: "
            + UserError.describe(e));
        break;
      }
      done++;
      if (tickNanos > 0 || instants != null) {
        freeAt = clock.nanoTime();
      }
      opsDone.accept(done);
      if (!more || workload.isStopRequested()) {
        return !more;
      }
    }
    return null;
  }

  /**
   * When this client's next operation is due: at the workload's own next instant ({@link ArrivalInstants#END} when
   * they ended), on the schedule, or at this client's next tick ({@code offset} after the start's).
   */
  private long nextIntended(Object state, ArrivalInstants instants, Arrivals scheduled, long start, long offset,
      long done) {
    if (instants != null) {
      long due = instants.nextInstantNanos(state);
      return due == ArrivalInstants.END ? ArrivalInstants.END : start + due;
    }
    if (scheduled == null) {
      return start + offset + done * tickNanos;
    }
    long intended = scheduled.peek();
    scheduled.advance();
    return intended;
  }

  /**
   * Waits for an arrival at {@code intended}, flushing what is pending first when it is ahead; false when the phase
   * stops before it: past the time limit (a schedule's clients, and a workload's own instants, stop at the limit, not
   * at their own next arrival past it: others may have arrivals left before it) or stopped meanwhile.
   */
  private boolean awaitArrival(long intended, long deadline, boolean scheduledOrOwn, TimedDB t, StopSignal stop) {
    if (intended >= deadline) {
      if (!scheduledOrOwn || waitUntil(clock, deadline, stop)) {
        stop.stop(StopReason.MAX_EXECUTION_TIME, null);
      }
      return false;
    }
    if (intended > clock.nanoTime()) {
      t.flushPending();
    }
    return waitUntil(clock, intended, stop);
  }

  /**
   * How late this client acts on its arrival: from its intended start, or, when the arrival found the connection still
   * busy with the last operation, from the moment that one ended. Waiting behind a busy connection is the store's
   * queue (it counts in the operation's latency from its intended start), not the client's lateness.
   */
  private void arrived(OpenLoopStats lag, TimedDB t, long intended, long freeAt, boolean ownInstants) {
    long now = clock.nanoTime();
    boolean busy = freeAt > intended;
    lag.arrived(now - (busy ? freeAt : intended), busy ? 1 : 0, 1,
        !busy ? 0 : !ownInstants ? 1 + (now - intended) / tickNanos : 1);
    t.setIntendedStartNanos(intended);
    upstream.setIntendedStartTimeNs(intended);
  }

  /** Parks until {@code deadline}; false if {@code stop} was stopped meanwhile. */
  static boolean waitUntil(NanoClock clock, long deadline, StopSignal stop) {
    long remaining;
    while ((remaining = deadline - clock.nanoTime()) > 0) {
      if (stop.isStopped()) {
        return false;
      }
      clock.park(Math.min(remaining, MAX_PARK_NANOS));
    }
    return true;
  }

}
