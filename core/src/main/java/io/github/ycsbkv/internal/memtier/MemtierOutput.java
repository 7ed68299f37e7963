package io.github.ycsbkv.internal.memtier;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.ycsbkv.results.BenchmarkResult;
import io.github.ycsbkv.results.OperationResult;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * memtier_benchmark's output from ycsb-kv's runs: its results table ({@code ALL STATS}, or {@code BEST RUN RESULTS},
 * {@code WORST RUN RESULTS} and {@code AGGREGATED AVERAGE RESULTS (N runs)} for {@code --run-count N}) and its JSON
 * ({@code --json-out-file}) with memtier 2.3's keys and units: rates per second, latencies in milliseconds, the
 * histogram in microseconds as HdrHistogram's compressed log form. Latency is each request's service time, hits and
 * misses alike (memtier times both). Each type's {@code Time-Serie} is its second-by-second figures, from the run's
 * one-second intervals ({@code TYPE.hlog}). {@code KB/sec} (received, sent, and both) is each type's requests times
 * the bytes per request its clients counted on the wire ({@link io.github.ycsbkv.spi.WireBytes}), 1,024 bytes a KB, as
 * memtier's, and each second's {@code Bytes RX} and {@code Bytes TX} the second's requests times the same. What ycsb-kv
 * does not measure is left out rather than written as zero: {@code KB/sec} and the seconds' bytes where the binding's
 * client did not count them.
 */
public final class MemtierOutput {

  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  /**
   * One second of a type, as memtier's {@code Time-Serie} gives it: its requests, their average, sum, least and
   * greatest latency and the percentiles asked for, in milliseconds; the bytes its replies and requests took on the
   * wire ({@code Bytes RX}, {@code Bytes TX}; NaN where not counted).
   */
  record Second(long count, double averageMs, long accumulatedMs, double minMs, double maxMs, double[] percentilesMs,
      double rxBytes, double txBytes) {

    static final Second NONE = new Second(0, 0, 0, 0, 0, new double[0]);

    Second(long count, double averageMs, long accumulatedMs, double minMs, double maxMs, double[] percentilesMs) {
      this(count, averageMs, accumulatedMs, minMs, maxMs, percentilesMs, Double.NaN, Double.NaN);
    }

    /** This second with its bytes on the wire: its requests times the bytes per request of its type. */
    Second withBytes(double rx, double tx) {
      return new Second(count, averageMs, accumulatedMs, minMs, maxMs, percentilesMs, rx, tx);
    }

    static Second of(Histogram micros, List<Double> percentiles) {
      long n = micros.getTotalCount();
      if (n == 0) {
        return NONE;
      }
      double[] p = new double[percentiles.size()];
      for (int i = 0; i < p.length; i++) {
        p[i] = micros.getValueAtPercentile(percentiles.get(i)) / 1000.0;
      }
      double average = micros.getMean() / 1000.0;
      return new Second(n, average, Math.round(average * n), micros.getMinValue() / 1000.0,
          micros.getMaxValue() / 1000.0, p);
    }
  }

  /**
   * One type's figures in one run (or the runs' average): memtier's row; {@code seconds} its {@code Time-Serie} by
   * the second from the run's start (empty for the runs' average, as memtier's); {@code command} its command's name as
   * memtier names it ({@code SET}, {@code SCAN 0}), empty for Totals; {@code rxKbPerSec} and {@code txKbPerSec} the
   * KB a second its replies and requests took on the wire, NaN where they were not counted.
   */
  record Row(String type, long count, double opsPerSec, double hitsPerSec, double missesPerSec, Histogram micros,
      boolean hitsShown, SortedMap<Integer, Second> seconds, String command, double rxKbPerSec, double txKbPerSec) {

    Row(String type, long count, double opsPerSec, double hitsPerSec, double missesPerSec, Histogram micros,
        boolean hitsShown, SortedMap<Integer, Second> seconds, String command) {
      this(type, count, opsPerSec, hitsPerSec, missesPerSec, micros, hitsShown, seconds, command, Double.NaN,
          Double.NaN);
    }

    /** Whether its bytes on the wire were counted. */
    boolean wireCounted() {
      return !Double.isNaN(rxKbPerSec) && !Double.isNaN(txKbPerSec);
    }

    double averageMs() {
      return micros.getTotalCount() == 0 ? 0 : micros.getMean() / 1000.0;
    }

    double percentileMs(double p) {
      return micros.getTotalCount() == 0 ? 0 : micros.getValueAtPercentile(p) / 1000.0;
    }
  }

  /** One run: its rows (the types, then Totals), when it ran and whether it was cut short. */
  record Run(List<Row> rows, long startMillis, long finishMillis, boolean interrupted) {

    Row totals() {
      return rows.get(rows.size() - 1);
    }
  }

  private MemtierOutput() {}

  /**
   * A run from its result and its series' histograms (nanoseconds, {@code SET}, {@code SET-FAILED}, ...):
   * {@code setGet} names the types as memtier's SET/GET mode does (Sets, Gets, Waits) and shows hits and misses; else
   * the rows come in the order of {@code types} (the commands' as given), then any other operation.
   */
  static Run run(BenchmarkResult result, Map<String, Histogram> series, boolean setGet, List<String> types) {
    return run(result, series, Map.of(), setGet, types);
  }

  /** As {@link #run(BenchmarkResult, Map, boolean, List)}, each type with its seconds ({@link #seconds}). */
  static Run run(BenchmarkResult result, Map<String, Histogram> series, Map<String, SortedMap<Integer, Second>> seconds,
      boolean setGet, List<String> types) {
    double runSeconds = Math.max(1, result.runtimeMillis()) / 1000.0;
    List<Row> rows = new ArrayList<>();
    Histogram all = new Histogram(3);
    long count = 0;
    long hits = 0;
    long misses = 0;
    double rxAll = 0;
    double txAll = 0;
    List<String> names = new ArrayList<>();
    if (setGet) {
      names.addAll(List.of("SET", "GET", "WAIT")); // WAIT: memtier's Waits (--wait-ratio), a row even when none
    } else {
      // The engine's own CLEANUP (a thread's close, timed as upstream times it) is no request memtier would count.
      List<String> ran = result.operationResults().stream().map(OperationResult::operation)
          .filter(o -> !o.equals("CLEANUP")).toList();
      types.stream().filter(ran::contains).distinct().forEach(names::add);
      ran.stream().filter(o -> !names.contains(o)).forEach(names::add);
    }
    for (String name : names) {
      OperationResult op = result.operation(name);
      Histogram h = new Histogram(3);
      for (String s : List.of(name, name + "-FAILED")) {
        Histogram ns = series.get(s);
        if (ns != null) {
          toMicros(ns, h);
        }
      }
      long c = op == null ? 0 : op.count();
      long miss = op == null ? 0 : op.statuses().getOrDefault("NOT_FOUND", 0L);
      long hit = op == null || !name.equals("GET") ? 0 : op.statuses().getOrDefault("OK", 0L);
      // KB a second: this run's requests of the type times the bytes per request its clients counted.
      double rx = op == null ? 0 : op.wire() == null ? Double.NaN
          : c * op.wire().receivedPerRequest() / 1024 / runSeconds;
      double tx = op == null ? 0 : op.wire() == null ? Double.NaN : c * op.wire().sentPerRequest() / 1024 / runSeconds;
      rows.add(new Row(typeName(name), c, c / runSeconds, hit / runSeconds, miss / runSeconds, h,
          setGet && name.equals("GET"), withBytes(everySecond(seconds.get(name), seconds.get(TOTALS)), op),
          commandName(name), rx, tx));
      rxAll += rx;
      txAll += tx;
      all.add(h);
      count += c;
      hits += hit;
      misses += miss;
    }
    rows.add(new Row("Totals", count, count / runSeconds, hits / runSeconds, misses / runSeconds, all, setGet,
        addedBytes(everySecond(seconds.get(TOTALS), seconds.get(TOTALS)), rows), "", rxAll, txAll));
    long start = result.start() == null ? 0 : result.start().toEpochMilli();
    return new Run(rows, start, start + result.runtimeMillis(), "interrupted".equals(result.stopReason()));
  }

  /**
   * A type's seconds ({@code op}'s) with their bytes on the wire: each second's requests times the bytes per request
   * the run counted (as KB/sec); none (NaN) where they were not counted; 0 for a type that sent nothing (memtier's
   * Waits without WAITs).
   */
  private static SortedMap<Integer, Second> withBytes(SortedMap<Integer, Second> seconds, OperationResult op) {
    if (op != null && op.wire() == null) {
      return seconds;
    }
    double rx = op == null ? 0 : op.wire().receivedPerRequest();
    double tx = op == null ? 0 : op.wire().sentPerRequest();
    seconds.replaceAll((k, sec) -> sec.withBytes(sec.count() * rx, sec.count() * tx));
    return seconds;
  }

  /** Totals' seconds with the bytes of every type's same second added: none (NaN) where a type's were not counted. */
  private static SortedMap<Integer, Second> addedBytes(SortedMap<Integer, Second> totals, List<Row> types) {
    totals.replaceAll((k, sec) -> {
      double rx = 0;
      double tx = 0;
      for (Row type : types) {
        Second own = type.seconds().get(k);
        if (own != null) {
          rx += own.rxBytes();
          tx += own.txBytes();
        }
      }
      return sec.withBytes(rx, tx);
    });
    return totals;
  }

  /** The key of {@link #seconds}' Totals: every type's requests of each second together. */
  static final String TOTALS = "";

  /** A type's seconds, with every second of the run's ({@code all}) that it had no request in as none (memtier's). */
  private static SortedMap<Integer, Second> everySecond(SortedMap<Integer, Second> own, SortedMap<Integer, Second> all) {
    SortedMap<Integer, Second> out = new TreeMap<>();
    if (all != null) {
      all.keySet().forEach(k -> out.put(k, Second.NONE));
    }
    if (own != null) {
      out.putAll(own);
    }
    return out;
  }

  /**
   * memtier's type name: {@code LPUSH} is {@code Lpushs}, SET and GET are Sets and Gets; an incremental SCAN's
   * {@code SCAN-0} and {@code SCAN-CURSOR} are memtier's {@code Scan 0s} and {@code Scan <cursor>s}.
   */
  static String typeName(String operation) {
    if (operation.equals("SCAN-0") || operation.equals("SCAN-CURSOR")) {
      return operation.equals("SCAN-0") ? "Scan 0s" : "Scan <cursor>s";
    }
    String lower = operation.toLowerCase(Locale.ROOT);
    return Character.toUpperCase(lower.charAt(0)) + lower.substring(1) + "s";
  }

  /** memtier's name of an operation's command: an incremental SCAN's {@code SCAN 0} and {@code SCAN <cursor>}. */
  static String commandName(String operation) {
    return operation.equals("SCAN-0") ? "SCAN 0" : operation.equals("SCAN-CURSOR") ? "SCAN <cursor>" : operation;
  }

  static void toMicros(Histogram nanos, Histogram micros) {
    for (HistogramIterationValue v : nanos.recordedValues()) {
      micros.recordValueWithCount(Math.max(0, Math.round(v.getValueIteratedTo() / 1000.0)),
          v.getCountAtValueIteratedTo());
    }
  }

  /** The runs' average: rates averaged, latencies from every run's histogram together (as memtier adds them up). */
  static Run average(List<Run> runs) {
    List<Row> rows = new ArrayList<>();
    int n = runs.size();
    for (int i = 0; i < runs.get(0).rows().size(); i++) {
      Histogram h = new Histogram(3);
      long count = 0;
      double ops = 0;
      double hits = 0;
      double misses = 0;
      double rx = 0;
      double tx = 0;
      for (Run r : runs) {
        Row row = r.rows().get(i);
        h.add(row.micros());
        count += row.count();
        ops += row.opsPerSec();
        hits += row.hitsPerSec();
        misses += row.missesPerSec();
        rx += row.rxKbPerSec();
        tx += row.txKbPerSec();
      }
      Row first = runs.get(0).rows().get(i);
      // memtier's average has no seconds of its own: its Time-Serie is empty.
      rows.add(new Row(first.type(), count / n, ops / n, hits / n, misses / n, h, first.hitsShown(),
          new TreeMap<>(), first.command(), rx / n, tx / n));
    }
    return new Run(rows, runs.get(0).startMillis(), runs.get(n - 1).finishMillis(),
        runs.stream().anyMatch(Run::interrupted));
  }

  /**
   * The sections memtier prints and writes: ALL STATS for one run; for several, each run's ({@code RUN #N RESULTS})
   * when {@code everyRun} ({@code --print-all-runs}), then the best, the worst and their average.
   */
  static Map<String, Run> sections(List<Run> runs, boolean everyRun) {
    Map<String, Run> out = new LinkedHashMap<>();
    if (runs.size() == 1) {
      out.put("ALL STATS", runs.get(0));
      return out;
    }
    if (everyRun) {
      for (int i = 0; i < runs.size(); i++) {
        out.put("RUN #" + (i + 1) + " RESULTS", runs.get(i));
      }
    }
    Comparator<Run> byOps = Comparator.comparingDouble(r -> r.totals().opsPerSec());
    out.put("BEST RUN RESULTS", runs.stream().max(byOps).orElseThrow());
    out.put("WORST RUN RESULTS", runs.stream().min(byOps).orElseThrow());
    out.put("AGGREGATED AVERAGE RESULTS (" + runs.size() + " runs)", average(runs));
    return out;
  }

  /**
   * The results table as memtier prints it (its KB/sec column where every row's bytes were counted), each section's
   * followed by its latency distribution when {@code histogram} (memtier's, without {@code --hide-histogram}).
   */
  static void table(PrintWriter out, Map<String, Run> sections, List<Double> percentiles, boolean histogram,
      int typeColumn) {
    boolean hits = sections.values().iterator().next().rows().stream().anyMatch(Row::hitsShown);
    // memtier's output_table: each column's cells end in a space; the type column typeColumn wide, the rates 12, the
    // latencies 15; a rule of '=' as long as the row over the section's name, one of '-' under the header.
    String type = "%-" + typeColumn + "s ";
    StringBuilder head = new StringBuilder(String.format(Locale.ROOT, type + "%12s ", "Type", "Ops/sec"));
    StringBuilder dashes = new StringBuilder("-".repeat(typeColumn + 1)).append("-".repeat(13));
    if (hits) {
      head.append(String.format(Locale.ROOT, "%12s %12s ", "Hits/sec", "Misses/sec"));
      dashes.append("-".repeat(26));
    }
    head.append(String.format(Locale.ROOT, "%15s ", "Avg. Latency"));
    dashes.append("-".repeat(16));
    for (double p : percentiles) {
      head.append(String.format(Locale.ROOT, "%15s ", "p" + new java.math.BigDecimal(Double.toString(p))
          .stripTrailingZeros().toPlainString() + " Latency"));
      dashes.append("-".repeat(16));
    }
    boolean kb = sections.values().stream().flatMap(r -> r.rows().stream()).allMatch(Row::wireCounted);
    if (kb) {
      head.append(String.format(Locale.ROOT, "%12s ", "KB/sec"));
      dashes.append("-".repeat(13));
    }
    String rule = "=".repeat(dashes.length());
    for (Map.Entry<String, Run> s : sections.entrySet()) {
      out.println();
      out.println();
      out.println(s.getKey());
      out.println(rule);
      out.println(head);
      out.println(dashes);
      for (Row r : s.getValue().rows()) {
        StringBuilder line = new StringBuilder(String.format(Locale.ROOT, type + "%12.2f ", r.type(), r.opsPerSec()));
        // memtier: no latency for a type without a request (Gets of --ratio 1:0 too); no KB/sec without a WAIT.
        boolean none = r.count() == 0;
        boolean noWaits = r.type().equals("Waits") && r.count() == 0;
        if (hits) {
          line.append(r.hitsShown() ? String.format(Locale.ROOT, "%12.2f %12.2f ", r.hitsPerSec(), r.missesPerSec())
              : String.format(Locale.ROOT, "%12s %12s ", "---", "---"));
        }
        line.append(none ? String.format(Locale.ROOT, "%15s ", "---")
            : String.format(Locale.ROOT, "%15.5f ", r.averageMs()));
        for (double p : percentiles) {
          line.append(none ? String.format(Locale.ROOT, "%15s ", "---")
              : String.format(Locale.ROOT, "%15.5f ", r.percentileMs(p)));
        }
        if (kb) {
          line.append(noWaits ? String.format(Locale.ROOT, "%12s ", "---")
              : String.format(Locale.ROOT, "%12.2f ", r.rxKbPerSec() + r.txKbPerSec()));
        }
        out.println(line);
      }
      if (histogram) {
        distributionTable(out, s.getValue());
      }
    }
    out.flush();
  }

  /**
   * The width of memtier's type column: its commands' longest name, at least 6, plus one (run_stats.cpp's
   * print_type_column); 7 in SET/GET mode. {@code names}: the commands' names (the MONITOR placeholder's included).
   */
  static int typeColumn(List<String> names) {
    return Math.max(6, names.stream().mapToInt(String::length).max().orElse(0)) + 1;
  }

  /**
   * memtier's {@code Request Latency Distribution} of a section: each type's distribution ({@link #distribution}) under
   * its command's name ({@code SET}, {@code GET} and {@code WAIT} in SET/GET mode), in memtier's layout.
   */
  private static void distributionTable(PrintWriter out, Run run) {
    out.println();
    out.println();
    out.println("Request Latency Distribution");
    out.println(String.format(Locale.ROOT, "%-6s %12s %12s", "Type", "<= msec   ", "Percent"));
    out.println("-".repeat(72));
    for (Row r : run.rows()) {
      if (r.command().isEmpty()) {
        continue; // Totals: memtier prints no distribution of them
      }
      for (double[] step : distribution(r.micros())) {
        out.println(String.format(Locale.ROOT, "%-6s %8.3f %12.3f", r.command(), step[0], step[1]));
      }
      out.println("---");
    }
  }

  /**
   * A type's latency distribution as memtier prints and writes it: its histogram (microseconds) iterated by percentile
   * with ten steps per halving of the distance to 100% (HdrHistogram's percentile iteration, memtier's
   * {@code LATENCY_HDR_GRANULARITY}), each step's percentile and the highest latency equivalent to its value, in
   * milliseconds; the last step is 100%. A type without a request has one step, 0 ms at 100%, as memtier's C
   * HdrHistogram iterates an empty histogram (the Java one gives none).
   */
  static List<double[]> distribution(Histogram micros) {
    List<double[]> out = new ArrayList<>();
    if (micros.getTotalCount() == 0) {
      out.add(new double[] {0, 100});
      return out;
    }
    for (HistogramIterationValue v : micros.percentiles(10)) {
      out.add(new double[] {v.getValueIteratedTo() / 1000.0, v.getPercentileLevelIteratedTo()});
    }
    return out;
  }

  /** memtier's percentile label: 50.00, 99.90, 99.99 (two decimals, as its JSON keys). */
  static String label(double p) {
    return String.format(Locale.ROOT, "%.2f", p);
  }

  /** The JSON memtier writes with {@code --json-out-file}. */
  static void writeJson(Path file, MemtierArgs args, Map<String, Run> sections, List<Double> percentiles)
      throws IOException {
    ObjectNode root = JSON.createObjectNode();
    root.set("configuration", JSON.valueToTree(args.configuration()));
    ObjectNode info = root.putObject("run information");
    info.put("Threads", args.threads);
    info.put("Connections per thread", args.clients);
    if (args.testTime > 0) {
      info.put("Seconds", args.testTime);
    } else {
      info.put("Requests per client", args.requestsPerClient());
    }
    info.put("Format version", 2);
    info.put("Client", "ycsb-kv memtier");
    for (Map.Entry<String, Run> s : sections.entrySet()) {
      ObjectNode section = root.putObject(s.getKey());
      Run run = s.getValue();
      ObjectNode runtime = section.putObject("Runtime");
      runtime.put("Start time", run.startMillis());
      runtime.put("Finish time", run.finishMillis());
      runtime.put("Total duration", run.finishMillis() - run.startMillis());
      runtime.put("Time unit", "MILLISECONDS");
      runtime.put("Interrupted", run.interrupted());
      for (Row r : run.rows()) {
        ObjectNode o = section.putObject(r.type());
        o.put("Count", r.count());
        o.put("Ops/sec", round2(r.opsPerSec()));
        o.put("Hits/sec", round2(r.hitsPerSec()));
        o.put("Misses/sec", round2(r.missesPerSec()));
        o.put("Connection Errors/sec", 0.0);
        o.put("Connection Errors", 0);
        o.put("Latency", round3(r.averageMs()));
        o.put("Average Latency", round3(r.averageMs()));
        o.put("Accumulated Latency", Math.round(r.averageMs() * r.count()));
        o.put("Min Latency", round3(r.micros().getTotalCount() == 0 ? 0 : r.micros().getMinValue() / 1000.0));
        o.put("Max Latency", round3(r.micros().getTotalCount() == 0 ? 0 : r.micros().getMaxValue() / 1000.0));
        if (r.wireCounted()) {
          o.put("KB/sec", round2(r.rxKbPerSec() + r.txKbPerSec()));
          o.put("KB/sec RX/TX", round2(r.rxKbPerSec() + r.txKbPerSec()));
          o.put("KB/sec RX", round2(r.rxKbPerSec()));
          o.put("KB/sec TX", round2(r.txKbPerSec()));
        }
        ObjectNode series = o.putObject("Time-Serie");
        for (Map.Entry<Integer, Second> e : r.seconds().entrySet()) {
          ObjectNode second = series.putObject(Integer.toString(e.getKey()));
          Second sec = e.getValue();
          if (!Double.isNaN(sec.rxBytes()) && !Double.isNaN(sec.txBytes())) {
            second.put("Bytes RX", Math.round(sec.rxBytes())); // memtier's order: the bytes, then Count
            second.put("Bytes TX", Math.round(sec.txBytes()));
          }
          second.put("Count", sec.count());
          if (sec.count() > 0) {
            second.put("Average Latency", round3(sec.averageMs()));
            second.put("Accumulated Latency", sec.accumulatedMs());
            second.put("Min Latency", round3(sec.minMs()));
            second.put("Max Latency", round3(sec.maxMs()));
            for (int i = 0; i < percentiles.size() && i < sec.percentilesMs().length; i++) {
              second.put("p" + label(percentiles.get(i)), round3(sec.percentilesMs()[i]));
            }
          }
        }
        ObjectNode pct = o.putObject("Percentile Latencies");
        for (double p : percentiles) {
          pct.put("p" + label(p), round3(r.percentileMs(p)));
        }
        pct.putObject("Histogram log format").put("Compressed Histogram", compressed(r.micros()));
      }
      if (!args.hideHistogram) {
        // memtier's distribution under the table, in its JSON too: each type's steps under its command's name.
        for (Row r : run.rows()) {
          if (r.command().isEmpty()) {
            continue;
          }
          ArrayNode steps = section.putArray(r.command());
          for (double[] step : distribution(r.micros())) {
            ObjectNode o = steps.addObject();
            o.put("<=msec", round3(step[0]));
            o.put("percent", round3(step[1]));
          }
        }
      }
    }
    Path parent = file.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    JSON.writeValue(file.toFile(), root);
  }

  /** HdrHistogram's compressed form, base64, as memtier's {@code hdr_log_encode} writes it. */
  static String compressed(Histogram h) {
    ByteBuffer buffer = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
    int length = h.encodeIntoCompressedByteBuffer(buffer);
    byte[] bytes = new byte[length];
    buffer.flip();
    buffer.get(bytes);
    return Base64.getEncoder().encodeToString(bytes);
  }

  private static double round2(double v) {
    return Math.round(v * 100) / 100.0;
  }

  private static double round3(double v) {
    return Math.round(v * 1000) / 1000.0;
  }
}
