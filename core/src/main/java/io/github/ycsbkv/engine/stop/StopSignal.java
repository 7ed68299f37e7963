package io.github.ycsbkv.engine.stop;

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
  /**
   * The run's signal: this one, or for a part of the run ({@link #part()}) the run's. Never null, so that {@link
   * #isStopped()} takes the same branches for both (code compiled during a warm-up stays right after it).
   */
  private final StopSignal run;

  public StopSignal() {
    this.run = this;
  }

  private StopSignal(StopSignal run) {
    this.run = run;
  }

  /**
   * A signal for a part of the run (its warm-up): reaching the part's time limit ({@link
   * StopReason#MAX_EXECUTION_TIME}) ends the part only; any other reason (a failure, Ctrl-C) stops the run too, and
   * a stop of the run stops the part.
   */
  public StopSignal part() {
    return new StopSignal(this);
  }

  /** Records {@code reason} unless another reason came first. Returns whether this call won. */
  public boolean stop(StopReason reason, String message) {
    if (run != this && reason != StopReason.MAX_EXECUTION_TIME) {
      run.stop(reason, message);
    }
    boolean won = stop.compareAndSet(null, new Stop(reason, message));
    stopped = true;
    return won;
  }

  /** Whether any stop was requested. */
  public boolean isStopped() {
    return stopped || run.stopped;
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
