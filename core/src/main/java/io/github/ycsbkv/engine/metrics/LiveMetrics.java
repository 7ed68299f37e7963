package io.github.ycsbkv.engine.metrics;

import io.github.ycsbkv.config.EngineProperties;
import io.github.ycsbkv.config.Props;
import io.github.ycsbkv.config.UserError;
import io.github.ycsbkv.engine.states.StateWatch;
import io.github.ycsbkv.engine.watch.HiccupMeter;
import io.github.ycsbkv.engine.watch.LoadWatch;
import io.github.ycsbkv.engine.watch.OutageWatch;
import io.github.ycsbkv.results.ErrorCause;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.HdrHistogram.Histogram;

/**
 * What a phase serves while it runs ({@code -p metrics.port=N}, #43): every status interval's figures, kept here by
 * the {@code Sampler} and read by the Prometheus endpoint on each scrape ({@link PrometheusEndpoint}, the Prometheus
 * Java client's registry and HTTP server). This class holds no Prometheus type, so that a program using the engine
 * as a library without that optional dependency loads it only when it asks for metrics.
 *
 * <p>Counts and latencies are cumulative from the start of the measured phase (the warm-up is not in them); the
 * rates and the P99s are the last status interval's ({@code status.interval}, 1 s by default when metrics are served).
 * Error causes come at the phase's end (the client threads count them without a lock).
 */
public final class LiveMetrics implements AutoCloseable {

  public static final String PORT = EngineProperties.METRICS_PORT;
  public static final String HOST = EngineProperties.METRICS_HOST;
  static final String LINGER = EngineProperties.METRICS_LINGER;

  /** One operation's figures since the start: successes and failures, and the successes' service times (ns). */
  record Operation(String name, long ok, long failed, Histogram okNanos) {}

  /** Errors of one operation with one status and cause. */
  record Cause(String operation, String status, String cause, long count) {}

  /** The phase's figures as of the last status interval. */
  record Snapshot(List<Operation> operations, double opsPerSec, double offeredOpsPerSec, double p99Micros,
      double lagP99Micros, long operationsDone, long failedDone, List<Cause> causes, double responseP99Micros) {}

  private final Map<String, String> labels;
  private final long lingerMillis;
  private final AutoCloseable endpoint;
  private volatile Snapshot snapshot = new Snapshot(List.of(), 0, Double.NaN, Double.NaN, Double.NaN, 0, 0,
      List.of(), Double.NaN);
  // What watches the phase, read at each scrape; null while not watched.
  private volatile OutageWatch outages;
  private volatile LoadWatch server;
  private volatile HiccupMeter stalls;

  private LiveMetrics(Map<String, String> labels, long lingerMillis, EndpointFactory factory, String host, int port) {
    this.labels = Map.copyOf(labels);
    this.lingerMillis = lingerMillis;
    this.endpoint = factory.start(this, host, port);
  }

  /** How the endpoint is made (the Prometheus one, loaded only here). */
  interface EndpointFactory {
    public AutoCloseable start(LiveMetrics metrics, String host, int port);
  }

  /** Whether {@code props} ask for metrics. */
  public static boolean wanted(Properties props) {
    String p = props.getProperty(PORT);
    return p != null && !p.isBlank() && !p.trim().equals("0");
  }

  /**
   * The endpoint {@code props} ask for, serving from now on, or null when they ask for none. A port that is taken,
   * or the Prometheus client missing from the class path, is a {@link UserError}.
   */
  public static LiveMetrics start(Properties props, Map<String, String> labels) {
    if (!wanted(props)) {
      return null;
    }
    int port = Props.getInt(props, PORT, 0, 1);
    if (port > 65_535) {
      throw new UserError("-p " + PORT + " must be a TCP port (1 to 65535), got " + port);
    }
    String host = props.getProperty(HOST, "0.0.0.0").trim();
    long linger = Props.getSeconds(props, LINGER, 0).toMillis();
    EndpointFactory factory;
    try {
      Class.forName("io.prometheus.metrics.exporter.httpserver.HTTPServer", false, LiveMetrics.class.getClassLoader());
      factory = PrometheusEndpoint::start;
    } catch (ClassNotFoundException | LinkageError e) {
      throw new UserError("-p " + PORT + ": the Prometheus Java client is not on the class path (add"
          + " io.prometheus:prometheus-metrics-exporter-httpserver, which bin/ycsb has)");
    }
    return new LiveMetrics(labels, linger, factory, host, port);
  }

  /** The labels every series carries: the run's label, binding, workload, phase and client index. */
  Map<String, String> labels() {
    return labels;
  }

  Snapshot snapshot() {
    return snapshot;
  }

  /** What watches the phase's outages and reads the server's load (null: no probe), from its start. */
  public void watch(OutageWatch outages, LoadWatch server) {
    this.outages = outages;
    this.server = server;
  }

  /** The client's stall meter, from its start. */
  public void stalls(HiccupMeter meter) {
    this.stalls = meter;
  }

  /** Outages of failed operations begun so far and 1 if one is open ({@link OutageWatch#liveCounts}), or null. */
  long[] outages() {
    OutageWatch o = outages;
    return o == null ? null : o.liveCounts();
  }

  /** The longest client stall so far in seconds, or NaN before the meter started. */
  double longestStallSeconds() {
    HiccupMeter h = stalls;
    return h == null ? Double.NaN : h.longestNanos() / 1e9;
  }

  /** The server's load at the phase's start and as last read ({@link LoadWatch#live}), or null. */
  io.github.ycsbkv.spi.ServerLoad[] server() {
    LoadWatch w = server;
    return w == null ? null : w.live();
  }

  /** The server's state at the phase's start and as last read ({@link StateWatch#live}), or null. */
  io.github.ycsbkv.spi.ServerState[] serverState() {
    LoadWatch w = server;
    StateWatch s = w == null ? null : w.states();
    return s == null ? null : s.live();
  }

  /** Events begun so far and open now ({@link StateWatch#liveEvents}), or null without a probe. */
  int[] serverEvents() {
    LoadWatch w = server;
    StateWatch s = w == null ? null : w.states();
    return s == null ? null : s.liveEvents();
  }

  /**
   * One status interval's figures (from the {@code Sampler}, right after it drained {@code totals}, which it
   * owns until its next drain); {@code responseP99Micros} the P99 from each operation's intended start (NaN
   * without {@code -target}).
   */
  public void interval(List<Metrics.Totals> totals, double opsPerSec, double offeredOpsPerSec, double p99Micros,
      double lagP99Micros, long operationsDone, long failedDone, double responseP99Micros) {
    List<Operation> ops = new ArrayList<>();
    for (Metrics.Totals t : totals) {
      if (t.name.equals(OperationRecorder.CLEANUP)) {
        continue;
      }
      Histogram ok = t.total(OperationRecorder.Series.OK);
      Histogram failed = t.total(OperationRecorder.Series.FAILED);
      long okCount = ok == null ? 0 : ok.getTotalCount();
      long failedCount = failed == null ? 0 : failed.getTotalCount();
      if (okCount + failedCount > 0) { // the workload's operations that ran, not every kind it could run
        ops.add(new Operation(t.name, okCount, failedCount, ok == null
            ? new Histogram(OperationRecorder.SIGNIFICANT_DIGITS) : ok.copy()));
      }
    }
    snapshot = new Snapshot(List.copyOf(ops), opsPerSec, offeredOpsPerSec, p99Micros, lagP99Micros, operationsDone,
        failedDone, snapshot.causes(), responseP99Micros);
  }

  /** The phase's error causes, known once its clients finished. */
  public void causes(List<Metrics.Totals> totals) {
    List<Cause> all = new ArrayList<>();
    for (Metrics.Totals t : totals) {
      // Each thread's causes: the same one from several threads is one series.
      Map<List<String>, Long> merged = new LinkedHashMap<>();
      for (ErrorCause c : t.causes) {
        merged.merge(List.of(c.status(), c.cause()), c.count(), Long::sum);
      }
      merged.forEach((k, n) -> all.add(new Cause(t.name, k.get(0), k.get(1), n)));
    }
    Snapshot s = snapshot;
    snapshot = new Snapshot(s.operations(), s.opsPerSec(), s.offeredOpsPerSec(), s.p99Micros(), s.lagP99Micros(),
        s.operationsDone(), s.failedDone(), List.copyOf(all), s.responseP99Micros());
  }

  /** Serves a last scrape for {@code metrics.linger}, then stops the endpoint. */
  @Override
  public void close() {
    try {
      if (lingerMillis > 0) {
        Thread.sleep(lingerMillis);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    try {
      endpoint.close();
    } catch (Exception e) {
      // stopping a server that serves metrics: nothing the run's result depends on
    }
  }
}
