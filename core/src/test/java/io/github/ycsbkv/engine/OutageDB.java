package io.github.ycsbkv.engine;

import io.github.ycsbkv.spi.Unavailable;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicInteger;
import site.ycsb.Status;

/**
 * A {@link LoopAsyncDB} whose store can be made unreachable: while {@link #DOWN} is set, every operation fails
 * with {@link Unavailable} 1 ms after it starts, and is counted as an attempt.
 */
public class OutageDB extends LoopAsyncDB {

  static volatile boolean down;
  static final AtomicInteger ATTEMPTS_WHILE_DOWN = new AtomicInteger();

  @Override
  CompletionStage<Status> later(Status status) {
    if (down) {
      ATTEMPTS_WHILE_DOWN.incrementAndGet();
      return super.later(new Unavailable("connection refused (the test's store is down)"));
    }
    return super.later(status);
  }
}
