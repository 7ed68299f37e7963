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
        .html("<th class=\"l\">unit</th></tr>\n");
    for (StudyFile.Published p : study.published()) {
      String op = p.workload().equals("writeheavy") ? "INSERT" : "READ";
      String figure = p.throughput() ? SweepCell.THROUGHPUT : op + ".p99Micros";
      double measured = Double.NaN;
      for (SweepCell cell : data.cells(p.workload())) {
        if (cell.binding().equals(p.store()) && cell.threads() == p.threads()) {
          measured = cell.mean(figure);
        }
      }
      page.html("<tr><td class=\"l\">").text(p.workload()).html("</td><td class=\"l\">").text(p.store())
          .html("</td><td>").html(p.studyThreads() + " / " + p.threads())
          .html("</td><td class=\"l\">").html(p.throughput() ? "throughput" : "P99 " + op).html("</td><td>")
          .html(String.format(Locale.ROOT, "%,.2f", p.value()).replaceAll("\\.00$", ""))
          .html("</td><td class=\"l\">").text(p.unit()).html("</td><td>")
          .html(Double.isNaN(measured) ? "not run"
              : String.format(Locale.ROOT, p.throughput() ? "%,.0f" : "%,.1f", measured))
          .html("</td><td class=\"l\">").html(p.throughput() ? "ops/s" : "us").html("</td></tr>\n");
    }
    page.html("</table>\n");
  }
}
