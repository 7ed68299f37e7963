package io.github.ycsbkv.engine;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicInteger;
import site.ycsb.Status;

/**
 * A {@link LoopAsyncDB} (completions on one thread of its own, as a Netty event loop's) that answers its first
 * {@value #ANSWERED} operations and then stops answering, as a server that hangs: what is in flight then never
 * completes, and nothing on the loop notices the run's deadline.
 */
public class StallingLoopDB extends LoopAsyncDB {

  static final AtomicInteger CALLS = new AtomicInteger();
  static final int ANSWERED = 50;

  @Override
  CompletionStage<Status> later(Status status) {
    return CALLS.incrementAndGet() <= ANSWERED ? super.later(status) : new CompletableFuture<>();
  }
}
