package io.github.ycsbkv.internal.cli.capacity;

import io.github.ycsbkv.config.Slo;
import io.github.ycsbkv.config.UserError;
import java.util.Locale;
import picocli.CommandLine.Option;

/**
 * How a capacity search steps ({@code --slo}, {@code --step}, {@code --warmup}, {@code --resolution}), declared once
 * for {@code capacity} (a picocli mixin) and for the {@code --capacity} of {@code sweep} and {@code study}
 * ({@code CapacityOptions}), and read here.
 */
public class SearchOptions {

  @Option(names = "--slo", paramLabel = "BUDGET",
      description = "The latency budget, every operation from its intended start: p99=1ms, or several bounds such as"
          + " p99=1ms,p999=5ms (units us, ms, s).")
  String slo;

  @Option(names = "--step", paramLabel = "SECONDS",
      description = "Each step's measured length (default ${DEFAULT-VALUE}; the confirmation runs 3 steps long).")
  String step = "10s";

  @Option(names = "--warmup", paramLabel = "TIME", description = "An unmeasured warm-up before each step at its rate"
      + " (default ${DEFAULT-VALUE}; 0 for none).")
  String warmup = "2s";

  @Option(names = "--resolution", paramLabel = "PERCENT", description = "Bisection ends when the last rate that met"
      + " the budget and the first that did not are this close (default ${DEFAULT-VALUE}).")
  public String resolution = "2%";

  /** The budget; without {@code --slo}, one line saying what {@code command} needs. */
  public Slo budget(String command) {
    if (slo == null || slo.isBlank()) {
      throw new UserError(command + " needs a latency budget: --slo p99=1ms (or several bounds: p99=1ms,p999=5ms)");
    }
    return Slo.parse(slo);
  }

  public long stepSeconds() {
    return seconds(step);
  }

  /** The warm-up before each step, or null for none ({@code --warmup 0}). */
  public String warmupOrNull() {
    return warmup.strip().equals("0") ? null : warmup.strip();
  }

  public double resolutionShare() {
    return resolution(resolution);
  }

  /** {@code 10s} or {@code 10}: whole seconds, at least 1. */
  static long seconds(String text) {
    String t = text.strip().toLowerCase(Locale.ROOT);
    if (t.endsWith("s")) {
      t = t.substring(0, t.length() - 1).strip();
    }
    try {
      long s = Long.parseLong(t);
      if (s >= 1) {
        return s;
      }
    } catch (NumberFormatException e) {
      // the line below
    }
    throw new UserError("--step must be whole seconds, at least 1 (for example 10s), got '" + text.strip() + "'");
  }

  /** {@code 2%} or {@code 0.02}: a fraction above 0 and below 0.5. */
  static double resolution(String text) {
    String t = text.strip();
    try {
      double v = t.endsWith("%") ? Double.parseDouble(t.substring(0, t.length() - 1).strip()) / 100
          : Double.parseDouble(t);
      if (v > 0 && v < 0.5) {
        return v;
      }
    } catch (NumberFormatException e) {
      // the line below
    }
    throw new UserError("--resolution must be a share above 0 and below 50% (for example 2%), got '" + t + "'");
  }
}
