package io.github.ycsbkv.engine;

import io.github.ycsbkv.spi.Unavailable;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import site.ycsb.Status;

/**
 * A {@link LoopAsyncDB} whose store is unreachable for a while, timed by the store itself from its first call (not by
 * the test's clock, which a slow start of the phase would shift): it goes down {@link #downAfterMillis} after the
 * first operation reaches it and comes back once it has been down {@link #downForMillis} and has refused at least
 * {@link #attemptsToComeBack} attempts. While it is down every operation fails with {@link Unavailable} 1 ms after it
 * starts and is counted as an attempt. It stamps ({@link System#nanoTime}) its first call, its first and last refused
 * attempt, so that a test compares what the engine measured with what the store saw, not with a wall-clock guess.
 */
public class OutageDB extends LoopAsyncDB {

  static volatile long downAfterMillis = 1000;
  static volatile long downForMillis = 1000;
  static volatile int attemptsToComeBack;

  static final AtomicInteger ATTEMPTS_WHILE_DOWN = new AtomicInteger();
  static final AtomicLong FIRST_CALL = new AtomicLong();
  static final AtomicLong FIRST_REFUSED = new AtomicLong();
  static final AtomicLong LAST_REFUSED = new AtomicLong();
  private static volatile boolean cameBack;

  static void reset() {
    downAfterMillis = 1000;
    downForMillis = 1000;
    attemptsToComeBack = 0;
    ATTEMPTS_WHILE_DOWN.set(0);
    FIRST_CALL.set(0);
    FIRST_REFUSED.set(0);
    LAST_REFUSED.set(0);
    cameBack = false;
  }

  @Override
  CompletionStage<Status> later(Status status) {
    if (refuses(System.nanoTime())) {
      return super.later(new Unavailable("connection refused (the test's store is down)"));
    }
    return super.later(status);
  }

  /** Whether an attempt at {@code now} is refused; stamps it if so. */
  private static synchronized boolean refuses(long now) {
    if (FIRST_CALL.get() == 0) {
      FIRST_CALL.set(now);
    }
    if (cameBack || now - FIRST_CALL.get() < TimeUnit.MILLISECONDS.toNanos(downAfterMillis)) {
      return false;
    }
    if (FIRST_REFUSED.get() != 0 && now - FIRST_REFUSED.get() >= TimeUnit.MILLISECONDS.toNanos(downForMillis)
        && ATTEMPTS_WHILE_DOWN.get() >= attemptsToComeBack) {
      cameBack = true;
      return false;
    }
    if (FIRST_REFUSED.get() == 0) {
      FIRST_REFUSED.set(now);
    }
    LAST_REFUSED.set(now);
    ATTEMPTS_WHILE_DOWN.incrementAndGet();
    return true;
  }
}
