package io.github.ycsbkv.engine;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import site.ycsb.Status;

/**
 * A {@link DelayedAsyncDB} with an event loop of its own, as a Netty-based client has: one thread per
 * instance on which every operation completes 1 ms after it starts, offered to the engine as the
 * completion executor. Counts operations submitted from any other thread once the loop has run, the
 * most operations in flight, and flushes.
 */
public class LoopAsyncDB extends DelayedAsyncDB {

  static final AtomicInteger IN_FLIGHT = new AtomicInteger();
  static final AtomicInteger MAX_IN_FLIGHT = new AtomicInteger();
  static final AtomicInteger COMPLETED = new AtomicInteger();
  static final AtomicInteger SUBMITTED_OFF_LOOP = new AtomicInteger();
  static final AtomicInteger FLUSHES = new AtomicInteger();

  static void reset() {
    IN_FLIGHT.set(0);
    MAX_IN_FLIGHT.set(0);
    COMPLETED.set(0);
    SUBMITTED_OFF_LOOP.set(0);
    FLUSHES.set(0);
  }

  private ScheduledExecutorService loop;
  private volatile Thread loopThread;

  @Override
  public void init() {
    loop = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "loop-async-db");
      t.setDaemon(true);
      loopThread = t;
      return t;
    });
  }

  @Override
  public void cleanup() {
    loop.shutdownNow();
  }

  @Override
  public Executor completionExecutor() {
    return loop;
  }

  @Override
  public void flush() {
    FLUSHES.incrementAndGet();
  }

  @Override
  CompletionStage<Status> later(Status status) {
    if (Thread.currentThread() != loopThread) {
      SUBMITTED_OFF_LOOP.incrementAndGet();
    }
    int now = IN_FLIGHT.incrementAndGet();
    MAX_IN_FLIGHT.accumulateAndGet(now, Math::max);
    CompletableFuture<Status> f = new CompletableFuture<>();
    loop.schedule(() -> {
      IN_FLIGHT.decrementAndGet();
      COMPLETED.incrementAndGet();
      f.complete(status);
    }, 1, TimeUnit.MILLISECONDS);
    return f;
  }
}
