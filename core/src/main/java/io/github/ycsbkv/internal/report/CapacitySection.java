package io.github.ycsbkv.internal.report;

import io.github.ycsbkv.capacity.CapacityFile;
import io.github.ycsbkv.results.sweep.Summary;
import io.github.ycsbkv.results.sweep.SweepCell;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A capacity sweep's page part ({@code sweep --capacity}, {@code study --capacity}): per workload, a table of each
 * store's capacity within the budget (mean and 95% confidence interval over the repetitions) with the server's CPU at
 * it, and the latency-throughput curves behind it ({@link CapacityChart}); and {@link #single} for the export
 * directory of one {@code ycsb capacity}. Stateless.
 */
final class CapacitySection {

  private CapacitySection() {}

  /** Whether the sweep's cells are capacity searches. */
  static boolean isCapacitySweep(ReportData data) {
    return data.sweep.cells().stream().anyMatch(c -> c.figure(SweepCell.PROBE) != null
        || c.figure(SweepCell.CAPACITY) != null);
  }

  /** The sweep's capacities and curves, per workload. */
  static void write(Page page, ReportData data) throws IOException {
    for (String w : data.workloads) {
      List<CapacityChart.Curve> curves = new ArrayList<>();
      List<Row> rows = new ArrayList<>();
      for (SweepCell cell : data.cells(w)) {
        Path cellDir = data.cellDir(cell.binding(), w, cell.threads());
        CapacityFile last = null;
        List<String> none = new ArrayList<>();
        for (Path rep : ReportData.repetitions(cellDir, false)) {
          if (CapacityFile.in(rep)) {
            CapacityFile f = CapacityFile.read(rep);
            last = f;
            if (!f.capacity().found()) {
              none.add(rep.getFileName() + ": " + f.capacity().reason());
            } else if (f.capacity().lowerBound()) {
              none.add(rep.getFileName() + ": a lower bound, " + f.capacity().reason());
            }
          }
        }
        rows.add(new Row(cell, last, none));
        if (last != null) {
          boolean oneThreadCount = data.cells(w).stream().filter(c -> c.binding().equals(cell.binding())).count() == 1;
          curves.add(new CapacityChart.Curve(cell.binding() + (oneThreadCount ? "" : " t" + cell.threads()),
              data.color(cell.binding()), last));
        }
      }
      if (rows.stream().allMatch(r -> r.last == null)) {
        continue;
      }
      String budget = rows.stream().filter(r -> r.last != null).findFirst().orElseThrow().last.budget().describe();
      page.html("<h2>Capacity within ").text(budget).html(", ").text(w).html("</h2>\n");
      table(page, rows);
      CapacityChart.draw(page, "Latency against throughput, " + w, curves);
    }
  }

  /** A cell's figures, its last search and why repetitions found no capacity. */
  private record Row(SweepCell cell, CapacityFile last, List<String> none) {}

  private static void table(Page page, List<Row> rows) {
    page.html("<table><tr><th class=\"l\">store</th><th>connections</th><th>capacity ops/s, mean</th>")
        .html("<th>95% CI</th><th>found in</th><th>P99 at it</th><th>server us/op at it</th>")
        .html("<th>ops per server core-second</th><th>closed-loop probe ops/s</th><th class=\"l\">")
        .html("without a capacity</th></tr>\n");
    for (Row r : rows) {
      Summary cap = r.cell.figure(SweepCell.CAPACITY);
      Summary probe = r.cell.figure(SweepCell.PROBE);
      int searches = probe == null ? 0 : probe.n();
      page.html("<tr><td class=\"l\">").text(r.cell.binding()).html("</td><td>")
          .html(Integer.toString(r.cell.threads())).html("</td><td>").html(mean(cap, "%,.0f")).html("</td><td>")
          .html(ci(cap)).html("</td><td>").html((cap == null ? 0 : cap.n()) + " of " + searches).html("</td><td>")
          .text(latency(r.cell.figure(SweepCell.CAPACITY_P99))).html("</td><td>")
          .html(mean(r.cell.figure(SweepCell.CAPACITY_SERVER_CPU), "%.1f")).html("</td><td>")
          .html(mean(r.cell.figure(SweepCell.CAPACITY_PER_SERVER_CORE), "%,.0f")).html("</td><td>")
          .html(mean(probe, "%,.0f")).html("</td><td class=\"l\">").text(String.join("; ", r.none))
          .html(r.cell.failed().isEmpty() ? "" : "<span class=\"warn\">").text(String.join("; ", r.cell.failed()))
          .html(r.cell.failed().isEmpty() ? "" : "</span>").html("</td></tr>\n");
    }
    page.html("</table>\n<p>The capacity is the highest rate of arrivals (open loop, latency from each operation's")
        .html(" intended start) that met the budget in a confirming run three steps long. The server's CPU is its own")
        .html(" counter (Redis, Valkey, KeyDB) or its process's /proc figure where it ran on the client's host")
        .html(" (Dragonfly, Aerospike); blank where neither was available. A search that ended without a capacity")
        .html(" says why: most often the client was the bottleneck, whose figures are never reported as the")
        .html(" store's.</p>\n");
  }

  /** The page of one {@code ycsb capacity}'s export directory: its curve and its steps. */
  static void single(Page page, CapacityFile f) {
    page.html("<h2>Capacity of ").text(f.binding()).html(" within ").text(f.budget().describe()).html("</h2>\n<p>")
        .text(f.capacity().describe()).html(": ").text(f.capacity().reason()).html(". Workload ").text(f.workload())
        .html(", ").html(f.clientProcesses() == 1 ? f.connections() + " connections"
            : f.clientProcesses() + " client processes of " + f.connections() + " connections each, every step's"
            + " figures theirs merged").html("; closed-loop probe ")
        .text(Double.isNaN(f.probeOpsPerSec()) ? "-" : String.format(Locale.ROOT, "%,.0f ops/s", f.probeOpsPerSec()))
        .html(".</p>\n");
    CapacityChart.draw(page, "Latency against throughput, " + f.binding(), List.of(new CapacityChart.Curve(
        f.binding(), ReportData.PALETTE[0], f)));
    page.html("<table><tr><th>step</th><th class=\"l\">kind</th><th>target ops/s</th><th>achieved ops/s</th>")
        .html("<th>P50</th><th>P99</th><th>P99.9</th><th>schedule lag P99</th><th>client us/op</th>")
        .html("<th>server us/op</th><th>server cores</th><th class=\"l\">verdict</th></tr>\n");
    for (CapacityFile.Step s : f.steps()) {
      page.html("<tr><td>").html(Integer.toString(s.step())).html("</td><td class=\"l\">").text(s.kind())
          .html("</td><td>").text(s.probe() ? "closed loop" : String.format(Locale.ROOT, "%,.0f", s.target()))
          .html("</td><td>").text(String.format(Locale.ROOT, "%,.0f", s.achieved())).html("</td><td>")
          .text(latency(s.p50())).html("</td><td>").text(latency(s.p99())).html("</td><td>").text(latency(s.p999()))
          .html("</td><td>").text(latency(s.lagP99())).html("</td><td>").text(number(s.clientCpuMicros(), "%.1f"))
          .html("</td><td>").text(number(s.serverCpuMicros(), "%.1f")).html("</td><td>")
          .text(number(s.serverCores(), "%.2f")).html("</td><td class=\"l\">")
          .html(s.clientBoundVerdict() ? "<span class=\"warn\">" : "").text(s.verdict().replace('_', ' ')
              + (s.why() == null ? "" : " (" + s.why() + ")")).html(s.clientBoundVerdict() ? "</span>" : "")
          .html("</td></tr>\n");
    }
    page.html("</table>\n");
  }

  private static String mean(Summary s, String format) {
    return s == null || s.n() == 0 ? "" : String.format(Locale.ROOT, format, s.mean());
  }

  private static String ci(Summary s) {
    return s == null || s.n() < 2 || !Double.isFinite(s.ci95Low()) ? "" : String.format(Locale.ROOT,
        "%,.0f - %,.0f", s.ci95Low(), s.ci95High());
  }

  private static String latency(Summary s) {
    return s == null || s.n() == 0 ? "" : latency(s.mean());
  }

  private static String latency(double micros) {
    return Double.isNaN(micros) ? "-" : io.github.ycsbkv.config.Slo.measured(micros);
  }

  private static String number(double v, String format) {
    return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, format, v);
  }
}
