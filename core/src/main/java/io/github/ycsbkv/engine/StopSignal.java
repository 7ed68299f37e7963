package io.github.ycsbkv.engine;

import java.util.concurrent.atomic.AtomicReference;

/**
 * The first reason to stop a running benchmark, and its message. Client threads poll
 * {@link #isStopped()} between operations; anyone (a signal handler, a failing thread, the
 * time limit) may call {@link #stop}. The first call wins. Thread-safe and lock-free.
 */
public final class StopSignal {

  private record Stop(StopReason reason, String message) {}

  private final AtomicReference<Stop> stop = new AtomicReference<>();
  private volatile boolean stopped;

  /** Records {@code reason} unless another reason came first. Returns whether this call won. */
  public boolean stop(StopReason reason, String message) {
    boolean won = stop.compareAndSet(null, new Stop(reason, message));
    stopped = true;
    return won;
  }

  /** Whether any stop was requested. */
  public boolean isStopped() {
    return stopped;
  }

  /** The winning reason, or {@link StopReason#COMPLETED} when nobody asked to stop. */
  public StopReason reason() {
    Stop s = stop.get();
    return s == null ? StopReason.COMPLETED : s.reason();
  }

  /** The message that came with the winning reason, or {@code null}. */
  public String message() {
    Stop s = stop.get();
    return s == null ? null : s.message();
  }
}
