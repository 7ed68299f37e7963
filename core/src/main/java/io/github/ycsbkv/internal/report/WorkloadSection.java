package io.github.ycsbkv.internal.report;

import io.github.ycsbkv.results.sweep.Summary;
import io.github.ycsbkv.results.sweep.SweepCell;
import java.io.IOException;
import java.util.List;
import java.util.Locale;

/**
 * One workload's figures: under memory limits the hit ratio against the limit ({@link MemoryChart}); throughput, P99
 * and P99.9 of each operation against client threads, and each operation's
 * percentile spectrum; a workload run at one thread count (the object-cache test's iterations) gets a table of its
 * iterations instead of charts of one point. Stateless.
 */
final class WorkloadSection {

  private WorkloadSection() {}

  static void write(Page page, ReportData data, String w) throws IOException {
    page.html("<h2>Workload ").text(w).html("</h2>\n");
    List<String> ops = data.operations(w);
    if (MemoryChart.applies(data, w)) {
      MemoryChart.draw(page, data, w);
    }
    if (data.cells(w).stream().map(SweepCell::threads).distinct().count() == 1) {
      // One thread count (the object-cache test): a line per store says more than charts of one point.
      iterations(page, data, w, ops);
      for (String op : ops) {
        SpectrumChart.draw(page, data, w, op);
      }
      return;
    }
    ThreadsChart.draw(page, data, w, SweepCell.THROUGHPUT, "Throughput, " + w, "operations/s", 1.0);
    for (String op : ops) {
      ThreadsChart.draw(page, data, w, op + ".p99Micros", "P99 " + op + " latency, " + w, null, 0);
    }
    for (String op : ops) {
      ThreadsChart.draw(page, data, w, op + ".p99_9Micros", "P99.9 " + op + " latency, " + w, null, 0);
    }
    for (String op : ops) {
      SpectrumChart.draw(page, data, w, op);
    }
  }

  /**
   * A workload run at one thread count: per store, the throughput's mean, standard deviation, coefficient of
   * variation and 95% confidence interval over the iterations, and each operation's mean, P95 and P99 (means over
   * the iterations).
   */
  private static void iterations(Page page, ReportData data, String w, List<String> ops) {
    page.html("<table><tr><th class=\"l\">store</th><th>threads</th><th>iterations</th><th>ops/s mean</th>")
        .html("<th>ops/s std. dev.</th><th>CV</th><th>CV band</th><th>ops/s 95% CI</th>");
    for (String op : ops) {
      page.html("<th>").text(op).html(" mean us</th><th>").text(op).html(" P95 us</th><th>").text(op)
          .html(" P99 us</th>");
    }
    page.html("</tr>\n");
    for (SweepCell cell : data.cells(w)) {
      Summary t = cell.figure(SweepCell.THROUGHPUT);
      if (t == null || t.n() == 0) {
        continue;
      }
      page.html("<tr><td class=\"l\">").text(cell.binding()).html("</td><td>").html(Integer.toString(cell.threads()))
          .html("</td><td>").html(Integer.toString(t.n())).html("</td><td>")
          .html(String.format(Locale.ROOT, "%,.0f</td><td>%,.0f</td><td>%.1f%%</td><td class=\"l\">%s</td>"
              + "<td class=\"nw\">%,.0f - %,.0f", t.mean(), t.stdDev(), 100 * t.cv(), band(t), t.ci95Low(),
              t.ci95High())).html("</td>");
      for (String op : ops) {
        for (String f : List.of("meanMicros", "p95Micros", "p99Micros")) {
          double mean = cell.mean(op + "." + f);
          page.html("<td>").html(Double.isNaN(mean) ? "" : String.format(Locale.ROOT, "%,.1f", mean)).html("</td>");
        }
      }
      page.html("</tr>\n");
    }
    page.html("</table>\n<p>Mean, standard deviation, coefficient of variation (std. dev. / mean) and 95% confidence")
        .html(" interval (Student's t) of the throughput over the iterations; latencies are the means over the")
        .html(" iterations of each iteration's service-time percentile. The CV band is the grading the memtier study")
        .html(" gives its object-cache iterations: Excellent under 2%, Good under 5%, Fair under 10% (")
        .text(MEMTIER_SOURCE).html("; it grades every store Good, at CVs of 2.04% to 2.57%). Source: sweep.json.</p>\n");
  }

  /** The memtier study, where the CV bands are defined (its object-cache test's "Measurement Quality"). */
  private static final String MEMTIER_SOURCE = "centminmod/redis-comparison-benchmarks, v5 of 7 June 2025,"
      + " https://github.com/centminmod/redis-comparison-benchmarks";

  /** The memtier study's band of a throughput's CV: Excellent (< 2%), Good (< 5%), Fair (< 10%), else over 10%. */
  static String band(Summary t) {
    double cv = 100 * t.cv();
    return Double.isNaN(cv) ? "" : cv < 2 ? "Excellent" : cv < 5 ? "Good" : cv < 10 ? "Fair" : "over 10%";
  }
}
