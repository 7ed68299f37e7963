package io.github.ycsbkv.spi;

/**
 * Optional capability of a {@code site.ycsb.Workload}: it says when each of its operations is due, as a recording
 * replayed at its own pace does, instead of the engine spacing them by {@code -target}. The engine then runs each
 * client thread as an open loop on these instants: it waits for the instant, starts the operation, and measures its
 * latency from the instant (so a store that falls behind is seen, not hidden); the client's lateness in acting on an
 * instant is its schedule lag, as under {@code -target}. A workload that implements it is served one thread per
 * client (never several clients on a binding's event loop), and {@code -target} is refused beside it.
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
}
