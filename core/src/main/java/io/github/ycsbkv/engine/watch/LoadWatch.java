package io.github.ycsbkv.engine.watch;

import io.github.ycsbkv.engine.states.StateWatch;
import io.github.ycsbkv.results.LoadShape;
import io.github.ycsbkv.spi.ServerLoad;
import io.github.ycsbkv.spi.ServerProbe;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads the server's own load counters ({@link ServerProbe#load()}) around a measured phase: when the
 * clients are connected (the commands counter and the server's CPU time at the start), every
 * {@link ServerProbe#LOAD_INTERVAL_MILLIS} ms while they run (the most connections at once), at the end (both
 * counters again), and once the clients have closed their connections (the server's baseline: the probe's own
 * and any other client's).
 * The baseline is read after the run, not before it, so that a server that accepts and never answers costs
 * no probe timeout before the clients' own. The probe is used by one thread at a time: the caller's, then
 * the watch thread's between {@link #start()} and {@link #stop(long)}, then the caller's again. The same thread
 * drives the server's states and events ({@link StateWatch}) when given one, so that they share the probe.
 */
public final class LoadWatch implements Runnable {

  private final ServerProbe probe;
  private ServerLoad baseline;
  private ServerLoad atStart;
  private volatile boolean stopped;
  private Thread thread;
  // Written by the watch thread, read after it ended.
  private int maxConnections = -1;
  private long lastCpuMicros = -1;
  private boolean cpuWentBack;
  private String failure;
  private String cpuProblem;
  /** When the watch started (the measured phase's start, within a read), for the node events' times. */
  private long startNanos;
  /** A cluster's nodes the last read could not reach. */
  private Set<String> down = new LinkedHashSet<>();
  private final List<LoadShape.NodeEvent> events = new ArrayList<>();
  /** The read at the start and the last one, for the live metrics ({@link #live}); null before the first. */
  private volatile ServerLoad[] live;

  /** Reads the server's state and begins its events on the same thread, or null. */
  private final StateWatch states;
  /** Whether the load counters are read (the first read gave some). */
  private boolean loadRead;

  public LoadWatch(ServerProbe probe) {
    this(probe, null);
  }

  /** A watch that also drives {@code states} (the server's state and events) from its thread. */
  public LoadWatch(ServerProbe probe, StateWatch states) {
    this.probe = probe;
    this.states = states;
  }

  /** With the clients connected, just before the clock starts: starts the watch thread. */
  public void start() {
    startNanos = System.nanoTime();
    atStart = read();
    loadRead = atStart != null;
    if (loadRead) {
      note(atStart);
    }
    if (states != null) {
      states.start();
    }
    if (!loadRead && states == null) {
      return;
    }
    thread = new Thread(this, "ycsb-server-load");
    thread.setDaemon(true);
    thread.start();
  }

  @Override
  public void run() {
    long interval = ServerProbe.LOAD_INTERVAL_MILLIS * 1_000_000L;
    long nextLoad = System.nanoTime() + interval;
    while (!stopped) {
      // The load every interval; the states when they ask, and at least every interval (a stop is seen soon).
      long wait = loadRead ? nextLoad - System.nanoTime() : Long.MAX_VALUE;
      long statesWait = states == null ? Long.MAX_VALUE : states.nextDelayNanos();
      if (wait == Long.MAX_VALUE && statesWait == Long.MAX_VALUE) {
        return; // nothing more to read
      }
      wait = Math.min(Math.min(wait, statesWait), interval);
      if (wait > 0) {
        try {
          Thread.sleep(wait / 1_000_000L, (int) (wait % 1_000_000L));
        } catch (InterruptedException e) {
          return;
        }
      }
      if (stopped) {
        return;
      }
      if (loadRead && System.nanoTime() >= nextLoad) {
        ServerLoad now = read();
        if (now == null) {
          loadRead = false;
        } else {
          note(now);
        }
        nextLoad = Math.max(nextLoad + interval, System.nanoTime());
      }
      if (states != null) {
        states.tick();
      }
    }
  }

  /** After the phase: stops the watch and returns what the server saw over {@code operations}, or null. */
  public LoadShape.ServerView stop(long operations) {
    stopped = true;
    if (thread != null) {
      // Not interrupted: an interrupt in the middle of a read could break the probe's connection.
      try {
        thread.join(ServerProbe.LOAD_INTERVAL_MILLIS + 2000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    if (atStart == null || !ended()) {
      return null;
    }
    ServerLoad end = read();
    baseline = settled(end);
    if (baseline == null) {
      return null;
    }
    double commands = Double.NaN;
    if (end != null && end.commandsProcessed() >= 0 && atStart.commandsProcessed() >= 0) {
      // The probe leaves its own commands out of the counter (ServerLoad).
      commands = Math.max(0, end.commandsProcessed() - atStart.commandsProcessed());
    }
    double cpu = Double.NaN;
    if (end != null && end.cpuMicros() >= 0 && atStart.cpuMicros() >= 0) {
      if (cpuWentBack || end.cpuMicros() < lastCpuMicros) {
        cpuProblem = "the server's CPU time counter went backwards during the phase, so no server CPU per operation"
            + " is given";
      } else {
        cpu = end.cpuMicros() - atStart.cpuMicros();
      }
    }
    if (!events.isEmpty()) {
      // A cluster node lost (and perhaps restarted, its counters from zero) during the phase: the sums over the
      // nodes at the start and the end are not of the same servers.
      commands = Double.NaN;
      cpu = Double.NaN;
    }
    // As during the phase, connections an event of the probe's left (a slot move's MIGRATE socket) are left out.
    int eventConnections = Math.max(0, baseline.probeConnections() - atStart.probeConnections());
    return new LoadShape.ServerView(baseline.connections() - eventConnections,
        baseline.probeConnections() - eventConnections, maxConnections,
        operations > 0 ? commands / operations : Double.NaN, atStart.source(),
        operations > 0 ? cpu / operations : Double.NaN, events, commands, cpu);
  }

  /**
   * The connections once the server has seen the clients' connections close: read again (every 50 ms, at
   * most {@value #SETTLE_READS} times) until the count stops falling, since a multi-threaded server may
   * count a closed connection for a moment.
   */
  private ServerLoad settled(ServerLoad first) {
    ServerLoad last = first;
    for (int i = 0; last != null && i < SETTLE_READS; i++) {
      try {
        Thread.sleep(50);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return last;
      }
      ServerLoad now = read();
      if (now == null || now.connections() >= last.connections()) {
        return now == null ? last : now;
      }
      last = now;
    }
    return last;
  }

  private static final int SETTLE_READS = 20;

  /** What reads the server's state and begins its events from this watch's thread, or null. */
  public StateWatch states() {
    return states;
  }

  /** Whether the watch thread is not running (it ended, or never started); the probe is then the caller's again. */
  public boolean ended() {
    return thread == null || !thread.isAlive();
  }

  /** Why a read failed, or null. */
  public String failure() {
    return failure;
  }

  /** Why the server's CPU per operation is not given though the server reports its CPU time, or null. */
  public String cpuProblem() {
    return cpuProblem;
  }

  /**
   * The cluster nodes the probe lost or found again while the phase ran, in order (after {@link #stop}); a node
   * unreachable at the start is lost at 0.
   */
  public List<LoadShape.NodeEvent> nodeEvents() {
    return List.copyOf(events);
  }

  /**
   * The server's load as read at the start of the phase and last (every {@value ServerProbe#LOAD_INTERVAL_MILLIS}
   * ms), for a scrape of the live metrics from another thread; null before the first read or without one.
   */
  public ServerLoad[] live() {
    return live;
  }

  private void note(ServerLoad load) {
    live = new ServerLoad[] {atStart, load};
    long atMillis = Math.max(0, (System.nanoTime() - startNanos) / 1_000_000);
    Set<String> now = new LinkedHashSet<>(load.unreachable());
    for (String node : now) {
      if (!down.contains(node)) {
        events.add(new LoadShape.NodeEvent(node, LoadShape.NodeEvent.LOST, atMillis));
      }
    }
    for (String node : down) {
      if (!now.contains(node)) {
        events.add(new LoadShape.NodeEvent(node, LoadShape.NodeEvent.BACK, atMillis));
      }
    }
    down = now;
    // Connections the probe opened for an event since the start (a slot move's) are neither the clients' nor others'.
    int eventConnections = Math.max(0, load.probeConnections() - atStart.probeConnections());
    maxConnections = Math.max(maxConnections, load.connections() - eventConnections);
    if (load.cpuMicros() >= 0) {
      cpuWentBack |= load.cpuMicros() < lastCpuMicros;
      lastCpuMicros = load.cpuMicros();
    }
  }

  private ServerLoad read() {
    try {
      return probe.load();
    } catch (Exception | LinkageError e) {
      failure = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
      return null;
    }
  }
}
