package io.github.ycsbkv.results;

import java.util.Locale;

/**
 * One period in which operations failed because the store could not be reached ({@link
 * io.github.ycsbkv.spi.Unavailable}: a connection that failed, broke or timed out, a server that said it is
 * loading or its cluster is down), detected from the operations themselves: it starts when the earliest of those
 * failed operations started and ends with the first operation that succeeded after the last one failed (failures
 * less than a second apart belong to one outage). Times are milliseconds from the start of the measured phase.
 *
 * @param startMillis when the earliest failed operation of the outage started
 * @param endMillis when the first operation after its last failure succeeded, or -1 if none did before the end of
 *     the phase
 * @param failedOperations operations that failed during the outage (for any reason)
 * @param firstCause the first failure's cause
 * @param levelBeforeOpsPerSec throughput over the (up to) 5 s before the outage, or NaN when the outage began
 *     less than half a second into the phase
 * @param backAfterMillis from the end of the outage until throughput was back to at least 90% of {@code
 *     levelBeforeOpsPerSec} (over 500 ms), or -1 when it was not by the end of the phase or the level is unknown
 */
public record Outage(long startMillis, long endMillis, long failedOperations, String firstCause,
    double levelBeforeOpsPerSec, long backAfterMillis) {

  /** Whether the outage ended (an operation succeeded after it) before the end of the phase. */
  public boolean ended() {
    return endMillis >= 0;
  }

  /** {@code endMillis - startMillis}, or -1 when it did not end. */
  public long durationMillis() {
    return ended() ? endMillis - startMillis : -1;
  }

  /** One line for people. */
  public String describe() {
    StringBuilder sb = new StringBuilder();
    sb.append(String.format(Locale.ROOT, "outage at %s", seconds(startMillis)));
    if (ended()) {
      sb.append(String.format(Locale.ROOT, " for %s", seconds(durationMillis())));
    } else {
      sb.append(", not over at the end of the phase");
    }
    sb.append(String.format(Locale.ROOT, ", %,d failed operation%s", failedOperations, failedOperations == 1 ? "" : "s"));
    if (ended()) {
      if (backAfterMillis >= 0) {
        sb.append(String.format(Locale.ROOT, ", throughput back to %,.0f ops/s %s after it", levelBeforeOpsPerSec,
            seconds(backAfterMillis)));
      } else if (!Double.isNaN(levelBeforeOpsPerSec)) {
        sb.append(String.format(Locale.ROOT, ", throughput not back to %,.0f ops/s by the end", levelBeforeOpsPerSec));
      }
    }
    sb.append("; first cause: ").append(firstCause);
    return sb.toString();
  }

  private static String seconds(long millis) {
    return String.format(Locale.ROOT, "%.2f s", millis / 1000.0);
  }
}
