package io.github.ycsbkv.internal.report;

import io.github.ycsbkv.results.BenchmarkResult;
import io.github.ycsbkv.results.ServerStates;
import java.awt.Color;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * The server's own account of a run on its time axis ({@code serverStates} in result.json, docs/states.md): its
 * memory, and its evictions, expiries, hits, misses and redirections per second, with the windows of the events it
 * went through marked; the same windows on the run's throughput and P99 ({@link Timeline}), and a table of them.
 * Stateless.
 */
final class ServerTimeline {

  private static final Color USED = new Color(0x9467bd);
  private static final Color RSS = new Color(0x8c564b);
  private static final Color HITS = new Color(0x2ca02c);
  private static final Color MISSES = new Color(0xff7f0e);
  private static final Color EVICTED = new Color(0xd62728);
  private static final Color EXPIRED = new Color(0x7f7f7f);
  private static final Color REDIRECTED = new Color(0x17becf);

  private ServerTimeline() {}

  /** The windows of {@code r}'s events that began, in seconds; a window still open at the end runs to the end. */
  static List<Page.Mark> marks(BenchmarkResult r) {
    List<Page.Mark> out = new ArrayList<>();
    ServerStates s = r.serverStates();
    if (s == null) {
      return out;
    }
    for (ServerStates.EventWindow e : s.events()) {
      if (e.startMillis() < 0) {
        continue;
      }
      double end = (e.endMillis() < 0 ? r.runtimeMillis() : e.endMillis()) / 1000.0;
      out.add(new Page.Mark(e.startMillis() / 1000.0, Math.max(end, e.startMillis() / 1000.0 + 0.05), e.kind()));
    }
    return out;
  }

  /** What a caption says of the marked windows: nothing without any. */
  static String marked(List<Page.Mark> marks) {
    return marks.isEmpty() ? "" : "; the server's events shaded blue (" + String.join(", ",
        marks.stream().map(m -> String.format(Locale.ROOT, "%s %.1f-%.1f s", m.label(), m.from(), m.to()))
            .toList()) + ")";
  }

  /** The server's timeline charts of {@code r}; none with fewer than two samples of its state. */
  static List<Timeline.Chart> of(String name, BenchmarkResult r, List<Page.Mark> marks) {
    ServerStates s = r.serverStates();
    if (s == null || s.timeline().size() < 2) {
      return List.of();
    }
    List<ServerStates.Sample> t = s.timeline();
    double[] x = t.stream().mapToDouble(v -> v.elapsedMillis() / 1000.0).toArray();
    List<Timeline.Chart> out = new ArrayList<>();
    List<Page.Line> memory = new ArrayList<>();
    add(memory, "used memory (MB)", USED, x, t, v -> v.usedMemoryBytes() < 0 ? Double.NaN : v.usedMemoryBytes() / 1e6);
    add(memory, "resident set (MB)", RSS, x, t, v -> v.rssBytes() < 0 ? Double.NaN : v.rssBytes() / 1e6);
    String source = " Source: result.json serverStates (" + s.source() + ").";
    if (!memory.isEmpty()) {
      String title = "Server memory over time, " + name;
      out.add(new Timeline.Chart(title, Timeline.plot(memory, "MB (10^6 bytes)", List.of(), marks), memory, List.of(),
          marks, title + ": the memory the server accounts to its data and its resident set, as it reported them at"
          + " the start, every status interval and at the end" + marked(marks) + "." + source));
    }
    List<Page.Line> rates = new ArrayList<>();
    add(rates, "hits/s", HITS, x, t, ServerStates.Sample::hitsPerSec);
    add(rates, "misses/s", MISSES, x, t, ServerStates.Sample::missesPerSec);
    add(rates, "evicted keys/s", EVICTED, x, t, ServerStates.Sample::evictedPerSec);
    add(rates, "expired keys/s", EXPIRED, x, t, ServerStates.Sample::expiredPerSec);
    add(rates, "redirections/s (MOVED, ASK)", REDIRECTED, x, t, ServerStates.Sample::redirectionsPerSec);
    if (!rates.isEmpty()) {
      String title = "Server's reads, evictions and redirections over time, " + name;
      out.add(new Timeline.Chart(title, Timeline.plot(rates, "per second", List.of(), marks), rates, List.of(), marks,
          title + ": per second since the sample before, as the server counts them (its reads' hits and misses,"
          + " keys evicted for its memory limit and expired, a cluster's redirections answered); lines it never"
          + " moved are left out" + marked(marks) + "." + source));
    }
    return out;
  }

  /** Adds a line of {@code figure} unless the server never reported it or it never left 0. */
  private static void add(List<Page.Line> lines, String name, Color color, double[] x, List<ServerStates.Sample> t,
      ToDoubleFunction<ServerStates.Sample> figure) {
    List<Double> xs = new ArrayList<>();
    List<Double> ys = new ArrayList<>();
    boolean moved = false;
    for (int i = 0; i < t.size(); i++) {
      double v = figure.applyAsDouble(t.get(i));
      if (!Double.isNaN(v)) {
        xs.add(x[i]);
        ys.add(v);
        moved |= v != 0;
      }
    }
    if (moved) {
      lines.add(new Page.Line(name, color, xs.stream().mapToDouble(Double::doubleValue).toArray(),
          ys.stream().mapToDouble(Double::doubleValue).toArray(), null));
    }
  }

  /** The events' table of {@code r}: one row each, its window, what the server said, inside against outside. */
  static void table(Page page, BenchmarkResult r) {
    ServerStates s = r.serverStates();
    if (s == null) {
      return;
    }
    page.html("<h2>Server states and events</h2>\n");
    String hits = s.describeHits();
    page.html("<p>").text(hits == null ? "The server counted no reads' hits or misses over the phase." : hits)
        .html(" (docs/states.md)</p>\n");
    String replicas = s.describeReplicas();
    if (replicas != null) {
      page.html("<p>").text(replicas).html("</p>\n");
    }
    if (s.events().isEmpty()) {
      page.html("<p>No event was asked for (<code>-p events=bgsave@20s</code>).</p>\n");
      return;
    }
    page.html("<table><tr><th class=\"l\">event</th><th>asked at (s)</th><th>from (s)</th><th>to (s)</th>")
        .html("<th class=\"l\">the server said</th><th>inside: ops/s</th><th>P99 (ms)</th><th>outside: ops/s</th>")
        .html("<th>P99 (ms)</th><th>failed inside</th></tr>\n");
    for (ServerStates.EventWindow e : s.events()) {
      page.html("<tr><td class=\"l\">").text(e.kind()).html("</td><td>")
          .html(String.format(Locale.ROOT, "%.1f", e.atMillis() / 1000.0)).html("</td><td>")
          .html(e.startMillis() < 0 ? "n/a" : String.format(Locale.ROOT, "%.2f", e.startMillis() / 1000.0))
          .html("</td><td>").html(e.endMillis() < 0 ? "still busy" : String.format(Locale.ROOT, "%.2f",
              e.endMillis() / 1000.0)).html("</td><td class=\"l\">")
          .text(e.failure() != null ? e.failure() : said(e.figures())).html("</td>");
      cells(page, e.inside());
      cells(page, e.outside());
      page.html("<td>").html(e.inside() == null ? "n/a" : Long.toString(e.inside().failedOperations()))
          .html("</td></tr>\n");
    }
    page.html("</table>\n");
  }

  /** What the server said of an event, in words: {@code fork 2.5 ms, 1 s by the server's count}. */
  static String said(java.util.Map<String, Double> figures) {
    List<String> parts = new ArrayList<>();
    if (figures.containsKey("forkMicros")) {
      parts.add(String.format(Locale.ROOT, "fork %.1f ms", figures.get("forkMicros") / 1000.0));
    }
    if (figures.containsKey("durationSeconds")) {
      parts.add(String.format(Locale.ROOT, "%.0f s by the server's count", figures.get("durationSeconds")));
    }
    if (figures.containsKey("slotsMoved")) {
      parts.add(String.format(Locale.ROOT, "%.0f slots, %.0f keys moved", figures.get("slotsMoved"),
          figures.getOrDefault("keysMoved", 0.0)));
    }
    if (figures.getOrDefault("failed", 0.0) > 0) {
      parts.add("failed, the server says");
    }
    return parts.isEmpty() ? "nothing" : String.join(", ", parts);
  }

  private static void cells(Page page, ServerStates.Window w) {
    if (w == null) {
      page.html("<td>n/a</td><td>n/a</td>");
      return;
    }
    page.html("<td>").html(String.format(Locale.ROOT, "%,.0f", w.opsPerSec())).html("</td><td>")
        .html(Double.isNaN(w.p99Micros()) ? "n/a" : String.format(Locale.ROOT, "%.2f", w.p99Micros() / 1000.0))
        .html("</td>");
  }
}
