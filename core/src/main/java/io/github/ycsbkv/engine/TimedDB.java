package io.github.ycsbkv.engine;

import io.github.ycsbkv.config.UserError;
import io.github.ycsbkv.spi.ExpiringWrites;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * The one place where operations are timed: wraps one client thread's DB, measures each call with
 * the engine's clock, and records it under its operation and outcome in the thread's own
 * recorders.
 *
 * <p>It also watches for a store that stopped answering: an exception thrown by the binding, or
 * nothing but errors for {@code errors.abortafter} seconds, stops the benchmark with one line that
 * says why. Not thread-safe: one instance per client thread, like the DB it wraps.
 */
final class TimedDB extends DB implements ExpiringWrites {

  static final String CLEANUP = "CLEANUP";

  private final DB db;
  private final String bindingName;
  private final NanoClock clock;
  private final StopSignal signal;
  private final long abortAfterNanos;
  private final Metrics.ThreadRecorders recorders;
  private final OperationRecorder read;
  private final OperationRecorder update;
  private final OperationRecorder insert;
  private final OperationRecorder delete;
  private final OperationRecorder scan;

  /** The intended start of the current operation under {@code -target}, else -1. */
  private long intendedStartNanos = -1;
  /** When the current run of consecutive errors began, or -1 after a success. */
  private long errorStreakStartNanos = -1;

  TimedDB(DB db, String bindingName, Metrics.ThreadRecorders recorders, NanoClock clock, StopSignal signal,
      long abortAfterNanos) {
    this.db = db;
    this.bindingName = bindingName;
    this.clock = clock;
    this.signal = signal;
    this.abortAfterNanos = abortAfterNanos;
    this.recorders = recorders;
    this.read = recorders.operation("READ");
    this.update = recorders.operation("UPDATE");
    this.insert = recorders.operation("INSERT");
    this.delete = recorders.operation("DELETE");
    this.scan = recorders.operation("SCAN");
  }

  /** This thread's recorders, for operations the engine times itself (CLEANUP). */
  Metrics.ThreadRecorders recorders() {
    return recorders;
  }

  void setIntendedStartNanos(long nanos) {
    this.intendedStartNanos = nanos;
  }

  @Override
  public void setProperties(Properties p) {
    db.setProperties(p);
  }

  @Override
  public Properties getProperties() {
    return db.getProperties();
  }

  @Override
  public void init() throws DBException {
    db.init();
  }

  @Override
  public void cleanup() throws DBException {
    db.cleanup();
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    long start = clock.nanoTime();
    Status status;
    try {
      status = db.read(table, key, fields, result);
    } catch (RuntimeException e) {
      status = thrown("read", e);
    }
    return done(read, status, start);
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
      Vector<java.util.HashMap<String, ByteIterator>> result) {
    long start = clock.nanoTime();
    Status status;
    try {
      status = db.scan(table, startkey, recordcount, fields, result);
    } catch (RuntimeException e) {
      status = thrown("scan", e);
    }
    return done(scan, status, start);
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    long start = clock.nanoTime();
    Status status;
    try {
      status = db.update(table, key, values);
    } catch (RuntimeException e) {
      status = thrown("update", e);
    }
    return done(update, status, start);
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    long start = clock.nanoTime();
    Status status;
    try {
      status = db.insert(table, key, values);
    } catch (RuntimeException e) {
      status = thrown("insert", e);
    }
    return done(insert, status, start);
  }

  /**
   * Times a TTL write as {@code INSERT}; a binding without {@link ExpiringWrites} makes the run stop
   * with a message naming it.
   */
  @Override
  public Status insertWithTtl(String table, String key, Map<String, ByteIterator> values, long ttlSeconds) {
    if (!(db instanceof ExpiringWrites expiring)) {
      throw new UnsupportedOperationException("binding '" + bindingName + "' cannot write with a time to live"
          + " (it does not implement io.github.ycsbkv.spi.ExpiringWrites); use redis, valkey, keydb or memory");
    }
    long start = clock.nanoTime();
    Status status;
    try {
      status = expiring.insertWithTtl(table, key, values, ttlSeconds);
    } catch (RuntimeException e) {
      status = thrown("insert", e);
    }
    return done(insert, status, start);
  }

  @Override
  public Status delete(String table, String key) {
    long start = clock.nanoTime();
    Status status;
    try {
      status = db.delete(table, key);
    } catch (RuntimeException e) {
      status = thrown("delete", e);
    }
    return done(delete, status, start);
  }

  private Status done(OperationRecorder metrics, Status status, long startNanos) {
    long end = clock.nanoTime();
    if (status == null) {
      status = Status.ERROR;
    }
    metrics.record(status, startNanos, end, intendedStartNanos);
    if (status.isOk() || status == Status.NOT_FOUND) {
      errorStreakStartNanos = -1;
    } else if (abortAfterNanos > 0) {
      if (errorStreakStartNanos < 0) {
        errorStreakStartNanos = startNanos;
      } else if (end - errorStreakStartNanos >= abortAfterNanos) {
        signal.stop(StopReason.FAILED, "every operation on '" + bindingName + "' failed for the last "
            + (abortAfterNanos / 1_000_000_000L) + " s (last: " + describe(status)
            + "); is the server still up? (errors.abortafter=0 keeps going)");
      }
    }
    return status;
  }

  /** A status's name, with the binding's description when it says more than the standard one. */
  private static String describe(Status status) {
    String d = status.getDescription();
    boolean standard = d == null || d.isBlank() || (status.getName().equals("ERROR") && d.equals(Status.ERROR.getDescription()));
    return standard ? status.getName() : status.getName() + ": " + UserError.describe(new RuntimeException(d));
  }

  private Status thrown(String operation, RuntimeException e) {
    signal.stop(StopReason.FAILED, "binding '" + bindingName + "' threw on " + operation + ": " + UserError.describe(e));
    return Status.ERROR;
  }
}
