package io.github.ycsbkv.engine;

import io.github.ycsbkv.engine.time.NanoClock;
import java.util.concurrent.atomic.AtomicLong;

/** A clock that moves only when told to: parking and {@link #advance} move it forward. Thread-safe. */
final class FakeClock implements NanoClock {

  private final AtomicLong now = new AtomicLong(1_000_000_000L);

  @Override
  public long nanoTime() {
    return now.get();
  }

  @Override
  public void park(long nanos) {
    advance(nanos);
  }

  void advance(long nanos) {
    now.addAndGet(nanos);
  }
}
