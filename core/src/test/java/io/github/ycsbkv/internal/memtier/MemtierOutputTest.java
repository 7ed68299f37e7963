package io.github.ycsbkv.internal.memtier;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.ycsbkv.results.BenchmarkResult;
import io.github.ycsbkv.results.EnvironmentInfo;
import io.github.ycsbkv.results.OperationResult;
import java.io.PrintWriter;
import java.io.StringWriter;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * memtier's Time-Serie from the engine's interval logs, as {@code HistogramExports} writes them; its latency
 * distribution under the table and in the JSON; its sections for several runs.
 */
class MemtierOutputTest {

  private static final long START = 1_796_000_000_123L;

  @TempDir
  Path dir;

  /** An interval log of {@code name}: each interval [from, to) seconds with its latencies in nanoseconds. */
  private void log(String name, double[][] intervals, long[][] nanos) throws Exception {
    try (java.io.PrintStream out = new java.io.PrintStream(Files.newOutputStream(dir.resolve(name + ".hlog")))) {
      HistogramLogWriter w = new HistogramLogWriter(out);
      w.outputLogFormatVersion();
      w.outputStartTime(START);
      w.setBaseTime(START);
      w.outputLegend();
      for (int i = 0; i < intervals.length; i++) {
        Histogram h = new Histogram(3);
        for (long v : nanos[i]) {
          h.recordValue(v);
        }
        h.setStartTimeStamp(START + (long) (intervals[i][0] * 1000));
        h.setEndTimeStamp(START + (long) (intervals[i][1] * 1000));
        w.outputIntervalHistogram(intervals[i][0], intervals[i][1], h, 1_000_000.0);
      }
    }
  }

  @Test
  void seconds_eachIntervalInTheSecondItStarted_everyTypeTogetherInTotals() throws Exception {
    // GET from the start; an interval that began a little before its second (0.9996 s) is that second's; a last,
    // short interval (2.0 to 2.4 s) is the third second's.
    log("GET", new double[][] {{0, 0.9996}, {0.9996, 2.0}, {2.0, 2.4}},
        new long[][] {{1_000_000, 3_000_000}, {2_000_000}, {5_000_000, 5_000_000, 5_000_000}});
    // SET only from the second second on.
    log("SET", new double[][] {{1.001, 2.0}, {2.0, 2.4}}, new long[][] {{8_000_000}, {}});
    Files.writeString(dir.resolve("histograms.hlog"), "not an interval log: the whole run's, left alone\n");

    Map<String, SortedMap<Integer, MemtierOutput.Second>> s = MemtierSeconds.seconds(dir, List.of(50.0, 100.0));

    SortedMap<Integer, MemtierOutput.Second> get = s.get("GET");
    assertEquals(List.of(0, 1, 2), List.copyOf(get.keySet()));
    assertEquals(2, get.get(0).count());
    assertEquals(2.0, get.get(0).averageMs(), 0.01);
    assertEquals(4, get.get(0).accumulatedMs());
    assertEquals(1.0, get.get(0).minMs(), 0.01);
    assertEquals(3.0, get.get(0).maxMs(), 0.01);
    assertArrayEquals(new double[] {1.0, 3.0}, get.get(0).percentilesMs(), 0.01);
    assertEquals(1, get.get(1).count());
    assertEquals(3, get.get(2).count());
    assertEquals(List.of(1, 2), List.copyOf(s.get("SET").keySet()));
    assertEquals(0, s.get("SET").get(2).count());
    SortedMap<Integer, MemtierOutput.Second> totals = s.get(MemtierOutput.TOTALS);
    assertEquals(List.of(0, 1, 2), List.copyOf(totals.keySet()));
    assertEquals(2, totals.get(1).count());
    assertEquals(5.0, totals.get(1).averageMs(), 0.01);
    assertArrayEquals(new double[] {2.0, 8.0}, totals.get(1).percentilesMs(), 0.01);
    assertEquals(3, totals.get(2).count());
  }

  @Test
  void seconds_withoutLogs_none() throws Exception {
    assertEquals(Map.of(), MemtierSeconds.seconds(dir.resolve("absent"), List.of(50.0)));
  }

  /** A row of {@code type} (memtier's {@code command} name) with latencies {@code micros}. */
  private static MemtierOutput.Row row(String type, String command, long... micros) {
    Histogram h = new Histogram(3);
    for (long v : micros) {
      h.recordValue(v);
    }
    return new MemtierOutput.Row(type, micros.length, micros.length, 0, 0, h, type.equals("Gets"), new TreeMap<>(),
        command);
  }

  private static MemtierOutput.Run setGetRun(long... getMicros) {
    MemtierOutput.Row get = row("Gets", "GET", getMicros);
    Histogram all = new Histogram(3);
    all.add(get.micros());
    return new MemtierOutput.Run(List.of(row("Sets", "SET"), get, row("Waits", "WAIT"),
        new MemtierOutput.Row("Totals", get.count(), get.count(), 0, 0, all, true, new TreeMap<>(), "")),
        START, START + 1000, false);
  }

  @Test
  void distribution_tenStepsPerHalvingOfTheTail_endingAt100() {
    long[] micros = new long[1000];
    for (int i = 0; i < micros.length; i++) {
      micros[i] = i + 1; // 1 us to 1 ms, evenly
    }
    List<double[]> d = MemtierOutput.distribution(row("Gets", "GET", micros).micros());
    // memtier's steps: 5 points up to 50%, 2.5 up to 75%, 1.25 up to 87.5%, ...; the first at 0% on the least value.
    assertArrayEquals(new double[] {0.001, 0.0}, d.get(0), 1e-9);
    assertArrayEquals(new double[] {0.050, 5.0}, d.get(1), 1e-9);
    assertArrayEquals(new double[] {0.500, 50.0}, d.get(10), 1e-9);
    assertArrayEquals(new double[] {0.525, 52.5}, d.get(11), 1e-9);
    assertArrayEquals(new double[] {0.750, 75.0}, d.get(20), 1e-9);
    assertArrayEquals(new double[] {0.763, 76.25}, d.get(21), 1e-9); // 762.5 requests: the 763rd
    double[] last = d.get(d.size() - 1);
    assertEquals(100.0, last[1]);
    assertEquals(1.0, last[0], 0.001);
    for (int i = 1; i < d.size(); i++) {
      assertTrue(d.get(i)[0] >= d.get(i - 1)[0] && d.get(i)[1] >= d.get(i - 1)[1], "steps never go back: " + i);
    }
  }

  @Test
  void distribution_ofATypeWithoutRequests_oneStepAt100() {
    List<double[]> d = MemtierOutput.distribution(new Histogram(3));
    assertEquals(1, d.size());
    assertArrayEquals(new double[] {0, 100}, d.get(0));
  }

  @Test
  void table_eachSectionFollowedByItsDistribution_inMemtiersLayout() {
    Map<String, MemtierOutput.Run> sections = MemtierOutput.sections(List.of(setGetRun(60), setGetRun(60, 80)), true);
    assertEquals(List.of("RUN #1 RESULTS", "RUN #2 RESULTS", "BEST RUN RESULTS", "WORST RUN RESULTS",
        "AGGREGATED AVERAGE RESULTS (2 runs)"), List.copyOf(sections.keySet()));
    StringWriter text = new StringWriter();
    MemtierOutput.table(new PrintWriter(text), sections, List.of(50.0), true, 7);
    String out = text.toString();
    assertEquals(5, out.split("Request Latency Distribution\n", -1).length - 1, out);
    String first = out.substring(out.indexOf("RUN #1 RESULTS"), out.indexOf("RUN #2 RESULTS"));
    // The table as memtier_benchmark 2.3 lays it out (its lines; without the KB/sec column where the bytes on the wire
    // were not counted, as in these rows).
    List<String> lines = first.lines().toList();
    assertEquals("=".repeat(8 + 13 * 3 + 16 * 2), lines.get(1));
    assertEquals("Type         Ops/sec     Hits/sec   Misses/sec    Avg. Latency     p50 Latency ", lines.get(2));
    assertEquals("-".repeat(8 + 13 * 3 + 16 * 2), lines.get(3));
    // A type without a request has no latency ("---"), as memtier prints it (its Sets of --ratio 0:1).
    assertEquals("Sets            0.00          ---          ---             ---             --- ", lines.get(4));
    assertEquals("Gets            1.00         0.00         0.00         0.06000         0.06000 ", lines.get(5));
    assertEquals("Waits           0.00          ---          ---             ---             --- ", lines.get(6));
    String dist = first.substring(first.indexOf("Request Latency Distribution"));
    // The lines memtier's print_histogram writes: its header, a rule of 72, each type's steps and a "---" after it.
    assertEquals(String.join("\n", "Request Latency Distribution",
        "Type     <= msec         Percent",
        "-".repeat(72),
        "SET       0.000      100.000",
        "---",
        "GET       0.060        0.000",
        "GET       0.060      100.000",
        "---",
        "WAIT      0.000      100.000",
        "---", "", "", ""), dist);
    StringWriter hidden = new StringWriter();
    MemtierOutput.table(new PrintWriter(hidden), sections, List.of(50.0), false, 7);
    assertTrue(!hidden.toString().contains("Request Latency Distribution"), hidden.toString());
  }

  @Test
  void kbPerSec_eachTypesRequestsTimesTheBytesPerRequestCounted_inTheTableAndTheJson() throws Exception {
    List<Double> percentiles = List.of(50.0, 99.0);
    // Counted over more GETs than the run measured (a warm-up's): the bytes per request hold for the measured ones.
    OperationResult set = OperationResult.of("SET", Map.of("OK", 1000L), histogram(1_000_000), null, null, null,
        percentiles).withWire(new OperationResult.Wire(1000, 140_000, 5_000));
    OperationResult get = OperationResult.of("GET", Map.of("OK", 500L, "NOT_FOUND", 1500L), histogram(2_000_000),
        histogram(1_000_000), null, null, percentiles).withWire(new OperationResult.Wire(4000, 160_000, 40_000));
    MemtierOutput.Run run = MemtierOutput.run(result(2_000, set, get), Map.of(), true, List.of());
    Map<String, MemtierOutput.Row> rows = new java.util.LinkedHashMap<>();
    run.rows().forEach(r -> rows.put(r.type(), r));
    // Sets: 1,000 x 140 bytes sent and 5 received in 2 s; Gets: 2,000 x 40 and 10; KB of 1,024 bytes.
    assertEquals(140_000 / 1024.0 / 2, rows.get("Sets").txKbPerSec(), 1e-9);
    assertEquals(5_000 / 1024.0 / 2, rows.get("Sets").rxKbPerSec(), 1e-9);
    assertEquals(2000 * 40 / 1024.0 / 2, rows.get("Gets").txKbPerSec(), 1e-9);
    assertEquals(2000 * 10 / 1024.0 / 2, rows.get("Gets").rxKbPerSec(), 1e-9);
    assertEquals(0.0, rows.get("Waits").txKbPerSec());
    assertEquals((140_000 + 80_000) / 1024.0 / 2, rows.get("Totals").txKbPerSec(), 1e-9);

    StringWriter text = new StringWriter();
    MemtierOutput.table(new PrintWriter(text), Map.of("ALL STATS", run), List.of(50.0), false, 7);
    List<String> lines = text.toString().lines().toList();
    assertEquals("Type         Ops/sec     Hits/sec   Misses/sec    Avg. Latency     p50 Latency       KB/sec ",
        lines.get(4));
    assertTrue(lines.get(6).startsWith("Sets          500.00 ") && lines.get(6).endsWith("       70.80 "),
        lines.get(6));
    assertTrue(lines.get(7).endsWith("       48.83 "), lines.get(7));
    assertTrue(lines.get(8).startsWith("Waits ") && lines.get(8).endsWith("         --- "), lines.get(8));
    assertTrue(lines.get(9).endsWith("      119.63 "), lines.get(9));

    Path file = dir.resolve("kb.json");
    MemtierOutput.writeJson(file, MemtierArgs.parse(List.of("-n", "10", "--hide-histogram")),
        Map.of("ALL STATS", run), percentiles);
    JsonNode totals = new ObjectMapper().readTree(file.toFile()).path("ALL STATS").path("Totals");
    assertEquals(119.63, totals.path("KB/sec").asDouble());
    assertEquals(119.63, totals.path("KB/sec RX/TX").asDouble());
    assertEquals(12.21, totals.path("KB/sec RX").asDouble());
    assertEquals(107.42, totals.path("KB/sec TX").asDouble());

    // An operation whose bytes were not counted: no KB/sec for it nor for Totals (never a zero), and no column.
    MemtierOutput.Run uncounted = MemtierOutput.run(result(2_000, set.withWire(null), get), Map.of(), true, List.of());
    StringWriter plain = new StringWriter();
    MemtierOutput.table(new PrintWriter(plain), Map.of("ALL STATS", uncounted), List.of(50.0), false, 7);
    assertTrue(!plain.toString().contains("KB/sec"), plain.toString());
    MemtierOutput.writeJson(file, MemtierArgs.parse(List.of("-n", "10", "--hide-histogram")),
        Map.of("ALL STATS", uncounted), percentiles);
    JsonNode none = new ObjectMapper().readTree(file.toFile()).path("ALL STATS");
    assertTrue(none.path("Totals").path("KB/sec").isMissingNode() && none.path("Sets").path("KB/sec").isMissingNode(),
        none.toString());
    assertEquals(48.83, none.path("Gets").path("KB/sec").asDouble(), "the type that was counted keeps its own");
  }

  @Test
  void timeSerie_eachSecondsBytes_itsRequestsTimesItsTypesBytesPerRequest_TotalsTheirSum() throws Exception {
    List<Double> percentiles = List.of(50.0);
    OperationResult set = OperationResult.of("SET", Map.of("OK", 1000L), histogram(1_000_000), null, null, null,
        percentiles).withWire(new OperationResult.Wire(1000, 140_000, 5_000));
    OperationResult get = OperationResult.of("GET", Map.of("OK", 2000L), histogram(2_000_000), null, null, null,
        percentiles).withWire(new OperationResult.Wire(2000, 80_000, 20_000));
    Map<String, SortedMap<Integer, MemtierOutput.Second>> seconds = Map.of(
        "SET", new TreeMap<>(Map.of(0, second(600), 1, second(400))),
        "GET", new TreeMap<>(Map.of(0, second(1500), 1, second(500))),
        MemtierOutput.TOTALS, new TreeMap<>(Map.of(0, second(2100), 1, second(900))));
    Path file = dir.resolve("bytes.json");
    MemtierOutput.writeJson(file, MemtierArgs.parse(List.of("-n", "10", "--hide-histogram")),
        Map.of("ALL STATS", MemtierOutput.run(result(2_000, set, get), Map.of(), seconds, true, List.of())),
        percentiles);
    JsonNode all = new ObjectMapper().readTree(file.toFile()).path("ALL STATS");
    // Sets: 140 bytes sent and 5 received a request; Gets: 40 and 10; Waits sent nothing; Totals their sum.
    JsonNode first = all.path("Sets").path("Time-Serie").path("0");
    List<String> keys = new java.util.ArrayList<>();
    first.fieldNames().forEachRemaining(keys::add);
    assertEquals(List.of("Bytes RX", "Bytes TX", "Count"), keys.subList(0, 3), "memtier's order");
    assertEquals(3_000, first.path("Bytes RX").asLong());
    assertEquals(84_000, first.path("Bytes TX").asLong());
    assertEquals(5_000, all.path("Gets").path("Time-Serie").path("1").path("Bytes RX").asLong());
    assertEquals(0, all.path("Waits").path("Time-Serie").path("1").path("Bytes TX").asLong(-1));
    assertEquals(600 * 5 + 1500 * 10, all.path("Totals").path("Time-Serie").path("0").path("Bytes RX").asLong());
    assertEquals(400 * 140 + 500 * 40, all.path("Totals").path("Time-Serie").path("1").path("Bytes TX").asLong());

    // A type whose bytes were not counted: none in its seconds nor in Totals' (never a zero); the other keeps its own.
    MemtierOutput.writeJson(file, MemtierArgs.parse(List.of("-n", "10", "--hide-histogram")), Map.of("ALL STATS",
        MemtierOutput.run(result(2_000, set.withWire(null), get), Map.of(), seconds, true, List.of())), percentiles);
    JsonNode none = new ObjectMapper().readTree(file.toFile()).path("ALL STATS");
    assertTrue(none.path("Sets").path("Time-Serie").path("0").path("Bytes RX").isMissingNode(), none.toString());
    assertTrue(none.path("Totals").path("Time-Serie").path("0").path("Bytes RX").isMissingNode(), none.toString());
    assertEquals(15_000, none.path("Gets").path("Time-Serie").path("0").path("Bytes RX").asLong());
  }

  /** A second of {@code count} requests of 1 ms each. */
  private static MemtierOutput.Second second(long count) {
    return new MemtierOutput.Second(count, 1, count, 1, 1, new double[] {1});
  }

  private static Histogram histogram(long... nanos) {
    Histogram h = new Histogram(3);
    for (long v : nanos) {
      h.recordValue(v);
    }
    return h;
  }

  /** A run of {@code runtimeMillis} with {@code ops}. */
  private static BenchmarkResult result(long runtimeMillis, OperationResult... ops) {
    java.time.Instant start = java.time.Instant.ofEpochMilli(START);
    EnvironmentInfo env = new EnvironmentInfo("t", "17", "v", "vm", "", 1, "Linux", "6", "amd64", 2, "host");
    long count = java.util.Arrays.stream(ops).mapToLong(OperationResult::count).sum();
    return new BenchmarkResult("run", "redis", "RedisDB", MemtierArgs.WORKLOAD, null, 1, 0, start,
        start.plusMillis(runtimeMillis), runtimeMillis, count, count * 1000.0 / runtimeMillis, "completed", null,
        List.of(), List.of(50.0, 99.0), List.of(ops), Map.of(), List.of(), Map.of(), env, Map.of(), Map.of());
  }

  @Test
  void json_eachTypesDistributionUnderItsCommandsName_unlessHidden() throws Exception {
    Map<String, MemtierOutput.Run> sections = MemtierOutput.sections(List.of(setGetRun(60, 80, 100)), false);
    Path file = dir.resolve("out.json");
    MemtierOutput.writeJson(file, MemtierArgs.parse(List.of("-n", "10")), sections, List.of(50.0));
    JsonNode all = new ObjectMapper().readTree(file.toFile()).path("ALL STATS");
    List<String> keys = new java.util.ArrayList<>();
    all.fieldNames().forEachRemaining(keys::add);
    assertEquals(List.of("Runtime", "Sets", "Gets", "Waits", "Totals", "SET", "GET", "WAIT"), keys);
    JsonNode get = all.path("GET");
    assertEquals(0.06, get.get(0).path("<=msec").asDouble());
    assertEquals(0.0, get.get(0).path("percent").asDouble());
    assertEquals(0.1, get.get(get.size() - 1).path("<=msec").asDouble());
    assertEquals(100.0, get.get(get.size() - 1).path("percent").asDouble());
    assertEquals(1, all.path("WAIT").size());
    assertEquals(100.0, all.path("WAIT").get(0).path("percent").asDouble());

    MemtierOutput.writeJson(file, MemtierArgs.parse(List.of("-n", "10", "--hide-histogram")), sections,
        List.of(50.0));
    JsonNode hidden = new ObjectMapper().readTree(file.toFile()).path("ALL STATS");
    assertTrue(hidden.path("GET").isMissingNode() && hidden.path("Gets").isObject(), hidden.toString());
  }
}
