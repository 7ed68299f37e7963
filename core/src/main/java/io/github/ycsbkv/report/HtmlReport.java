package io.github.ycsbkv.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.ycsbkv.results.BenchmarkResult;
import io.github.ycsbkv.results.EnvironmentInfo;
import io.github.ycsbkv.results.ResultJson;
import io.github.ycsbkv.results.SeriesHistograms;
import io.github.ycsbkv.spi.ServerSample;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Rectangle;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogarithmicAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYErrorRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;
import org.jfree.svg.SVGGraphics2D;

/**
 * {@code report.html} for the output directory of {@code ycsb sweep}: one self-contained page (charts
 * are drawn by JFreeChart as SVG with real text, inline in the page, no script, no network) with, per workload,
 * throughput, P99 and P99.9 against client threads with one line per store and 95% confidence
 * intervals of the repetitions as error bars, the percentile spectrum of each store at the highest
 * thread count, then the server memory before load, after load and after the run, the servers'
 * versions and settings, the client environment and the commands.
 */
public final class HtmlReport {

  /** The file written into the sweep directory. */
  public static final String FILE_NAME = "report.html";
  /** Written by {@code ycsb study} beside sweep.json: the study and its published figures. */
  public static final String STUDY_FILE = "study.json";

  private static final ObjectMapper JSON = new ObjectMapper();
  /** What JFreeSVG writes on every element that draws as the default would: full opacity, and hints. */
  private static final List<String> REDUNDANT_STYLE = List.of("stroke-opacity:1.0;", "fill-opacity: 1.0; ",
      "shape-rendering:geometricPrecision;", "stroke-linecap:square;");
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
  /** {@code ycsb study}'s study.json beside sweep.json, or null. */
  private final JsonNode study;
  private final List<String> bindings = new ArrayList<>();
  private final List<String> workloads = new ArrayList<>();
  private final StringBuilder html = new StringBuilder();
  private int charts;

  private HtmlReport(Path dir, JsonNode sweep) throws IOException {
    this.dir = dir;
    this.sweep = sweep;
    Path studyFile = dir.resolve(STUDY_FILE);
    this.study = Files.isRegularFile(studyFile) ? JSON.readTree(studyFile.toFile()) : null;
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
    if (!Files.isRegularFile(sweepFile) && Files.isRegularFile(dir.resolve(ResultJson.FILE_NAME))) {
      return save(dir, new HtmlReport(dir, JSON.createObjectNode()).renderRun(ResultJson.readResult(
          dir.resolve(ResultJson.FILE_NAME))));
    }
    if (!Files.isRegularFile(sweepFile)) {
      throw new IOException(dir + " has no sweep.json nor result.json: report reads the output directory of"
          + " 'ycsb sweep', or the export.dir of one run");
    }
    JsonNode sweep = JSON.readTree(sweepFile.toFile());
    if (!"ycsb-kv/sweep/1".equals(sweep.path("schema").asText())) {
      throw new IOException(sweepFile + " is not a ycsb-kv sweep (schema '" + sweep.path("schema").asText() + "')");
    }
    HtmlReport report = new HtmlReport(dir, sweep);
    return save(dir, report.render());
  }

  private static Path save(Path dir, String page) throws IOException {
    Path file = dir.resolve(FILE_NAME);
    Path tmp = dir.resolve(FILE_NAME + ".tmp");
    Files.writeString(tmp, page, StandardCharsets.UTF_8);
    Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    return file;
  }

  private String render() throws IOException {
    head(String.join(", ", bindings));
    html.append("<h1>ycsb-kv report</h1>\n<p>Stores: ").append(esc(String.join(", ", bindings)))
        .append(". Workloads: ").append(esc(String.join(", ", workloads))).append(". Generated ")
        .append(esc(Instant.now().toString())).append(" from <code>").append(esc(dir.toAbsolutePath().toString()))
        .append("</code>.</p>\n<p>Error bars: 95% confidence interval of the mean over the repetitions (Student's t);")
        .append(" none when a cell has one repetition; with two the interval is wide (t = 12.7), three or more")
        .append(" repetitions narrow it. Latency is the service time of successful operations.</p>\n");
    failures();
    published();
    for (String w : workloads) {
      workload(w);
    }
    variants();
    timelines();
    loads();
    memory();
    servers();
    environment();
    commands();
    html.append("</body></html>\n");
    return html.toString();
  }

  /** The page of one run (the export.dir of a load or run): what it measured, its timeline and outages. */
  private String renderRun(BenchmarkResult r) throws IOException {
    String name = r.binding() + " " + r.command() + ", " + r.threads() + " threads";
    head(name);
    html.append("<h1>ycsb-kv run report: ").append(esc(name)).append("</h1>\n<p>Workload <code>")
        .append(esc(r.workload())).append("</code>")
        .append(r.label() == null ? "" : ", label " + esc(r.label())).append(", from ")
        .append(esc(r.start().toString())).append(" for ")
        .append(String.format(Locale.ROOT, "%.1f s", r.runtimeMillis() / 1000.0)).append(": ")
        .append(String.format(Locale.ROOT, "%,d operations, %,.0f ops/s, %,d failed", r.operations(),
            r.throughputOpsPerSec(), r.totalErrors()))
        .append("; stopped: ").append(esc(r.stopReason())).append(r.error() == null ? "" : " (" + esc(r.error()) + ")")
        .append(". Generated ").append(esc(Instant.now().toString())).append(" from <code>")
        .append(esc(dir.toAbsolutePath().toString())).append("</code>.</p>\n");
    html.append("<pre>").append(esc(io.github.ycsbkv.results.SummaryTable.format(r))).append("</pre>\n");
    outageTable(List.of(r), List.of(name));
    html.append("<h2>Timeline</h2>\n");
    List<Timeline.Chart> charts = Timeline.of(name, r);
    if (charts.isEmpty()) {
      html.append("<p>Fewer than two status intervals: no timeline (<code>-p status.interval=1</code> samples every"
          + " second).</p>\n");
    }
    for (Timeline.Chart c : charts) {
      figure(newChart(c.title(), c.plot()), c.lines(), c.caption(), c.shaded());
    }
    html.append("</body></html>\n");
    return html.toString();
  }

  /** Sweeps: the timeline of every run that had an outage. */
  private void timelines() throws IOException {
    List<BenchmarkResult> withOutages = new ArrayList<>();
    List<String> names = new ArrayList<>();
    for (JsonNode cell : sweep.path("cells")) {
      String b = cell.path("binding").asText();
      String w = cell.path("workload").asText();
      Path t = dir.resolve(b).resolve(w).resolve("t" + cell.path("threads").asInt());
      if (!Files.isDirectory(t)) {
        continue;
      }
      List<Path> reps;
      try (var list = Files.list(t)) {
        reps = list.filter(p -> p.getFileName().toString().matches("r\\d+")).sorted().toList();
      }
      for (Path rep : reps) {
        BenchmarkResult r = result(rep);
        if (r != null && !r.outages().isEmpty()) {
          withOutages.add(r);
          names.add(b + ", " + w + ", " + cell.path("threads").asInt() + " threads, " + rep.getFileName());
        }
      }
    }
    html.append("<h2>Outages</h2>\n");
    if (withOutages.isEmpty()) {
      html.append("<p>No run had an outage (a period in which operations failed because the store could not be"
          + " reached, or nothing completed for a second; docs/faults.md).</p>\n");
      return;
    }
    outageTable(withOutages, names);
    for (int i = 0; i < withOutages.size(); i++) {
      for (Timeline.Chart c : Timeline.of(names.get(i), withOutages.get(i))) {
        figure(newChart(c.title(), c.plot()), c.lines(), c.caption(), c.shaded());
      }
    }
  }

  private void outageTable(List<BenchmarkResult> results, List<String> names) {
    boolean any = results.stream().anyMatch(r -> !r.outages().isEmpty());
    if (!any) {
      html.append("<p>No outage.</p>\n");
      return;
    }
    html.append("<table><tr><th class=\"l\">run</th><th>start (s)</th><th>duration (s)</th><th>failed operations</th>")
        .append("<th>throughput before (ops/s)</th><th>back after (s)</th><th class=\"l\">first cause</th></tr>\n");
    for (int i = 0; i < results.size(); i++) {
      for (io.github.ycsbkv.results.Outage o : results.get(i).outages()) {
        html.append("<tr><td class=\"l\">").append(esc(names.get(i))).append("</td><td>")
            .append(String.format(Locale.ROOT, "%.2f", o.startMillis() / 1000.0)).append("</td><td>")
            .append(o.ended() ? String.format(Locale.ROOT, "%.2f", o.durationMillis() / 1000.0) : "not over")
            .append("</td><td>").append(String.format(Locale.ROOT, "%,d", o.failedOperations())).append("</td><td>")
            .append(Double.isNaN(o.levelBeforeOpsPerSec()) ? "n/a"
                : String.format(Locale.ROOT, "%,.0f", o.levelBeforeOpsPerSec())).append("</td><td>")
            .append(o.backAfterMillis() < 0 ? "not back" : String.format(Locale.ROOT, "%.2f", o.backAfterMillis() / 1000.0))
            .append("</td><td class=\"l\">").append(esc(o.firstCause())).append("</td></tr>\n");
      }
    }
    html.append("</table>\n");
  }

  private void head(String title) {
    html.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
        .append("<title>ycsb-kv report: ").append(esc(title)).append("</title>\n<style>")
        .append("body{font-family:sans-serif;margin:2em;max-width:1400px;color:#222}")
        .append("table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #bbb;padding:3px 8px;")
        .append("text-align:right}th{background:#eee}td.l,th.l{text-align:left}")
        .append("figure{display:inline-block;vertical-align:top;margin:0 1em 1em 0}figcaption{font-size:90%;color:#555;max-width:640px}")
        .append("code,pre{background:#f4f4f4}pre{padding:.5em;white-space:pre-wrap}.warn{color:#a40}td.nw{white-space:nowrap}")
        .append("</style></head><body>\n");
  }

  /** For {@code ycsb study}: the study's published figures beside the measured ones, units explicit. */
  private void published() {
    if (study == null) {
      return;
    }
    html.append("<h2>").append(esc(study.path("title").asText())).append("</h2>\n<p>Source: ")
        .append(esc(study.path("source").asText())).append(". ").append(esc(study.path("method").asText()))
        .append(" Scale of this run: ").append(esc(study.path("scale").asText())).append(".</p>\n");
    for (JsonNode note : study.path("notes")) {
      html.append("<p class=\"warn\">").append(esc(note.asText())).append("</p>\n");
    }
    html
        .append("<table><tr><th class=\"l\">workload</th><th class=\"l\">store</th><th>threads (study / here)</th>")
        .append("<th class=\"l\">figure</th><th>published</th><th class=\"l\">unit</th><th>measured here</th>")
        .append("<th class=\"l\">unit</th></tr>\n");
    for (JsonNode p : study.path("published")) {
      String workload = p.path("workload").asText();
      String store = p.path("store").asText();
      int threads = p.path("threads").asInt();
      boolean throughput = p.path("figure").asText().equals("throughput");
      String op = workload.equals("writeheavy") ? "INSERT" : "READ";
      String figure = throughput ? "throughputOpsPerSec" : op + ".p99Micros";
      double measured = Double.NaN;
      for (JsonNode cell : cells(workload)) {
        if (cell.path("binding").asText().equals(store) && cell.path("threads").asInt() == threads) {
          measured = cell.path("figures").path(figure).path("mean").asDouble(Double.NaN);
        }
      }
      html.append("<tr><td class=\"l\">").append(esc(workload)).append("</td><td class=\"l\">").append(esc(store))
          .append("</td><td>").append(p.path("studyThreads").asInt()).append(" / ").append(threads)
          .append("</td><td class=\"l\">").append(throughput ? "throughput" : "P99 " + op).append("</td><td>")
          .append(String.format(Locale.ROOT, "%,.2f", p.path("value").asDouble()).replaceAll("\\.00$", ""))
          .append("</td><td class=\"l\">").append(esc(p.path("unit").asText())).append("</td><td>")
          .append(Double.isNaN(measured) ? "not run" : String.format(Locale.ROOT, throughput ? "%,.0f" : "%,.1f", measured))
          .append("</td><td class=\"l\">").append(throughput ? "ops/s" : "us").append("</td></tr>\n");
    }
    html.append("</table>\n");
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
    if (cells(w).stream().map(c -> c.path("threads").asInt()).distinct().count() == 1) {
      // One thread count (the object-cache test): a line per store says more than charts of one point.
      iterations(w);
      for (String op : ordered(operations(w))) {
        spectrum(w, op);
      }
      return;
    }
    chart(w, "throughputOpsPerSec", "Throughput, " + w, "operations/s", 1.0);
    Set<String> ops = operations(w);
    for (String op : ordered(ops)) {
      chart(w, op + ".p99Micros", "P99 " + op + " latency, " + w, null, 0);
    }
    for (String op : ordered(ops)) {
      chart(w, op + ".p99_9Micros", "P99.9 " + op + " latency, " + w, null, 0);
    }
    for (String op : ordered(ops)) {
      spectrum(w, op);
    }
  }

  /** The operations with latency figures in a workload's cells. */
  private Set<String> operations(String w) {
    Set<String> ops = new LinkedHashSet<>();
    for (JsonNode cell : cells(w)) {
      cell.path("figures").fieldNames().forEachRemaining(f -> {
        if (f.endsWith(".p99Micros")) {
          ops.add(f.substring(0, f.length() - ".p99Micros".length()));
        }
      });
    }
    return ops;
  }

  /**
   * A workload run at one thread count (the object-cache test's iterations): per store, the throughput's mean,
   * standard deviation, coefficient of variation and 95% confidence interval over the iterations, and each
   * operation's mean, P95 and P99 (means over the iterations).
   */
  private void iterations(String w) {
    Set<String> ops = operations(w);
    html.append("<table><tr><th class=\"l\">store</th><th>threads</th><th>iterations</th><th>ops/s mean</th>")
        .append("<th>ops/s std. dev.</th><th>CV</th><th>ops/s 95% CI</th>");
    for (String op : ordered(ops)) {
      html.append("<th>").append(esc(op)).append(" mean us</th><th>").append(esc(op)).append(" P95 us</th><th>")
          .append(esc(op)).append(" P99 us</th>");
    }
    html.append("</tr>\n");
    for (JsonNode cell : cells(w)) {
      JsonNode t = cell.path("figures").path("throughputOpsPerSec");
      if (t.path("n").asInt() == 0) {
        continue;
      }
      html.append("<tr><td class=\"l\">").append(esc(cell.path("binding").asText())).append("</td><td>")
          .append(cell.path("threads").asInt()).append("</td><td>").append(t.path("n").asInt()).append("</td><td>")
          .append(String.format(Locale.ROOT, "%,.0f</td><td>%,.0f</td><td>%.1f%%</td><td class=\"nw\">%,.0f - %,.0f",
              t.path("mean").asDouble(), t.path("stdDev").asDouble(), 100 * t.path("cv").asDouble(),
              t.path("ci95Low").asDouble(), t.path("ci95High").asDouble())).append("</td>");
      for (String op : ordered(ops)) {
        for (String f : List.of("meanMicros", "p95Micros", "p99Micros")) {
          JsonNode v = cell.path("figures").path(op + "." + f);
          html.append("<td>").append(v.path("n").asInt() == 0 ? "" : String.format(Locale.ROOT, "%,.1f",
              v.path("mean").asDouble())).append("</td>");
        }
      }
      html.append("</tr>\n");
    }
    html.append("</table>\n<p>Mean, standard deviation, coefficient of variation (std. dev. / mean) and 95% confidence")
        .append(" interval (Student's t) of the throughput over the iterations; latencies are the means over the")
        .append(" iterations of each iteration's service-time percentile. Source: sweep.json.</p>\n");
  }

  /**
   * Each labelled run of a store ({@code redis+tls}) against the same store unlabelled, per workload and thread
   * count: the ratio of their throughputs and of their P99 latencies.
   */
  private void variants() {
    List<String[]> pairs = new ArrayList<>();
    for (String b : bindings) {
      int plus = b.indexOf('+');
      if (plus > 0 && bindings.contains(b.substring(0, plus))) {
        pairs.add(new String[] {b.substring(0, plus), b});
      }
    }
    if (pairs.isEmpty()) {
      return;
    }
    html.append("<h2>Labelled runs against the same store</h2>\n<table><tr><th class=\"l\">store</th>")
        .append("<th class=\"l\">against</th><th class=\"l\">workload</th><th>threads</th><th>ops/s</th>")
        .append("<th>ops/s against</th><th>throughput ratio</th><th class=\"l\">operation</th><th>P99 us</th>")
        .append("<th>P99 us against</th><th>P99 ratio</th></tr>\n");
    for (String[] pair : pairs) {
      for (String w : workloads) {
        for (JsonNode cell : cells(w)) {
          if (!cell.path("binding").asText().equals(pair[1])) {
            continue;
          }
          JsonNode base = null;
          for (JsonNode c : cells(w)) {
            if (c.path("binding").asText().equals(pair[0]) && c.path("threads").asInt() == cell.path("threads").asInt()) {
              base = c;
            }
          }
          if (base == null) {
            continue;
          }
          String op = ordered(operations(w)).stream().findFirst().orElse("READ");
          double ops = mean(cell, "throughputOpsPerSec");
          double opsBase = mean(base, "throughputOpsPerSec");
          double p99 = mean(cell, op + ".p99Micros");
          double p99Base = mean(base, op + ".p99Micros");
          html.append("<tr><td class=\"l\">").append(esc(pair[1])).append("</td><td class=\"l\">").append(esc(pair[0]))
              .append("</td><td class=\"l\">").append(esc(w)).append("</td><td>").append(cell.path("threads").asInt())
              .append(String.format(Locale.ROOT, "</td><td>%,.0f</td><td>%,.0f</td><td>%.2f</td>", ops, opsBase,
                  ops / opsBase)).append("<td class=\"l\">").append(esc(op))
              .append(String.format(Locale.ROOT, "</td><td>%,.1f</td><td>%,.1f</td><td>%.2f</td></tr>%n", p99,
                  p99Base, p99 / p99Base));
        }
      }
    }
    html.append("</table>\n<p>Means over the repetitions; a ratio below 1 is fewer operations per second (or a")
        .append(" shorter P99) than the same store unlabelled.")
        .append(study != null && study.path("tls").asBoolean() ? " The study published that TLS costs 30-34% of the"
            + " throughput (a ratio of 0.66-0.70) and 1.4-1.5x the latency (its average latency, with memtier's own"
            + " connections)." : "")
        .append("</p>\n");
  }

  private static double mean(JsonNode cell, String figure) {
    JsonNode f = cell.path("figures").path(figure);
    return f.path("n").asInt() == 0 ? Double.NaN : f.path("mean").asDouble();
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

  /**
   * One figure against threads, one line per store, error bars from the repetitions. {@code unit} null:
   * a latency in microseconds, shown in the unit that suits its largest value (us, ms or s).
   */
  private void chart(String workload, String figure, String title, String unit, double divisor) throws IOException {
    List<double[]> all = new ArrayList<>();
    Map<String, List<double[]>> byStore = new LinkedHashMap<>();
    for (String b : bindings) {
      List<double[]> points = new ArrayList<>();
      for (JsonNode cell : cells(workload)) {
        JsonNode f = cell.path("figures").path(figure);
        if (cell.path("binding").asText().equals(b) && f.path("n").asInt() > 0) {
          double mean = f.path("mean").asDouble();
          double half = f.path("n").asInt() > 1 ? f.path("ci95High").asDouble() - mean : 0;
          points.add(new double[] {log2(cell.path("threads").asInt()), mean, Double.isFinite(half) ? half : 0});
        }
      }
      if (!points.isEmpty()) {
        points.sort((a, c) -> Double.compare(a[0], c[0]));
        byStore.put(b, points);
        all.addAll(points);
      }
    }
    if (byStore.isEmpty()) {
      return;
    }
    if (unit == null) {
      double max = all.stream().mapToDouble(p -> p[1]).max().orElse(0);
      unit = latencyUnit(max);
      divisor = latencyDivisor(unit);
    }
    YIntervalSeriesCollection data = new YIntervalSeriesCollection();
    List<Line> lines = new ArrayList<>();
    boolean clipped = false;
    for (Map.Entry<String, List<double[]>> e : byStore.entrySet()) {
      YIntervalSeries series = new YIntervalSeries(e.getKey());
      double[] x = new double[e.getValue().size()];
      double[] y = new double[x.length];
      double[] bars = new double[x.length];
      for (int i = 0; i < x.length; i++) {
        double[] p = e.getValue().get(i);
        x[i] = p[0];
        y[i] = p[1] / divisor;
        bars[i] = p[2] / divisor;
        // A throughput or a latency is never below 0: with few repetitions the interval can reach past it.
        double low = y[i] - bars[i];
        clipped |= low < 0;
        series.add(x[i], y[i], Math.max(0, low), y[i] + bars[i]);
      }
      data.addSeries(series);
      lines.add(new Line(e.getKey(), color(e.getKey()),
          java.util.Arrays.stream(x).map(v -> Math.rint(Math.pow(2, v))).toArray(), y, bars));
    }
    java.util.TreeSet<Integer> counts = new java.util.TreeSet<>();
    all.forEach(p -> counts.add((int) Math.rint(Math.pow(2, p[0]))));
    NumberAxis threads = new ThreadsAxis(counts);
    threads.setAutoRangeIncludesZero(false);
    threads.setLowerMargin(0.05);
    threads.setUpperMargin(0.05);
    NumberAxis value = new NumberAxis(unit);
    value.setAutoRangeIncludesZero(true);
    XYErrorRenderer renderer = new XYErrorRenderer();
    renderer.setDrawXError(false);
    renderer.setDefaultLinesVisible(true);
    renderer.setDefaultShapesVisible(true);
    renderer.setErrorStroke(new BasicStroke(1f));
    renderer.setCapLength(6);
    XYPlot plot = new XYPlot(data, threads, value, renderer);
    for (int i = 0; i < lines.size(); i++) {
      renderer.setSeriesPaint(i, lines.get(i).color());
      renderer.setSeriesStroke(i, new BasicStroke(2f));
    }
    boolean published = figure.equals("throughputOpsPerSec") && publishedThroughput(workload, plot, byStore.keySet(),
        lines);
    figure(newChart(title, plot), lines, title + " against client threads, one line per store; mean over the"
        + " repetitions, error bars the 95% confidence interval" + (clipped ? ", clipped at 0 (with few repetitions the"
        + " interval reaches below 0, which no throughput or latency can)" : "")
        + (published ? "; dashed: the study's published figures at the thread counts it names" : "")
        + ". Source: sweep.json figure " + figure + ".");
  }

  /**
   * For a study: the published throughput of each store as a dashed line in its color (a second dataset
   * of {@code plot}); returns whether any was drawn.
   */
  private boolean publishedThroughput(String workload, XYPlot plot, Set<String> stores, List<Line> lines) {
    if (study == null) {
      return false;
    }
    XYSeriesCollection data = new XYSeriesCollection();
    XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, true);
    for (String store : stores) {
      XYSeries series = new XYSeries(store + " (published)");
      for (JsonNode p : study.path("published")) {
        if (p.path("workload").asText().equals(workload) && p.path("store").asText().equals(store)
            && p.path("figure").asText().equals("throughput")) {
          series.add(log2(p.path("threads").asInt()), p.path("value").asDouble());
        }
      }
      if (series.getItemCount() == 0) {
        continue;
      }
      int i = data.getSeriesCount();
      data.addSeries(series);
      renderer.setSeriesPaint(i, color(store));
      renderer.setSeriesStroke(i, new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f,
          new float[] {6f, 4f}, 0f));
      double[] x = new double[series.getItemCount()];
      double[] y = new double[x.length];
      for (int k = 0; k < x.length; k++) {
        x[k] = Math.rint(Math.pow(2, series.getX(k).doubleValue()));
        y[k] = series.getY(k).doubleValue();
      }
      lines.add(new Line(store + " (published)", color(store), x, y, null));
    }
    if (data.getSeriesCount() == 0) {
      return false;
    }
    plot.setDataset(1, data);
    plot.setRenderer(1, renderer);
    return true;
  }

  /** The unit that shows latencies up to {@code maxMicros} with few digits: us, ms or s. */
  static String latencyUnit(double maxMicros) {
    return maxMicros < 1_000 ? "latency (us)" : maxMicros < 1_000_000 ? "latency (ms)" : "latency (s)";
  }

  static double latencyDivisor(String unit) {
    return unit.endsWith("(us)") ? 1 : unit.endsWith("(ms)") ? 1_000 : 1_000_000;
  }

  /** The latency at every percentile for each store at its highest thread count (all repetitions). */
  private void spectrum(String workload, String op) throws IOException {
    String title = "Percentile spectrum, " + op + ", " + workload;
    List<String> notes = new ArrayList<>();
    Map<String, double[][]> byStore = new LinkedHashMap<>();
    double max = 0;
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
      List<double[]> points = new ArrayList<>();
      for (HistogramIterationValue v : all.percentiles(5)) {
        double p = v.getPercentileLevelIteratedTo();
        if (p >= 100.0) {
          break;
        }
        // x = log10(1 / (1 - percentile)): 0 is 0%, 1 is 90%, 2 is 99%, 3 is 99.9%, ...
        points.add(new double[] {Math.log10(100.0 / (100.0 - p)), all.highestEquivalentValue(v.getValueIteratedTo()) / 1e3});
      }
      if (points.isEmpty()) {
        continue;
      }
      byStore.put(b + " (" + threads + " threads)", points.toArray(double[][]::new));
      max = Math.max(max, points.stream().mapToDouble(p -> p[1]).max().orElse(0));
      notes.add(b + ": " + all.getTotalCount() + " operations");
    }
    if (byStore.isEmpty()) {
      return;
    }
    String unit = latencyUnit(max);
    double divisor = latencyDivisor(unit);
    XYSeriesCollection data = new XYSeriesCollection();
    List<Line> lines = new ArrayList<>();
    for (Map.Entry<String, double[][]> e : byStore.entrySet()) {
      XYSeries series = new XYSeries(e.getKey(), false, true);
      double[] x = new double[e.getValue().length];
      double[] y = new double[x.length];
      for (int i = 0; i < x.length; i++) {
        x[i] = e.getValue()[i][0];
        y[i] = e.getValue()[i][1] / divisor;
        series.add(x[i], y[i]);
      }
      data.addSeries(series);
      String store = e.getKey().substring(0, e.getKey().indexOf(" ("));
      lines.add(new Line(e.getKey(), color(store), x, y, null));
    }
    NumberAxis percentile = new NumberAxis("percentile");
    percentile.setTickUnit(new NumberTickUnit(1, new LabelFormat(HtmlReport::percentileLabel)));
    percentile.setAutoRangeIncludesZero(true);
    // LogarithmicAxis labels ticks with plain strings (LogAxis's attributed labels become glyph outlines).
    LogarithmicAxis value = new LogarithmicAxis(unit);
    value.setAllowNegativesFlag(false);
    value.setStrictValuesFlag(false);
    XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, false);
    renderer.setDrawSeriesLineAsPath(true); // one <path> per store, not one <line> per segment
    XYPlot plot = new XYPlot(data, percentile, value, renderer);
    for (int i = 0; i < lines.size(); i++) {
      renderer.setSeriesPaint(i, lines.get(i).color());
      renderer.setSeriesStroke(i, new BasicStroke(2f));
    }
    figure(newChart(title, plot), lines, title + " at each store's highest thread count, all repetitions added"
        + " (HdrHistogram, " + String.join("; ", notes) + "). Source: histograms.hlog of each repetition.");
  }

  /** Axis tick labels from a function of the tick's value ({@link #percentileLabel}). */
  private static final class LabelFormat extends java.text.NumberFormat {
    private static final long serialVersionUID = 1L;
    private final transient java.util.function.DoubleFunction<String> label;

    LabelFormat(java.util.function.DoubleFunction<String> label) {
      this.label = label;
    }

    @Override
    public StringBuffer format(double number, StringBuffer toAppendTo, java.text.FieldPosition pos) {
      return toAppendTo.append(label.apply(number));
    }

    @Override
    public StringBuffer format(long number, StringBuffer toAppendTo, java.text.FieldPosition pos) {
      return format((double) number, toAppendTo, pos);
    }

    @Override
    public Number parse(String source, java.text.ParsePosition parsePosition) {
      throw new UnsupportedOperationException("labels only");
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
  /**
   * The thread axis: log2(threads) on a linear axis (threads double from point to point in a study), with a
   * tick labelled at each thread count the chart has, powers of two or not (memtier's 100, 400, 800 clients).
   */
  private static final class ThreadsAxis extends NumberAxis {
    private static final long serialVersionUID = 1L;
    private final java.util.TreeSet<Integer> counts;

    ThreadsAxis(java.util.TreeSet<Integer> counts) {
      super("client threads");
      this.counts = counts;
    }

    @Override
    @SuppressWarnings({"rawtypes", "unchecked"})
    public List refreshTicks(java.awt.Graphics2D g2, org.jfree.chart.axis.AxisState state,
        java.awt.geom.Rectangle2D dataArea, org.jfree.chart.ui.RectangleEdge edge) {
      List ticks = new ArrayList();
      for (int t : counts) {
        ticks.add(new org.jfree.chart.axis.NumberTick(log2(t), Integer.toString(t),
            org.jfree.chart.ui.TextAnchor.TOP_CENTER, org.jfree.chart.ui.TextAnchor.CENTER, 0.0));
      }
      return ticks;
    }
  }

  private static double log2(int n) {
    return Math.log(n) / Math.log(2);
  }

  private static JFreeChart newChart(String title, XYPlot plot) {
    plot.setBackgroundPaint(Color.WHITE);
    plot.setDomainGridlinePaint(new Color(0xdddddd));
    plot.setRangeGridlinePaint(new Color(0xdddddd));
    plot.setOutlineVisible(false);
    JFreeChart chart = new JFreeChart(title, new Font(Font.SANS_SERIF, Font.BOLD, 14), plot, true);
    chart.setBackgroundPaint(Color.WHITE);
    chart.setAntiAlias(true);
    return chart;
  }

  private Color color(String binding) {
    return PALETTE[bindings.indexOf(binding) % PALETTE.length];
  }

  /** The color as SVG writes it in a style: {@code rgb(31,119,180)}. */
  static String rgb(Color c) {
    return "rgb(" + c.getRed() + "," + c.getGreen() + "," + c.getBlue() + ")";
  }

  private void figure(JFreeChart chart, List<Line> lines, String caption) throws IOException {
    figure(chart, lines, caption, List.of());
  }

  /** As {@link #figure(JFreeChart, List, String)}; {@code shaded}: the x ranges shaded as outages. */
  private void figure(JFreeChart chart, List<Line> lines, String caption, List<double[]> shaded) throws IOException {
    // JFreeSVG writes text as <text> elements: a few KB per chart, searchable, crisp at any zoom.
    SVGGraphics2D g = new SVGGraphics2D(640, 400);
    g.setDefsKeyPrefix("c" + (++charts) + "-"); // ids unique within the page, which holds every chart inline
    chart.draw(g, new Rectangle(0, 0, 640, 400));
    String text = g.getSVGElement();
    // Coordinates to 0.01 px, and the plotted data as JSON in <desc>, so a program (or a test) can read
    // what each line shows.
    text = DECIMALS.matcher(text).replaceAll("$1");
    // Style declarations that repeat the SVG defaults (or change nothing visible here) on every element: a
    // study-sized page is a fifth smaller without them.
    for (String same : REDUNDANT_STYLE) {
      text = text.replace(same, "");
    }
    XYPlot plot = chart.getXYPlot();
    String chartTitle = ((TextTitle) chart.getTitle()).getText();
    com.fasterxml.jackson.databind.node.ObjectNode desc = JSON.createObjectNode();
    desc.put("title", chartTitle);
    desc.put("xAxis", axisLabel(plot.getDomainAxis()));
    desc.put("yAxis", axisLabel(plot.getRangeAxis()));
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
    if (!shaded.isEmpty()) {
      com.fasterxml.jackson.databind.node.ArrayNode outages = desc.putArray("outages");
      for (double[] range : shaded) {
        outages.addArray().add(range[0]).add(range[1]);
      }
    }
    int open = text.indexOf('>', text.indexOf("<svg")) + 1;
    text = text.substring(0, open) + "\n  <title>" + esc(chartTitle) + "</title>\n  <desc>"
        + esc(desc.toString()) + "</desc>" + text.substring(open);
    // Inline, not a data URI: no base64 (a third more bytes), and the page's text search finds the charts' text.
    html.append("<figure role=\"img\" aria-label=\"").append(esc(chartTitle)).append("\">").append(text)
        .append("<figcaption>").append(esc(caption)).append("</figcaption></figure>\n");
  }

  private static String axisLabel(ValueAxis axis) {
    return axis.getLabel();
  }

  /** Every cell's load shape beside the server's own view of it ({@link LoadTable}). */
  private void loads() throws IOException {
    StringBuilder rows = new StringBuilder();
    for (JsonNode cell : sweep.path("cells")) {
      String b = cell.path("binding").asText();
      String w = cell.path("workload").asText();
      BenchmarkResult r = result(dir.resolve(b).resolve(w).resolve("t" + cell.path("threads").asInt()).resolve("r1"));
      if (r != null) {
        LoadTable.row(rows, b, w, r);
      }
    }
    if (rows.length() > 0) {
      LoadTable.header(html);
      html.append(rows).append("</table>\n");
    }
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
        // The binding that ran, which a labelled store (redis+tls, or a store run with another binding's client)
        // is not.
        StringBuilder cmd = new StringBuilder("bin/ycsb run " + r.binding() + " -threads " + r.threads());
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
