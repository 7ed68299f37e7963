package io.github.ycsbkv.internal.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.awt.BasicStroke;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * The page for the output of {@code ycsb suite}: the specification's suites on one server, or across the stores
 * {@code --store} started. A table with a row per suite and, for each store, its Ops/sec (or capacity), p99 and the
 * client's and the server's CPU per operation, or why it did not run; with several stores, a chart of each store's
 * Ops/sec over the first store's, suite by suite, sorted, and the geometric mean of those ratios over the suites every
 * store ran; with {@code --beside}, ycsb-kv's figures over memtier_benchmark's on each store. Reads the directory's
 * {@code summary.json} and each store's.
 */
final class SuiteReport {

  private static final ObjectMapper JSON = new ObjectMapper();

  /** One store's outcome of one suite, as its summary.json gives it. */
  record Cell(String status, String reason, double value, double p99Ms, double clientCpu, double serverCpu,
      List<String> notes) {}

  private SuiteReport() {}

  /** Whether {@code dir} is the output directory of {@code ycsb suite}. */
  static boolean in(Path dir) {
    Path summary = dir.resolve("summary.json");
    if (!Files.isRegularFile(summary)) {
      return false;
    }
    try {
      JsonNode root = JSON.readTree(summary.toFile());
      return root.has("suites") && (root.has("stores") || root.has("server"));
    } catch (IOException e) {
      return false;
    }
  }

  /** The page for the suite results in {@code dir}. */
  static String render(Path dir) throws IOException {
    JsonNode root = JSON.readTree(dir.resolve("summary.json").toFile());
    Map<String, JsonNode> stores = new LinkedHashMap<>();
    Map<String, String> servers = new LinkedHashMap<>();
    if (root.has("stores")) {
      for (String store : iterable(root.path("stores").fieldNames())) {
        Path own = dir.resolve(store).resolve("summary.json");
        stores.put(store, Files.isRegularFile(own) ? JSON.readTree(own.toFile()) : JSON.createObjectNode());
        servers.put(store, root.path("stores").path(store).path("server").asText(""));
      }
    } else {
      String server = root.path("server").asText("server");
      stores.put(server, root);
      servers.put(server, root.has("address") ? server + " at " + root.path("address").asText()
          : server + ", started here (--servers " + root.path("started").asText("") + ")");
    }
    boolean capacity = stores.values().stream().anyMatch(s -> s.has("capacitySlo"));
    Map<String, Map<String, Cell>> bySuite = new LinkedHashMap<>();
    stores.forEach((store, summary) -> {
      for (JsonNode s : summary.path("suites")) {
        List<String> notes = new ArrayList<>();
        s.path("notes").forEach(n -> notes.add(n.asText()));
        bySuite.computeIfAbsent(s.path("suite").asText(), k -> new LinkedHashMap<>()).put(store, new Cell(
            s.path("status").asText(), s.path("reason").asText(null),
            number(s.path(capacity ? "capacityOpsPerSec" : "opsPerSec")), number(s.path("p99Ms")),
            number(s.path("clientCpuMicrosPerOperation")), number(s.path("serverCpuMicrosPerOperation")), notes));
      }
    });
    List<String> names = new ArrayList<>(stores.keySet());
    Page page = new Page("suites on " + String.join(", ", names));
    page.html("<h1>ycsb-kv suite report</h1>\n<p>Redis's benchmark specification's suites (")
        .text(Integer.toString(bySuite.size())).html(") on ").text(String.join(", ", names)).html(". Generated ")
        .text(Instant.now().toString()).html(" from <code>").text(dir.toAbsolutePath().toString())
        .html("</code>.</p>\n<table><tr><th class=\"l\">store</th><th class=\"l\">server</th><th>ran</th>")
        .html("<th>skipped</th><th>failed</th></tr>\n");
    for (String store : names) {
      long ran = count(bySuite, store, "ran");
      long skipped = count(bySuite, store, "skipped");
      long failed = count(bySuite, store, "failed");
      page.html("<tr><td class=\"l\">").text(store).html("</td><td class=\"l\">").text(servers.get(store))
          .html("</td><td>").text(Long.toString(ran)).html("</td><td>").text(Long.toString(skipped))
          .html("</td><td>").text(Long.toString(failed)).html("</td></tr>\n");
    }
    page.html("</table>\n");
    if (names.size() > 1) {
      ratios(page, bySuite, names, capacity);
    }
    table(page, bySuite, names, capacity);
    beside(page, stores);
    return page.finish();
  }

  /**
   * {@code ycsb suite --beside memtier_benchmark}: for each store, ycsb-kv's throughput and client CPU per operation
   * over memtier_benchmark's, their geometric means over the suites where the server saw the same commands per
   * request under both tools (within 1%), and a row per suite with both tools' figures.
   */
  private static void beside(Page page, Map<String, JsonNode> stores) {
    boolean any = stores.values().stream().anyMatch(summary -> {
      for (JsonNode s : summary.path("suites")) {
        if (s.has("memtierBenchmark")) {
          return true;
        }
      }
      return false;
    });
    if (!any) {
      return;
    }
    page.html("<h2>Beside memtier_benchmark</h2>\n<p>Each suite's clients run by memtier_benchmark itself on the same"
        + " server after the same preparation (<code>--beside</code>). A ratio is ycsb-kv's figure over memtier's;"
        + " the means count the suites where the server saw the same commands per request under both (within 1%)."
        + " One pair per suite is one sample.</p>\n<ul>");
    for (Map.Entry<String, JsonNode> e : stores.entrySet()) {
      double logOps = 0;
      double logCpu = 0;
      int counted = 0;
      int left = 0;
      for (JsonNode s : e.getValue().path("suites")) {
        JsonNode b = s.path("memtierBenchmark");
        if (b.isMissingNode()) {
          continue;
        }
        double ops = number(b.path("throughputRatio"));
        double cpu = number(b.path("clientCpuRatio"));
        if (equalLoad(b) && ops > 0 && cpu > 0) {
          logOps += Math.log(ops);
          logCpu += Math.log(cpu);
          counted++;
        } else {
          left++;
        }
      }
      page.html("<li>").text(e.getKey() + ": " + (counted == 0 ? "no suite with equal load at the server"
          : String.format(Locale.ROOT, "%.2fx the throughput at %.2fx the client CPU per operation over %d suites"
          + " (geometric means)", Math.exp(logOps / counted), Math.exp(logCpu / counted), counted))
          + (left > 0 ? "; " + left + " left out (the server's commands differ or were not read, or a run failed)"
          : "")).html("</li>");
    }
    page.html("</ul>\n<table><tr><th class=\"l\">suite</th><th class=\"l\">store</th><th class=\"l\">first</th>"
        + "<th>Ops/sec kv / mt</th><th>p99 ms kv / mt</th><th>cli us/op kv / mt</th><th>cmd/op kv / mt</th>"
        + "<th>ops ratio</th><th>cpu ratio</th><th class=\"l\">notes</th></tr>\n");
    for (Map.Entry<String, JsonNode> e : stores.entrySet()) {
      for (JsonNode s : e.getValue().path("suites")) {
        JsonNode b = s.path("memtierBenchmark");
        if (b.isMissingNode()) {
          continue;
        }
        page.html("<tr><td class=\"l\">").text(s.path("suite").asText()).html("</td><td class=\"l\">")
            .text(e.getKey()).html("</td><td class=\"l\">").text(b.path("first").asText("")).html("</td><td>")
            .text(pair(s.path("opsPerSec"), b.path("opsPerSec"), "%.0f")).html("</td><td>")
            .text(pair(s.path("p99Ms"), b.path("p99Ms"), "%.3f")).html("</td><td>")
            .text(pair(s.path("clientCpuMicrosPerOperation"), b.path("clientCpuMicrosPerOperation"), "%.1f"))
            .html("</td><td>").text(pair(b.path("ycsbKvServerCommandsPerOperation"),
                b.path("serverCommandsPerOperation"), "%.3f"))
            .html("</td><td>").text(num(number(b.path("throughputRatio")), "%.2f")).html("</td><td>")
            .text(num(number(b.path("clientCpuRatio")), "%.2f")).html("</td><td class=\"l\">")
            .text(b.has("failure") ? b.path("failure").asText() : equalLoad(b) ? ""
                : Double.isNaN(number(b.path("serverCommandsPerOperation"))) ? "the server's commands were not read"
                + " (a cluster)" : "the server's commands per request differ").html("</td></tr>\n");
      }
    }
    page.html("</table>\n");
  }

  /** Whether the server saw the same commands per request under both tools, within 1%. */
  private static boolean equalLoad(JsonNode beside) {
    double mt = number(beside.path("serverCommandsPerOperation"));
    double kv = number(beside.path("ycsbKvServerCommandsPerOperation"));
    return !Double.isNaN(mt) && !Double.isNaN(kv) && Math.abs(kv - mt) <= 0.01 * mt;
  }

  private static String pair(JsonNode ycsb, JsonNode memtier, String format) {
    return num(number(ycsb), format) + " / " + num(number(memtier), format);
  }

  /** Each later store's figure over the first store's, suite by suite, sorted, and their geometric mean. */
  private static void ratios(Page page, Map<String, Map<String, Cell>> bySuite, List<String> names,
      boolean capacity) {
    String base = names.get(0);
    XYSeriesCollection data = new XYSeriesCollection();
    List<Page.Line> lines = new ArrayList<>();
    page.html("<h2>Against ").text(base).html("</h2>\n<p>Each store's ")
        .text(capacity ? "capacity" : "Ops/sec").html(" over ").text(base).html("'s, over the suites both ran:")
        .html(" the geometric mean, and each suite's ratio, smallest to largest, on the chart.</p>\n<ul>");
    for (int i = 1; i < names.size(); i++) {
      String store = names.get(i);
      List<Double> r = new ArrayList<>();
      for (Map<String, Cell> cells : bySuite.values()) {
        Cell a = cells.get(base);
        Cell b = cells.get(store);
        if (a != null && b != null && a.value() > 0 && b.value() > 0) {
          r.add(b.value() / a.value());
        }
      }
      double[] sorted = r.stream().mapToDouble(Double::doubleValue).sorted().toArray();
      double geo = sorted.length == 0 ? Double.NaN
          : Math.exp(Arrays.stream(sorted).map(Math::log).sum() / sorted.length);
      page.html("<li>").text(store).html(": ").text(sorted.length == 0 ? "no suite both ran"
          : String.format(Locale.ROOT, "%.2fx over %d suites (%d faster, %d slower)", geo, sorted.length,
          Arrays.stream(sorted).filter(x -> x > 1).count(), Arrays.stream(sorted).filter(x -> x < 1).count()))
          .html("</li>");
      XYSeries series = new XYSeries(store + " / " + base);
      double[] x = new double[sorted.length];
      for (int k = 0; k < sorted.length; k++) {
        x[k] = sorted.length == 1 ? 50 : 100.0 * k / (sorted.length - 1);
        series.add(x[k], sorted[k]);
      }
      data.addSeries(series);
      lines.add(new Page.Line(store + " / " + base, ReportData.PALETTE[i % ReportData.PALETTE.length], x, sorted,
          null));
    }
    page.html("</ul>\n");
    if (lines.stream().allMatch(l -> l.y().length == 0)) {
      return;
    }
    XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, true);
    for (int i = 0; i < lines.size(); i++) {
      renderer.setSeriesPaint(i, lines.get(i).color());
      renderer.setSeriesStroke(i, new BasicStroke(2f));
    }
    LogAxis ratio = new LogAxis("ratio to " + base + " (log)");
    ratio.setSmallestValue(1e-3);
    ratio.setNumberFormatOverride(new java.text.DecimalFormat("0.##x"));
    XYPlot plot = new XYPlot(data, new NumberAxis("share of the suites (%)"), ratio, renderer);
    page.figure(Charts.newChart((capacity ? "Capacity" : "Ops/sec") + " against " + base, plot), lines,
        "Each point a suite: the store's " + (capacity ? "capacity" : "Ops/sec") + " over " + base + "'s, sorted;"
            + " above 1, faster than " + base + ".");
  }

  /** A row per suite: each store's figures, or its status and why. */
  private static void table(Page page, Map<String, Map<String, Cell>> bySuite, List<String> names,
      boolean capacity) {
    page.html("<h2>Suites</h2>\n<p>").text(capacity ? "Capacity: the most load within the budget, in operations per"
        + " second." : "Ops/sec, p99 (ms) and CPU per operation (us: the client's, the server's) from memtier's JSON"
        + " and ycsb-kv's result, as the specification's exporter reads them.").html("</p>\n<table><tr><th class=\"l\">")
        .html("suite</th>");
    for (String store : names) {
      page.html("<th colspan=\"").text(capacity ? "1" : "4").html("\">").text(store).html("</th>");
    }
    page.html("</tr>\n<tr><th></th>");
    for (int i = 0; i < names.size(); i++) {
      page.html(capacity ? "<th>capacity ops/s</th>" : "<th>Ops/sec</th><th>p99</th><th>cli</th><th>srv</th>");
    }
    page.html("</tr>\n");
    for (Map.Entry<String, Map<String, Cell>> e : bySuite.entrySet()) {
      page.html("<tr><td class=\"l\">").text(e.getKey()).html("</td>");
      for (String store : names) {
        Cell c = e.getValue().get(store);
        if (c == null || (Double.isNaN(c.value()) && !c.status().equals("ran"))) {
          String why = c == null ? "not run" : c.status() + (c.reason() == null ? "" : ": " + c.reason());
          page.html("<td class=\"l\" colspan=\"").text(capacity ? "1" : "4").html("\" title=\"").text(why)
              .html("\">").text(c == null ? "not run" : c.status()).html("</td>");
          continue;
        }
        page.html("<td title=\"").text(String.join("; ", c.notes())).html("\">").text(num(c.value(), "%.0f"))
            .html("</td>");
        if (!capacity) {
          page.html("<td>").text(num(c.p99Ms(), "%.3f")).html("</td><td>").text(num(c.clientCpu(), "%.1f"))
              .html("</td><td>").text(num(c.serverCpu(), "%.1f")).html("</td>");
        }
      }
      page.html("</tr>\n");
    }
    page.html("</table>\n");
    // Each suite's reasons, the stores that gave the same one together.
    Map<String, Set<String>> reasons = new LinkedHashMap<>();
    bySuite.forEach((suite, cells) -> cells.forEach((store, c) -> {
      if (!c.status().equals("ran") && c.reason() != null) {
        reasons.computeIfAbsent(suite + "\n" + c.status() + "\n" + c.reason(), k -> new LinkedHashSet<>()).add(store);
      }
    }));
    if (!reasons.isEmpty()) {
      page.html("<h2>Not run</h2>\n<ul>");
      reasons.forEach((key, on) -> {
        String[] k = key.split("\n", 3);
        page.html("<li>").text(k[0] + " (" + String.join(", ", on) + ", " + k[1] + "): " + k[2]).html("</li>");
      });
      page.html("</ul>\n");
    }
  }

  private static long count(Map<String, Map<String, Cell>> bySuite, String store, String status) {
    return bySuite.values().stream().filter(c -> c.containsKey(store) && c.get(store).status().equals(status))
        .count();
  }

  private static double number(JsonNode n) {
    return n.isNumber() ? n.asDouble() : Double.NaN;
  }

  private static String num(double v, String format) {
    return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, format, v);
  }

  private static List<String> iterable(java.util.Iterator<String> it) {
    List<String> out = new ArrayList<>();
    it.forEachRemaining(out::add);
    return out;
  }
}
