package io.github.ycsbkv.engine;

import io.github.ycsbkv.config.UserError;
import io.github.ycsbkv.engine.hosts.ClientSplit;
import io.github.ycsbkv.engine.hosts.Meeting;
import io.github.ycsbkv.engine.hosts.StartBarrier;
import io.github.ycsbkv.engine.time.NanoClock;
import io.github.ycsbkv.engine.stop.StopReason;
import io.github.ycsbkv.engine.stop.StopSignal;
import java.time.Instant;
import java.util.Properties;

/**
 * A phase's part in a run of several client processes ({@link io.github.ycsbkv.engine.hosts}): its start barrier, and
 * the wait at it, which a phase that failed before it turns into telling the others why. The room below knows no
 * stop signal and no warnings; this is where the phase's meet it. Stateless.
 */
final class PhaseHosts {

  private PhaseHosts() {}

  /**
   * The barrier of one of several client processes ({@code clients.barrier}), or null: for a process alone, or (with
   * a warning) when none is given.
   */
  static StartBarrier barrier(ClientSplit split, Properties props, Phase phase, Warnings warnings, NanoClock clock) {
    Meeting meeting = split.many() ? Meeting.of(split, props, clock) : null;
    if (split.many() && meeting == null) {
      warnings.warn(ClientSplit.COUNT + "=" + split.count() + " without " + Meeting.ADDRESS + ": this process's measured"
          + " phase started when it was ready, not with the others' (give -p " + Meeting.ADDRESS + "=HOST:PORT, client"
          + " 0's address, to every client)");
    }
    return meeting == null ? null : new StartBarrier(meeting, phase.command());
  }

  /**
   * Waits at the barrier unless the phase has stopped already (then, if it failed, tells the others why); a client
   * that does not come (or client 0 out of reach) stops the phase as failed, with its one line. Returns the instant
   * the measured phase starts at, or null.
   */
  static Instant await(StartBarrier barrier, StopSignal signal, Warnings warnings) {
    if (signal.isStopped()) {
      if (signal.reason() == StopReason.FAILED) {
        // Failed before the barrier (its store unreachable, say): the others hear why now, not at their timeout.
        warnings.note("telling the other client processes at " + Meeting.ADDRESS + " " + barrier.address()
            + " that this one failed");
        barrier.tellFailure(signal.message());
      }
      return null;
    }
    warnings.note("waiting at " + Meeting.ADDRESS + " " + barrier.address() + " for the other client processes");
    try {
      return barrier.await(signal::isStopped);
    } catch (UserError e) {
      signal.stop(StopReason.FAILED, e.getMessage());
      return null;
    }
  }
}
