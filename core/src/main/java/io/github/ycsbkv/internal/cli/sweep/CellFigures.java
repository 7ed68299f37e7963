package io.github.ycsbkv.internal.cli.sweep;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.ycsbkv.capacity.CapacityFile;
import io.github.ycsbkv.results.sweep.SweepCell;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The figures a sweep's cell summarises, gathered per repetition into lists by figure name ({@link SweepRunner}): a
 * run's from its result.json and its histograms, a capacity search's from its capacity.json. Stateless.
 */
final class CellFigures {

  private CellFigures() {}

  /**
   * A capacity search's figures per cell: the capacity and, at it, P99 from intended starts, the server's CPU per
   * operation and operations per server core-second (where the server's CPU is known); the closed-loop probe's
   * throughput. A search without a capacity adds only its probe.
   */
  static void collectCapacity(CapacityFile search, Map<String, List<Double>> figures) {
    CapacityFile.Capacity cap = search.capacity();
    add(figures, SweepCell.PROBE, search.probeOpsPerSec());
    if (!cap.found()) {
      return;
    }
    add(figures, SweepCell.CAPACITY, cap.opsPerSec());
    add(figures, SweepCell.CAPACITY_P99, cap.p99Micros());
    add(figures, SweepCell.CAPACITY_SERVER_CPU, cap.serverCpuMicros());
    add(figures, SweepCell.CAPACITY_PER_SERVER_CORE, cap.opsPerServerCoreSecond());
  }

  private static void add(Map<String, List<Double>> figures, String figure, double value) {
    if (!Double.isNaN(value)) {
      figures.computeIfAbsent(figure, k -> new ArrayList<>()).add(value);
    }
  }

  /**
   * The latency of every successful operation together ({@code ALL.meanMicros}, {@code ALL.p50Micros},
   * {@code ALL.p95Micros}, {@code ALL.p99Micros}, {@code ALL.p99_9Micros}: memtier_benchmark's statistics, over SETs
   * and GETs alike), from the union of the run's histograms of successful service times; none when it wrote none.
   */
  static void collectAll(Path dir, Map<String, List<Double>> figures) {
    Map<String, org.HdrHistogram.Histogram> series;
    try {
      series = io.github.ycsbkv.results.SeriesHistograms.read(dir);
    } catch (IOException e) {
      return;
    }
    org.HdrHistogram.Histogram all = null;
    for (Map.Entry<String, org.HdrHistogram.Histogram> e : series.entrySet()) {
      String name = e.getKey();
      if (name.equals("CLEANUP") || name.endsWith("-FAILED") || name.startsWith("Intended-")) {
        continue;
      }
      if (all == null) {
        all = e.getValue().copy();
        all.setAutoResize(true);
      } else {
        all.add(e.getValue());
      }
    }
    if (all == null || all.getTotalCount() == 0) {
      return;
    }
    // The histograms hold nanoseconds.
    figures.computeIfAbsent(ALL_MEAN, k -> new ArrayList<>()).add(all.getMean() / 1000.0);
    figures.computeIfAbsent(ALL_P50, k -> new ArrayList<>()).add(all.getValueAtPercentile(50) / 1000.0);
    figures.computeIfAbsent(ALL_P95, k -> new ArrayList<>()).add(all.getValueAtPercentile(95) / 1000.0);
    figures.computeIfAbsent(ALL_P99, k -> new ArrayList<>()).add(all.getValueAtPercentile(99) / 1000.0);
    figures.computeIfAbsent(ALL_P99_9, k -> new ArrayList<>()).add(all.getValueAtPercentile(99.9) / 1000.0);
  }

  /**
   * The memory limit the cell's server ran under ({@code server.maxmemory}, as {@code sweep --maxmemory} sets it), in
   * MB: {@link SweepCell#MAXMEMORY_MB}; none without one.
   */
  static void collectMemoryLimit(java.util.Properties props, Map<String, List<Double>> figures) {
    String limit = props.getProperty(SweepCell.MAXMEMORY_PROPERTY);
    double bytes = limit == null ? Double.NaN : SweepCell.bytes(limit);
    add(figures, SweepCell.MAXMEMORY_MB, bytes / 1e6);
  }

  private static final String ALL_MEAN = "ALL.meanMicros";
  private static final String ALL_P50 = "ALL.p50Micros";
  private static final String ALL_P95 = "ALL.p95Micros";
  private static final String ALL_P99 = "ALL.p99Micros";
  private static final String ALL_P99_9 = "ALL.p99_9Micros";

  /**
   * The figures summarised per cell: throughput, the server's hit ratio and evictions over the phase where it
   * counts them ({@link SweepCell#SERVER_HIT_RATE}, {@link SweepCell#SERVER_EVICTED}), and mean, P50, P95, P99,
   * P99.9 of each operation's successes; for a cache's reads their hit rate ({@code READ.hitRatePercent}) and hits
   * per second ({@code READ.hitsPerSec}).
   */
  static void collect(JsonNode result, Map<String, List<Double>> figures) {
    figures.computeIfAbsent(SweepCell.THROUGHPUT, k -> new ArrayList<>())
        .add(result.path("overall").path("throughputOpsPerSec").asDouble());
    JsonNode states = result.path("serverStates");
    if (states.path("hitRatio").isNumber()) {
      // The server's own hit ratio and evictions over the phase (docs/states.md).
      add(figures, SweepCell.SERVER_HIT_RATE, 100 * states.path("hitRatio").asDouble());
    }
    if (states.path("evictedKeys").asLong(-1) >= 0) {
      add(figures, SweepCell.SERVER_EVICTED, states.path("evictedKeys").asDouble());
    }
    for (JsonNode op : result.path("operations")) {
      String name = op.path("operation").asText();
      JsonNode ok = op.path("serviceOk");
      if (name.equals("CLEANUP") || ok.isNull() || ok.isMissingNode()) {
        continue;
      }
      for (String f : List.of("meanMicros", "p50Micros", "p95Micros", "p99Micros", "p99_9Micros")) {
        if (ok.has(f)) {
          figures.computeIfAbsent(name + "." + f, k -> new ArrayList<>()).add(ok.path(f).asDouble());
        }
      }
      if (op.path("hitRatio").isNumber()) {
        // A cache's GETs that found their key, in percent (memtier's hit rate), and how many a second.
        double ratio = op.path("hitRatio").asDouble();
        double seconds = result.path("timing").path("runtimeMillis").asDouble() / 1000.0;
        figures.computeIfAbsent(name + ".hitRatePercent", k -> new ArrayList<>()).add(100 * ratio);
        if (seconds > 0) {
          figures.computeIfAbsent(name + ".hitsPerSec", k -> new ArrayList<>()).add(op.path("statuses").path("OK")
              .asDouble() / seconds);
        }
      }
    }
  }
}
