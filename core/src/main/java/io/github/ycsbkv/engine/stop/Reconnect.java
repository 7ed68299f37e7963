package io.github.ycsbkv.engine.stop;

import io.github.ycsbkv.config.EngineProperties;
import io.github.ycsbkv.config.Props;
import io.github.ycsbkv.config.UserError;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/**
 * How long a client waits before its next operation after one failed because the store could not be reached
 * ({@link io.github.ycsbkv.spi.Unavailable}): its next operation is its next attempt to reach the store, so the
 * wait is the reconnect backoff, the same for every binding. The first wait is {@value #INTERVAL} ms; then as long
 * as the client has been failing (so each wait about doubles), at most {@value #MAX} ms. A success ends it.
 *
 * @param intervalNanos the first wait; 0 turns waiting off (every operation is tried at once)
 * @param maxNanos the longest wait
 */
public record Reconnect(long intervalNanos, long maxNanos) {

  /** Property: milliseconds before the first attempt after a failure for a connection reason; 0: no wait. */
  static final String INTERVAL = EngineProperties.RECONNECT_INTERVAL;
  /** Property: the longest wait between two attempts, in milliseconds. */
  static final String MAX = EngineProperties.RECONNECT_MAX;
  static final long DEFAULT_INTERVAL_MILLIS = 100;
  static final long DEFAULT_MAX_MILLIS = 1000;

  public static final Reconnect NONE = new Reconnect(0, 0);

  /** From {@value #INTERVAL} and {@value #MAX}; one line for a value out of range. */
  public static Reconnect from(Properties p) {
    long interval = Props.getLong(p, INTERVAL, DEFAULT_INTERVAL_MILLIS, 0);
    long max = Props.getLong(p, MAX, Math.max(DEFAULT_MAX_MILLIS, interval), 0);
    if (max < interval) {
      throw new UserError("property '" + MAX + "' (" + max + " ms) must be at least '" + INTERVAL + "' (" + interval
          + " ms): it is the longest wait between two attempts to reach the store");
    }
    return new Reconnect(TimeUnit.MILLISECONDS.toNanos(interval), TimeUnit.MILLISECONDS.toNanos(max));
  }

  /** The wait after a failure, for a client that has been failing for {@code failingNanos}. */
  public long waitNanos(long failingNanos) {
    return Math.min(maxNanos, Math.max(intervalNanos, failingNanos));
  }
}
