package io.github.ycsbkv.engine;

import io.github.ycsbkv.spi.AsyncOperations;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;

/**
 * An asynchronous DB with an event loop of its own, as a Netty-based client has: one thread per
 * instance on which every operation completes 1 ms after it starts, offered to the engine as the
 * completion executor. Counts operations submitted from any other thread once the loop has run, the
 * most operations in flight, and flushes.
 */
public class LoopAsyncDB extends DB implements AsyncOperations {

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

  private CompletionStage<Status> later(Status status) {
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

  @Override
  public CompletionStage<Status> readAsync(String t, String k, Set<String> f, Map<String, ByteIterator> r) {
    return later(k.endsWith("7") ? Status.NOT_FOUND : Status.OK);
  }

  @Override
  public CompletionStage<Status> updateAsync(String t, String k, Map<String, ByteIterator> v) {
    return later(Status.OK);
  }

  @Override
  public CompletionStage<Status> insertAsync(String t, String k, Map<String, ByteIterator> v) {
    return later(Status.OK);
  }

  @Override
  public CompletionStage<Status> deleteAsync(String t, String k) {
    return later(Status.OK);
  }

  @Override
  public Status read(String t, String k, Set<String> f, Map<String, ByteIterator> r) {
    return readAsync(t, k, f, r).toCompletableFuture().join();
  }

  @Override
  public Status scan(String t, String s, int n, Set<String> f, Vector<HashMap<String, ByteIterator>> r) {
    return Status.OK;
  }

  @Override
  public Status update(String t, String k, Map<String, ByteIterator> v) {
    return updateAsync(t, k, v).toCompletableFuture().join();
  }

  @Override
  public Status insert(String t, String k, Map<String, ByteIterator> v) {
    return insertAsync(t, k, v).toCompletableFuture().join();
  }

  @Override
  public Status delete(String t, String k) {
    return deleteAsync(t, k).toCompletableFuture().join();
  }
}
