package io.github.ycsbkv.internal.report;

import io.github.ycsbkv.results.BenchmarkResult;
import io.github.ycsbkv.results.ClientHosts;
import io.github.ycsbkv.results.summary.SummaryTable;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Locale;

/**
 * The page of one run (the export.dir of a load or run): what it measured, its outages, its timeline and the
 * server's (with the events it went through), and the events' table.
 */
final class RunReport {

  private RunReport() {}

  static String render(Path dir, BenchmarkResult r) {
    String name = r.binding() + " " + r.command() + ", " + r.threads() + " threads";
    Page page = new Page(name);
    page.html("<h1>ycsb-kv run report: ").text(name).html("</h1>\n<p>Workload <code>").text(r.workload())
        .html("</code>").html(r.label() == null ? "" : ", label " + Page.esc(r.label())).html(", from ")
        .text(r.start().toString()).html(" for ")
        .html(String.format(Locale.ROOT, "%.1f s", r.runtimeMillis() / 1000.0)).html(": ")
        .html(String.format(Locale.ROOT, "%,d operations, %,.0f ops/s, %,d failed", r.operations(),
            r.throughputOpsPerSec(), r.totalErrors()))
        .html("; stopped: ").text(r.stopReason()).html(r.error() == null ? "" : " (" + Page.esc(r.error()) + ")")
        .html(". Generated ").text(Instant.now().toString()).html(" from <code>")
        .text(dir.toAbsolutePath().toString()).html("</code>.</p>\n");
    ClientHosts hosts = r.load() == null ? null : r.load().hosts();
    if (hosts != null) {
      // One run of several client processes (clients.count): which this page holds, and from which hosts.
      page.html("<p>Client processes: ").text(hosts.describe()).html("; hosts ").text(r.environment().host())
          .html(hosts.indexes().size() > 1 ? ". The timeline adds the processes up by wall clock over the window in"
              + " which all of them ran (no per-second P99: percentiles do not add up; the whole run's are exact)."
              : ".").html("</p>\n");
    }
    page.html("<pre>").text(SummaryTable.format(r)).html("</pre>\n");
    OutagesSection.table(page, List.of(r), List.of(name));
    page.html("<h2>Timeline</h2>\n");
    if (Timeline.of(name, r).isEmpty()) {
      page.html("<p>Fewer than two status intervals: no timeline (<code>-p status.interval=1</code> samples every"
          + " second).</p>\n");
    }
    OutagesSection.timeline(page, name, r);
    ServerTimeline.table(page, r);
    return page.finish();
  }
}
