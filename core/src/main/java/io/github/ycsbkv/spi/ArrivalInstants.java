package io.github.ycsbkv.spi;

/**
 * Optional capability of a {@code site.ycsb.Workload}: it says when each of its operations is due, as a recording
 * replayed at its own pace does, instead of the engine spacing them by {@code -target}. The engine then runs each
 * client thread as an open loop on these instants: it waits for the instant, starts the operation, and measures its
 * latency from the instant (so a store that falls behind is seen, not hidden); the client's lateness in acting on an
 * instant is its schedule lag, as under {@code -target}. A workload that implements it is served one thread per
 * client (never several clients on a binding's event loop); a {@code -target} is the workload's to honour (a replay
 * scales its pace to it), and the engine's own schedule is not used.
 */
public interface ArrivalInstants {

  /** {@link #nextInstantNanos}: this thread has nothing left to send; its loop ends. */
  long END = Long.MAX_VALUE;

  /**
   * Whether this run is paced by the instants (asked after {@code init}); false runs each client as fast as its
   * operations complete (a closed loop), and {@link #nextInstantNanos} is then never called.
   */
  boolean paced();

  /**
   * When this thread's next operation is due, in nanoseconds after the measured phase's start (never less than the
   * one before), or {@link #END}; called once before each {@code doTransaction}, on the thread that then calls it,
   * which sends the operation this instant belongs to.
   */
  long nextInstantNanos(Object threadState);

  /**
   * Given before the run: whether the run is stopping (its time limit, a failure, Ctrl-C). A workload that waits for
   * its next operation (a recording's reader) polls it, so that no client waits past the run's end. Default: unused.
   */
  default void stopWhen(java.util.function.BooleanSupplier stopping) {}

  /**
   * The rate its instants offer, in operations per second (a recording's pace times its speed), asked after the run;
   * NaN when it cannot say (the result then counts what arrived over the run's length, which a store that fell
   * behind makes smaller than what was offered). Default: NaN.
   */
  default double offeredOpsPerSec() {
    return Double.NaN;
  }
}
