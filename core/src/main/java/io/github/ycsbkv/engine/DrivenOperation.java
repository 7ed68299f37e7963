package io.github.ycsbkv.engine;

import io.github.ycsbkv.engine.metrics.OperationRecorder;
import io.github.ycsbkv.spi.DirectCompletion;
import site.ycsb.Status;

/**
 * An operation of a {@link DrivenLoop} whose stage reports to it directly ({@link DirectCompletion}): one object per
 * operation, which the loop then runs to record it in its client's {@link TimedDB}. Used by the loop's thread.
 */
final class DrivenOperation implements DirectCompletion.Listener, Runnable {
  private final TimedDB timed;
  private final DrivenLoop loop;
  private final OperationRecorder operation;
  private final long start;
  /** The open loop's intended start, or -1. */
  private final long intended;
  private long end;
  private Status status;

  DrivenOperation(TimedDB timed, DrivenLoop loop, OperationRecorder operation, long start, long intended) {
    this.timed = timed;
    this.loop = loop;
    this.operation = operation;
    this.start = start;
    this.intended = intended;
  }

  @Override
  public void done(Status outcome) {
    end = timed.clock().nanoTime();
    status = outcome == null ? Status.ERROR : outcome;
    loop.completed(this);
  }

  @Override
  public void run() {
    timed.record(operation, status, start, end, intended);
  }
}
