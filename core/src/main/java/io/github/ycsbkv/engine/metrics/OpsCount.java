package io.github.ycsbkv.engine.metrics;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.function.LongConsumer;

/**
 * A pass's count of operations started: one writer (the thread that runs the pass), read by others. One class for
 * every pass, so that the code the JIT compiled in the warm-up stays right for the measured phase.
 */
public final class OpsCount implements LongConsumer {
  private static final VarHandle N;

  static {
    try {
      N = MethodHandles.lookup().findVarHandle(OpsCount.class, "n", long.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  @SuppressWarnings("unused") // written through N
  private volatile long n;

  @Override
  public void accept(long value) {
    N.setOpaque(this, value);
  }

  public long get() {
    return (long) N.getOpaque(this);
  }
}
