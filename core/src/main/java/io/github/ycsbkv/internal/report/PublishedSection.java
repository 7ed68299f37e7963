package io.github.ycsbkv.internal.report;

import io.github.ycsbkv.results.sweep.SweepCell;
import java.util.Locale;

/** For {@code ycsb study}: the study's published figures beside the measured ones, units explicit. Stateless. */
final class PublishedSection {

  private PublishedSection() {}

  /**
   * Ours, with the same statistic as {@code p} (latencies in microseconds): memtier's latencies are over every
   * operation, the paper's P99 its YCSB client's for the workload's main operation; a hit rate is the GETs that found
   * their key; the CV is the throughput's over the iterations; the TLS impact (the memtier study's table 6.3) compares
   * the STORE+tls cell with the STORE cell at the same threads, in percent. NaN when a cell it needs did not run.
   */
  static double measured(ReportData data, StudyFile.Published p, String op) {
    return switch (p.figure()) {
      case "TLS throughput impact" -> percentChange(data, p, SweepCell.THROUGHPUT);
      case "TLS average latency impact" -> percentChange(data, p, "ALL.meanMicros");
      case "memory before the run", "memory after the run" -> memoryMb(data, p);
      case "CV of throughput" -> {
        SweepCell c = cell(data, p.workload(), p.store(), p.threads());
        yield c == null || c.figure(SweepCell.THROUGHPUT) == null ? Double.NaN
            : 100 * c.figure(SweepCell.THROUGHPUT).cv();
      }
      default -> {
        SweepCell c = cell(data, p.workload(), p.store(), p.threads());
        yield c == null ? Double.NaN : c.mean(switch (p.figure()) {
          case "throughput" -> SweepCell.THROUGHPUT;
          case "average (all operations)" -> "ALL.meanMicros";
          case "P50 (all operations)" -> "ALL.p50Micros";
          case "P95 (all operations)" -> "ALL.p95Micros";
          case "P99 (all operations)" -> "ALL.p99Micros";
          case "P99.9 (all operations)" -> "ALL.p99_9Micros";
          case "GET hit rate" -> "READ.hitRatePercent";
          default -> op + ".p99Micros";
        });
      }
    };
  }

  /**
   * The paper's memory table, here the store's resident memory (its used memory where no RSS is reported) in MB
   * (10^6 bytes): before the readheavy load, and after the last readheavy run at the highest thread count.
   */
  private static double memoryMb(ReportData data, StudyFile.Published p) {
    io.github.ycsbkv.spi.ServerSample s = memorySample(data, p);
    if (s == null) {
      return Double.NaN;
    }
    long bytes = s.rssBytes() >= 0 ? s.rssBytes() : s.usedMemoryBytes();
    return bytes < 0 ? Double.NaN : bytes / 1e6;
  }

  /** The server sample {@link #memoryMb} reads, or null. */
  private static io.github.ycsbkv.spi.ServerSample memorySample(ReportData data, StudyFile.Published p) {
    try {
      boolean before = p.figure().equals("memory before the run");
      io.github.ycsbkv.results.BenchmarkResult r = before
          ? data.result(data.dir.resolve(p.store()).resolve(p.workload()).resolve("load"))
          : data.lastRun(p.store(), p.workload());
      return r == null ? null : r.server().get(before ? "before" : "after");
    } catch (java.io.IOException e) {
      return null;
    }
  }

  /**
   * The unit of a measured memory figure: the server's resident memory, or, where it reports none (Aerospike), the
   * memory it says its data uses (Aerospike's namespace {@code data_used_bytes}).
   */
  private static String memoryUnit(ReportData data, StudyFile.Published p) {
    io.github.ycsbkv.spi.ServerSample s = memorySample(data, p);
    return s != null && s.rssBytes() < 0 ? "MB (used)" : "MB (RSS)";
  }

  /**
   * A published value as the document prints it: two decimals (none for whole numbers; one where a percent or MB
   * has one), and below 1 the digits it has, at least three (0.0597, 0.102, 0.130).
   */
  static String shown(double v, String unit) {
    if (v != 0 && Math.abs(v) < 1) {
      String s = String.format(Locale.ROOT, "%.4f", v);
      return s.endsWith("0") ? s.substring(0, s.length() - 1) : s;
    }
    String s = String.format(Locale.ROOT, "%,.2f", v);
    if (s.endsWith(".00")) {
      return s.substring(0, s.length() - 3);
    }
    return (unit.equals("%") || unit.equals("MB")) && s.endsWith("0") ? s.substring(0, s.length() - 1) : s;
  }

  private static double percentChange(ReportData data, StudyFile.Published p, String figure) {
    SweepCell plain = cell(data, p.workload(), p.store(), p.threads());
    SweepCell tls = cell(data, p.workload(), p.store() + "+tls", p.threads());
    return plain == null || tls == null ? Double.NaN : 100 * (tls.mean(figure) / plain.mean(figure) - 1);
  }

  private static SweepCell cell(ReportData data, String workload, String store, int threads) {
    for (SweepCell cell : data.cells(workload)) {
      if (cell.binding().equals(store) && cell.threads() == threads) {
        return cell;
      }
    }
    return null;
  }

  static void write(Page page, ReportData data) {
    StudyFile study = data.study;
    if (study == null) {
      return;
    }
    page.html("<h2>").text(study.title()).html("</h2>\n<p>Source: ").text(study.source()).html(". ")
        .text(study.method()).html(" Scale of this run: ").text(study.scale()).html(".</p>\n");
    if (!study.setup().isEmpty()) {
      page.html("<table class=\"setup\"><tr><th class=\"l\">setup</th><th class=\"l\">the study's</th>")
          .html("<th class=\"l\">this run's</th></tr>\n");
      for (StudyFile.Setup a : study.setup()) {
        page.html("<tr><td class=\"l\">").text(a.aspect()).html("</td><td class=\"l\">").text(a.published())
            .html("</td><td class=\"l\">").text(a.here()).html("</td></tr>\n");
      }
      page.html("</table>\n");
    }
    for (String note : study.notes()) {
      page.html("<p class=\"warn\">").text(note).html("</p>\n");
    }
    page.html("<table><tr><th class=\"l\">workload</th><th class=\"l\">store</th><th>threads (study / here)</th>")
        .html("<th class=\"l\">figure</th><th>published</th><th class=\"l\">unit</th><th>measured here</th>")
        .html("<th class=\"l\">unit</th><th>ours / published</th></tr>\n");
    for (StudyFile.Published p : study.published()) {
      String op = p.workload().equals("writeheavy") ? "INSERT" : "READ";
      String name = p.figure().equals("P99") ? "P99 " + op : p.figure();
      double measured = measured(data, p, op);
      boolean ms = p.unit().equals("ms");
      boolean percent = p.unit().equals("%");
      if (ms) {
        measured /= 1000;
      }
      page.html("<tr><td class=\"l\">").text(p.workload()).html("</td><td class=\"l\">").text(p.store())
          .html("</td><td>").html(p.studyThreads() == 0 ? "-" : p.studyThreads() + " / " + p.threads())
          .html("</td><td class=\"l\">").text(name).html("</td><td>")
          .html(shown(p.value(), p.unit()))
          .html("</td><td class=\"l\">").text(p.unit()).html("</td><td>")
          .html(Double.isNaN(measured) ? "not run" : String.format(Locale.ROOT, p.throughput() ? "%,.0f" : ms
              ? "%,.3f" : !percent ? "%,.1f" : p.figure().startsWith("TLS") ? "%+.1f" : "%.2f", measured))
          .html("</td><td class=\"l\">").html(p.throughput() ? "ops/s" : ms ? "ms" : percent ? "%"
              : p.unit().equals("MB") ? memoryUnit(data, p) : "us")
          .html("</td><td>")
          .html(Double.isNaN(measured) ? "" : String.format(Locale.ROOT, "%.2f", measured / p.value()))
          .html("</td></tr>\n");
    }
    page.html("</table>\n");
  }
}
