package io.github.ycsbkv.internal.report;

import io.github.ycsbkv.results.sweep.SweepCell;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Each labelled run of a store ({@code redis+tls}) against the same store unlabelled, per workload and thread count:
 * the ratio of their throughputs and of their P99 latencies. Stateless.
 */
final class VariantsSection {

  private VariantsSection() {}

  static void write(Page page, ReportData data) {
    List<String[]> pairs = new ArrayList<>();
    for (String b : data.bindings) {
      int plus = b.indexOf('+');
      if (plus > 0 && data.bindings.contains(b.substring(0, plus))) {
        pairs.add(new String[] {b.substring(0, plus), b});
      }
    }
    if (pairs.isEmpty()) {
      return;
    }
    page.html("<h2>Labelled runs against the same store</h2>\n<table><tr><th class=\"l\">store</th>")
        .html("<th class=\"l\">against</th><th class=\"l\">workload</th><th>threads</th><th>ops/s</th>")
        .html("<th>ops/s against</th><th>throughput ratio</th><th class=\"l\">operation</th><th>P99 us</th>")
        .html("<th>P99 us against</th><th>P99 ratio</th></tr>\n");
    for (String[] pair : pairs) {
      for (String w : data.workloads) {
        rows(page, data, w, pair[0], pair[1]);
      }
    }
    page.html("</table>\n<p>Means over the repetitions; a ratio below 1 is fewer operations per second (or a")
        .html(" shorter P99) than the same store unlabelled.")
        .html(data.study != null && data.study.tls() ? " The study published that TLS costs 30-34% of the"
            + " throughput (a ratio of 0.66-0.70) and 1.4-1.5x the latency (its average latency, with memtier's own"
            + " connections)." : "")
        .html("</p>\n");
  }

  /** One row per thread count at which both {@code labelled} and its {@code base} ran {@code w}. */
  private static void rows(Page page, ReportData data, String w, String base, String labelled) {
    String op = data.operations(w).stream().findFirst().orElse("READ");
    for (SweepCell cell : data.cells(w)) {
      if (!cell.binding().equals(labelled)) {
        continue;
      }
      SweepCell against = null;
      for (SweepCell c : data.cells(w)) {
        if (c.binding().equals(base) && c.threads() == cell.threads()) {
          against = c;
        }
      }
      if (against == null) {
        continue;
      }
      double ops = cell.mean(SweepCell.THROUGHPUT);
      double opsBase = against.mean(SweepCell.THROUGHPUT);
      double p99 = cell.mean(op + ".p99Micros");
      double p99Base = against.mean(op + ".p99Micros");
      page.html("<tr><td class=\"l\">").text(labelled).html("</td><td class=\"l\">").text(base)
          .html("</td><td class=\"l\">").text(w).html("</td><td>").html(Integer.toString(cell.threads()))
          .html(String.format(Locale.ROOT, "</td><td>%,.0f</td><td>%,.0f</td><td>%.2f</td>", ops, opsBase,
              ops / opsBase)).html("<td class=\"l\">").text(op)
          .html(String.format(Locale.ROOT, "</td><td>%,.1f</td><td>%,.1f</td><td>%.2f</td></tr>%n", p99, p99Base,
              p99 / p99Base));
    }
  }
}
