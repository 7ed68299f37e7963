package io.github.ycsbkv.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import de.erichseifert.vectorgraphics2d.VectorGraphics2D;
import de.erichseifert.vectorgraphics2d.VectorHints;
import de.erichseifert.vectorgraphics2d.svg.SVGProcessor;
import de.erichseifert.vectorgraphics2d.util.PageSize;
import io.github.ycsbkv.results.BenchmarkResult;
import io.github.ycsbkv.results.EnvironmentInfo;
import io.github.ycsbkv.results.ResultJson;
import io.github.ycsbkv.results.SeriesHistograms;
import io.github.ycsbkv.spi.ServerSample;
import java.awt.Color;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * {@code report.html} for the output directory of {@code ycsb sweep}: one self-contained page (charts
 * are SVG rendered by XChart and embedded as data URIs, no script, no network) with, per workload,
 * throughput, P99 and P99.9 against client threads with one line per store and 95% confidence
 * intervals of the repetitions as error bars, the percentile spectrum of each store at the highest
 * thread count, then the server memory before load, after load and after the run, the servers'
 * versions and settings, the client environment and the commands.
 */
public final class HtmlReport {

  /** The file written into the sweep directory. */
  public static final String FILE_NAME = "report.html";

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final java.util.regex.Pattern DECIMALS = java.util.regex.Pattern.compile("(\\d\\.\\d\\d)\\d+");
  private static final List<String> OPERATIONS = List.of("READ", "UPDATE", "INSERT", "SCAN", "READ-MODIFY-WRITE",
      "DELETE");

  /** One color per store, the same in every chart. */
  private static final Color[] PALETTE = {new Color(0x1f77b4), new Color(0xd62728), new Color(0x2ca02c),
      new Color(0xff7f0e), new Color(0x9467bd), new Color(0x8c564b), new Color(0xe377c2), new Color(0x7f7f7f)};

  /** What one line of a chart shows; written into the chart's SVG {@code <desc>} as JSON. */
  record Line(String name, Color color, double[] x, double[] y, double[] errorBars) {}

  private final Path dir;
  private final JsonNode sweep;
  private final List<String> bindings = new ArrayList<>();
  private final List<String> workloads = new ArrayList<>();
  private final StringBuilder html = new StringBuilder();

  private HtmlReport(Path dir, JsonNode sweep) {
    this.dir = dir;
    this.sweep = sweep;
    for (JsonNode cell : sweep.path("cells")) {
      if (!bindings.contains(cell.path("binding").asText())) {
        bindings.add(cell.path("binding").asText());
      }
      if (!workloads.contains(cell.path("workload").asText())) {
        workloads.add(cell.path("workload").asText());
      }
    }
  }

  /**
   * Writes {@code dir/report.html} for the sweep in {@code dir}; returns the file.
   *
   * @throws IOException when {@code dir} holds no readable {@code sweep.json} or the page cannot be written
   */
  public static Path write(Path dir) throws IOException {
    Path sweepFile = dir.resolve("sweep.json");
    if (!Files.isRegularFile(sweepFile)) {
      throw new IOException(dir + " has no sweep.json: report reads the output directory of 'ycsb sweep'");
    }
    JsonNode sweep = JSON.readTree(sweepFile.toFile());
    if (!"ycsb-kv/sweep/1".equals(sweep.path("schema").asText())) {
      throw new IOException(sweepFile + " is not a ycsb-kv sweep (schema '" + sweep.path("schema").asText() + "')");
    }
    HtmlReport report = new HtmlReport(dir, sweep);
    String page = report.render();
    Path file = dir.resolve(FILE_NAME);
    Path tmp = dir.resolve(FILE_NAME + ".tmp");
    Files.writeString(tmp, page, StandardCharsets.UTF_8);
    Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    return file;
  }

  private String render() throws IOException {
    html.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
        .append("<title>ycsb-kv report: ").append(esc(String.join(", ", bindings))).append("</title>\n<style>")
        .append("body{font-family:sans-serif;margin:2em;max-width:1400px;color:#222}")
        .append("table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #bbb;padding:3px 8px;")
        .append("text-align:right}th{background:#eee}td.l,th.l{text-align:left}")
        .append("figure{display:inline-block;margin:0 1em 1em 0}figcaption{font-size:90%;color:#555;max-width:640px}")
        .append("code,pre{background:#f4f4f4}pre{padding:.5em;white-space:pre-wrap}.warn{color:#a40}")
        .append("</style></head><body>\n");
    html.append("<h1>ycsb-kv report</h1>\n<p>Stores: ").append(esc(String.join(", ", bindings)))
        .append(". Workloads: ").append(esc(String.join(", ", workloads))).append(". Generated ")
        .append(esc(Instant.now().toString())).append(" from <code>").append(esc(dir.toAbsolutePath().toString()))
        .append("</code>.</p>\n<p>Error bars: 95% confidence interval of the mean over the repetitions (Student's t);")
        .append(" none when a cell has one repetition; with two the interval is wide (t = 12.7), three or more")
        .append(" repetitions narrow it. Latency is the service time of successful operations.</p>\n");
    failures();
    for (String w : workloads) {
      workload(w);
    }
    memory();
    servers();
    environment();
    commands();
    html.append("</body></html>\n");
    return html.toString();
  }

  private void failures() {
    List<String> lines = new ArrayList<>();
    for (JsonNode cell : sweep.path("cells")) {
      for (JsonNode f : cell.path("failed")) {
        lines.add(cell.path("binding").asText() + " " + cell.path("workload").asText() + " "
            + cell.path("threads").asInt() + " threads: " + f.asText());
      }
    }
    if (!lines.isEmpty()) {
      html.append("<h2 class=\"warn\">Failed repetitions</h2><ul>");
      lines.forEach(l -> html.append("<li class=\"warn\">").append(esc(l)).append("</li>"));
      html.append("</ul>\n");
    }
  }

  private void workload(String w) throws IOException {
    html.append("<h2>Workload ").append(esc(w)).append("</h2>\n");
    chart(w, "throughputOpsPerSec", "Throughput, " + w, "operations/s", 1.0);
    Set<String> ops = new LinkedHashSet<>();
    for (JsonNode cell : cells(w)) {
      cell.path("figures").fieldNames().forEachRemaining(f -> {
        if (f.endsWith(".p99Micros")) {
          ops.add(f.substring(0, f.length() - ".p99Micros".length()));
        }
      });
    }
    for (String op : ordered(ops)) {
      chart(w, op + ".p99Micros", "P99 " + op + " latency, " + w, "ms", 1000.0);
    }
    for (String op : ordered(ops)) {
      chart(w, op + ".p99_9Micros", "P99.9 " + op + " latency, " + w, "ms", 1000.0);
    }
    for (String op : ordered(ops)) {
      spectrum(w, op);
    }
  }

  private static List<String> ordered(Set<String> ops) {
    List<String> out = new ArrayList<>();
    OPERATIONS.stream().filter(ops::contains).forEach(out::add);
    ops.stream().filter(o -> !out.contains(o)).forEach(out::add);
    return out;
  }

  private List<JsonNode> cells(String workload) {
    List<JsonNode> out = new ArrayList<>();
    for (JsonNode cell : sweep.path("cells")) {
      if (cell.path("workload").asText().equals(workload)) {
        out.add(cell);
      }
    }
    return out;
  }

  /** One figure against threads, one line per store, error bars from the repetitions. */
  private void chart(String workload, String figure, String title, String unit, double divisor) throws IOException {
    XYChart chart = newChart(title, "client threads", unit);
    // Threads double from point to point: plot log2(threads) on a linear axis, labelled 1, 2, 4, ...
    chart.getStyler().setxAxisTickLabelsFormattingFunction(HtmlReport::threadsLabel);
    if (divisor == 1.0) {
      chart.getStyler().setYAxisDecimalPattern("#,##0");
    }
    List<Line> lines = new ArrayList<>();
    for (String b : bindings) {
      List<double[]> points = new ArrayList<>();
      for (JsonNode cell : cells(workload)) {
        JsonNode f = cell.path("figures").path(figure);
        if (cell.path("binding").asText().equals(b) && f.path("n").asInt() > 0) {
          double mean = f.path("mean").asDouble() / divisor;
          double half = f.path("n").asInt() > 1 ? (f.path("ci95High").asDouble() - f.path("mean").asDouble()) / divisor
              : 0;
          points.add(new double[] {log2(cell.path("threads").asInt()), mean, Double.isFinite(half) ? half : 0});
        }
      }
      if (points.isEmpty()) {
        continue;
      }
      points.sort((a, c) -> Double.compare(a[0], c[0]));
      double[] x = points.stream().mapToDouble(p -> p[0]).toArray();
      double[] y = points.stream().mapToDouble(p -> p[1]).toArray();
      double[] e = points.stream().mapToDouble(p -> p[2]).toArray();
      XYSeries s = chart.addSeries(b, x, y, e);
      s.setMarker(SeriesMarkers.CIRCLE);
      s.setLineColor(color(b));
      s.setMarkerColor(color(b));
      lines.add(new Line(b, color(b), java.util.Arrays.stream(x).map(v -> Math.rint(Math.pow(2, v))).toArray(), y, e));
    }
    if (!lines.isEmpty()) {
      figure(chart, lines, title + " against client threads, one line per store; mean over the repetitions, error bars"
          + " the 95% confidence interval. Source: sweep.json figure " + figure + ".");
    }
  }

  /** The latency at every percentile for each store at its highest thread count (all repetitions). */
  private void spectrum(String workload, String op) throws IOException {
    String title = "Percentile spectrum, " + op + ", " + workload;
    XYChart chart = newChart(title, "percentile", "ms");
    // x = log10(1 / (1 - percentile)) on a linear axis: 0 is 0%, 1 is 90%, 2 is 99%, 3 is 99.9%, ...
    chart.getStyler().setYAxisLogarithmic(true);
    chart.getStyler().setxAxisTickLabelsFormattingFunction(HtmlReport::percentileLabel);
    List<String> notes = new ArrayList<>();
    List<Line> lines = new ArrayList<>();
    for (String b : bindings) {
      int threads = -1;
      for (JsonNode cell : cells(workload)) {
        if (cell.path("binding").asText().equals(b) && cell.path("figures").has(op + ".p99Micros")) {
          threads = Math.max(threads, cell.path("threads").asInt());
        }
      }
      if (threads < 0) {
        continue;
      }
      Histogram all = null;
      Path cellDir = dir.resolve(b).resolve(workload).resolve("t" + threads);
      if (Files.isDirectory(cellDir)) {
        try (var reps = Files.list(cellDir)) {
          for (Path rep : reps.sorted().toList()) {
            if (!Files.isRegularFile(rep.resolve(SeriesHistograms.FILE_NAME))) {
              continue;
            }
            Histogram h = SeriesHistograms.read(rep).get(op);
            if (h != null) {
              if (all == null) {
                all = new Histogram(3);
                all.setAutoResize(true);
              }
              all.add(h);
            }
          }
        }
      }
      if (all == null || all.getTotalCount() == 0) {
        continue;
      }
      List<Double> x = new ArrayList<>();
      List<Double> y = new ArrayList<>();
      for (HistogramIterationValue v : all.percentiles(5)) {
        double p = v.getPercentileLevelIteratedTo();
        if (p >= 100.0) {
          break;
        }
        x.add(Math.log10(100.0 / (100.0 - p)));
        y.add(all.highestEquivalentValue(v.getValueIteratedTo()) / 1e6);
      }
      if (x.isEmpty()) {
        continue;
      }
      String name = b + " (" + threads + " threads)";
      XYSeries s = chart.addSeries(name, x, y);
      s.setMarker(SeriesMarkers.NONE);
      s.setLineColor(color(b));
      lines.add(new Line(name, color(b), x.stream().mapToDouble(Double::doubleValue).toArray(),
          y.stream().mapToDouble(Double::doubleValue).toArray(), null));
      notes.add(b + ": " + all.getTotalCount() + " operations");
    }
    if (!notes.isEmpty()) {
      figure(chart, lines, title + " at each store's highest thread count, all repetitions added (HdrHistogram, "
          + String.join("; ", notes) + "). Source: histograms.hlog of each repetition.");
    }
  }

  /** Tick labels of the spectrum's x axis, x = log10(1 / (1 - percentile)): 1 is 90%, 3 is 99.9%; "" between. */
  static String percentileLabel(double x) {
    long k = Math.round(x);
    if (Math.abs(x - k) > 1e-6 || k < 0) {
      return "";
    }
    // 100 - 10^(2 - k): 0%, 90%, 99%, 99.9%, ...
    return java.math.BigDecimal.valueOf(100).subtract(java.math.BigDecimal.ONE.movePointRight(2).movePointLeft((int) k))
        .stripTrailingZeros().toPlainString() + "%";
  }

  /** Tick labels of the threads axis, x = log2(threads): 0 is 1, 3 is 8; "" between. */
  static String threadsLabel(double x) {
    long k = Math.round(x);
    return Math.abs(x - k) > 1e-6 || k < 0 || k > 30 ? "" : Long.toString(1L << k);
  }

  private static double log2(int n) {
    return Math.log(n) / Math.log(2);
  }

  private static XYChart newChart(String title, String xTitle, String yTitle) {
    XYChart chart = new XYChartBuilder().width(640).height(400).title(title).xAxisTitle(xTitle).yAxisTitle(yTitle)
        .build();
    chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideNW);
    chart.getStyler().setChartBackgroundColor(Color.WHITE);
    chart.getStyler().setMarkerSize(6);
    chart.getStyler().setYAxisMin(0.0);
    return chart;
  }

  private Color color(String binding) {
    return PALETTE[bindings.indexOf(binding) % PALETTE.length];
  }

  /** The color as SVG writes it in a style: {@code rgb(31,119,180)}. */
  static String rgb(Color c) {
    return "rgb(" + c.getRed() + "," + c.getGreen() + "," + c.getBlue() + ")";
  }

  private void figure(XYChart chart, List<Line> lines, String caption) throws IOException {
    if (chart.getStyler().isYAxisLogarithmic()) {
      chart.getStyler().setYAxisMin(null);
    }
    // VectorGraphics2D directly rather than XChart's encoder, to keep text as <text> (small, searchable)
    // instead of glyph outlines.
    VectorGraphics2D g = new VectorGraphics2D();
    g.setRenderingHint(VectorHints.KEY_TEXT, VectorHints.VALUE_TEXT_DEFAULT);
    chart.paint(g, chart.getWidth(), chart.getHeight());
    ByteArrayOutputStream svg = new ByteArrayOutputStream();
    new SVGProcessor().getDocument(g.getCommands(), new PageSize(0, 0, chart.getWidth(), chart.getHeight()))
        .writeTo(svg);
    String text = svg.toString(StandardCharsets.UTF_8);
    // Coordinates to 0.01 px (the SVG is a third of the size), and the plotted data as JSON in <desc>, so a
    // program (or a test) can read what each line shows.
    text = DECIMALS.matcher(text).replaceAll("$1");
    com.fasterxml.jackson.databind.node.ObjectNode desc = JSON.createObjectNode();
    desc.put("title", chart.getTitle());
    desc.put("xAxis", chart.getXAxisTitle());
    desc.put("yAxis", chart.getYAxisTitle());
    com.fasterxml.jackson.databind.node.ArrayNode series = desc.putArray("series");
    for (Line l : lines) {
      com.fasterxml.jackson.databind.node.ObjectNode o = series.addObject();
      o.put("name", l.name());
      o.put("stroke", rgb(l.color()));
      java.util.Arrays.stream(l.x()).forEach(o.putArray("x")::add);
      java.util.Arrays.stream(l.y()).forEach(o.putArray("y")::add);
      if (l.errorBars() != null) {
        java.util.Arrays.stream(l.errorBars()).forEach(o.putArray("errorBars")::add);
      }
    }
    int open = text.indexOf('>', text.indexOf("<svg")) + 1;
    text = text.substring(0, open) + "\n  <title>" + esc(chart.getTitle()) + "</title>\n  <desc>"
        + esc(desc.toString()) + "</desc>" + text.substring(open);
    html.append("<figure><img width=\"640\" height=\"400\" alt=\"").append(esc(chart.getTitle()))
        .append("\" src=\"data:image/svg+xml;base64,")
        .append(Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8)))
        .append("\"><figcaption>").append(esc(caption)).append("</figcaption></figure>\n");
  }

  /** The studies' memory table: the server before load, after load and after the run. */
  private void memory() throws IOException {
    html.append("<h2>Server memory and keys</h2>\n<p>As the server reports them (the source column names the command"
        + " and fields), sampled by each binding's probe once every client had connected and after they finished."
        + " Before/after load: the sweep's load phase; after run: the last repetition at the highest thread count."
        + " MB = 10<sup>6</sup> bytes; -1 = not reported.</p>\n<table><tr><th class=\"l\">store</th>"
        + "<th class=\"l\">workload</th><th>keys before load</th><th>used MB before load</th><th>RSS MB before load</th>"
        + "<th>keys after load</th><th>used MB after load</th><th>RSS MB after load</th><th>keys after run</th>"
        + "<th>used MB after run</th><th>RSS MB after run</th><th class=\"l\">source</th></tr>\n");
    for (String b : bindings) {
      for (String w : workloads) {
        BenchmarkResult load = result(dir.resolve(b).resolve(w).resolve("load"));
        BenchmarkResult run = lastRun(b, w);
        ServerSample beforeLoad = load == null ? null : load.server().get("before");
        ServerSample afterLoad = load == null ? null : load.server().get("after");
        ServerSample afterRun = run == null ? null : run.server().get("after");
        if (beforeLoad == null && afterLoad == null && afterRun == null) {
          continue;
        }
        String source = afterRun != null ? afterRun.memorySource() : afterLoad != null ? afterLoad.memorySource()
            : beforeLoad.memorySource();
        html.append("<tr><td class=\"l\">").append(esc(b)).append("</td><td class=\"l\">").append(esc(w)).append("</td>");
        for (ServerSample s : new ServerSample[] {beforeLoad, afterLoad, afterRun}) {
          html.append("<td>").append(s == null ? "" : Long.toString(s.keys())).append("</td><td>")
              .append(s == null ? "" : mb(s.usedMemoryBytes())).append("</td><td>")
              .append(s == null ? "" : mb(s.rssBytes())).append("</td>");
        }
        html.append("<td class=\"l\">").append(esc(source)).append("</td></tr>\n");
      }
    }
    html.append("</table>\n");
  }

  private void servers() throws IOException {
    html.append("<h2>Servers</h2>\n<table><tr><th class=\"l\">store</th><th class=\"l\">server</th>"
        + "<th class=\"l\">version</th><th>nodes</th><th class=\"l\">settings</th></tr>\n");
    for (String b : bindings) {
      ServerSample s = null;
      for (String w : workloads) {
        BenchmarkResult r = lastRun(b, w);
        if (r != null && r.server().get("after") != null) {
          s = r.server().get("after");
          break;
        }
      }
      html.append("<tr><td class=\"l\">").append(esc(b)).append("</td>");
      if (s == null) {
        html.append("<td class=\"l\" colspan=\"4\">no server probe (the binding has none, or it failed)</td></tr>\n");
        continue;
      }
      StringBuilder settings = new StringBuilder();
      new java.util.TreeMap<>(s.settings()).forEach((k, v) -> settings.append(k).append('=').append(v).append(' '));
      html.append("<td class=\"l\">").append(esc(s.server())).append("</td><td class=\"l\">").append(esc(s.version()))
          .append("</td><td>").append(s.nodes()).append("</td><td class=\"l\">").append(esc(settings.toString().trim()))
          .append("</td></tr>\n");
    }
    html.append("</table>\n");
  }

  private void environment() throws IOException {
    BenchmarkResult any = null;
    for (String b : bindings) {
      for (String w : workloads) {
        any = any != null ? any : lastRun(b, w);
      }
    }
    html.append("<h2>Client environment</h2>\n");
    if (any == null) {
      html.append("<p>No completed run.</p>\n");
      return;
    }
    EnvironmentInfo e = any.environment();
    html.append("<table>");
    row("ycsb-kv", e.toolVersion());
    row("Java", e.javaVersion() + " (" + e.javaVendor() + ", " + e.jvmName() + ")");
    row("JVM arguments", e.jvmArguments());
    row("max heap", mb(e.maxHeapBytes()) + " MB");
    row("OS", e.osName() + " " + e.osVersion() + " " + e.osArch());
    row("processors", Integer.toString(e.availableProcessors()));
    row("host", e.host());
    html.append("</table>\n");
  }

  private void row(String name, String value) {
    html.append("<tr><th class=\"l\">").append(esc(name)).append("</th><td class=\"l\">").append(esc(value))
        .append("</td></tr>");
  }

  private void commands() throws IOException {
    html.append("<h2>Commands</h2>\n");
    if (sweep.hasNonNull("command")) {
      html.append("<p>The sweep:</p><pre>").append(esc(sweep.path("command").asText())).append("</pre>\n");
    }
    html.append("<p>Every property of each store's runs (secrets masked), as <code>-p</code> would give them:</p>\n");
    for (String b : bindings) {
      for (String w : workloads) {
        BenchmarkResult r = lastRun(b, w);
        if (r == null) {
          continue;
        }
        StringBuilder cmd = new StringBuilder("bin/ycsb run " + b + " -threads " + r.threads());
        new java.util.TreeMap<>(r.configuration()).forEach((k, v) -> {
          if (!k.equals("threadcount") && !k.equals("export.dir")) {
            cmd.append(" \\\n  -p ").append(k).append('=').append(v);
          }
        });
        html.append("<details><summary>").append(esc(b)).append(", ").append(esc(w)).append("</summary><pre>")
            .append(esc(cmd.toString())).append("</pre></details>\n");
      }
    }
  }

  /** The result of the last repetition at the highest thread count that completed. */
  private BenchmarkResult lastRun(String binding, String workload) throws IOException {
    Path w = dir.resolve(binding).resolve(workload);
    if (!Files.isDirectory(w)) {
      return null;
    }
    TreeSet<Integer> threads = new TreeSet<>();
    try (var list = Files.list(w)) {
      list.map(p -> p.getFileName().toString()).filter(n -> n.matches("t\\d+"))
          .forEach(n -> threads.add(Integer.parseInt(n.substring(1))));
    }
    for (Integer t : threads.descendingSet()) {
      List<Path> reps;
      try (var list = Files.list(w.resolve("t" + t))) {
        reps = list.filter(p -> p.getFileName().toString().matches("r\\d+")).sorted((a, c) -> Integer.compare(
            Integer.parseInt(c.getFileName().toString().substring(1)),
            Integer.parseInt(a.getFileName().toString().substring(1)))).toList();
      }
      for (Path rep : reps) {
        BenchmarkResult r = result(rep);
        if (r != null) {
          return r;
        }
      }
    }
    return null;
  }

  private final Map<Path, BenchmarkResult> cache = new LinkedHashMap<>();

  private BenchmarkResult result(Path resultDir) throws IOException {
    Path file = resultDir.resolve(ResultJson.FILE_NAME);
    if (!Files.isRegularFile(file)) {
      return null;
    }
    BenchmarkResult r = cache.get(file);
    if (r == null) {
      r = ResultJson.readResult(file);
      cache.put(file, r);
    }
    return r;
  }

  private static String mb(long bytes) {
    return bytes < 0 ? "n/a" : String.format(Locale.ROOT, "%.1f", bytes / 1e6);
  }

  static String esc(String s) {
    if (s == null) {
      return "";
    }
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
  }
}
