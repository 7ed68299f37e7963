package io.github.ycsbkv.results.merge;

import io.github.ycsbkv.results.BenchmarkResult;
import io.github.ycsbkv.results.ClientCpu;
import io.github.ycsbkv.results.ClientHosts;
import io.github.ycsbkv.results.ClientStalls;
import io.github.ycsbkv.results.EnvironmentInfo;
import io.github.ycsbkv.results.ErrorCause;
import io.github.ycsbkv.results.IntervalSample;
import io.github.ycsbkv.results.OperationResult;
import io.github.ycsbkv.results.Outage;
import io.github.ycsbkv.results.ResultJson;
import io.github.ycsbkv.results.SeriesHistograms;
import io.github.ycsbkv.results.Warmup;
import io.github.ycsbkv.spi.ServerSample;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * Combines the results of several client processes of one benchmark (for example one per host, each
 * loading its own {@code insertstart}/{@code insertcount} slice) into one result, exactly: status
 * counts are added, and every latency series is the sum of the clients' whole-run histograms
 * ({@link SeriesHistograms}), so its percentiles are those of all the operations together. Percentiles
 * are never averaged.
 *
 * <p>Throughput is the number of operations all clients completed inside the window in which every
 * one of them was running (the latest start to the earliest end, from the wall clocks in
 * {@code result.json}, so the hosts' clocks must be synchronised), divided by that window; each
 * client's operations inside the window are read from its cumulative interval samples, interpolated
 * linearly. {@code timing} of the merged result is that window.
 */
public final class ResultMerge {

  /** A merged result and its series histograms (nanoseconds). */
  public record Merged(BenchmarkResult result, Map<String, Histogram> series) {}

  private ResultMerge() {}

  /**
   * Merges the results in {@code inputs}: each an export directory (holding {@code result.json} and
   * {@code histograms.hlog}) or the {@code result.json} in one.
   *
   * @throws IOException when an input cannot be read
   * @throws IllegalArgumentException when the inputs cannot be merged (different benchmarks, no overlap)
   */
  public static Merged merge(List<Path> inputs) throws IOException {
    if (inputs.size() < 2) {
      throw new IllegalArgumentException("merge needs at least two results, got " + inputs.size());
    }
    List<BenchmarkResult> results = new ArrayList<>();
    List<Map<String, Histogram>> histograms = new ArrayList<>();
    for (Path input : inputs) {
      Path dir = Files.isDirectory(input) ? input : input.toAbsolutePath().getParent();
      Path json = dir.resolve(ResultJson.FILE_NAME);
      if (!Files.isRegularFile(json)) {
        throw new IOException("no " + ResultJson.FILE_NAME + " in " + dir + " (give the export.dir of each client)");
      }
      if (!Files.isRegularFile(dir.resolve(SeriesHistograms.FILE_NAME))) {
        throw new IOException("no " + SeriesHistograms.FILE_NAME + " in " + dir + ": merging needs the histograms,"
            + " which this version writes to every export.dir; re-run that client with -p export.dir=DIR");
      }
      results.add(ResultJson.readResult(json));
      histograms.add(SeriesHistograms.read(dir));
    }
    return merge(results, histograms);
  }

  /** Merges results whose series histograms are given alongside, in the same order. */
  public static Merged merge(List<BenchmarkResult> results, List<Map<String, Histogram>> histograms) {
    BenchmarkResult first = results.get(0);
    for (int i = 1; i < results.size(); i++) {
      BenchmarkResult r = results.get(i);
      same("command", first.command(), r.command(), i);
      same("binding", first.binding(), r.binding(), i);
      same("workload", first.workload(), r.workload(), i);
    }
    Map<String, Histogram> series = addedSeries(histograms);
    Window w = Window.of(results);
    long operations = 0;
    int threads = 0;
    double target = 0;
    for (BenchmarkResult r : results) {
      operations += r.operations();
      threads += r.threads();
      target += r.targetOpsPerSec();
    }
    List<String> warnings = new ArrayList<>();
    warnings.add(String.format(Locale.ROOT, "merged %d clients; throughput counts the %.0f operations completed while"
        + " all of them ran (%s to %s, %.1f%% of all %d operations)", results.size(), w.operations(), w.start(),
        w.end(), operations == 0 ? 0.0 : 100.0 * w.operations() / operations, operations));
    String stopReason = first.stopReason();
    List<String> errors = new ArrayList<>();
    for (int i = 0; i < results.size(); i++) {
      BenchmarkResult r = results.get(i);
      String who = "client " + (i + 1) + " (" + r.environment().host() + ")";
      r.warnings().forEach(x -> warnings.add(who + ": " + x));
      stopReason = r.stopReason().equals(stopReason) ? stopReason : worse(stopReason, r.stopReason());
      if (r.error() != null) {
        errors.add(who + ": " + r.error());
      }
    }
    ClientHosts hosts = mergedHosts(results);
    if (hosts != null && !hosts.missing().isEmpty()) {
      warnings.add("the run had " + hosts.count() + " client processes (clients.count), but client(s) "
          + hosts.missing().toString().replaceAll("[\\[\\]]", "") + " are not merged here (failed, or not given):"
          + " the totals are of the others only");
    }
    Map<String, Map<String, Number>> measurements = measurements(results, warnings);
    BenchmarkResult merged = new BenchmarkResult(first.command(), first.binding(), first.dbClass(), first.workload(),
        first.label(), threads, target, w.start(), w.end(), w.millis(), operations, w.operations() * 1000.0 / w.millis(),
        stopReason, errors.isEmpty() ? null : String.join("; ", errors), warnings, first.percentiles(),
        operations(results, series, first.percentiles()), measurements, MergedTimeline.of(results, w.start(), w.end()),
        gc(results), environment(results),
        configuration(results), server(results), MergedLoad.of(results, series), mergedStalls(results), mergedOutages(results),
        mergedWarmup(results), mergedClientCpu(results));
    return new Merged(merged, series);
  }

  /**
   * The window in which every client ran (the latest start to the earliest end), and the operations all of them
   * completed inside it, read from each client's cumulative interval samples.
   */
  private record Window(Instant start, Instant end, long millis, double operations) {

    static Window of(List<BenchmarkResult> results) {
      Instant start = results.get(0).start();
      Instant end = results.get(0).end();
      for (BenchmarkResult r : results) {
        start = r.start().isAfter(start) ? r.start() : start;
        end = r.end().isBefore(end) ? r.end() : end;
      }
      long millis = end.toEpochMilli() - start.toEpochMilli();
      if (millis <= 0) {
        throw new IllegalArgumentException("the clients' runs do not overlap in time (latest start " + start
            + ", earliest end " + end + "): start them together, and keep the hosts' clocks synchronised");
      }
      double inWindow = 0;
      for (BenchmarkResult r : results) {
        long from = start.toEpochMilli() - r.start().toEpochMilli();
        inWindow += cumulative(r, from + millis) - cumulative(r, from);
      }
      return new Window(start, end, millis, inWindow);
    }
  }

  /** Every series' histograms, added. */
  private static Map<String, Histogram> addedSeries(List<Map<String, Histogram>> histograms) {
    Map<String, Histogram> series = new LinkedHashMap<>();
    for (Map<String, Histogram> h : histograms) {
      h.forEach((name, histogram) -> series.computeIfAbsent(name, n -> {
        Histogram sum = new Histogram(3);
        sum.setAutoResize(true);
        return sum;
      }).add(histogram));
    }
    return series;
  }

  /** Per operation: the status counts and error causes added, the latencies from the added series. */
  private static List<OperationResult> operations(List<BenchmarkResult> results, Map<String, Histogram> series,
      List<Double> percentiles) {
    Map<String, Map<String, Long>> statuses = new LinkedHashMap<>();
    Map<String, List<ErrorCause>> causes = new LinkedHashMap<>();
    // Bytes on the wire: added where every result that ran the operation counted them, else left out.
    Map<String, long[]> wire = new LinkedHashMap<>();
    for (BenchmarkResult r : results) {
      for (OperationResult op : r.operationResults()) {
        long[] w = wire.computeIfAbsent(op.operation(), k -> new long[3]);
        if (op.wire() == null || w[0] < 0) {
          w[0] = -1;
        } else {
          w[0] += op.wire().requests();
          w[1] += op.wire().sentBytes();
          w[2] += op.wire().receivedBytes();
        }
        Map<String, Long> s = statuses.computeIfAbsent(op.operation(), k -> new TreeMap<>());
        op.statuses().forEach((status, n) -> s.merge(status, n, Long::sum));
        causes.computeIfAbsent(op.operation(), k -> new ArrayList<>()).addAll(op.errorCauses());
      }
    }
    List<OperationResult> ops = new ArrayList<>();
    for (Map.Entry<String, Map<String, Long>> e : statuses.entrySet()) {
      String op = e.getKey();
      OperationResult r = OperationResult.of(op, e.getValue(), causes.getOrDefault(op, List.of()),
          series.get(OperationResult.seriesName(op, false, false)), series.get(OperationResult.seriesName(op, true, false)),
          series.get(OperationResult.seriesName(op, false, true)), series.get(OperationResult.seriesName(op, true, true)),
          percentiles);
      long[] w = wire.get(op);
      if (r != null) {
        ops.add(w == null || w[0] <= 0 ? r : r.withWire(new OperationResult.Wire(w[0], w[1], w[2])));
      }
    }
    return ops;
  }

  /** The workload measurements that add up (counts); the others are left out, with a warning that names them. */
  private static Map<String, Map<String, Number>> measurements(List<BenchmarkResult> results, List<String> warnings) {
    Map<String, Map<String, Number>> measurements = new TreeMap<>();
    Set<String> dropped = new LinkedHashSet<>();
    for (BenchmarkResult r : results) {
      r.workloadMeasurements().forEach((metric, values) -> values.forEach((k, v) -> {
        if (k.equals("Operations") || k.startsWith("Return=")) {
          measurements.computeIfAbsent(metric, m -> new TreeMap<>()).merge(k, v.longValue(),
              (a, b) -> a.longValue() + b.longValue());
        } else {
          dropped.add(metric + " " + k);
        }
      }));
    }
    if (!dropped.isEmpty()) {
      warnings.add("workload measurements that cannot be added up were left out: " + String.join(", ", dropped));
    }
    return measurements;
  }

  /** Each collector's counts and pause times, added. */
  private static Map<String, Map<String, Long>> gc(List<BenchmarkResult> results) {
    Map<String, Map<String, Long>> gc = new TreeMap<>();
    for (BenchmarkResult r : results) {
      r.gc().forEach((collector, values) -> values.forEach((k, v) ->
          gc.computeIfAbsent(collector, c -> new TreeMap<>()).merge(k, v, Long::sum)));
    }
    return gc;
  }

  /** The first client's configuration, each property that differs between the clients marked so. */
  private static Map<String, String> configuration(List<BenchmarkResult> results) {
    Map<String, String> configuration = new TreeMap<>(results.get(0).configuration());
    for (BenchmarkResult r : results.subList(1, results.size())) {
      Set<String> keys = new LinkedHashSet<>(configuration.keySet());
      keys.addAll(r.configuration().keySet());
      for (String k : keys) {
        if (!Objects.equals(configuration.get(k), r.configuration().get(k))) {
          configuration.put(k, "(differs per client)");
        }
      }
    }
    return configuration;
  }

  /** The first client's environment, with every client's host. */
  private static EnvironmentInfo environment(List<BenchmarkResult> results) {
    Set<String> hosts = new LinkedHashSet<>();
    results.forEach(r -> hosts.add(r.environment().host()));
    EnvironmentInfo e = results.get(0).environment();
    return new EnvironmentInfo(e.toolVersion(), e.javaVersion(), e.javaVendor(), e.jvmName(), e.jvmArguments(),
        e.maxHeapBytes(), e.osName(), e.osVersion(), e.osArch(), e.availableProcessors(), String.join(",", hosts));
  }

  /** The server before the first client started and after the last one finished. */
  private static Map<String, ServerSample> server(List<BenchmarkResult> results) {
    BenchmarkResult earliest = results.get(0);
    BenchmarkResult latest = results.get(0);
    for (BenchmarkResult r : results) {
      earliest = r.start().isBefore(earliest.start()) ? r : earliest;
      latest = r.end().isAfter(latest.end()) ? r : latest;
    }
    Map<String, ServerSample> server = new LinkedHashMap<>();
    if (earliest.server().get("before") != null) {
      server.put("before", earliest.server().get("before"));
    }
    if (latest.server().get("after") != null) {
      server.put("after", latest.server().get("after"));
    }
    return server;
  }

  /** The processes' CPU time added up, per operation of them all; null when a result has none. */
  static ClientCpu mergedClientCpu(List<BenchmarkResult> results) {
    long cpuMillis = 0;
    long operations = 0;
    for (BenchmarkResult r : results) {
      if (r.clientCpu() == null) {
        return null;
      }
      cpuMillis += r.clientCpu().cpuMillis();
      operations += r.operations();
    }
    return ClientCpu.of(cpuMillis * 1_000_000, operations);
  }

  /**
   * The processes' warm-ups: their operations added up, the longest one's time; null when none had one. A request
   * that differs between processes reads "mixed".
   */
  static Warmup mergedWarmup(List<BenchmarkResult> results) {
    String requested = null;
    long operations = 0;
    long failed = 0;
    long millis = 0;
    for (BenchmarkResult r : results) {
      Warmup w = r.warmup();
      if (w == null) {
        continue;
      }
      requested = requested == null || requested.equals(w.requested()) ? w.requested() : "mixed";
      operations += w.operations();
      failed += w.failedOperations();
      millis = Math.max(millis, w.millis());
    }
    return requested == null ? null : new Warmup(requested, operations, failed, millis);
  }

  /**
   * The client processes merged, when every result is one of a run's ({@code clients.count}): their indexes, the
   * barrier's instant if they share one, and how far apart their measured phases started (each start from its own
   * host's clock). Null when no result is; an index merged twice, or processes of different counts, are refused.
   */
  static ClientHosts mergedHosts(List<BenchmarkResult> results) {
    java.util.TreeSet<Integer> indexes = new java.util.TreeSet<>();
    int count = -1;
    Instant at = null;
    boolean sameAt = true;
    Instant earliest = null;
    Instant latest = null;
    int alone = 0;
    for (BenchmarkResult r : results) {
      ClientHosts h = r.load() == null ? null : r.load().hosts();
      if (h == null) {
        alone++;
        continue;
      }
      if (count > 0 && h.count() != count) {
        throw new IllegalArgumentException("results of clients.count=" + count + " and " + h.count() + ": merge the"
            + " results of one run");
      }
      count = h.count();
      for (int i : h.indexes()) {
        if (!indexes.add(i)) {
          throw new IllegalArgumentException("client " + i + " of the run is given twice: give each client's"
              + " export.dir once");
        }
      }
      sameAt &= at == null || at.equals(h.startAt());
      at = h.startAt();
      earliest = earliest == null || r.start().isBefore(earliest) ? r.start() : earliest;
      latest = latest == null || r.start().isAfter(latest) ? r.start() : latest;
    }
    if (count < 0) {
      return null;
    }
    if (alone > 0) {
      throw new IllegalArgumentException("results of processes alone merged with the processes of a clients.count"
          + " run: merge the results of one run");
    }
    long spread = java.time.temporal.ChronoUnit.MICROS.between(earliest, latest);
    return new ClientHosts(count, List.copyOf(indexes), sameAt ? at : null, spread,
        results.get(0).load().hosts().barrier());
  }

  /**
   * Every process's outages, in order of their start (each measured from its own process's start, which a merge
   * takes as the same moment).
   */
  static List<Outage> mergedOutages(List<BenchmarkResult> results) {
    List<Outage> all = new java.util.ArrayList<>();
    for (BenchmarkResult r : results) {
      all.addAll(r.outages());
    }
    all.sort(java.util.Comparator.comparingLong(Outage::startMillis));
    return all;
  }

  /** The worst of the processes' stalls (each process stalls on its own); null when a result has none. */
  static ClientStalls mergedStalls(List<BenchmarkResult> results) {
    ClientStalls worst = null;
    long pauses = 0;
    long pauseMillis = 0;
    long samples = 0;
    for (BenchmarkResult r : results) {
      ClientStalls c = r.stalls();
      if (c == null) {
        return null;
      }
      pauses += c.gcPauses();
      pauseMillis += c.gcPauseMillis();
      samples += c.samples();
      worst = worst == null ? c : new ClientStalls(c.intervalMicros(), 0, Math.max(worst.p99Micros(), c.p99Micros()),
          Math.max(worst.p999Micros(), c.p999Micros()), Math.max(worst.maxMicros(), c.maxMicros()), 0, 0);
    }
    return worst == null ? null : new ClientStalls(worst.intervalMicros(), samples, worst.p99Micros(),
        worst.p999Micros(), worst.maxMicros(), pauses, pauseMillis);
  }

  /** Operations {@code r} had completed {@code millis} after its start, from its interval samples. */
  static double cumulative(BenchmarkResult r, long millis) {
    return MergedTimeline.at(r, millis, IntervalSample::operations, BenchmarkResult::operations);
  }

  private static void same(String what, String a, String b, int index) {
    if (!a.equals(b)) {
      throw new IllegalArgumentException("result " + (index + 1) + " is a different benchmark: " + what + " '" + b
          + "', the first result's is '" + a + "'");
    }
  }

  /** The stop reason that qualifies the numbers most. */
  private static String worse(String a, String b) {
    List<String> order = List.of("completed", "workload", "max_execution_time", "interrupted", "failed");
    return order.indexOf(b) > order.indexOf(a) ? b : a;
  }
}
