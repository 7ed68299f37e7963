package io.github.ycsbkv.engine;

import io.github.ycsbkv.config.UserError;
import io.github.ycsbkv.engine.states.EventWindows;
import io.github.ycsbkv.engine.states.StateWatch;
import io.github.ycsbkv.engine.time.NanoClock;
import io.github.ycsbkv.engine.watch.LoadWatch;
import io.github.ycsbkv.results.LoadShape;
import io.github.ycsbkv.results.ServerStates;
import io.github.ycsbkv.spi.ServerProbe;
import io.github.ycsbkv.spi.ServerSample;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the server itself says about a phase, through the binding's probe: its state when every client has connected
 * and after they finished ({@code before}, {@code after}), and the load it saw while they ran ({@link LoadWatch}). A
 * probe that fails is a warning, never the phase's failure; without a probe there is nothing. Used by the thread
 * that runs the phase.
 */
final class ServerSide {

  private final ServerProbe probe;
  private final Phase phase;
  private final Warnings warnings;
  private final LoadWatch watch;
  private final Map<String, ServerSample> samples = new LinkedHashMap<>();
  /** Whether the state before was read: only then are the load and the state after read too. */
  private boolean probed;

  /** The server's state and events on the phase's time axis, or null without a probe. */
  private final StateWatch states;
  private ServerStates statesSeen;

  ServerSide(ServerProbe probe, Phase phase, Warnings warnings, EventWindows windows, long intervalMillis,
      NanoClock clock) {
    this.probe = probe;
    this.phase = phase;
    this.warnings = warnings;
    this.states = probe == null ? null : new StateWatch(probe, windows, intervalMillis, clock);
    this.watch = probe == null ? null : new LoadWatch(probe, states);
  }

  /** What reads the server's load while the phase runs; null without a probe. */
  LoadWatch watch() {
    return watch;
  }

  /** The server's state just before the clock starts, then its load counters start being read. */
  void before() {
    probed = sample("before");
    if (watch != null && probed) {
      watch.start();
    }
  }

  /**
   * After the phase: the load the server saw over {@code operations}, added to {@code shape} (with a warning for
   * each way it differs from what the engine intended), and the server's state after; the phase ended at
   * {@code endNanos} (its clock).
   */
  LoadShape after(LoadShape shape, long operations, long endNanos) {
    LoadShape seen = shape;
    if (watch != null && probed) {
      LoadShape.ServerView view = watch.stop(operations);
      if (view != null && shape != null && shape.hosts() != null) {
        // The server's counters moved for every client process, the operations are this one's only.
        view = new LoadShape.ServerView(view.connectionsBefore(), view.probeConnections(), view.connectionsMax(),
            Double.NaN, view.source(), Double.NaN, view.nodeEvents(), view.commands(), view.cpuMicros());
        warnings.note("load: the server's commands and CPU per operation are left out: it served all "
            + shape.hosts().count() + " client processes, this result holds one (ycsb merge gives them)");
      }
      if (view != null && shape != null) {
        seen = shape.withServer(view);
        String described = seen.describeServer();
        if (described != null) {
          warnings.note("load: " + described);
        }
        for (String m : seen.mismatches()) {
          warnings.warn(m);
        }
        if (watch.cpuProblem() != null) {
          warnings.warn(watch.cpuProblem());
        }
      } else if (watch.failure() != null) {
        warnings.warn("the server's load counters could not be read: " + watch.failure());
      }
      nodeWarnings(watch.nodeEvents());
      statesSeen = states.finish(watch.ended(), endNanos);
      states.failures().forEach(warnings::warn);
      stateLines(statesSeen);
    }
    if (probed) {
      sample("after");
    }
    return seen;
  }

  /**
   * One line per cluster node the probe lost during the phase: when, and whether and when it was back. The
   * operations' own failures (if the client could not reach it either) are the outage's.
   */
  private void nodeWarnings(List<LoadShape.NodeEvent> events) {
    for (int i = 0; i < events.size(); i++) {
      LoadShape.NodeEvent e = events.get(i);
      if (!LoadShape.NodeEvent.LOST.equals(e.event())) {
        continue;
      }
      String back = "not back by the end of the phase";
      for (int j = i + 1; j < events.size(); j++) {
        if (events.get(j).node().equals(e.node())) {
          back = String.format(java.util.Locale.ROOT, "back at %.2f s", events.get(j).atMillis() / 1000.0);
          break;
        }
      }
      warnings.warn(String.format(java.util.Locale.ROOT, "cluster node %s lost at %.2f s into the measured phase (the"
          + " probe could not read it), %s", e.node(), e.atMillis() / 1000.0, back));
    }
  }

  /**
   * One line per event (a warning where it did not begin or end within the phase), the reads' hit ratio, and the
   * replicas' most lag.
   */
  private void stateLines(ServerStates seen) {
    if (seen == null) {
      return;
    }
    for (ServerStates.EventWindow e : seen.events()) {
      if (e.failure() != null || e.endMillis() < 0) {
        warnings.warn(e.describe());
      } else {
        warnings.note(e.describe());
      }
    }
    String hits = seen.describeHits();
    if (hits != null) {
      warnings.note(hits);
    }
    String replicas = seen.describeReplicas();
    if (replicas != null) {
      warnings.note(replicas);
    }
  }

  /** The server's state and events on the phase's time axis, or null (after {@link #after}). */
  ServerStates states() {
    return statesSeen;
  }

  /** The samples read, by when ({@code before}, {@code after}). */
  Map<String, ServerSample> samples() {
    return samples;
  }

  /** Samples the probe; false (with a warning) when there is none or it failed. */
  private boolean sample(String when) {
    if (probe == null) {
      return false;
    }
    try {
      samples.put(when, probe.sample());
      return true;
    } catch (Exception | LinkageError e) {
      warnings.warn("server probe failed " + when + " the " + phase.command() + ": " + UserError.describe(e));
      return false;
    }
  }
}
