package io.github.ycsbkv.internal.report;

import io.github.ycsbkv.results.BenchmarkResult;
import io.github.ycsbkv.results.ClientStalls;
import io.github.ycsbkv.results.LoadShape;
import io.github.ycsbkv.results.Micros;
import java.util.Locale;

/**
 * The report's table of the load each cell put on its server: the shape the engine intended (clients,
 * connections, requests in flight on each, serving threads) beside what the server itself saw (its most
 * connections during the run, less those before it, the commands it processed and the CPU it used per
 * operation), the client's CPU per operation, and its longest stall. A row whose server view differs from the
 * shape is marked. Stateless.
 */
final class LoadTable {

  private LoadTable() {}

  static void header(StringBuilder html) {
    html.append("<h2>Load as the server saw it</h2>\n<p>A comparison holds only at equal load: the same connections,")
        .append(" requests in flight on each and commands per operation, as the server counts them (its own")
        .append(" counters, read by the binding's probe; the first repetition of each cell). Marked rows: the")
        .append(" server saw another number of connections than the shape says.</p>\n<table><tr>")
        .append("<th class=\"l\">store</th><th class=\"l\">workload</th><th>clients</th><th class=\"l\">shape</th>")
        .append("<th>connections</th><th>in flight on each</th><th>serving threads</th>")
        .append("<th>server: connections during the run</th><th>server: commands/op</th>")
        .append("<th>server: CPU us/op</th><th>client: CPU us/op</th>")
        .append("<th>client stall max</th><th>collector pauses ms</th></tr>\n");
  }

  static void row(StringBuilder html, String store, String workload, BenchmarkResult r) {
    LoadShape l = r.load();
    if (l == null) {
      return;
    }
    LoadShape.ServerView v = l.server();
    boolean differs = !l.mismatches().isEmpty();
    ClientStalls s = r.stalls();
    html.append("<tr").append(differs ? " class=\"warn\"" : "").append("><td class=\"l\">")
        .append(Page.esc(store)).append("</td><td class=\"l\">").append(Page.esc(workload))
        .append("</td><td>").append(l.clients()).append("</td><td class=\"l\">").append(Page.esc(l.model().toString()))
        .append("</td><td>").append(l.connections() < 0 ? "n/a" : Integer.toString(l.connections()))
        .append("</td><td>").append(String.format(Locale.ROOT, "%.0f", l.inFlightPerConnection()))
        .append("</td><td>").append(l.servingThreads()).append("</td><td>")
        .append(v == null || v.runConnections() < 0 ? "n/a" : Integer.toString(v.runConnections()))
        .append("</td><td>").append(v == null || Double.isNaN(v.commandsPerOperation()) ? "n/a"
            : String.format(Locale.ROOT, "%.2f", v.commandsPerOperation()))
        .append("</td><td>").append(v == null ? "n/a" : micros(v.cpuMicrosPerOperation()))
        .append("</td><td>").append(r.clientCpu() == null ? "n/a" : micros(r.clientCpu().microsPerOperation()))
        .append("</td><td>").append(s == null ? "n/a" : Micros.human(s.maxMicros()))
        .append("</td><td>").append(s == null ? "n/a" : Long.toString(s.gcPauseMillis())).append("</td></tr>\n");
  }

  private static String micros(double v) {
    return Double.isNaN(v) ? "n/a" : String.format(Locale.ROOT, "%.1f", v);
  }
}
