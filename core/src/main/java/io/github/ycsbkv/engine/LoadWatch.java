package io.github.ycsbkv.engine;

import io.github.ycsbkv.results.LoadShape;
import io.github.ycsbkv.spi.ServerLoad;
import io.github.ycsbkv.spi.ServerProbe;

/**
 * Reads the server's own load counters ({@link ServerProbe#load()}) around a measured phase: before the
 * clients connect (the server's baseline), when they are connected (the commands counter at the start),
 * every {@link ServerProbe#LOAD_INTERVAL_MILLIS} ms while they run (the most connections at once), and at
 * the end (the commands counter again). The probe is used by one thread at a time: the caller's, then
 * the watch thread's between {@link #start()} and {@link #stop(long)}, then the caller's again.
 */
final class LoadWatch implements Runnable {

  private final ServerProbe probe;
  private ServerLoad baseline;
  private ServerLoad atStart;
  private volatile boolean stopped;
  private Thread thread;
  // Written by the watch thread, read after it ended.
  private int maxConnections = -1;
  private String failure;

  LoadWatch(ServerProbe probe) {
    this.probe = probe;
  }

  /** Before the clients connect: the connections the server had without them. */
  void baseline() {
    baseline = read();
  }

  /** With the clients connected, just before the clock starts: starts the watch thread. */
  void start() {
    atStart = read();
    if (atStart == null) {
      return;
    }
    note(atStart);
    thread = new Thread(this, "ycsb-server-load");
    thread.setDaemon(true);
    thread.start();
  }

  @Override
  public void run() {
    while (!stopped) {
      try {
        Thread.sleep(ServerProbe.LOAD_INTERVAL_MILLIS);
      } catch (InterruptedException e) {
        return;
      }
      if (stopped) {
        return;
      }
      ServerLoad now = read();
      if (now == null) {
        return;
      }
      note(now);
    }
  }

  /** After the phase: stops the watch and returns what the server saw over {@code operations}, or null. */
  LoadShape.ServerView stop(long operations) {
    stopped = true;
    if (thread != null) {
      // Not interrupted: an interrupt in the middle of a read could break the probe's connection.
      try {
        thread.join(ServerProbe.LOAD_INTERVAL_MILLIS + 2000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    if (baseline == null || atStart == null || (thread != null && thread.isAlive())) {
      return null;
    }
    ServerLoad end = read();
    double perOp = Double.NaN;
    if (end != null && end.commandsProcessed() >= 0 && atStart.commandsProcessed() >= 0 && operations > 0) {
      // The probe leaves its own commands out of the counter (ServerLoad).
      perOp = Math.max(0, end.commandsProcessed() - atStart.commandsProcessed()) / (double) operations;
    }
    return new LoadShape.ServerView(baseline.connections(), baseline.probeConnections(), maxConnections, perOp,
        atStart.source());
  }

  /** Why a read failed, or null. */
  String failure() {
    return failure;
  }

  private void note(ServerLoad load) {
    maxConnections = Math.max(maxConnections, load.connections());
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
