package io.github.ycsbkv.internal.report;

import io.github.ycsbkv.results.BenchmarkResult;
import io.github.ycsbkv.results.sweep.SweepCell;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * The failed repetitions (at the top of the page), and the commands (at its end): the sweep's, and every property of
 * each store's runs as {@code -p} would give them, secrets masked. Stateless.
 */
final class CommandsSection {

  private CommandsSection() {}

  /** Every failed repetition and why, as a warning list; nothing when none failed. */
  static void failures(Page page, ReportData data) {
    List<String> lines = new ArrayList<>();
    for (SweepCell cell : data.sweep.cells()) {
      for (String f : cell.failed()) {
        lines.add(cell.binding() + " " + cell.workload() + " " + cell.threads() + " threads: " + f);
      }
    }
    if (!lines.isEmpty()) {
      page.html("<h2 class=\"warn\">Failed repetitions</h2><ul>");
      lines.forEach(l -> page.html("<li class=\"warn\">").text(l).html("</li>"));
      page.html("</ul>\n");
    }
  }

  static void write(Page page, ReportData data) throws IOException {
    page.html("<h2>Commands</h2>\n");
    if (data.sweep.command() != null && !data.sweep.command().isEmpty()) {
      page.html("<p>The sweep:</p><pre>").text(data.sweep.command()).html("</pre>\n");
    }
    page.html("<p>Every property of each store's runs (secrets masked), as <code>-p</code> would give them:</p>\n");
    for (String b : data.bindings) {
      for (String w : data.workloads) {
        BenchmarkResult r = data.lastRun(b, w);
        if (r == null) {
          continue;
        }
        // The binding that ran, which a labelled store (redis+tls, or a store run with another binding's client)
        // is not.
        StringBuilder cmd = new StringBuilder("bin/ycsb run " + r.binding() + " -threads " + r.threads());
        new TreeMap<>(r.configuration()).forEach((k, v) -> {
          if (!k.equals("threadcount") && !k.equals("export.dir")) {
            cmd.append(" \\\n  -p ").append(k).append('=').append(v);
          }
        });
        page.html("<details><summary>").text(b).html(", ").text(w).html("</summary><pre>").text(cmd.toString())
            .html("</pre></details>\n");
      }
    }
  }
}
