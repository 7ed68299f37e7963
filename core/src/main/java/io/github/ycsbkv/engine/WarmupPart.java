package io.github.ycsbkv.engine;

import io.github.ycsbkv.engine.stop.StopSignal;
import java.util.concurrent.CountDownLatch;

/**
 * One part of the warm-up, for every client: its stop signal (a part of the run's, {@link StopSignal#part()}), its
 * time limit, the gate the engine opens and the latch each client counts down when its part ended.
 *
 * <p>The warm-up runs in two parts, the second a fifth of it, because the JIT compiler throws compiled code away
 * the first time a branch it never saw taken is taken, such as the one that ends a part: the first part's end does
 * that, the second part compiles the code again with that branch known, and its own end, like the measured phase's
 * start and end, then costs nothing.
 */
final class WarmupPart {

  final StopSignal signal;
  /** Its time limit, or 0 when the warm-up is a number of operations. */
  final long maxNanos;
  /** Its operations over every client, or -1 when the warm-up is a time. */
  final long operations;
  final CountDownLatch go = new CountDownLatch(1);
  final CountDownLatch done;
  /** Set by the engine before it opens {@link #go}. */
  volatile long startNanos;

  WarmupPart(StopSignal run, long maxNanos, long operations, int clients) {
    this.signal = run.part();
    this.maxNanos = maxNanos;
    this.operations = operations;
    this.done = new CountDownLatch(clients);
  }
}
