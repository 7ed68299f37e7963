package io.github.ycsbkv.engine.stop;

import io.github.ycsbkv.config.UserError;
import io.github.ycsbkv.engine.time.NanoClock;
import io.github.ycsbkv.engine.watch.OutageWatch;
import io.github.ycsbkv.spi.Unavailable;
import site.ycsb.Status;

/**
 * What one client's failed operations mean for the run: its count of failed operations; for a failure for a
 * connection reason ({@link Unavailable}) the wait before its next attempt ({@code reconnect.interval}, doubling up to
 * {@code reconnect.max}) and its report to the {@link OutageWatch}; and a run of nothing but failures for
 * {@code errors.abortafter}, which stops the phase with one line. A success clears the wait and the streak. Used by
 * the thread that records the client's operations ({@code TimedDB}); {@link #failedOps()} may be read by others.
 */
public final class ClientFailures {

  private final String bindingName;
  private final StopSignal signal;
  private final long abortAfterNanos;
  private final Reconnect reconnect;
  /** The phase's outage watch, or null (a warm-up's outages are not kept apart). */
  private final OutageWatch outages;
  /** When the current run of consecutive errors began, or -1 after a success. */
  private long errorStreakStartNanos = -1;
  /** When this client's current run of failures for a connection reason began, or -1 after a success. */
  private long unavailableSinceNanos = -1;
  /** Until when the client waits before its next operation (a failure for a connection reason), or -1. */
  private long holdUntilNanos = -1;
  private volatile long failedOps;

  public ClientFailures(String bindingName, StopSignal signal, long abortAfterNanos, Reconnect reconnect,
      OutageWatch outages) {
    this.bindingName = bindingName;
    this.signal = signal;
    this.abortAfterNanos = abortAfterNanos;
    this.reconnect = reconnect;
    this.outages = outages;
  }

  /** An operation that succeeded (or found nothing) between {@code startNanos} and {@code end}. */
  public void succeeded(long startNanos, long end) {
    errorStreakStartNanos = -1;
    unavailableSinceNanos = -1;
    holdUntilNanos = -1; // the store answers again: no wait (pipelined, a success can follow a failure)
    if (outages != null) {
      outages.succeeded(startNanos, end);
    }
  }

  /** An operation that failed with {@code status} between {@code startNanos} and {@code end}. */
  public void failed(Status status, long startNanos, long end) {
    failedOps++; // one writer (the thread that records); read by the progress line
    if (Unavailable.is(status)) {
      if (outages != null) {
        outages.unavailable(startNanos, end, status);
      }
      if (reconnect.intervalNanos() > 0 && !((Unavailable) status).isPartial()) {
        if (unavailableSinceNanos < 0) {
          unavailableSinceNanos = end;
        }
        holdUntilNanos = end + reconnect.waitNanos(end - unavailableSinceNanos);
      }
    } else if (outages != null) {
      outages.failed();
    }
    if (abortAfterNanos > 0) {
      if (errorStreakStartNanos < 0) {
        errorStreakStartNanos = startNanos;
      } else if (end - errorStreakStartNanos >= abortAfterNanos) {
        signal.stop(StopReason.FAILED, "every operation on '" + bindingName + "' failed for the last "
            + (abortAfterNanos / 1_000_000_000L) + " s (last: " + describe(status)
            + "); is the server still up? (errors.abortafter=0 keeps going)");
      }
    }
  }

  /** The time until which the client waits before its next attempt, cleared; -1 when it need not wait. */
  public long takeHold() {
    long until = holdUntilNanos;
    holdUntilNanos = -1;
    return until;
  }

  /** Operations recorded as failed so far (statuses other than OK, BATCHED_OK and NOT_FOUND). */
  public long failedOps() {
    return failedOps;
  }

  /** A status's name, with the binding's description when it says more than the standard one. */
  private static String describe(Status status) {
    String d = status.getDescription();
    boolean standard = d == null || d.isBlank() || (status.getName().equals("ERROR") && d.equals(Status.ERROR.getDescription()));
    return standard ? status.getName() : status.getName() + ": " + UserError.describe(new RuntimeException(d));
  }

  /**
   * Waits until the hold after a failure for a connection reason ends, on {@code clock}, first running
   * {@code beforeWaiting} (what the client batched goes out); no wait without a hold. False if {@code signal} stopped
   * the run meanwhile.
   */
  public boolean awaitHold(NanoClock clock, StopSignal signal, Runnable beforeWaiting) {
    long until = takeHold();
    if (until < 0) {
      return true;
    }
    beforeWaiting.run();
    long remaining;
    while ((remaining = until - clock.nanoTime()) > 0) {
      if (signal.isStopped()) {
        return false;
      }
      clock.park(Math.min(remaining, 10_000_000L));
    }
    return !signal.isStopped();
  }
}
