package io.github.ycsbkv.engine.metrics;

import io.github.ycsbkv.config.UserError;
import io.github.ycsbkv.spi.ServerLoad;
import io.github.ycsbkv.spi.ServerState;
import io.prometheus.metrics.exporter.httpserver.HTTPServer;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.ClassicHistogramBuckets;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import io.prometheus.metrics.model.snapshots.Unit;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * {@link LiveMetrics} served in the Prometheus text formats (OpenMetrics where the scraper asks for it) by the
 * Prometheus Java client's HTTP server, on {@code /metrics}: a collector that builds each scrape from the last
 * status interval's snapshot. Every series carries the run's labels ({@link LiveMetrics#labels()}).
 */
final class PrometheusEndpoint implements MultiCollector {

  /** The latency histogram's bucket bounds, in seconds: 10 us to 10 s, three per decade. */
  static final double[] BOUNDS = {1e-5, 2.5e-5, 5e-5, 1e-4, 2.5e-4, 5e-4, 1e-3, 2.5e-3, 5e-3, 1e-2, 2.5e-2, 5e-2, 0.1,
      0.25, 0.5, 1, 2.5, 5, 10, Double.POSITIVE_INFINITY};

  private final LiveMetrics metrics;
  private final String[] labelNames;
  private final String[] labelValues;

  private PrometheusEndpoint(LiveMetrics metrics) {
    this.metrics = metrics;
    Map<String, String> labels = metrics.labels();
    this.labelNames = labels.keySet().toArray(new String[0]);
    this.labelValues = labels.values().toArray(new String[0]);
  }

  /** Serves {@code metrics} on {@code host:port} from now until the returned server is closed. */
  static AutoCloseable start(LiveMetrics metrics, String host, int port) {
    PrometheusRegistry registry = new PrometheusRegistry();
    registry.register(new PrometheusEndpoint(metrics));
    try {
      return HTTPServer.builder().hostname(host).port(port).registry(registry).buildAndStart();
    } catch (IOException e) {
      throw new UserError("-p " + LiveMetrics.PORT + "=" + port + ": cannot serve metrics on " + host + ":" + port
          + " (" + e.getMessage() + "); give a free port, or -p " + LiveMetrics.HOST + "=ADDRESS");
    }
  }

  private Labels labels(String... more) {
    String[] names = new String[labelNames.length + more.length / 2];
    String[] values = new String[names.length];
    System.arraycopy(labelNames, 0, names, 0, labelNames.length);
    System.arraycopy(labelValues, 0, values, 0, labelValues.length);
    for (int i = 0; i < more.length / 2; i++) {
      names[labelNames.length + i] = more[2 * i];
      values[labelNames.length + i] = more[2 * i + 1];
    }
    return Labels.of(names, values);
  }

  @Override
  public MetricSnapshots collect() {
    LiveMetrics.Snapshot s = metrics.snapshot();
    List<MetricSnapshot> out = new ArrayList<>();
    CounterSnapshot.Builder operations = CounterSnapshot.builder().name("ycsbkv_operations")
        .help("Workload operations completed in the measured phase, by operation and outcome");
    HistogramSnapshot.Builder latency = HistogramSnapshot.builder().name("ycsbkv_latency_seconds").unit(Unit.SECONDS)
        .help("Service time of the operations that succeeded, from the start of the measured phase (bucketed from"
            + " the run's exact HdrHistogram)");
    for (LiveMetrics.Operation op : s.operations()) {
      operations.dataPoint(CounterSnapshot.CounterDataPointSnapshot.builder().value(op.ok())
          .labels(labels("operation", op.name(), "outcome", "ok")).build());
      operations.dataPoint(CounterSnapshot.CounterDataPointSnapshot.builder().value(op.failed())
          .labels(labels("operation", op.name(), "outcome", "failed")).build());
      latency.dataPoint(histogram(op.okNanos(), labels("operation", op.name())));
    }
    out.add(operations.build());
    out.add(latency.build());
    CounterSnapshot.Builder errors = CounterSnapshot.builder().name("ycsbkv_errors")
        .help("Failed operations by operation, status and cause (known at the end of the phase)");
    for (LiveMetrics.Cause c : s.causes()) {
      errors.dataPoint(CounterSnapshot.CounterDataPointSnapshot.builder().value(c.count())
          .labels(labels("operation", c.operation(), "status", c.status(), "cause", c.cause())).build());
    }
    out.add(errors.build());
    out.add(gauge("ycsbkv_throughput_ops_per_second", "Operations per second in the last status interval",
        s.opsPerSec()));
    if (!Double.isNaN(s.offeredOpsPerSec())) {
      out.add(gauge("ycsbkv_offered_ops_per_second", "Operations per second -target offered in the last status"
          + " interval (its rate, or its schedule's mean over the interval)", s.offeredOpsPerSec()));
    }
    if (!Double.isNaN(s.p99Micros())) {
      out.add(gauge("ycsbkv_interval_p99_seconds", "The 99th percentile of every operation's service time in the"
          + " last status interval", s.p99Micros() / 1e6));
    }
    if (!Double.isNaN(s.responseP99Micros())) {
      out.add(gauge("ycsbkv_interval_response_p99_seconds", "Open loop: the 99th percentile of every operation's"
          + " response time in the last status interval, from its intended start (the time it waited in the client"
          + " for a connection included)", s.responseP99Micros() / 1e6));
    }
    if (!Double.isNaN(s.lagP99Micros())) {
      out.add(gauge("ycsbkv_schedule_lag_p99_seconds", "Open loop: the 99th percentile of how late the client acted on"
          + " an arrival (from its intended start) in the last status interval", s.lagP99Micros() / 1e6));
    }
    long[] outages = metrics.outages();
    if (outages != null) {
      out.add(counter("ycsbkv_outages", "Outages begun in the measured phase: operations failing for want of a"
          + " connection (stalls without failures are found at the end, in result.json)", outages[0]));
      out.add(gauge("ycsbkv_outage_open", "1 while an outage is open, else 0", outages[1]));
    }
    double stall = metrics.longestStallSeconds();
    if (!Double.isNaN(stall)) {
      out.add(gauge("ycsbkv_client_stall_max_seconds", "The longest stall of the client process so far (a thread"
          + " that sleeps 1 ms and measures how late it woke: collections, the machine)", stall));
    }
    serverSeries(out, metrics.server());
    stateSeries(out, metrics.serverState(), metrics.serverEvents());
    long cpu = ProcessCpu.nanos();
    if (cpu >= 0) {
      out.add(CounterSnapshot.builder().name("ycsbkv_client_cpu_seconds").unit(Unit.SECONDS)
          .help("CPU time of the whole client process (loops, compiler and collector included)")
          .dataPoint(CounterSnapshot.CounterDataPointSnapshot.builder().value(cpu / 1e9).labels(labels()).build())
          .build());
    }
    return new MetricSnapshots(out);
  }

  /**
   * The server's view, as the binding's probe last read it (every 250 ms): its connections, and the commands and CPU
   * time it spent since the phase started (left out of a scrape where the server does not count them, or a cluster
   * node could not be read).
   */
  private void serverSeries(List<MetricSnapshot> out, ServerLoad[] server) {
    if (server == null || server[0] == null || server[1] == null) {
      return;
    }
    ServerLoad start = server[0];
    ServerLoad last = server[1];
    if (last.connections() >= 0) {
      out.add(gauge("ycsbkv_server_connections", "Connections the server holds (the probe's own left out)",
          Math.max(0, last.connections() - last.probeConnections())));
    }
    if (last.commandsProcessed() >= 0 && start.commandsProcessed() >= 0) {
      out.add(counter("ycsbkv_server_commands", "Commands the server processed since the measured phase started",
          Math.max(0, last.commandsProcessed() - start.commandsProcessed())));
    }
    if (last.cpuMicros() >= 0 && start.cpuMicros() >= 0) {
      out.add(CounterSnapshot.builder().name("ycsbkv_server_cpu_seconds").unit(Unit.SECONDS)
          .help("CPU time the server spent since the measured phase started")
          .dataPoint(CounterSnapshot.CounterDataPointSnapshot.builder()
              .value(Math.max(0, last.cpuMicros() - start.cpuMicros()) / 1e6).labels(labels()).build())
          .build());
    }
    out.add(gauge("ycsbkv_server_nodes_unreachable", "Cluster nodes the probe could not read last time",
        last.unreachable().size()));
  }

  /**
   * The server's state, as the probe last read it (every status interval, docs/states.md): its memory and keys now,
   * its evictions, expiries, hits, misses and redirections since the phase started, whether it is saving, its
   * replicas' lag, and the events begun and open. A figure the server does not report is left out.
   */
  private void stateSeries(List<MetricSnapshot> out, ServerState[] state, int[] events) {
    if (state != null) {
      ServerState start = state[0];
      ServerState last = state[1];
      known(out, "ycsbkv_server_memory_used_bytes", "Memory the server accounts to its data", last.usedMemoryBytes());
      known(out, "ycsbkv_server_memory_rss_bytes", "The server process's resident set", last.rssBytes());
      known(out, "ycsbkv_server_keys", "Keys the server holds", last.keys());
      since(out, "ycsbkv_server_evicted_keys", "Keys the server evicted for its memory limit", start.evictedKeys(),
          last.evictedKeys());
      since(out, "ycsbkv_server_expired_keys", "Keys the server expired", start.expiredKeys(), last.expiredKeys());
      since(out, "ycsbkv_server_keyspace_hits", "Reads the server served that found their key", start.hits(),
          last.hits());
      since(out, "ycsbkv_server_keyspace_misses", "Reads the server served that did not find their key",
          start.misses(), last.misses());
      since(out, "ycsbkv_server_redirections", "Redirections (MOVED, ASK) a cluster's nodes answered",
          start.redirections(), last.redirections());
      out.add(gauge("ycsbkv_server_saving", "1 while the server writes a snapshot, else 0", last.saving() ? 1 : 0));
      known(out, "ycsbkv_server_replica_lag_bytes", "The most bytes a replica is behind its primary",
          last.replicaLagBytes());
      known(out, "ycsbkv_server_replica_lag_records", "The most journal records a replica is behind its primary"
          + " (Dragonfly)", last.replicaLagRecords());
      known(out, "ycsbkv_server_replica_ack_seconds", "The most seconds since a replica last acknowledged its offset",
          last.replicaAckSeconds());
    }
    if (events != null && events[0] + events[1] > 0) {
      out.add(counter("ycsbkv_server_events", "Events (-p events) begun on the server in the measured phase",
          events[0]));
      out.add(gauge("ycsbkv_server_event_open", "Events the server is still busy with", events[1]));
    }
  }

  /** A gauge of {@code value}, left out when the server does not report it (-1). */
  private void known(List<MetricSnapshot> out, String name, String help, long value) {
    if (value >= 0) {
      out.add(gauge(name, help, value));
    }
  }

  /** A counter of a server's counter since the phase started, left out when the server does not count it. */
  private void since(List<MetricSnapshot> out, String name, String help, long start, long last) {
    if (start >= 0 && last >= 0) {
      out.add(counter(name, help + " since the measured phase started", Math.max(0, last - start)));
    }
  }

  private CounterSnapshot counter(String name, String help, double value) {
    return CounterSnapshot.builder().name(name).help(help)
        .dataPoint(CounterSnapshot.CounterDataPointSnapshot.builder().value(value).labels(labels()).build()).build();
  }

  private GaugeSnapshot gauge(String name, String help, double value) {
    return GaugeSnapshot.builder().name(name).help(help)
        .dataPoint(GaugeSnapshot.GaugeDataPointSnapshot.builder().value(value).labels(labels()).build()).build();
  }

  /** {@code nanos} as classic buckets in seconds, and its sum (its mean times its count). */
  static HistogramSnapshot.HistogramDataPointSnapshot histogram(Histogram nanos, Labels labels) {
    long[] counts = new long[BOUNDS.length];
    for (HistogramIterationValue v : nanos.recordedValues()) {
      double seconds = v.getValueIteratedTo() / 1e9;
      int i = 0;
      while (seconds > BOUNDS[i]) {
        i++;
      }
      counts[i] += v.getCountAtValueIteratedTo();
    }
    return HistogramSnapshot.HistogramDataPointSnapshot.builder()
        .classicHistogramBuckets(ClassicHistogramBuckets.of(BOUNDS, counts))
        .sum(nanos.getTotalCount() == 0 ? 0 : nanos.getMean() * nanos.getTotalCount() / 1e9).labels(labels).build();
  }
}
