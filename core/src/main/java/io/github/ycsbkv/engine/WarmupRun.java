package io.github.ycsbkv.engine;

import io.github.ycsbkv.config.EngineProperties;
import io.github.ycsbkv.engine.stop.StopReason;
import io.github.ycsbkv.engine.stop.StopSignal;
import io.github.ycsbkv.engine.time.NanoClock;
import io.github.ycsbkv.results.Warmup;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The unmeasured warm-up before a run's measured phase ({@code -p warmup}): the engine opens each of its parts in
 * turn ({@link WarmupPart}) and waits until every client ended it. Used by the thread that runs the phase.
 */
final class WarmupRun {

  private final WarmupSetting setting;
  private final ClientSet clients;
  private final StopSignal signal;
  private final NanoClock clock;
  private final Warnings warnings;

  WarmupRun(WarmupSetting setting, ClientSet clients, StopSignal signal, NanoClock clock, Warnings warnings) {
    this.setting = setting;
    this.clients = clients;
    this.signal = signal;
    this.clock = clock;
    this.warnings = warnings;
  }

  /**
   * Runs the clients' warm-up (when {@code start}: every client is ready and nothing stopped the run), part after
   * part, and waits until each client ended each part; returns what it did, or null when it did not run. A client
   * that is still in a part its grace ({@value EngineProperties#STOP_GRACE}) after the part should have ended stops
   * the run.
   */
  Warmup run(boolean start) {
    List<WarmupPart> parts = clients.warmupParts;
    if (!start || signal.isStopped()) {
      for (WarmupPart part : parts) {
        part.go.countDown(); // the clients waiting go on to the measured phase, which the stop leaves empty
      }
      return null;
    }
    warnings.note("warm-up: " + setting.text() + " of the same load before the measured phase, not counted");
    long startNanos = clock.nanoTime();
    for (WarmupPart part : parts) {
      if (signal.isStopped()) {
        part.go.countDown();
        continue;
      }
      part.startNanos = clock.nanoTime();
      part.go.countDown();
      await(part);
    }
    long millis = TimeUnit.NANOSECONDS.toMillis(clock.nanoTime() - startNanos);
    long operations = 0;
    long failed = 0;
    for (Worker w : clients.workers) {
      operations += w.warmupOpsDone();
      failed += w.warmupFailedOps();
    }
    Warmup w = new Warmup(setting.text(), operations, failed, millis);
    warnings.note(w.describe());
    return w;
  }

  private void await(WarmupPart part) {
    long stopSeen = -1;
    try {
      while (!part.done.await(20, TimeUnit.MILLISECONDS)) {
        long now = clock.nanoTime();
        if (!part.signal.isStopped() && (part.maxNanos == 0 || now - part.startNanos < part.maxNanos)) {
          continue;
        }
        if (stopSeen < 0) {
          stopSeen = now;
        } else if (now - stopSeen > clients.stopGrace.toNanos()) {
          signal.stop(StopReason.FAILED, part.done.getCount() + " client thread(s) did not end their warm-up within "
              + clients.stopGrace.toSeconds() + " s of its end (an operation that never completed)");
          return;
        }
      }
    } catch (InterruptedException e) {
      signal.stop(StopReason.INTERRUPTED, null);
    }
  }
}
