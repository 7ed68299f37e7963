package io.github.ycsbkv.engine;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.atomic.AtomicLong;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;

/**
 * A DB whose operations take no time on the test's {@link FakeClock}, except operation number {@link #pauseAt},
 * during which the whole client stands still for {@link #pauseNanos}: the clock jumps (as it does for every
 * thread of a JVM stopped by a collector pause), then the operation really waits a few milliseconds so that
 * the stall meter's thread is surely parked across the jump.
 */
public class PausingDB extends DB {

  static volatile FakeClock clock;
  static volatile long pauseAt;
  static volatile long pauseNanos;
  static final AtomicLong CALLS = new AtomicLong();

  /** Real time each operation takes, so that the run lasts long enough for the stall meter's percentiles. */
  static volatile long sleepNanos;

  private Status op() {
    if (sleepNanos > 0) {
      java.util.concurrent.locks.LockSupport.parkNanos(sleepNanos);
    }
    if (CALLS.incrementAndGet() == pauseAt) {
      clock.advance(pauseNanos);
      try {
        Thread.sleep(5);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    return Status.OK;
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    return op();
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    return op();
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    return op();
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    return op();
  }

  @Override
  public Status delete(String table, String key) {
    return op();
  }
}
