package io.github.ycsbkv.config;

import java.time.Duration;
import java.util.Set;

/**
 * Every property the engine and the command line read, declared once: each key as a constant here, which the
 * engine's classes use and the unknown-key check reads ({@code ycsb run} warns of a key that no part of a run
 * declares), and the engine's defaults. docs/engine.md describes each.
 */
public final class EngineProperties {

  public static final String THREADS = "threadcount";
  public static final String TARGET = "target";
  public static final String OPERATION_COUNT = "operationcount";
  public static final String RECORD_COUNT = "recordcount";
  public static final String INSERT_COUNT = "insertcount";
  /** The first record this client inserts or reads (upstream's key; a client host's share sets it). */
  public static final String INSERT_START = "insertstart";
  public static final String MAX_EXECUTION_TIME = "maxexecutiontime";
  public static final String STATUS_INTERVAL = "status.interval";
  public static final String PERCENTILES = "hdrhistogram.percentiles";
  public static final String ERRORS_ABORT_AFTER = "errors.abortafter";
  /** Failed operations a finished run accepts before it exits with 3: a count, or a share ({@code 0.5%}). */
  public static final String ERRORS_TOLERANCE = "errors.tolerance";
  public static final String LABEL = "label";
  /**
   * Set by {@code sweep} (and so {@code study}) to the repetition a run is of its cell (1, 2, ...): a workload whose
   * repetitions build on the store the ones before left (the object cache) draws each from its own random stream.
   */
  public static final String REPETITION = "sweep.repetition";
  public static final String WORKLOAD = "workload";
  public static final String PIPELINE = "pipeline";
  /**
   * {@code client} (the default: one connection per closed-loop client, one request in flight on it, as upstream
   * YCSB's and memtier_benchmark's connections) or N, the number of connections the clients share (their requests
   * pipelined on them). See {@link io.github.ycsbkv.spi.ConnectionShape}.
   */
  public static final String CONNECTIONS = "connections";
  /** The OS threads that run the clients: {@code auto} (the default), 0 (one per client) or D threads. */
  public static final String DRIVERS = "drivers";
  /**
   * Set by the engine to {@code true} in the properties a binding receives when the workload never scans and
   * no scanning workload reads its records: no scan index is kept.
   */
  public static final String WORKLOAD_NEVER_SCANS = "workload.neverscans";
  /**
   * Set by the engine to {@code true} in the properties the workload receives when the binding says its properties
   * point at a cluster that routes keys by hash slot ({@code Binding#cluster}): a workload checks its commands of
   * several keys against it. For a binding known by name, whatever a user gives is replaced.
   */
  public static final String SERVER_CLUSTER = "server.cluster";
  /** Directory for result.json, summary.csv and the histogram files. */
  public static final String EXPORT_DIR = "export.dir";
  /** Upstream's file for the text summary. */
  public static final String EXPORT_FILE = "exportfile";
  /**
   * The load run before a {@code run} is measured, and thrown away: a time ({@code 10s}) or operations over every
   * client ({@code 200000ops}).
   */
  public static final String WARMUP = "warmup";
  /** Under {@code -target}: how arrivals are spaced, {@code uniform} (the default, as upstream) or {@code poisson}. */
  public static final String ARRIVALS = "arrivals";
  /** The seed of the Poisson arrivals (a number; the default 1 makes runs repeat their schedule). */
  public static final String ARRIVALS_SEED = "arrivals.seed";
  /**
   * Under {@code -target} on event loops: requests in flight on a connection at most (default 1, upstream's meaning
   * of {@code -target}; more pipelines them, as a multiplexed client would).
   */
  public static final String MAX_IN_FLIGHT = "maxinflight";
  /**
   * The latency budget of the run ({@code p99=1ms,p999=5ms}): the client counts as the bottleneck of an open-loop
   * run when its schedule lag's P99 exceeds a tenth of the tightest bound (without one: 1 ms).
   */
  public static final String SLO = "slo";
  /** Whether the binding's server probe runs ({@code true} by default). */
  public static final String PROBE = "probe";
  /** How long a client waits before it connects again after its store went away. */
  public static final String RECONNECT_INTERVAL = "reconnect.interval";
  /** The longest wait between reconnection attempts. */
  public static final String RECONNECT_MAX = "reconnect.max";
  /**
   * The closed-loop clients started in steps, {@code START+STEP@DURATION} (memtier_benchmark's staircase ramp):
   * START at once, STEP more after each DURATION ({@code io.github.ycsbkv.engine.time.Staircase}).
   */
  public static final String STAIRCASE = "staircase";
  /** Events set on the server during the run ({@code bgsave@20s,...} or {@code @FILE}). */
  public static final String EVENTS = "events";
  /** The client processes of one run, each this process's share of the load. */
  public static final String CLIENTS_COUNT = "clients.count";
  /** This client process's index among {@link #CLIENTS_COUNT} (0, 1, ...). */
  public static final String CLIENTS_INDEX = "clients.index";
  /** Where the client processes meet before their common start ({@code host:port} of client 0). */
  public static final String CLIENTS_BARRIER = "clients.barrier";
  /** How long a client process waits for the others at the meeting. */
  public static final String CLIENTS_BARRIER_TIMEOUT = "clients.barrier.timeout";
  /** The port of the live metrics' Prometheus endpoint (0 or absent: none). */
  public static final String METRICS_PORT = "metrics.port";
  /** The address the live metrics' endpoint listens on. */
  public static final String METRICS_HOST = "metrics.host";
  /** How long the endpoint stays up after the run, for a last scrape. */
  public static final String METRICS_LINGER = "metrics.linger";

  /** Default client threads. */
  public static final int DEFAULT_THREADS = 1;
  /** Default seconds between status samples (and status lines with {@code -s}). */
  public static final long DEFAULT_STATUS_INTERVAL_SECONDS = 10;
  /** Default percentiles of every latency series. */
  public static final String DEFAULT_PERCENTILES = "50,90,95,99,99.9,99.99";
  /** Default seconds of nothing but errors after which a run stops as failed (0: never). */
  public static final long DEFAULT_ERRORS_ABORT_AFTER_SECONDS = 10;
  /** Default workload: upstream's, unchanged. */
  public static final String DEFAULT_WORKLOAD = "site.ycsb.workloads.CoreWorkload";
  /**
   * Failures for a connection reason closer than this (or than {@code reconnect.max}, if longer) belong to one
   * outage.
   */
  public static final Duration OUTAGE_GAP = Duration.ofSeconds(1);
  /** Seconds stopped clients get to finish the operations they have in flight before results are taken. */
  public static final String STOP_GRACE = "stop.grace";
  /** Default of {@link #STOP_GRACE}. */
  public static final long DEFAULT_STOP_GRACE_SECONDS = 10;

  /**
   * Keys read by upstream's code that runs inside ycsb-kv, accepted as upstream accepts them: its measurement
   * settings ({@code measurementtype} and the others upstream's {@code Measurements} reads), {@code db} and
   * {@code dotransactions} as upstream's Client sets them, and the workload keys that bindings read too
   * ({@code table}, {@code fieldcount}, {@code fieldnameprefix}).
   */
  public static final Set<String> UPSTREAM = Set.of("table", "fieldcount", "fieldnameprefix", "db", "dataintegrity",
      "dotransactions", "measurementtype", "measurement.interval", "measurement.trackjvm", "histogram.buckets",
      "summary", "hdrhistogram.fileoutput", "hdrhistogram.output.path", "timeseries.granularity");

  private EngineProperties() {}
}
