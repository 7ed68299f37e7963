package io.github.ycsbkv.internal.cli.console;

import io.github.ycsbkv.engine.stop.StopReason;
import io.github.ycsbkv.engine.stop.StopSignal;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Ctrl-C handling: the first SIGINT stops the running benchmark, which then prints and writes its
 * partial results and exits with 130; a second SIGINT (or one with nothing running) exits at once.
 *
 * <p>Uses {@code sun.misc.Signal} (module {@code jdk.unsupported}), the only way in Java 17 to
 * handle SIGINT without the JVM starting its shutdown; where it is missing, Ctrl-C falls back to the
 * JVM's default (immediate exit).
 */
public final class Interrupts {

  /** Exit code after Ctrl-C, as shells report SIGINT. */
  public static final int EXIT_INTERRUPTED = 130;

  private static final AtomicReference<StopSignal> ACTIVE = new AtomicReference<>();
  private static final AtomicInteger COUNT = new AtomicInteger();

  private Interrupts() {}

  public static void install() {
    try {
      sun.misc.Signal.handle(new sun.misc.Signal("INT"), sig -> onInterrupt());
    } catch (IllegalArgumentException | LinkageError e) {
      // No SIGINT on this platform (or no jdk.unsupported): keep the JVM's default behaviour.
    }
  }

  /** Makes {@code signal} the one Ctrl-C stops; {@code null} when nothing runs. */
  public static void setActive(StopSignal signal) {
    ACTIVE.set(signal);
  }

  private static void onInterrupt() {
    StopSignal active = ACTIVE.get();
    if (COUNT.incrementAndGet() > 1 || active == null) {
      System.err.println("\nycsb: interrupted");
      Runtime.getRuntime().halt(EXIT_INTERRUPTED);
    }
    System.err.println("\nycsb: interrupted; stopping clients and writing partial results (Ctrl-C again to quit now)");
    active.stop(StopReason.INTERRUPTED, "interrupted by the user");
  }
}
