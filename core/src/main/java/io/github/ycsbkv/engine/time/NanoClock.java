package io.github.ycsbkv.engine.time;

import java.util.concurrent.locks.LockSupport;

/**
 * The engine's source of time, in nanoseconds, injectable so that tests control time instead of
 * sleeping. {@link #SYSTEM} is {@link System#nanoTime()}; implementations must be thread-safe.
 */
public interface NanoClock {

  /** The real clock. */
  NanoClock SYSTEM = new NanoClock() {
    @Override
    public long nanoTime() {
      return System.nanoTime();
    }

    @Override
    public void park(long nanos) {
      LockSupport.parkNanos(nanos);
    }
  };

  /** A monotonic reading in nanoseconds, as {@link System#nanoTime()}. */
  long nanoTime();

  /** Waits for about {@code nanos} nanoseconds (or less, if interrupted). */
  void park(long nanos);
}
