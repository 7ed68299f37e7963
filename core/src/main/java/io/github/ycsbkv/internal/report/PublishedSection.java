package io.github.ycsbkv.internal.report;

import io.github.ycsbkv.results.SweepCell;
import java.util.Locale;

/** For {@code ycsb study}: the study's published figures beside the measured ones, units explicit. Stateless. */
final class PublishedSection {

  private PublishedSection() {}

  static void write(Page page, ReportData data) {
    StudyFile study = data.study;
    if (study == null) {
      return;
    }
    page.html("<h2>").text(study.title()).html("</h2>\n<p>Source: ").text(study.source()).html(". ")
        .text(study.method()).html(" Scale of this run: ").text(study.scale()).html(".</p>\n");
    for (String note : study.notes()) {
      page.html("<p class=\"warn\">").text(note).html("</p>\n");
    }
    page.html("<table><tr><th class=\"l\">workload</th><th class=\"l\">store</th><th>threads (study / here)</th>")
        .html("<th class=\"l\">figure</th><th>published</th><th class=\"l\">unit</th><th>measured here</th>")
        .html("<th class=\"l\">unit</th><th>ours / published</th></tr>\n");
    for (StudyFile.Published p : study.published()) {
      String op = p.workload().equals("writeheavy") ? "INSERT" : "READ";
      // The same statistic as published: memtier's latencies are over every operation, the paper's P99 its YCSB
      // client's for the workload's main operation.
      String figure = switch (p.figure()) {
        case "throughput" -> SweepCell.THROUGHPUT;
        case "average (all operations)" -> "ALL.meanMicros";
        case "P50 (all operations)" -> "ALL.p50Micros";
        case "P99 (all operations)" -> "ALL.p99Micros";
        case "P99.9 (all operations)" -> "ALL.p99_9Micros";
        default -> op + ".p99Micros";
      };
      String name = p.throughput() || p.figure().endsWith("(all operations)") ? p.figure() : "P99 " + op;
      double measured = Double.NaN;
      for (SweepCell cell : data.cells(p.workload())) {
        if (cell.binding().equals(p.store()) && cell.threads() == p.threads()) {
          measured = cell.mean(figure);
        }
      }
      boolean ms = p.unit().equals("ms");
      if (ms) {
        measured /= 1000;
      }
      page.html("<tr><td class=\"l\">").text(p.workload()).html("</td><td class=\"l\">").text(p.store())
          .html("</td><td>").html(p.studyThreads() + " / " + p.threads())
          .html("</td><td class=\"l\">").text(name).html("</td><td>")
          .html(String.format(Locale.ROOT, "%,.2f", p.value()).replaceAll("\\.00$", ""))
          .html("</td><td class=\"l\">").text(p.unit()).html("</td><td>")
          .html(Double.isNaN(measured) ? "not run"
              : String.format(Locale.ROOT, p.throughput() ? "%,.0f" : ms ? "%,.2f" : "%,.1f", measured))
          .html("</td><td class=\"l\">").html(p.throughput() ? "ops/s" : ms ? "ms" : "us").html("</td><td>")
          .html(Double.isNaN(measured) ? "" : String.format(Locale.ROOT, "%.2f", measured / p.value()))
          .html("</td></tr>\n");
    }
    page.html("</table>\n");
  }
}
