package io.github.ycsbkv.internal.cli.capacity;

import io.github.ycsbkv.capacity.CapacityFile;
import io.github.ycsbkv.capacity.CapacitySearch;
import io.github.ycsbkv.config.Slo;
import java.util.List;
import java.util.Locale;

/** The capacity search for people: a line per step as it ends, the curve as a table, and the capacity line. */
public final class CapacityTable {

  private CapacityTable() {}

  /** One step, as the run goes: {@code step 3, raise at 12500 ops/s: achieved 12481, P99 420 us, ...: meets}. */
  static String line(CapacityRunner.StepRun s) {
    CapacityFile.Step f = s.figures();
    StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "step %d, %s: achieved %.0f ops/s", s.number(),
        CapacityRunner.describe(s.plan()), f.achieved()));
    if (!Double.isNaN(f.p99())) {
      sb.append(String.format(Locale.ROOT, ", P99 %s, schedule lag P99 %s", us(f.p99()), us(f.lagP99())));
    }
    if (s.judged() != null && s.judged().verdict() != CapacitySearch.Verdict.PROBE) {
      sb.append(": ").append(verdict(s.judged()));
    }
    return sb.toString();
  }

  /** The curve, one row per step, then the capacity line. */
  public static String table(List<CapacityRunner.StepRun> steps, CapacitySearch search, Slo slo, String failure) {
    StringBuilder sb = new StringBuilder();
    sb.append(String.format(Locale.ROOT, "%-4s %-8s %10s %10s %9s %9s %9s %9s %8s %8s %7s  %s%n", "step", "kind",
        "target/s", "achieved/s", "P50", "P99", "P99.9", "lag P99", "cli us/op", "srv us/op", "srv cores",
        "verdict (" + slo.describe() + ")"));
    for (CapacityRunner.StepRun s : steps) {
      CapacityFile.Step f = s.figures();
      sb.append(String.format(Locale.ROOT, "%-4d %-8s %10s %10.0f %9s %9s %9s %9s %8s %8s %7s  %s%n", s.number(),
          s.plan().kind().name().toLowerCase(Locale.ROOT), s.plan().rate() == 0 ? "closed" : String.format(
          Locale.ROOT, "%.0f", s.plan().rate()), f.achieved(), us(f.p50()), us(f.p99()), us(f.p999()),
          us(f.lagP99()), num(f.clientCpuMicros(), 1), num(f.serverCpuMicros(), 1), num(f.serverCores(), 2),
          s.judged() == null ? "failed" : verdict(s.judged())));
    }
    sb.append(capacityLine(steps, search, slo, failure)).append('\n');
    return sb.toString();
  }

  /** {@code capacity: 41,230 ops/s within p99<=1ms (...)}, or why there is none. */
  static String capacityLine(List<CapacityRunner.StepRun> steps, CapacitySearch search, Slo slo, String failure) {
    if (failure != null) {
      return "capacity: not found: " + failure;
    }
    CapacitySearch.Outcome o = search.outcome();
    if (o == null) {
      return "capacity: not found: the search did not end";
    }
    if (!o.found()) {
      return "capacity: not found: " + o.reason() + (Double.isNaN(o.bestUnconfirmed()) ? ""
          : String.format(Locale.ROOT, " (best rate that met the budget in one step: %.0f ops/s, unconfirmed)",
          o.bestUnconfirmed()));
    }
    CapacityFile.Step at = atCapacity(steps, o.capacity());
    StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "capacity: %s%,.0f ops/s within %s",
        o.lowerBound() ? "at least " : "", o.capacity(), slo.describe()));
    if (at != null && !Double.isNaN(at.serverCpuMicros()) && at.serverCpuMicros() > 0) {
      sb.append(String.format(Locale.ROOT, ", the server at %.2f cores (%.1f us of its CPU per operation: %,.0f"
          + " operations per server core-second)", at.serverCores(), at.serverCpuMicros(), 1e6 / at.serverCpuMicros()));
    }
    sb.append("; ").append(o.reason());
    return sb.toString();
  }

  /** The confirming step at {@code rate}, or null. */
  static CapacityFile.Step atCapacity(List<CapacityRunner.StepRun> steps, double rate) {
    for (int i = steps.size() - 1; i >= 0; i--) {
      CapacityRunner.StepRun s = steps.get(i);
      if (s.plan().kind() == CapacitySearch.Kind.CONFIRM && s.plan().rate() == rate) {
        return s.figures();
      }
    }
    return null;
  }

  private static String verdict(CapacitySearch.Step s) {
    return switch (s.verdict()) {
      case MEETS -> "meets";
      case PROBE -> "probe";
      default -> s.verdict().name().toLowerCase(Locale.ROOT).replace('_', ' ') + " (" + s.why() + ")";
    };
  }

  private static String us(double micros) {
    if (Double.isNaN(micros)) {
      return "-";
    }
    return micros >= 10_000 ? String.format(Locale.ROOT, "%.1fms", micros / 1000)
        : String.format(Locale.ROOT, "%.0fus", micros);
  }

  private static String num(double v, int decimals) {
    return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%." + decimals + "f", v);
  }
}
