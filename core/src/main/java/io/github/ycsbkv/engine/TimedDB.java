package io.github.ycsbkv.engine;

import io.github.ycsbkv.config.UserError;
import io.github.ycsbkv.engine.metrics.Metrics;
import io.github.ycsbkv.engine.metrics.OperationRecorder;
import io.github.ycsbkv.engine.stop.ClientFailures;
import io.github.ycsbkv.engine.stop.Reconnect;
import io.github.ycsbkv.engine.stop.StopReason;
import io.github.ycsbkv.engine.stop.StopSignal;
import io.github.ycsbkv.engine.time.NanoClock;
import io.github.ycsbkv.engine.watch.OutageWatch;
import io.github.ycsbkv.spi.AsyncOperations;
import io.github.ycsbkv.spi.DirectCompletion;
import io.github.ycsbkv.spi.ExpiringWrites;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * The one place where operations are timed: wraps one client thread's DB, measures each call with
 * the engine's clock, and records it under its operation and outcome in the thread's own
 * recorders.
 *
 * <p>With {@code pipeline > 1} and a binding that implements {@link AsyncOperations}, reads,
 * updates, inserts and deletes return {@code BATCHED_OK} at once and complete later, up to
 * {@code pipeline} in flight; each is timed from its own start to its completion.
 *
 * <p>It also watches for a store that stopped answering: an exception thrown by the binding, or
 * nothing but errors for {@code errors.abortafter} seconds, stops the benchmark with one line that
 * says why. Not thread-safe: one instance per client thread, like the DB it wraps.
 */
final class TimedDB extends DB implements ExpiringWrites, io.github.ycsbkv.spi.Commands {

  private final DB db;
  private final String bindingName;
  private final NanoClock clock;
  private final StopSignal signal;
  private final Metrics.ThreadRecorders recorders;
  private final OperationRecorder read;
  private final OperationRecorder update;
  private final OperationRecorder insert;
  private final OperationRecorder delete;
  private final OperationRecorder scan;

  /** With {@code pipeline > 1} or on a {@link DrivenLoop}: the binding's asynchronous operations, else null. */
  private AsyncOperations async;
  /** With {@code pipeline > 1} on a thread of its own: the thread's window of operations in flight, else null. */
  private final ThreadPipeline window;

  /** With drivers on the binding's completion thread: that loop, else null. */
  private DrivenLoop driven;

  /** The intended start of the current operation under {@code -target}, else -1. */
  private long intendedStartNanos = -1;

  private final OutageWatch outages;
  private final ClientFailures failures;
  /** The binding, when it reopens its connection every so many operations; else null. */
  private final io.github.ycsbkv.spi.Reconnecting reconnecting;

  /**
   * What every client's timed binding of a phase shares: the binding's name (for messages), the clock, how long a
   * failing client keeps trying ({@code abortAfterNanos}), the requests each keeps in flight, and whether it
   * reconnects.
   */
  record Setup(String bindingName, NanoClock clock, long abortAfterNanos, int pipeline, Reconnect reconnect) {}

  /** Times {@code db}'s operations into {@code recorders}; {@code outages} (may be null) hears of each failure. */
  TimedDB(DB db, Setup setup, Metrics.ThreadRecorders recorders, StopSignal signal, OutageWatch outages) {
    this.outages = outages;
    this.failures = new ClientFailures(setup.bindingName(), signal, setup.abortAfterNanos(), setup.reconnect(),
        outages);
    this.db = db;
    this.reconnecting = db instanceof io.github.ycsbkv.spi.Reconnecting r ? r : null;
    int pipeline = setup.pipeline();
    this.async = pipeline > 1 ? (AsyncOperations) db : null;
    this.bindingName = setup.bindingName();
    this.clock = setup.clock();
    this.signal = signal;
    this.window = pipeline > 1 ? new ThreadPipeline(this, async, pipeline, clock, signal, reconnecting) : null;
    this.recorders = recorders;
    this.read = recorders.operation("READ");
    this.update = recorders.operation("UPDATE");
    this.insert = recorders.operation("INSERT");
    this.delete = recorders.operation("DELETE");
    this.scan = recorders.operation("SCAN");
  }

  /** Runs the asynchronous operations of {@code loop}'s clients on the binding's completion thread. */
  void drive(DrivenLoop loop) {
    this.driven = loop;
    this.async = (AsyncOperations) db;
  }

  /** The clock operations are timed by. */
  NanoClock clock() {
    return clock;
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
    if (async != null) {
      // The workload cannot look at a pipelined read's values (the call returns before they arrive), and
      // it may reuse its result map for the next read while this one completes on another thread: the
      // values go nowhere (a binding may then skip copying them).
      return submit(read, "read", () -> async.readAsync(table, key, fields, AsyncOperations.DISCARDED));
    }
    long start = begin();
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
    Status refused = refuseBlocking("scan");
    if (refused != null) {
      return refused;
    }
    long start = begin();
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
    if (async != null) {
      return submit(update, "update", () -> async.updateAsync(table, key, values));
    }
    long start = begin();
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
    if (async != null) {
      return submit(insert, "insert", () -> async.insertAsync(table, key, values));
    }
    long start = begin();
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
          + " (it does not implement io.github.ycsbkv.spi.ExpiringWrites); use redis, valkey, keydb, dragonfly,"
          + " aerospike or memory");
    }
    Status refused = refuseBlocking("write with a time to live");
    if (refused != null) {
      return refused;
    }
    long start = begin();
    Status status;
    try {
      status = expiring.insertWithTtl(table, key, values, ttlSeconds);
    } catch (RuntimeException e) {
      status = thrown("insert", e);
    }
    return done(insert, status, start);
  }

  /**
   * A command's operation name on this thread: its recorder, and the name a failure gives ({@code command NAME}), made
   * once rather than for every operation.
   */
  private record CommandOperation(OperationRecorder recorder, String name) {}

  /** This thread's {@link CommandOperation} of each command's operation name (one writer: the client thread). */
  private final Map<String, CommandOperation> commands = new java.util.HashMap<>();

  /** Whether the binding wrapped sends commands. */
  @Override
  public boolean sendsCommands() {
    return db instanceof io.github.ycsbkv.spi.Commands c && c.sendsCommands();
  }

  /** Times a command under its operation name (a binding without Commands stops the run, saying so). */
  @Override
  public Status command(String operation, String key, byte[][] args) {
    return command(operation, key, args, null);
  }

  @Override
  public Status command(String operation, String key, byte[][] args, java.util.function.Consumer<byte[]> head) {
    if (!(db instanceof io.github.ycsbkv.spi.Commands target)) {
      throw new UnsupportedOperationException("binding '" + bindingName + "' cannot send commands (it does not"
          + " implement io.github.ycsbkv.spi.Commands): the commands workload runs on redis, valkey, keydb and"
          + " dragonfly");
    }
    CommandOperation known = commands.get(operation);
    if (known == null) {
      known = new CommandOperation(recorders.operation(operation), "command " + operation);
      commands.put(operation, known);
    }
    OperationRecorder recorder = known.recorder();
    if (async != null) {
      return submit(recorder, known.name(), () -> target.commandAsync(operation, key, args, head));
    }
    long start = begin();
    Status status;
    try {
      status = target.command(operation, key, args, head);
    } catch (RuntimeException e) {
      status = thrown(known.name(), e);
    }
    return done(recorder, status, start);
  }

  /** Not called: the workload calls {@link #command}, which submits through the binding's own. */
  @Override
  public CompletionStage<Status> commandAsync(String operation, String key, byte[][] args) {
    throw new UnsupportedOperationException("commandAsync on the engine's timing wrapper");
  }


  @Override
  public Status delete(String table, String key) {
    if (async != null) {
      return submit(delete, "delete", () -> async.deleteAsync(table, key));
    }
    long start = begin();
    Status status;
    try {
      status = db.delete(table, key);
    } catch (RuntimeException e) {
      status = thrown("delete", e);
    }
    return done(delete, status, start);
  }

  /**
   * Starts an asynchronous operation and returns {@link Status#BATCHED_OK} at once; it is recorded when it completes,
   * with its own start and end: on a {@link DrivenLoop}'s thread, or in this client thread's {@link ThreadPipeline}.
   */
  private Status submit(OperationRecorder operation, String name, Supplier<CompletionStage<Status>> call) {
    if (driven != null) {
      return submitDriven(operation, name, call);
    }
    return window.submit(operation, name, call, intendedStartNanos);
  }

  /** On the completion thread of a {@link DrivenLoop}: no semaphore, no hand-off. */
  private Status submitDriven(OperationRecorder operation, String name, Supplier<CompletionStage<Status>> call) {
    long start = clock.nanoTime();
    long intended = intendedStartNanos;
    CompletionStage<Status> stage;
    try {
      stage = call.get();
    } catch (RuntimeException e) {
      return done(operation, thrown(name, e), start);
    }
    driven.submitted();
    if (stage instanceof DirectCompletion direct) {
      direct.whenDone(new DrivenOperation(this, driven, operation, start, intended));
      return Status.BATCHED_OK;
    }
    stage.whenComplete((status, error) -> {
      long end = clock.nanoTime();
      Status outcome = error != null ? new Status("ERROR", UserError.describe(error)) : status == null ? Status.ERROR
          : status;
      driven.completed(() -> record(operation, outcome, start, end, intended));
    });
    return Status.BATCHED_OK;
  }

  /**
   * A blocking call on the completion thread would wait for itself: it stops the run instead; else
   * null.
   */
  private Status refuseBlocking(String operation) {
    if (driven != null && driven.onLoopThread()) {
      signal.stop(StopReason.FAILED, "the workload calls a blocking " + operation + ", which cannot run while '"
          + bindingName + "' serves its clients from its event loop (drivers); use -p drivers=0");
      return Status.ERROR;
    }
    return null;
  }

  /** Sends what the binding batched, before the client thread waits for something else (a schedule). */
  void flushPending() {
    if (async != null) {
      async.flush();
    }
  }

  /** This client starts no more operations: from now on the phase is ending (see {@link OutageWatch#ending}). */
  void ending() {
    if (outages != null) {
      outages.ending(clock.nanoTime());
    }
  }

  /** Waits until every asynchronous operation completed, and records them. No-op without a pipeline. */
  void awaitInFlight() {
    if (window != null && driven == null) {
      window.awaitInFlight();
    }
  }

  /**
   * On a client thread of its own: after a failure for a connection reason, waits as {@code reconnect.interval}
   * says before the next operation (its next attempt to reach the store). False if the run stopped meanwhile.
   */
  boolean awaitReconnect() {
    return failures.awaitHold(clock, signal, this::flushPending);
  }

  /**
   * On a {@link DrivenLoop}, right after it recorded a completion (or issued an operation that failed at once): when
   * that operation failed for a connection reason, the time until which its client waits; else -1.
   */
  long takeHold() {
    return failures.takeHold();
  }

  /**
   * On a {@link DrivenLoop}: the operations after which the binding reopens its one connection ({@link
   * io.github.ycsbkv.spi.Reconnecting#reconnectEvery()}), or 0: never.
   */
  long reconnectEvery() {
    return reconnecting == null ? 0 : reconnecting.reconnectEvery();
  }

  /**
   * On a {@link DrivenLoop}, at a staircase's step: the binding's next {@code n} connections opened, without blocking
   * ({@link io.github.ycsbkv.spi.StagedConnections}).
   */
  java.util.concurrent.CompletionStage<Void> openMore(int n) {
    return db instanceof io.github.ycsbkv.spi.StagedConnections s ? s.openMore(n)
        : java.util.concurrent.CompletableFuture.completedFuture(null);
  }

  /** On a {@link DrivenLoop}, with nothing in flight: the binding's connection reopened, without blocking. */
  java.util.concurrent.CompletionStage<Void> reopen() {
    return reconnecting.reopen();
  }

  /** Operations recorded as failed so far (statuses other than OK, BATCHED_OK and NOT_FOUND). */
  long failedOps() {
    return failures.failedOps();
  }

  /**
   * A synchronous operation's start: the binding's connection reopened first when it is due ({@code Reconnecting}),
   * so that reopening is never in an operation's latency.
   */
  private long begin() {
    if (reconnecting != null) {
      reconnecting.reconnectIfDue();
      if (window != null && driven == null) {
        window.countForReopen();
      }
    }
    return clock.nanoTime();
  }

  /** An operation started at {@code start} whose call threw {@code e}: recorded as failed, and the run stopped. */
  Status threw(OperationRecorder operation, String name, RuntimeException e, long start) {
    return done(operation, thrown(name, e), start);
  }

  private Status done(OperationRecorder metrics, Status status, long startNanos) {
    return record(metrics, status == null ? Status.ERROR : status, startNanos, clock.nanoTime(), intendedStartNanos);
  }

  /** Records one operation's outcome, from its start to {@code end} (and its intended start, or -1). */
  Status record(OperationRecorder metrics, Status status, long startNanos, long end, long intendedNanos) {
    metrics.record(status, startNanos, end, intendedNanos);
    if (status.isOk() || status == Status.NOT_FOUND) {
      failures.succeeded(startNanos, end);
    } else {
      failures.failed(status, startNanos, end);
    }
    return status;
  }

  private Status thrown(String operation, RuntimeException e) {
    signal.stop(StopReason.FAILED, "binding '" + bindingName + "' threw on " + operation + ": " + UserError.describe(e));
    return Status.ERROR;
  }
}
