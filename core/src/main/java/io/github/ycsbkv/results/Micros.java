package io.github.ycsbkv.results;

import java.util.Locale;

/** Durations given in microseconds, as the summaries and the client's own warnings word them. Stateless. */
public final class Micros {

  private Micros() {}

  /** A duration given in microseconds, in us, ms or s with three significant digits. */
  public static String human(double micros) {
    if (micros < 1000) {
      return significant(micros) + " us";
    }
    if (micros < 1_000_000) {
      return significant(micros / 1000) + " ms";
    }
    return significant(micros / 1_000_000) + " s";
  }

  private static String significant(double v) {
    if (v >= 100) {
      return String.format(Locale.ROOT, "%.0f", v);
    }
    if (v >= 10) {
      return String.format(Locale.ROOT, "%.1f", v);
    }
    return String.format(Locale.ROOT, "%.2f", v);
  }
}
