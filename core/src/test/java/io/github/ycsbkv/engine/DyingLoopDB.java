package io.github.ycsbkv.engine;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import site.ycsb.Status;

/**
 * A {@link DelayedAsyncDB} whose completions run on one thread of its own, as a Netty event loop's do, and
 * that thread dies (an uncaught Error, as Netty 4.2's io_uring assertion did) at its 100th completion; nothing
 * replaces it, so what was in flight never completes.
 */
public class DyingLoopDB extends DelayedAsyncDB {

  static final AtomicInteger COMPLETIONS = new AtomicInteger();

  private final LinkedBlockingQueue<Runnable> tasks = new LinkedBlockingQueue<>();
  private Thread thread;

  @Override
  public void init() {
    thread = new Thread(() -> {
      try {
        while (true) {
          tasks.take().run(); // an Error ends the thread
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }, "dying-loop");
    thread.setDaemon(true);
    thread.setUncaughtExceptionHandler((t, e) -> { }); // keep the test's output quiet
    thread.start();
  }

  @Override
  public void cleanup() {
    thread.interrupt();
  }

  @Override
  public Executor completionExecutor() {
    return tasks::add;
  }

  @Override
  CompletionStage<Status> later(Status status) {
    CompletableFuture<Status> f = new CompletableFuture<>();
    TIMER.schedule(() -> tasks.add(() -> {
      if (COMPLETIONS.incrementAndGet() == 100) {
        throw new AssertionError("the loop dies");
      }
      f.complete(status);
    }), 1, TimeUnit.MILLISECONDS);
    return f;
  }
}
