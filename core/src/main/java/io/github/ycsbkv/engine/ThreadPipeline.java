package io.github.ycsbkv.engine;

import io.github.ycsbkv.config.UserError;
import io.github.ycsbkv.engine.metrics.OperationRecorder;
import io.github.ycsbkv.engine.stop.StopReason;
import io.github.ycsbkv.engine.stop.StopSignal;
import io.github.ycsbkv.engine.time.NanoClock;
import io.github.ycsbkv.spi.AsyncOperations;
import io.github.ycsbkv.spi.Reconnecting;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Semaphore;
import java.util.function.Supplier;
import site.ycsb.Status;

/**
 * A pipelined client thread's window ({@code pipeline > 1} on a thread of its own, not a {@link DrivenLoop}): up to
 * {@code pipeline} asynchronous operations in flight, each timed from its own start to its completion, and recorded by
 * the client thread itself (its recorders have one writer) the next time it submits or waits. With a binding that
 * reopens its connection every so many requests, the thread drains the window before each reopen, as
 * memtier_benchmark drains its pipeline before it reconnects. Used by its client thread only.
 */
final class ThreadPipeline {

  private final TimedDB timed;
  private final AsyncOperations async;
  private final int pipeline;
  private final Semaphore inFlight;
  private final NanoClock clock;
  private final StopSignal signal;
  /** The binding, when it reopens its connection every so many operations; else null. */
  private final Reconnecting reconnecting;
  /** Operations since the connection was opened, when the binding reopens it every so many. */
  private long sinceReopen;
  /** Completed operations, recorded by the client thread. */
  private final ConcurrentLinkedQueue<Completion> completed = new ConcurrentLinkedQueue<>();

  private record Completion(OperationRecorder operation, Status status, long startNanos, long endNanos,
      long intendedNanos) {}

  ThreadPipeline(TimedDB timed, AsyncOperations async, int pipeline, NanoClock clock, StopSignal signal,
      Reconnecting reconnecting) {
    this.timed = timed;
    this.async = async;
    this.pipeline = pipeline;
    this.inFlight = new Semaphore(pipeline);
    this.clock = clock;
    this.signal = signal;
    this.reconnecting = reconnecting;
  }

  /**
   * Starts an asynchronous operation once fewer than {@code pipeline} are in flight, and returns
   * {@link Status#BATCHED_OK} at once; the operation ({@code intended}: its intended start, or -1) is recorded when it
   * completes, with its own start and end.
   */
  Status submit(OperationRecorder operation, String name, Supplier<CompletionStage<Status>> call, long intended) {
    recordCompleted();
    countForReopen();
    if (!inFlight.tryAcquire()) {
      // About to wait for a completion: send what the binding may have batched first.
      async.flush();
      inFlight.acquireUninterruptibly();
      recordCompleted();
    }
    long start = clock.nanoTime();
    CompletionStage<Status> stage;
    try {
      stage = call.get();
    } catch (RuntimeException e) {
      inFlight.release();
      return timed.threw(operation, name, e, start);
    }
    stage.whenComplete((status, error) -> {
      long end = clock.nanoTime();
      Status outcome = error != null ? new Status("ERROR", UserError.describe(error)) : status == null ? Status.ERROR
          : status;
      completed.add(new Completion(operation, outcome, start, end, intended));
      inFlight.release();
    });
    return Status.BATCHED_OK;
  }

  private void recordCompleted() {
    Completion c;
    while ((c = completed.poll()) != null) {
      timed.record(c.operation(), c.status(), c.startNanos(), c.endNanos(), c.intendedNanos());
    }
  }

  /**
   * The thread's next operation, asynchronous or blocking, counted: once its connection filled its count, it waits
   * until what is in flight completed, then has the binding reopen it; neither is in a latency.
   */
  void countForReopen() {
    long every = reconnecting == null ? 0 : reconnecting.reconnectEvery();
    if (every > 0 && ++sinceReopen > every) {
      reopenDrained();
      sinceReopen = 1;
    }
  }

  private void reopenDrained() {
    async.flush();
    inFlight.acquireUninterruptibly(pipeline);
    try {
      recordCompleted();
      reconnecting.reopen().toCompletableFuture().join();
    } catch (java.util.concurrent.CompletionException e) {
      signal.stop(StopReason.FAILED, "a client could not reconnect after its " + (sinceReopen - 1) + " requests ("
          + UserError.describe(e.getCause() != null ? e.getCause() : e) + ")");
    } finally {
      inFlight.release(pipeline);
    }
  }

  /** Waits until every operation in flight completed, and records them. */
  void awaitInFlight() {
    async.flush();
    inFlight.acquireUninterruptibly(pipeline);
    inFlight.release(pipeline);
    recordCompleted();
  }
}
