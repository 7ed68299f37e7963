package io.github.ycsbkv.results.summary;

import io.github.ycsbkv.results.BenchmarkResult;
import io.github.ycsbkv.results.ClientHosts;
import io.github.ycsbkv.results.ErrorCause;
import io.github.ycsbkv.results.LatencyStats;
import io.github.ycsbkv.results.LoadShape;
import io.github.ycsbkv.results.OpenLoop;
import io.github.ycsbkv.results.OperationResult;
import io.github.ycsbkv.results.Outage;
import io.github.ycsbkv.results.PercentileValue;
import io.github.ycsbkv.results.ResultJson;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The YCSB-compatible text summary ({@code [OVERALL], Throughput(ops/sec), ...}), so that scripts
 * written for upstream YCSB's output keep working. Latency figures are microseconds, with three
 * decimals (nanosecond resolution). Response-time series (under {@code -target}) are printed as
 * {@code [Intended-READ]}, as upstream names them. Stateless and thread-safe.
 */
public final class SummaryText {

  private SummaryText() {}

  /** The whole summary, one {@code [SECTION], Metric, value} line each, ending with a newline. */
  public static String format(BenchmarkResult r) {
    StringBuilder sb = new StringBuilder();
    overall(sb, r);
    client(sb, r);
    load(sb, r.load());
    server(sb, r);
    operations(sb, r);
    for (Map.Entry<String, Map<String, Number>> m : new TreeMap<>(r.workloadMeasurements()).entrySet()) {
      for (Map.Entry<String, Number> v : m.getValue().entrySet()) {
        line(sb, m.getKey(), v.getKey(), v.getValue() instanceof Double d ? num(d) : v.getValue().toString());
      }
    }
    return sb.toString();
  }

  /** Runtime, throughput and the collectors, as upstream prints them. */
  private static void overall(StringBuilder sb, BenchmarkResult r) {
    line(sb, "OVERALL", "RunTime(ms)", Long.toString(r.runtimeMillis()));
    line(sb, "OVERALL", "Throughput(ops/sec)", num(r.throughputOpsPerSec()));
    long gcCount = 0;
    long gcMillis = 0;
    for (Map.Entry<String, Map<String, Long>> gc : new TreeMap<>(r.gc()).entrySet()) {
      String name = gc.getKey().replace(' ', '_');
      long count = gc.getValue().getOrDefault("count", 0L);
      long millis = gc.getValue().getOrDefault("timeMillis", 0L);
      gcCount += count;
      gcMillis += millis;
      line(sb, "TOTAL_GCS_" + name, "Count", Long.toString(count));
      line(sb, "TOTAL_GC_TIME_" + name, "Time(ms)", Long.toString(millis));
      line(sb, "TOTAL_GC_TIME_%_" + name, "Time(%)", num(percentOf(millis, r.runtimeMillis())));
    }
    line(sb, "TOTAL_GCs", "Count", Long.toString(gcCount));
    line(sb, "TOTAL_GC_TIME", "Time(ms)", Long.toString(gcMillis));
    line(sb, "TOTAL_GC_TIME_%", "Time(%)", num(percentOf(gcMillis, r.runtimeMillis())));
  }

  /** The client's stalls and CPU time, the warm-up, and the outages. */
  private static void client(StringBuilder sb, BenchmarkResult r) {
    if (r.stalls() != null) {
      line(sb, "CLIENT-STALLS", "99thPercentile(us)", num(r.stalls().p99Micros()));
      line(sb, "CLIENT-STALLS", "99.9thPercentile(us)", num(r.stalls().p999Micros()));
      line(sb, "CLIENT-STALLS", "Max(us)", num(r.stalls().maxMicros()));
    }
    if (r.clientCpu() != null) {
      line(sb, "CLIENT-CPU", "CpuTime(ms)", Long.toString(r.clientCpu().cpuMillis()));
      if (!Double.isNaN(r.clientCpu().microsPerOperation())) {
        line(sb, "CLIENT-CPU", "MicrosPerOperation", num(r.clientCpu().microsPerOperation()));
      }
    }
    if (r.warmup() != null) {
      line(sb, "WARMUP", "Operations", Long.toString(r.warmup().operations()));
      line(sb, "WARMUP", "FailedOperations", Long.toString(r.warmup().failedOperations()));
      line(sb, "WARMUP", "RunTime(ms)", Long.toString(r.warmup().millis()));
    }
    if (!r.outages().isEmpty()) {
      long total = 0;
      long failed = 0;
      for (Outage o : r.outages()) {
        total += Math.max(0, o.durationMillis());
        failed += o.failedOperations();
      }
      line(sb, "OUTAGES", "Count", Integer.toString(r.outages().size()));
      line(sb, "OUTAGES", "TotalDuration(ms)", Long.toString(total));
      line(sb, "OUTAGES", "FailedOperations", Long.toString(failed));
    }
  }

  /** The load shape, and what the server saw of it. */
  private static void load(StringBuilder sb, LoadShape load) {
    if (load != null) {
      line(sb, "LOAD", "Clients", Integer.toString(load.clients()));
      if (load.connections() >= 0) {
        line(sb, "LOAD", "Connections", Integer.toString(load.connections()));
      }
      line(sb, "LOAD", "InFlightPerConnection", num(load.inFlightPerConnection()));
      line(sb, "LOAD", "ServingThreads", Integer.toString(load.servingThreads()));
      if (load.transport() != null) {
        line(sb, "LOAD", "Transport", load.transport());
      }
      if (load.nodes() > 1) {
        line(sb, "LOAD", "ClusterNodes", Integer.toString(load.nodes()));
      }
      ClientHosts h = load.hosts();
      if (h != null) {
        line(sb, "LOAD", "ClientProcesses", Integer.toString(h.count()));
        line(sb, "LOAD", "ClientIndexes", h.indexes().toString().replaceAll("[\\[\\] ]", ""));
        if (h.startSpreadMicros() >= 0) {
          line(sb, "LOAD", h.indexes().size() == 1 ? "StartLateMicros" : "StartSpreadMicros",
              Long.toString(h.startSpreadMicros()));
        }
        if (!h.missing().isEmpty() && h.indexes().size() > 1) {
          line(sb, "LOAD", "ClientIndexesMissing", h.missing().toString().replaceAll("[\\[\\] ]", ""));
        }
      }
      LoadShape.ServerView v = load.server();
      if (v != null && v.connectionsMax() >= 0) {
        line(sb, "LOAD", "ServerConnectionsBefore", Integer.toString(v.connectionsBefore()));
        line(sb, "LOAD", "ServerConnectionsMax", Integer.toString(v.connectionsMax()));
      }
      if (v != null && !Double.isNaN(v.commandsPerOperation())) {
        line(sb, "LOAD", "ServerCommandsPerOperation", num(v.commandsPerOperation()));
      }
      if (v != null && !Double.isNaN(v.cpuMicrosPerOperation())) {
        line(sb, "LOAD", "ServerCpuMicrosPerOperation", num(v.cpuMicrosPerOperation()));
      }
      if (v != null) {
        for (LoadShape.NodeEvent e : v.nodeEvents()) {
          line(sb, "LOAD", LoadShape.NodeEvent.LOST.equals(e.event()) ? "NodeLost" : "NodeBack", e.describe());
        }
      }
      openLoop(sb, load.openLoop());
    }
  }

  /** The open loop's arrivals, the client's queue, the latency from intended starts, and the client's own lag. */
  private static void openLoop(StringBuilder sb, OpenLoop o) {
    if (o == null) {
      return;
    }
    line(sb, "OPEN-LOOP", "Arrivals", o.arrivals());
    line(sb, "OPEN-LOOP", "TargetOpsPerSec", num(o.targetOpsPerSec()));
    if (!Double.isNaN(o.offeredOpsPerSec())) {
      line(sb, "OPEN-LOOP", "OfferedOpsPerSec", num(o.offeredOpsPerSec()));
    }
    line(sb, "OPEN-LOOP", "ServedBy", o.servedBy());
    line(sb, "OPEN-LOOP", "InFlightPerConnectionMean", num(o.inFlightPerConnectionMean()));
    line(sb, "OPEN-LOOP", "ClientQueueMean", num(o.queueMean()));
    line(sb, "OPEN-LOOP", "ClientQueueMax", Long.toString(o.queueMax()));
    if (o.latency() != null) {
      for (PercentileValue p : o.latency().percentiles()) {
        line(sb, "OPEN-LOOP", ResultJson.percentileLabel(p.percentile()) + "thPercentileLatency(us)", num(p.micros()));
      }
    }
    if (o.scheduleLag() != null) {
      line(sb, "OPEN-LOOP", "ScheduleLag99thPercentile(us)", num(o.scheduleLag().percentileMicros(99)));
      line(sb, "OPEN-LOOP", "ScheduleLagMax(us)", num(o.scheduleLag().maxMicros()));
    }
    if (!Double.isNaN(o.clientCpuShare())) {
      line(sb, "OPEN-LOOP", "ClientCpuShare", num(o.clientCpuShare()));
    }
    line(sb, "OPEN-LOOP", "ClientBound", o.clientBound() == null ? "no" : o.clientBound());
  }

  /** The server before and after the phase. */
  private static void server(StringBuilder sb, BenchmarkResult r) {
    for (String when : java.util.List.of("before", "after")) {
      io.github.ycsbkv.spi.ServerSample sample = r.server().get(when);
      if (sample != null) {
        String section = "SERVER-" + when.toUpperCase(java.util.Locale.ROOT);
        line(sb, section, "Server", sample.server() + " " + sample.version());
        line(sb, section, "Keys", Long.toString(sample.keys()));
        // A figure the server does not report (-1) gets no line, rather than a made-up number.
        if (sample.usedMemoryBytes() >= 0) {
          line(sb, section, "UsedMemory(MB)", num(sample.usedMemoryBytes() / 1048576.0));
        }
        if (sample.rssBytes() >= 0) {
          line(sb, section, "RSS(MB)", num(sample.rssBytes() / 1048576.0));
        }
      }
    }
  }

  /** Per operation: its latency series, statuses, error causes and hit rate. */
  private static void operations(StringBuilder sb, BenchmarkResult r) {
    for (OperationResult op : r.operationResults()) {
      String name = op.operation();
      series(sb, name, op.serviceOk(), op.serviceOk() == null ? 0 : op.serviceOk().count());
      for (Map.Entry<String, Long> s : new TreeMap<>(op.statuses()).entrySet()) {
        line(sb, name, "Return=" + s.getKey(), Long.toString(s.getValue()));
      }
      for (ErrorCause c : op.errorCauses()) {
        line(sb, name, "Error", c.count() + ", " + c.describe());
      }
      if (op.statuses().containsKey("NOT_FOUND")) {
        line(sb, name, "HitRate(%)", num(100.0 * op.hitRatio()));
      }
      if (op.serviceFailed() != null) {
        series(sb, name + "-FAILED", op.serviceFailed(), op.serviceFailed().count());
      }
      if (op.responseOk() != null) {
        series(sb, "Intended-" + name, op.responseOk(), op.responseOk().count());
      }
      if (op.responseFailed() != null) {
        series(sb, "Intended-" + name + "-FAILED", op.responseFailed(), op.responseFailed().count());
      }
    }
  }

  private static void series(StringBuilder sb, String name, LatencyStats stats, long count) {
    line(sb, name, "Operations", Long.toString(count));
    if (stats == null) {
      return;
    }
    line(sb, name, "AverageLatency(us)", num(stats.meanMicros()));
    line(sb, name, "MinLatency(us)", num(stats.minMicros()));
    line(sb, name, "MaxLatency(us)", num(stats.maxMicros()));
    for (PercentileValue p : stats.percentiles()) {
      line(sb, name, ordinal(p.percentile()) + "PercentileLatency(us)", num(p.micros()));
    }
  }

  /** Upstream's percentile names: 95 is "95th", 99.9 is "99.9". */
  static String ordinal(double percentile) {
    if (percentile != Math.rint(percentile)) {
      return Double.toString(percentile);
    }
    int n = (int) percentile;
    String[] suffixes = {"th", "st", "nd", "rd", "th", "th", "th", "th", "th", "th"};
    int mod100 = n % 100;
    return n + (mod100 >= 11 && mod100 <= 13 ? "th" : suffixes[n % 10]);
  }

  private static double percentOf(long part, long whole) {
    return whole <= 0 ? 0.0 : 100.0 * part / whole;
  }

  private static String num(double v) {
    return String.format(Locale.US, "%.3f", v);
  }

  private static void line(StringBuilder sb, String section, String metric, String value) {
    sb.append('[').append(section).append("], ").append(metric).append(", ").append(value).append('\n');
  }
}
