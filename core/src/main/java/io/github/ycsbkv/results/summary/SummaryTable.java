package io.github.ycsbkv.results.summary;

import io.github.ycsbkv.results.BenchmarkResult;
import io.github.ycsbkv.results.LatencyStats;
import io.github.ycsbkv.results.Micros;
import io.github.ycsbkv.results.OperationResult;
import io.github.ycsbkv.results.Outage;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The summary for people: one row per operation (count, ops/s, P50, P99 and P99.9 of the service time,
 * each in the unit that suits it, failed operations), and the total. Printed after upstream's lines on
 * a terminal; never instead of them. Stateless.
 */
public final class SummaryTable {

  private SummaryTable() {}

  /** The table for {@code result}, ending with a newline; empty when nothing was measured. */
  public static String format(BenchmarkResult result) {
    double seconds = Math.max(1, result.runtimeMillis()) / 1000.0;
    List<String[]> rows = new ArrayList<>();
    rows.add(new String[] {"operation", "count", "ops/s", "P50", "P99", "P99.9", "failed"});
    long count = 0;
    long failed = 0;
    for (OperationResult op : result.operationResults()) {
      if (op.operation().equals("CLEANUP") || op.count() == 0) {
        continue;
      }
      LatencyStats ok = op.serviceOk();
      rows.add(new String[] {op.operation(), String.format(Locale.ROOT, "%,d", op.count()),
          String.format(Locale.ROOT, "%,.0f", op.count() / seconds), latency(ok, 50), latency(ok, 99),
          latency(ok, 99.9), String.format(Locale.ROOT, "%,d", op.errors())});
      count += op.count();
      failed += op.errors();
    }
    if (rows.size() == 1) {
      return "";
    }
    rows.add(new String[] {"all", String.format(Locale.ROOT, "%,d", count), String.format(Locale.ROOT, "%,.0f",
        count / seconds), "", "", "", String.format(Locale.ROOT, "%,d", failed)});
    int[] width = new int[rows.get(0).length];
    for (String[] r : rows) {
      for (int i = 0; i < r.length; i++) {
        width[i] = Math.max(width[i], r[i].length());
      }
    }
    StringBuilder sb = new StringBuilder();
    for (String[] r : rows) {
      for (int i = 0; i < r.length; i++) {
        String cell = i == 0 ? String.format("%-" + width[i] + "s", r[i]) : String.format("%" + width[i] + "s", r[i]);
        sb.append(i == 0 ? "" : "  ").append(cell);
      }
      sb.append('\n');
    }
    sb.append(String.format(Locale.ROOT, "Service time of successful operations over %.1f s; failed: statuses other"
        + " than OK and NOT_FOUND.%n", seconds));
    if (result.warmup() != null) {
      String w = result.warmup().describe();
      sb.append(Character.toUpperCase(w.charAt(0))).append(w.substring(1)).append(".\n");
    }
    if (result.load() != null) {
      sb.append("Load: ").append(result.load().describe()).append(".\n");
      String seen = result.load().describeServer();
      if (seen != null) {
        sb.append(Character.toUpperCase(seen.charAt(0))).append(seen.substring(1)).append(".\n");
      }
    }
    if (result.stalls() != null) {
      String stalls = result.stalls().describe();
      sb.append(Character.toUpperCase(stalls.charAt(0))).append(stalls.substring(1)).append(".\n");
    }
    for (Outage o : result.outages()) {
      String line = o.describe();
      sb.append(Character.toUpperCase(line.charAt(0))).append(line.substring(1)).append(".\n");
    }
    return sb.toString();
  }

  private static String latency(LatencyStats stats, double percentile) {
    double micros = stats == null ? Double.NaN : stats.percentileMicros(percentile);
    return Double.isNaN(micros) ? "n/a" : Micros.human(micros);
  }

}
