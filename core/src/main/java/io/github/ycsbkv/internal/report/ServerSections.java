package io.github.ycsbkv.internal.report;

import io.github.ycsbkv.results.BenchmarkResult;
import io.github.ycsbkv.results.EnvironmentInfo;
import io.github.ycsbkv.results.sweep.SweepCell;
import io.github.ycsbkv.spi.ServerSample;
import java.io.IOException;
import java.util.TreeMap;

/**
 * The sections about where the sweep ran: the load each cell put on its server ({@link LoadTable}), the server
 * memory before load, after load and after the run (the studies' table), the servers' versions and settings, and the
 * client's environment. Stateless.
 */
final class ServerSections {

  private ServerSections() {}

  /** Every cell's load shape beside the server's own view of it (the first repetition). */
  static void loads(Page page, ReportData data) throws IOException {
    StringBuilder rows = new StringBuilder();
    for (SweepCell cell : data.sweep.cells()) {
      BenchmarkResult r = data.result(data.cellDir(cell.binding(), cell.workload(), cell.threads()).resolve("r1"));
      if (r != null) {
        LoadTable.row(rows, cell.binding(), cell.workload(), r);
      }
    }
    if (rows.length() > 0) {
      StringBuilder header = new StringBuilder();
      LoadTable.header(header);
      page.html(header.toString()).html(rows.toString()).html("</table>\n");
    }
  }

  /** The studies' memory table: the server before load, after load and after the run. */
  static void memory(Page page, ReportData data) throws IOException {
    page.html("<h2>Server memory and keys</h2>\n<p>As the server reports them (the source column names the command"
        + " and fields), sampled by each binding's probe once every client had connected and after they finished."
        + " Before/after load: the sweep's load phase; after run: the last repetition at the highest thread count."
        + " MB = 10<sup>6</sup> bytes; \"not reported\": the server does not report the figure.</p>\n<table><tr>"
        + "<th class=\"l\">store</th><th class=\"l\">workload</th><th>keys before load</th><th>used MB before load</th>"
        + "<th>RSS MB before load</th><th>keys after load</th><th>used MB after load</th><th>RSS MB after load</th>"
        + "<th>keys after run</th><th>used MB after run</th><th>RSS MB after run</th><th class=\"l\">source</th>"
        + "</tr>\n");
    for (String b : data.bindings) {
      for (String w : data.workloads) {
        BenchmarkResult load = data.result(data.dir.resolve(b).resolve(w).resolve("load"));
        BenchmarkResult run = data.lastRun(b, w);
        ServerSample beforeLoad = load == null ? null : load.server().get("before");
        ServerSample afterLoad = load == null ? null : load.server().get("after");
        ServerSample afterRun = run == null ? null : run.server().get("after");
        if (beforeLoad == null && afterLoad == null && afterRun == null) {
          continue;
        }
        String source = afterRun != null ? afterRun.memorySource() : afterLoad != null ? afterLoad.memorySource()
            : beforeLoad.memorySource();
        page.html("<tr><td class=\"l\">").text(b).html("</td><td class=\"l\">").text(w).html("</td>");
        for (ServerSample s : new ServerSample[] {beforeLoad, afterLoad, afterRun}) {
          page.html("<td>").html(s == null ? "" : Long.toString(s.keys())).html("</td><td>")
              .html(s == null ? "" : Page.mb(s.usedMemoryBytes())).html("</td><td>")
              .html(s == null ? "" : Page.mb(s.rssBytes())).html("</td>");
        }
        page.html("<td class=\"l\">").text(source).html("</td></tr>\n");
      }
    }
    page.html("</table>\n");
  }

  /** Each store's server, version, nodes and settings, as its probe read them after its last run. */
  static void servers(Page page, ReportData data) throws IOException {
    page.html("<h2>Servers</h2>\n<table><tr><th class=\"l\">store</th><th class=\"l\">server</th>"
        + "<th class=\"l\">version</th><th>nodes</th><th class=\"l\">settings</th></tr>\n");
    for (String b : data.bindings) {
      ServerSample s = null;
      for (String w : data.workloads) {
        BenchmarkResult r = data.lastRun(b, w);
        if (r != null && r.server().get("after") != null) {
          s = r.server().get("after");
          break;
        }
      }
      page.html("<tr><td class=\"l\">").text(b).html("</td>");
      if (s == null) {
        page.html("<td class=\"l\" colspan=\"4\">no server probe (the binding has none, or it failed)</td></tr>\n");
        continue;
      }
      StringBuilder settings = new StringBuilder();
      new TreeMap<>(s.settings()).forEach((k, v) -> settings.append(k).append('=').append(v).append(' '));
      page.html("<td class=\"l\">").text(s.server()).html("</td><td class=\"l\">").text(s.version())
          .html("</td><td>").html(Integer.toString(s.nodes())).html("</td><td class=\"l\">")
          .text(settings.toString().trim()).html("</td></tr>\n");
    }
    page.html("</table>\n");
  }

  /** The client's JVM, OS, processors and host. */
  static void environment(Page page, ReportData data) throws IOException {
    BenchmarkResult any = data.anyRun();
    page.html("<h2>Client environment</h2>\n");
    if (any == null) {
      page.html("<p>No completed run.</p>\n");
      return;
    }
    EnvironmentInfo e = any.environment();
    page.html("<table>");
    page.row("ycsb-kv", e.toolVersion());
    page.row("Java", e.javaVersion() + " (" + e.javaVendor() + ", " + e.jvmName() + ")");
    page.row("JVM arguments", e.jvmArguments());
    page.row("max heap", Page.mb(e.maxHeapBytes()) + " MB");
    page.row("OS", e.osName() + " " + e.osVersion() + " " + e.osArch());
    page.row("processors", Integer.toString(e.availableProcessors()));
    page.row("host", e.host());
    page.html("</table>\n");
  }
}
