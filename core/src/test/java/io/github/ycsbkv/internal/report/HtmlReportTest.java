package io.github.ycsbkv.internal.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.ycsbkv.internal.cli.Main;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.NodeList;

class HtmlReportTest {

  private static final String WORKLOADA = Path.of("..", "workloads", "workloada").toAbsolutePath().toString();
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir
  Path tmp;

  private static int run(String... args) {
    ByteArrayOutputStream sink = new ByteArrayOutputStream();
    try (PrintStream p = new PrintStream(sink, true, StandardCharsets.UTF_8)) {
      return Main.execute(args, p, p);
    }
  }

  @Test
  void memoryChart_namesTheStoreOfEachLimitsLabel() {
    assertEquals("redis", MemoryChart.store("redis+64mb"));
    assertEquals("redis+lru", MemoryChart.store("redis+lru-64mb"));
    assertEquals("dragonfly", MemoryChart.store("dragonfly+1gb"));
    assertEquals("valkey", MemoryChart.store("valkey+1048576"));
  }

  @Test
  void report_ofAMemorySweep_drawsOneLinePerStoreWithTheSweepsMeans() throws Exception {
    Path out = tmp.resolve("sweep");
    assertEquals(0, run("sweep", "--bindings", "memory", "--workloads", WORKLOADA, "--threads", "1,3", "--repeat", "2",
        "--out", out.toString(), "-p", "recordcount=300", "-p", "operationcount=3000"));
    assertEquals(0, run("report", out.toString()));
    String html = Files.readString(out.resolve("report.html"));
    assertFalse(html.contains("http://") && html.contains("<script"), "no scripts, nothing fetched");
    assertTrue(html.contains("bin/ycsb sweep --bindings memory --workloads " + WORKLOADA), "the exact command");
    // #24: every cell's load shape; the memory binding says nothing of connections and has no probe.
    assertTrue(html.contains("<h2>Load as the server saw it</h2>"), "the load table");
    assertTrue(html.contains("<tr><td class=\"l\">memory</td><td class=\"l\">workloada</td><td>3</td>"
        + "<td class=\"l\">unknown</td><td>n/a</td><td>1</td><td>3</td><td>n/a</td><td>n/a</td>"),
        html.substring(html.indexOf("<h2>Load as"), html.indexOf("<h2>Load as") + 1500));

    Map<String, JsonNode> charts = new LinkedHashMap<>();
    Matcher m = Pattern.compile("(?s)<svg .*?</svg>").matcher(html);
    while (m.find()) {
      byte[] svg = m.group().getBytes(StandardCharsets.UTF_8);
      DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
      f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
      Document doc = f.newDocumentBuilder().parse(new ByteArrayInputStream(svg));
      JsonNode desc = JSON.readTree(doc.getElementsByTagName("desc").item(0).getTextContent());
      // Every line the description names is drawn in the SVG in its color.
      List<String> styles = new ArrayList<>();
      for (String element : List.of("path", "line", "polyline", "g")) {
        NodeList shapes = doc.getElementsByTagName(element);
        for (int i = 0; i < shapes.getLength(); i++) {
          org.w3c.dom.Node style = shapes.item(i).getAttributes().getNamedItem("style");
          styles.add(style == null ? "" : style.getNodeValue());
        }
      }
      for (JsonNode s : desc.path("series")) {
        String stroke = "stroke:" + s.path("stroke").asText();
        assertTrue(styles.stream().anyMatch(st -> st.contains(stroke)), desc.path("title") + ": " + stroke);
      }
      charts.put(desc.path("title").asText(), desc);
      if (desc.path("title").asText().startsWith("Throughput")) {
        // A tick at each thread count the sweep has, 3 as well as 1 (not 2, 4, ... between and beyond).
        List<String> texts = new ArrayList<>();
        NodeList t = doc.getElementsByTagName("text");
        for (int i = 0; i < t.getLength(); i++) {
          texts.add(t.item(i).getTextContent().strip());
        }
        assertTrue(texts.contains("1") && texts.contains("3") && !texts.contains("2") && !texts.contains("4"),
            texts.toString());
      }
    }
    assertTrue(charts.keySet().containsAll(List.of("Throughput, workloada", "P99 READ latency, workloada",
        "P99 UPDATE latency, workloada", "P99.9 READ latency, workloada", "Percentile spectrum, READ, workloada")),
        charts.keySet().toString());

    JsonNode sweep = JSON.readTree(out.resolve("sweep.json").toFile());
    JsonNode tput = charts.get("Throughput, workloada").path("series");
    assertEquals(1, tput.size());
    assertEquals("memory", tput.get(0).path("name").asText());
    assertEquals("[1.0,3.0]", tput.get(0).path("x").toString());
    for (int i = 0; i < 2; i++) {
      JsonNode fig = sweep.path("cells").get(i).path("figures").path("throughputOpsPerSec");
      assertEquals(fig.path("mean").asDouble(), tput.get(0).path("y").get(i).asDouble(), 1e-6);
      assertEquals(fig.path("ci95High").asDouble() - fig.path("mean").asDouble(),
          tput.get(0).path("errorBars").get(i).asDouble(), 1e-6);
      JsonNode p99 = sweep.path("cells").get(i).path("figures").path("READ.p99Micros");
      // Regression: every latency axis was in ms, even for values of a few microseconds (".01 ms"). The unit
      // follows the largest mean: under qemu the in-memory store's P99 can pass a millisecond.
      JsonNode chart = charts.get("P99 READ latency, workloada");
      double largest = Math.max(sweep.path("cells").get(0).path("figures").path("READ.p99Micros").path("mean")
          .asDouble(), sweep.path("cells").get(1).path("figures").path("READ.p99Micros").path("mean").asDouble());
      assertEquals(largest < 1_000 ? "latency (us)" : largest < 1_000_000 ? "latency (ms)" : "latency (s)",
          chart.path("yAxis").asText(), "the axis's unit suits its largest value, " + largest + " us");
      // The points are in the axis's unit: micros divided by 1, 1,000 or 1,000,000.
      double divisor = largest < 1_000 ? 1 : largest < 1_000_000 ? 1_000 : 1_000_000;
      assertEquals(p99.path("mean").asDouble() / divisor, chart.path("series").get(0).path("y").get(i).asDouble(),
          1e-9);
    }
    JsonNode spectrum = charts.get("Percentile spectrum, READ, workloada").path("series").get(0);
    assertEquals("memory (3 threads)", spectrum.path("name").asText());
    assertTrue(spectrum.path("x").size() > 10, "a spectrum, not a point");
  }

  /** #26: the export.dir of one run gets a page of its own, with its timeline and its outages shaded. */
  @Test
  void report_ofOneRun_drawsItsTimeline_withTheOutagesShaded() throws Exception {
    Path out = tmp.resolve("run");
    assertEquals(0, run("run", "memory", "-P", WORKLOADA, "-p", "recordcount=100", "-p", "operationcount=0", "-p",
        "maxexecutiontime=3", "-p", "status.interval=1", "-p", "export.dir=" + out));
    // An outage in the result, as a restart of the store would have left it (docs/faults.md).
    com.fasterxml.jackson.databind.node.ObjectNode root =
        (com.fasterxml.jackson.databind.node.ObjectNode) JSON.readTree(out.resolve("result.json").toFile());
    root.putArray("outages").addObject().put("startMillis", 1000).put("endMillis", 1800).put("durationMillis", 800)
        .put("failedOperations", 12).put("firstCause", "connection to 127.0.0.1:1 lost").put("levelBeforeOpsPerSec",
            5000.0).put("throughputBackAfterMillis", 100);
    JSON.writeValue(out.resolve("result.json").toFile(), root);
    assertEquals(0, run("report", out.toString()));
    String html = Files.readString(out.resolve("report.html"));
    assertTrue(html.contains("<h1>ycsb-kv run report: memory run, 1 threads</h1>"), html.substring(0, 800));
    assertTrue(html.contains("<td>1.00</td><td>0.80</td><td>12</td><td>5,000</td><td>0.10</td>"
        + "<td class=\"l\">connection to 127.0.0.1:1 lost</td>"), "the outage's row");
    Map<String, JsonNode> charts = charts(html);
    JsonNode throughput = charts.get("Throughput over time, memory run, 1 threads");
    assertTrue(throughput != null, charts.keySet().toString());
    JsonNode intervals = root.path("intervals");
    JsonNode line = throughput.path("series").get(0);
    assertEquals(intervals.size(), line.path("x").size(), "a point per status interval");
    for (int i = 0; i < intervals.size(); i++) {
      assertEquals(intervals.get(i).path("elapsedMillis").asLong() / 1000.0, line.path("x").get(i).asDouble(), 1e-9);
    }
    assertTrue(line.path("y").get(1).asDouble() > 0, line.toString());
    assertEquals("failed operations/s", throughput.path("series").get(1).path("name").asText());
    assertEquals(1.0, throughput.path("outages").get(0).get(0).asDouble(), 1e-9);
    assertEquals(1.8, throughput.path("outages").get(0).get(1).asDouble(), 1e-9);
    assertTrue(charts.containsKey("P99 over time, memory run, 1 threads"), charts.keySet().toString());
    // The shade is drawn: a rectangle in the outage's color, behind the lines.
    Matcher shade = Pattern.compile("<rect x='[\\d.]+' y='[\\d.]+' width='([\\d.]+)' height='[\\d.]+' "
        + "style='fill:rgb\\(214,39,40\\);fill-opacity:0\\.\\d+'").matcher(html);
    assertTrue(shade.find() && Double.parseDouble(shade.group(1)) > 10, "the outage's shade, a translucent rectangle");
  }

  /**
   * An open loop's intervals have the response time from the intended start: the P99 chart draws it beside the service
   * time's, point for point from result.json, in the axis's one unit.
   */
  @Test
  void report_ofAnOpenLoop_drawsTheP99FromTheIntendedStart_besideTheServiceTimes() throws Exception {
    Path out = tmp.resolve("open");
    assertEquals(0, run("run", "memory", "-P", WORKLOADA, "-p", "recordcount=100", "-p", "operationcount=0", "-p",
        "maxexecutiontime=3", "-p", "status.interval=1", "-target", "2000", "-p", "export.dir=" + out));
    JsonNode intervals = JSON.readTree(out.resolve("result.json").toFile()).path("intervals");
    assertEquals(0, run("report", out.toString()));
    JsonNode chart = charts(Files.readString(out.resolve("report.html"))).get("P99 over time, memory run, 1 threads");
    assertTrue(chart != null, "the P99 chart");
    assertEquals(2, chart.path("series").size(), chart.toString());
    JsonNode response = chart.path("series").get(1);
    assertEquals("P99 from the intended start", response.path("name").asText());
    double largest = 0;
    for (JsonNode i : intervals) {
      largest = Math.max(largest, Math.max(i.path("p99Micros").asDouble(), i.path("responseP99Micros").asDouble()));
    }
    double divisor = largest < 1_000 ? 1 : largest < 1_000_000 ? 1_000 : 1_000_000;
    assertEquals(intervals.size(), response.path("y").size(), "a point per interval: " + intervals);
    for (int i = 0; i < intervals.size(); i++) {
      assertTrue(intervals.get(i).path("responseP99Micros").isNumber(), intervals.get(i).toString());
      assertEquals(intervals.get(i).path("responseP99Micros").asDouble() / divisor,
          response.path("y").get(i).asDouble(), 1e-9);
    }
  }

  /** Each chart's {@code <desc>} JSON on the page, by its title. */
  private static Map<String, JsonNode> charts(String html) throws Exception {
    Map<String, JsonNode> charts = new LinkedHashMap<>();
    Matcher m = Pattern.compile("<desc>([^<]*)</desc>").matcher(html);
    while (m.find()) {
      JsonNode desc = JSON.readTree(m.group(1).replace("&quot;", "\"").replace("&lt;", "<").replace("&gt;", ">")
          .replace("&amp;", "&"));
      charts.put(desc.path("title").asText(), desc);
    }
    return charts;
  }

  /** #53: a run's server states are drawn on its time axis, each event's window shaded, and its events tabled. */
  @Test
  void report_ofOneRunWithServerStates_drawsTheServersTimeline_withTheEventsWindows() throws Exception {
    Path out = tmp.resolve("states");
    assertEquals(0, run("run", "memory", "-P", WORKLOADA, "-p", "recordcount=100", "-p", "operationcount=0", "-p",
        "maxexecutiontime=3", "-p", "status.interval=1", "-p", "export.dir=" + out));
    // The server's account as a RESP store's probe leaves it (the memory binding has none): docs/states.md.
    com.fasterxml.jackson.databind.node.ObjectNode root =
        (com.fasterxml.jackson.databind.node.ObjectNode) JSON.readTree(out.resolve("result.json").toFile());
    com.fasterxml.jackson.databind.node.ObjectNode states = root.putObject("serverStates").put("hitRatio", 0.5)
        .put("hits", 10).put("misses", 10).put("evictedKeys", 30).put("redirections", 0).put("source", "INFO");
    com.fasterxml.jackson.databind.node.ObjectNode event = states.putArray("events").addObject().put("kind", "bgsave")
        .put("atMillis", 1000).put("startMillis", 1002).put("endMillis", 2100);
    event.putObject("figures").put("forkMicros", 2500.0).put("durationSeconds", 1.0).put("failed", 0.0);
    event.putObject("inside").put("seconds", 2.0).put("operations", 800).put("failedOperations", 0)
        .put("opsPerSec", 400.0).put("p50Micros", 100.0).put("p99Micros", 2500.0).put("maxMicros", 9000.0);
    event.putObject("outside").put("seconds", 1.0).put("operations", 900).put("failedOperations", 0)
        .put("opsPerSec", 900.0).put("p50Micros", 50.0).put("p99Micros", 300.0).put("maxMicros", 1000.0);
    event.putNull("failure");
    com.fasterxml.jackson.databind.node.ArrayNode timeline = states.putArray("timeline");
    for (int i = 0; i < 3; i++) {
      timeline.addObject().put("elapsedMillis", i * 1000).put("usedMemoryBytes", 1_000_000L * (10 + i))
          .put("rssBytes", 30_000_000L).put("keys", 100).put("evictedPerSec", i * 15.0).put("expiredPerSec", 0.0)
          .put("hitsPerSec", 5.0).put("missesPerSec", 5.0).put("saving", i == 1).put("rewriting", false)
          .put("lastForkMicros", 2500).put("replicas", 0).put("replicaLagBytes", -1).put("redirectionsPerSec", 0.0);
    }
    JSON.writeValue(out.resolve("result.json").toFile(), root);
    assertEquals(0, run("report", out.toString()));
    String html = Files.readString(out.resolve("report.html"));
    assertTrue(html.contains("<h2>Server states and events</h2>"), html);
    assertTrue(html.contains("<td class=\"l\">bgsave</td><td>1.0</td><td>1.00</td><td>2.10</td><td class=\"l\">fork"
        + " 2.5 ms, 1 s by the server's count</td><td>400</td><td>2.50</td><td>900</td><td>0.30</td><td>0</td>"),
        "the event's row");
    Map<String, JsonNode> charts = charts(html);
    JsonNode memory = charts.get("Server memory over time, memory run, 1 threads");
    assertTrue(memory != null, charts.keySet().toString());
    assertEquals(List.of(10.0, 11.0, 12.0), List.of(memory.path("series").get(0).path("y").get(0).asDouble(),
        memory.path("series").get(0).path("y").get(1).asDouble(), memory.path("series").get(0).path("y").get(2)
        .asDouble()));
    JsonNode rates = charts.get("Server's reads, evictions and redirections over time, memory run, 1 threads");
    assertEquals(List.of("hits/s", "misses/s", "evicted keys/s"), java.util.stream.StreamSupport.stream(
        rates.path("series").spliterator(), false).map(n -> n.path("name").asText()).toList(),
        "the lines that moved only");
    for (JsonNode chart : List.of(memory, rates, charts.get("Throughput over time, memory run, 1 threads"))) {
      assertEquals(1.002, chart.path("events").get(0).path("from").asDouble(), 1e-9, chart.toString());
      assertEquals(2.1, chart.path("events").get(0).path("to").asDouble(), 1e-9);
      assertEquals("bgsave", chart.path("events").get(0).path("event").asText());
    }
  }

  /**
   * A search whose steps all stayed far under the budget (they fell short of their rates instead): the budget's line
   * is still drawn (the axis was the steps' latencies only, and the line fell outside it: the ARM64 pass, 2026-11-27).
   */
  @Test
  void capacityChart_drawsTheBudget_whenEveryStepStayedFarUnderIt() throws Exception {
    Path dir = tmp.resolve("cap");
    java.util.function.BiFunction<Integer, double[], io.github.ycsbkv.capacity.CapacityFile.Step> step = (n, f) ->
        new io.github.ycsbkv.capacity.CapacityFile.Step(n, n == 3 ? "confirm" : "raise", f[0], 1, f[1], 2_000, f[2],
            f[2] * 2, 100, 700, Double.NaN, Double.NaN, null, f[1] < 0.99 * f[0] ? "short_of_rate" : "meets", null,
            "steps/0" + n);
    List<io.github.ycsbkv.capacity.CapacityFile.Step> steps = List.of(step.apply(1, new double[] {80, 80, 6_000}),
        step.apply(2, new double[] {120, 100, 9_000}), step.apply(3, new double[] {80, 80, 7_000}));
    new io.github.ycsbkv.capacity.CapacityFile(io.github.ycsbkv.capacity.CapacityFile.SCHEMA, "memory", "workloadc",
        4, 1, "p99=200ms", Map.of("p99", 200_000.0), new io.github.ycsbkv.capacity.CapacityFile.Search(1, null, 0.25,
        1.5, 0.2, 0.99, 3), 320, steps, io.github.ycsbkv.capacity.CapacityFile.FOUND,
        new io.github.ycsbkv.capacity.CapacityFile.Capacity(80, Double.NaN, true, false, Double.NaN, "confirmed",
        2_000, 7_000, 14_000, 100, 700, Double.NaN, Double.NaN, Double.NaN)).write(dir);
    assertEquals(0, run("report", dir.toString()));
    String html = Files.readString(dir.resolve("report.html"));
    assertTrue(html.contains("Latency against throughput, memory"), "the curve");
    assertTrue(html.contains("budget p99&lt;=200ms"), "the budget's line, above every step");
  }

  @Test
  void report_withoutSweep_isOneLineExitTwo() {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code;
    try (PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
      code = Main.execute(new String[] {"report", tmp.toString()}, System.out, e);
    }
    assertEquals(2, code);
    assertEquals("ycsb: " + tmp + " has no sweep.json, capacity.json, result.json nor a suite run's summary.json:"
        + " report reads the output directory of 'ycsb sweep', 'ycsb study' or 'ycsb suite', or the export.dir of"
        + " one run or of 'ycsb capacity'", err.toString(StandardCharsets.UTF_8).strip());
  }

  /**
   * The output of {@code ycsb suite --store redis,valkey}: a row per suite with each store's figures or why it did
   * not run, each store's counts, and valkey's Ops/sec over redis's: their geometric mean and the sorted ratios.
   */
  @Test
  void suiteRunAcrossStores_tableRatiosAndWhyNot() throws Exception {
    Files.writeString(tmp.resolve("summary.json"), "{\"stores\":{\"redis\":{\"server\":\"redis 7.0.15\"},"
        + "\"valkey\":{\"server\":\"valkey 8.0.1\"}},\"suites\":{}}");
    String[][] rows = {{"get", "1000", "4000"}, {"set", "2000", "2000"}, {"hset", "4000", "1000"}};
    for (String store : List.of("redis", "valkey")) {
      int column = store.equals("redis") ? 1 : 2;
      StringBuilder suites = new StringBuilder();
      for (String[] row : rows) {
        suites.append(suites.length() == 0 ? "" : ",").append("{\"suite\":\"").append(row[0])
            .append("\",\"status\":\"ran\",\"opsPerSec\":").append(row[column])
            .append(",\"p99Ms\":0.5,\"clientCpuMicrosPerOperation\":3.25,\"serverCpuMicrosPerOperation\":null,"
                + "\"notes\":[]}");
      }
      suites.append(",{\"suite\":\"cluster\",\"status\":\"skipped\",\"reason\":\"it runs on"
          + " oss-cluster-3-primaries\",\"opsPerSec\":null,\"notes\":[]}");
      Files.createDirectories(tmp.resolve(store));
      Files.writeString(tmp.resolve(store).resolve("summary.json"), "{\"server\":\"" + store + "\",\"suites\":["
          + suites + "]}");
    }
    String html = Files.readString(HtmlReport.write(tmp));
    assertTrue(html.contains("<h1>ycsb-kv suite report</h1>"), html);
    assertTrue(html.contains("<td class=\"l\">valkey</td><td class=\"l\">valkey 8.0.1</td><td>3</td><td>1</td>"
        + "<td>0</td>"), html);
    // 4x, 1x and 0.25x: a geometric mean of 1.
    assertTrue(html.contains("valkey: 1.00x over 3 suites (1 faster, 1 slower)"), html);
    assertTrue(html.contains("<td class=\"l\">get</td><td title=\"\">1000</td><td>0.500</td><td>3.3</td><td>-</td>"
        + "<td title=\"\">4000</td>"), html);
    assertTrue(html.contains("cluster (redis, valkey, skipped): it runs on oss-cluster-3-primaries"), html);
    JsonNode chart = charts(html).get("Ops/sec against redis");
    assertEquals(List.of(0.25, 1.0, 4.0), List.of(chart.path("series").path(0).path("y").path(0).asDouble(),
        chart.path("series").path(0).path("y").path(1).asDouble(), chart.path("series").path(0).path("y").path(2)
        .asDouble()), chart.toString());
  }

  /**
   * {@code ycsb suite --beside memtier_benchmark} on one server: ycsb-kv's throughput and client CPU over memtier's,
   * their geometric means over the suites of equal load at the server (2x and 0.5x the throughput: 1.00x; 0.5x and
   * 0.8x the CPU: 0.63x), a suite whose commands per request differ left out and said, each suite's row.
   */
  @Test
  void suiteRunBesideMemtier_ratiosOverEqualLoad() throws Exception {
    StringBuilder suites = new StringBuilder();
    String[][] rows = {{"get", "2.0", "0.5", "1.000", "1.001"}, {"set", "0.5", "0.8", "1.000", "1.000"},
        {"mset", "3.0", "0.1", "1.000", "1.200"}};
    for (String[] row : rows) {
      suites.append(suites.length() == 0 ? "" : ",").append("{\"suite\":\"").append(row[0])
          .append("\",\"status\":\"ran\",\"opsPerSec\":1000,\"p99Ms\":0.5,\"clientCpuMicrosPerOperation\":3.25,"
              + "\"serverCpuMicrosPerOperation\":2,\"notes\":[],\"memtierBenchmark\":{\"first\":\"ycsb-kv\","
              + "\"opsPerSec\":800,\"p99Ms\":0.25,\"clientCpuMicrosPerOperation\":4,\"throughputRatio\":")
          .append(row[1]).append(",\"clientCpuRatio\":").append(row[2]).append(",\"serverCommandsPerOperation\":")
          .append(row[3]).append(",\"ycsbKvServerCommandsPerOperation\":").append(row[4]).append("}}");
    }
    Files.writeString(tmp.resolve("summary.json"), "{\"server\":\"redis\",\"address\":\"127.0.0.1:6379\","
        + "\"suites\":[" + suites + "]}");
    String html = Files.readString(HtmlReport.write(tmp));
    assertTrue(html.contains("<h2>Beside memtier_benchmark</h2>"), html);
    assertTrue(html.contains("redis: 1.00x the throughput at 0.63x the client CPU per operation over 2 suites"
        + " (geometric means); 1 left out"), html);
    assertTrue(html.contains("<tr><td class=\"l\">get</td><td class=\"l\">redis</td><td class=\"l\">ycsb-kv</td>"
        + "<td>1000 / 800</td><td>0.500 / 0.250</td><td>3.3 / 4.0</td><td>1.001 / 1.000</td><td>2.00</td>"
        + "<td>0.50</td><td class=\"l\"></td></tr>"), html);
    assertTrue(html.contains("<td>1.200 / 1.000</td><td>3.00</td><td>0.10</td><td class=\"l\">the server's commands"
        + " per request differ</td>"), html);
  }

  @Test
  void axisLabels() {
    assertEquals("0%", SpectrumChart.percentileLabel(0));
    assertEquals("90%", SpectrumChart.percentileLabel(1));
    assertEquals("99%", SpectrumChart.percentileLabel(2));
    assertEquals("99.99%", SpectrumChart.percentileLabel(4));
    assertEquals("", SpectrumChart.percentileLabel(2.5));
  }
}
