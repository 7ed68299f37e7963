package io.github.ycsbkv.internal.report;

import io.github.ycsbkv.results.BenchmarkResult;
import io.github.ycsbkv.results.Outage;
import io.github.ycsbkv.results.sweep.SweepCell;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The outages of a sweep's runs (docs/faults.md): a table of every outage, then the timeline of every run that had
 * one ({@link Timeline}, the outages shaded). Stateless.
 */
final class OutagesSection {

  private OutagesSection() {}

  static void write(Page page, ReportData data) throws IOException {
    List<BenchmarkResult> withOutages = new ArrayList<>();
    List<String> names = new ArrayList<>();
    for (SweepCell cell : data.sweep.cells()) {
      for (Path rep : ReportData.repetitions(data.cellDir(cell.binding(), cell.workload(), cell.threads()), false)) {
        BenchmarkResult r = data.result(rep);
        if (r != null && !r.outages().isEmpty()) {
          withOutages.add(r);
          names.add(cell.binding() + ", " + cell.workload() + ", " + cell.threads() + " threads, " + rep.getFileName());
        }
      }
    }
    page.html("<h2>Outages</h2>\n");
    if (withOutages.isEmpty()) {
      page.html("<p>No run had an outage (a period in which operations failed because the store could not be"
          + " reached, or nothing completed for a second; docs/faults.md).</p>\n");
      return;
    }
    table(page, withOutages, names);
    for (int i = 0; i < withOutages.size(); i++) {
      timeline(page, names.get(i), withOutages.get(i));
    }
  }

  /** Every outage of {@code results} (named {@code names}), one row each; "No outage." when there is none. */
  static void table(Page page, List<BenchmarkResult> results, List<String> names) {
    if (results.stream().allMatch(r -> r.outages().isEmpty())) {
      page.html("<p>No outage.</p>\n");
      return;
    }
    page.html("<table><tr><th class=\"l\">run</th><th>start (s)</th><th>duration (s)</th><th>failed operations</th>")
        .html("<th>throughput before (ops/s)</th><th>back after (s)</th><th class=\"l\">first cause</th></tr>\n");
    for (int i = 0; i < results.size(); i++) {
      for (Outage o : results.get(i).outages()) {
        page.html("<tr><td class=\"l\">").text(names.get(i)).html("</td><td>")
            .html(String.format(Locale.ROOT, "%.2f", o.startMillis() / 1000.0)).html("</td><td>")
            .html(o.ended() ? String.format(Locale.ROOT, "%.2f", o.durationMillis() / 1000.0) : "not over")
            .html("</td><td>").html(String.format(Locale.ROOT, "%,d", o.failedOperations())).html("</td><td>")
            .html(Double.isNaN(o.levelBeforeOpsPerSec()) ? "n/a"
                : String.format(Locale.ROOT, "%,.0f", o.levelBeforeOpsPerSec())).html("</td><td>")
            .html(o.backAfterMillis() < 0 ? "not back"
                : String.format(Locale.ROOT, "%.2f", o.backAfterMillis() / 1000.0))
            .html("</td><td class=\"l\">").text(o.firstCause()).html("</td></tr>\n");
      }
    }
    page.html("</table>\n");
  }

  /** The timeline charts of one run; none (said so) when it has fewer than two status intervals. */
  static void timeline(Page page, String name, BenchmarkResult r) {
    List<Timeline.Chart> charts = Timeline.of(name, r);
    for (Timeline.Chart c : charts) {
      page.figure(Charts.newChart(c.title(), c.plot()), c.lines(), c.caption(), c.shaded(), c.marks());
    }
  }
}
