package io.github.ycsbkv.it;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A fault timed from a run's measured phase rather than from the test's start, which a slow start of the run's JVM
 * moves towards (or before) the phase's start: a run with {@code export.dir} and {@code status.interval=1} writes its
 * first histogram export one status interval into its phase.
 */
final class RunPhase {

  private RunPhase() {}

  /**
   * Waits for the first histogram export ({@code *.hlog}) in {@code exportDir}, then {@code afterMillis} more: about
   * {@code afterMillis} + 1 s into the phase. False when none came within two minutes.
   */
  static boolean awaitInto(Path exportDir, long afterMillis) throws InterruptedException {
    long until = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
    while (System.nanoTime() < until) {
      try (Stream<Path> files = Files.list(exportDir)) {
        if (files.anyMatch(f -> f.getFileName().toString().endsWith(".hlog"))) {
          Thread.sleep(afterMillis);
          return true;
        }
      } catch (IOException e) {
        // Not made yet.
      }
      Thread.sleep(20);
    }
    return false;
  }

  /** How far into the phase of {@code result} (its result.json) the wall-clock instant {@code epochMillis} came. */
  static long millisInto(JsonNode result, long epochMillis) {
    return epochMillis - Instant.parse(result.path("timing").path("start").asText()).toEpochMilli();
  }
}
