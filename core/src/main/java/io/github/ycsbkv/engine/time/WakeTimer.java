package io.github.ycsbkv.engine.time;

import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Wakes an open loop for its next arrival: the completion thread's own timer when it has one (a Netty event loop
 * sleeps in its I/O wait until then), else a shared timer thread that hands the task over. A thread asleep on a timer
 * wakes late, by what the operating system takes (measured on the project's 2-core VM: about 100 us at the median,
 * 0.9 ms at P99); that lateness is the client's schedule lag, and the result shows it. Polling the last stretch
 * instead was tried and made both the lag and the CPU worse there (docs/capacity.md). Confined to the completion
 * thread.
 */
public final class WakeTimer {

  /** Wakes the open loops of completion threads that have no timer of their own. */
  private static final ScheduledThreadPoolExecutor SHARED = shared();

  private final Executor executor;
  private final Runnable task;

  public WakeTimer(Executor executor, Runnable task) {
    this.executor = executor;
    this.task = task;
  }

  /** Runs the task on the completion thread at {@code when} (now is {@code now}). */
  public void wakeAt(long when, long now) {
    long delay = Math.max(0, when - now);
    if (executor instanceof ScheduledExecutorService timer) {
      timer.schedule(task, delay, TimeUnit.NANOSECONDS);
    } else {
      SHARED.schedule(() -> executor.execute(task), delay, TimeUnit.NANOSECONDS);
    }
  }

  private static ScheduledThreadPoolExecutor shared() {
    ScheduledThreadPoolExecutor t = new ScheduledThreadPoolExecutor(1, r -> {
      Thread th = new Thread(r, "ycsbkv-open-loop-timer");
      th.setDaemon(true);
      return th;
    });
    t.setRemoveOnCancelPolicy(true);
    return t;
  }
}
