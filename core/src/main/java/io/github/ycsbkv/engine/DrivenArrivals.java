package io.github.ycsbkv.engine;

import io.github.ycsbkv.engine.metrics.OpenLoopStats;
import io.github.ycsbkv.engine.stop.StopReason;
import io.github.ycsbkv.engine.stop.StopSignal;
import io.github.ycsbkv.engine.time.Arrivals;
import io.github.ycsbkv.engine.time.NanoClock;
import io.github.ycsbkv.engine.time.WakeTimer;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;

/**
 * The open loop of a {@link DrivenLoop} ({@code -target} with {@link Arrivals}): operations arrive on the schedule
 * whatever the replies do. An arrival is written at once when one of the clients' connections has a request free
 * (fewer than {@code maxinflight} in flight), else it waits in the client, first in first out, until one completes;
 * its latency counts from its intended start either way. The loop wakes for each arrival on time ({@link WakeTimer});
 * how late it acts on each is recorded ({@link OpenLoopStats}). Everything here runs on the loop's completion thread.
 */
final class DrivenArrivals {

  /** Arrivals waiting in the client at most: beyond this the store is hopelessly behind the schedule. */
  static final int MAX_QUEUED = 10_000_000;

  private final Arrivals arrivals;
  private final DrivenLoop loop;
  private final NanoClock clock;
  private final StopSignal signal;
  private final int clients;
  /** What the open loop saw of itself; written on the completion thread. */
  private final OpenLoopStats stats = new OpenLoopStats();
  /** Arrivals waiting for a connection, as their intended starts. */
  private final LongQueue waiting = new LongQueue();
  private final WakeTimer timer;

  /** {@code loop}'s arrivals on {@code executor} (its completion thread), where {@code wake} is run at each one. */
  DrivenArrivals(Arrivals arrivals, DrivenLoop loop, Executor executor, Runnable wake, NanoClock clock,
      StopSignal signal, int clients) {
    this.arrivals = arrivals;
    this.loop = loop;
    this.clock = clock;
    this.signal = signal;
    this.clients = clients;
    this.timer = new WakeTimer(executor, wake);
  }

  /**
   * The loop's deadline for a schedule that ends at {@code deadlineNanos}: what still waits in the client then is
   * served for at most a grace (a fifth of the run, 1 to 10 s), so that a queue a stable store had at that moment is
   * not counted as arrivals it did not serve.
   */
  long deadline(long deadlineNanos) {
    return deadlineNanos == Long.MAX_VALUE ? deadlineNanos
        : deadlineNanos + drainGrace(deadlineNanos - arrivals.start());
  }

  /** How long the open loop serves what waits in the client after its schedule ended: a fifth of it, 1 to 10 s. */
  static long drainGrace(long scheduleNanos) {
    return Math.max(TimeUnit.SECONDS.toNanos(1), Math.min(TimeUnit.SECONDS.toNanos(10), scheduleNanos / 5));
  }

  /**
   * The wake-up: handles every arrival whose time has come, in order (each written at once or put in the queue), then
   * sets the timer for the next.
   */
  void arrive() {
    long t;
    long now = clock.nanoTime();
    while ((t = arrivals.peek()) <= now && loop.canIssue()) {
      arrivals.advance();
      if (waiting.isEmpty() && loop.free() > 0) {
        stats.arrived(clock.nanoTime() - t, loop.inFlight(), clients, 0);
        loop.issueAt(t);
      } else if (waiting.size() < MAX_QUEUED) {
        waiting.add(t);
        stats.arrived(clock.nanoTime() - t, loop.inFlight(), clients, waiting.size());
      } else {
        signal.stop(StopReason.FAILED, waiting.size() + " operations are waiting in the client for a connection: the"
            + " store is far behind the schedule (-target); lower the rate");
      }
      now = clock.nanoTime();
    }
    if (loop.stopped()) {
      waiting.clear();
      return;
    }
    long next = arrivals.peek();
    if (next != Long.MAX_VALUE) {
      timer.wakeAt(next, clock.nanoTime());
    }
  }

  /** After a completion or a wake: writes waiting arrivals while connections are free. */
  void dispatchWaiting() {
    if (loop.stopped()) {
      waiting.clear();
      return;
    }
    while (!waiting.isEmpty() && loop.free() > 0 && loop.canIssue()) {
      loop.issueAt(waiting.poll());
    }
  }

  /** Whether arrivals are to come or waiting: false once stopped. */
  boolean more() {
    return !loop.stopped() && (!waiting.isEmpty() || arrivals.peek() != Long.MAX_VALUE);
  }

  /** The figures as they are being recorded (its schedule lag, for the live metrics while it runs). */
  OpenLoopStats live() {
    return stats;
  }

  /** The figures with the schedule it kept (read once the loop ended). */
  OpenLoopStats kept() {
    stats.schedule(arrivals.count(), arrivals.start(), arrivals.last(), arrivals.rate());
    return stats;
  }
}
