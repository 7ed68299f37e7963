package io.github.ycsbkv.engine;

import io.github.ycsbkv.spi.AsyncOperations;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;

/**
 * An asynchronous DB whose operations complete on another thread 2 ms after they start, and which
 * remembers the most operations it ever had in flight at once.
 */
public class DelayedAsyncDB extends DB implements AsyncOperations {

  static final ScheduledExecutorService TIMER = Executors.newScheduledThreadPool(2, r -> {
    Thread t = new Thread(r, "delayed-async-db");
    t.setDaemon(true);
    return t;
  });
  static final AtomicInteger IN_FLIGHT = new AtomicInteger();
  static final AtomicInteger MAX_IN_FLIGHT = new AtomicInteger();
  static final AtomicInteger COMPLETED = new AtomicInteger();

  static void reset() {
    IN_FLIGHT.set(0);
    MAX_IN_FLIGHT.set(0);
    COMPLETED.set(0);
  }

  /** Completes with {@code status} 2 ms from now, counting what is in flight. */
  CompletionStage<Status> later(Status status) {
    int now = IN_FLIGHT.incrementAndGet();
    MAX_IN_FLIGHT.accumulateAndGet(now, Math::max);
    CompletableFuture<Status> f = new CompletableFuture<>();
    TIMER.schedule(() -> {
      IN_FLIGHT.decrementAndGet();
      COMPLETED.incrementAndGet();
      f.complete(status);
    }, 2, TimeUnit.MILLISECONDS);
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
