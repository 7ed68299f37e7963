package io.github.ycsbkv.engine;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import site.ycsb.Status;

/**
 * A {@link DelayedAsyncDB} whose completions run on one thread of its own (as a Netty event loop's do) and that
 * stops answering after its 50th completion, as a server that hangs: what is in flight then never completes, and
 * nothing on the loop notices the run's deadline.
 */
public class StallingLoopDB extends DelayedAsyncDB {

  static final AtomicInteger COMPLETIONS = new AtomicInteger();
  static final int ANSWERED = 50;

  private ExecutorService loop;

  @Override
  public void init() {
    loop = Executors.newSingleThreadExecutor(r -> {
      Thread t = new Thread(r, "stalling-loop");
      t.setDaemon(true);
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
  CompletionStage<Status> later(Status status) {
    CompletableFuture<Status> f = new CompletableFuture<>();
    TIMER.schedule(() -> loop.execute(() -> {
      if (COMPLETIONS.incrementAndGet() <= ANSWERED) {
        f.complete(status);
      }
    }), 1, TimeUnit.MILLISECONDS);
    return f;
  }
}
