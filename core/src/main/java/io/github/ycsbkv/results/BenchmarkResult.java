package io.github.ycsbkv.results;

import io.github.ycsbkv.spi.ServerSample;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Everything one {@code load} or {@code run} measured, as written to {@code result.json}
 * (schema {@value #SCHEMA}, documented in {@code docs/results.md}).
 *
 * @param command {@code load} or {@code run}
 * @param binding the binding name the user gave (or the DB class)
 * @param dbClass the {@code site.ycsb.DB} class that ran
 * @param workload the {@code site.ycsb.Workload} class that ran
 * @param label the {@code -l} label, or {@code null}
 * @param threads client threads
 * @param targetOpsPerSec the {@code -target} throughput over all threads, or 0 for a closed loop
 * @param start when the measured phase began (after every client initialised)
 * @param end when the last client finished
 * @param runtimeMillis {@code end - start}, from the monotonic clock
 * @param operations workload operations completed (calls of doInsert or doTransaction)
 * @param throughputOpsPerSec {@code operations} per second of runtime
 * @param stopReason why it stopped: completed, max_execution_time, workload, interrupted, failed
 * @param error one line when the run failed, else {@code null}
 * @param warnings things the user should know about the numbers
 * @param percentiles the percentiles computed for every series
 * @param operationResults one entry per operation type
 * @param workloadMeasurements figures the workload measured itself through upstream's
 *     {@code Measurements} (for example {@code READ-MODIFY-WRITE}), as upstream names them
 * @param intervals throughput per status interval
 * @param gc the client's garbage collections during the phase, name to {count, timeMillis}
 * @param environment the client machine
 * @param configuration every property, with secrets masked
 * @param server the binding's server probe, sampled {@code before} and {@code after} the phase
 *     (empty when the binding has no probe or the probe failed; see the warnings)
 * @param load the load shape: clients, connections, requests in flight, serving threads, and what the server
 *     saw; null in results of earlier versions
 * @param stalls the client's own stalls during the phase; null in results of earlier versions
 * @param outages the periods in which operations failed because the store could not be reached, in order (empty
 *     in results of earlier versions)
 * @param warmup the warm-up run before the phase and left out of every figure above, or null when there was none
 * @param clientCpu the CPU time the client process used during the phase, or null when the JVM does not say (and in
 *     results of earlier versions)
 * @param serverStates the server's own state every status interval, the events it went through and their windows,
 *     and its reads' hit ratio; null without a probe that says so (and in results of earlier versions)
 */
public record BenchmarkResult(String command, String binding, String dbClass, String workload, String label,
    int threads, double targetOpsPerSec, Instant start, Instant end, long runtimeMillis, long operations,
    double throughputOpsPerSec, String stopReason, String error, List<String> warnings, List<Double> percentiles,
    List<OperationResult> operationResults, Map<String, Map<String, Number>> workloadMeasurements,
    List<IntervalSample> intervals, Map<String, Map<String, Long>> gc, EnvironmentInfo environment,
    Map<String, String> configuration, Map<String, ServerSample> server, LoadShape load, ClientStalls stalls,
    List<Outage> outages, Warmup warmup, ClientCpu clientCpu, ServerStates serverStates) {

  /** The version of the {@code result.json} format. */
  public static final String SCHEMA = "ycsb-kv/result/1";

  /** Defensive copies. */
  public BenchmarkResult {
    warnings = List.copyOf(warnings);
    percentiles = List.copyOf(percentiles);
    operationResults = List.copyOf(operationResults);
    workloadMeasurements = Map.copyOf(workloadMeasurements);
    intervals = List.copyOf(intervals);
    gc = Map.copyOf(gc);
    configuration = Map.copyOf(configuration);
    server = Map.copyOf(server);
    outages = outages == null ? List.of() : List.copyOf(outages);
  }

  /** A result without the server's states (the layout before they were read). */
  public BenchmarkResult(String command, String binding, String dbClass, String workload, String label,
      int threads, double targetOpsPerSec, Instant start, Instant end, long runtimeMillis, long operations,
      double throughputOpsPerSec, String stopReason, String error, List<String> warnings, List<Double> percentiles,
      List<OperationResult> operationResults, Map<String, Map<String, Number>> workloadMeasurements,
      List<IntervalSample> intervals, Map<String, Map<String, Long>> gc, EnvironmentInfo environment,
      Map<String, String> configuration, Map<String, ServerSample> server, LoadShape load, ClientStalls stalls,
      List<Outage> outages, Warmup warmup, ClientCpu clientCpu) {
    this(command, binding, dbClass, workload, label, threads, targetOpsPerSec, start, end, runtimeMillis, operations,
        throughputOpsPerSec, stopReason, error, warnings, percentiles, operationResults, workloadMeasurements,
        intervals, gc, environment, configuration, server, load, stalls, outages, warmup, clientCpu, null);
  }

  /** A result without the client's CPU time (the layout before it was measured). */
  public BenchmarkResult(String command, String binding, String dbClass, String workload, String label,
      int threads, double targetOpsPerSec, Instant start, Instant end, long runtimeMillis, long operations,
      double throughputOpsPerSec, String stopReason, String error, List<String> warnings, List<Double> percentiles,
      List<OperationResult> operationResults, Map<String, Map<String, Number>> workloadMeasurements,
      List<IntervalSample> intervals, Map<String, Map<String, Long>> gc, EnvironmentInfo environment,
      Map<String, String> configuration, Map<String, ServerSample> server, LoadShape load, ClientStalls stalls,
      List<Outage> outages, Warmup warmup) {
    this(command, binding, dbClass, workload, label, threads, targetOpsPerSec, start, end, runtimeMillis, operations,
        throughputOpsPerSec, stopReason, error, warnings, percentiles, operationResults, workloadMeasurements,
        intervals, gc, environment, configuration, server, load, stalls, outages, warmup, null);
  }

  /** A result without a warm-up (the layout before there was one). */
  public BenchmarkResult(String command, String binding, String dbClass, String workload, String label,
      int threads, double targetOpsPerSec, Instant start, Instant end, long runtimeMillis, long operations,
      double throughputOpsPerSec, String stopReason, String error, List<String> warnings, List<Double> percentiles,
      List<OperationResult> operationResults, Map<String, Map<String, Number>> workloadMeasurements,
      List<IntervalSample> intervals, Map<String, Map<String, Long>> gc, EnvironmentInfo environment,
      Map<String, String> configuration, Map<String, ServerSample> server, LoadShape load, ClientStalls stalls,
      List<Outage> outages) {
    this(command, binding, dbClass, workload, label, threads, targetOpsPerSec, start, end, runtimeMillis, operations,
        throughputOpsPerSec, stopReason, error, warnings, percentiles, operationResults, workloadMeasurements,
        intervals, gc, environment, configuration, server, load, stalls, outages, null, null);
  }

  /** A result without outages (the layout before they were measured). */
  public BenchmarkResult(String command, String binding, String dbClass, String workload, String label,
      int threads, double targetOpsPerSec, Instant start, Instant end, long runtimeMillis, long operations,
      double throughputOpsPerSec, String stopReason, String error, List<String> warnings, List<Double> percentiles,
      List<OperationResult> operationResults, Map<String, Map<String, Number>> workloadMeasurements,
      List<IntervalSample> intervals, Map<String, Map<String, Long>> gc, EnvironmentInfo environment,
      Map<String, String> configuration, Map<String, ServerSample> server, LoadShape load, ClientStalls stalls) {
    this(command, binding, dbClass, workload, label, threads, targetOpsPerSec, start, end, runtimeMillis, operations,
        throughputOpsPerSec, stopReason, error, warnings, percentiles, operationResults, workloadMeasurements,
        intervals, gc, environment, configuration, server, load, stalls, List.of(), null, null);
  }

  /** A result without load shape and stalls (the layout before they were measured). */
  public BenchmarkResult(String command, String binding, String dbClass, String workload, String label,
      int threads, double targetOpsPerSec, Instant start, Instant end, long runtimeMillis, long operations,
      double throughputOpsPerSec, String stopReason, String error, List<String> warnings, List<Double> percentiles,
      List<OperationResult> operationResults, Map<String, Map<String, Number>> workloadMeasurements,
      List<IntervalSample> intervals, Map<String, Map<String, Long>> gc, EnvironmentInfo environment,
      Map<String, String> configuration, Map<String, ServerSample> server) {
    this(command, binding, dbClass, workload, label, threads, targetOpsPerSec, start, end, runtimeMillis, operations,
        throughputOpsPerSec, stopReason, error, warnings, percentiles, operationResults, workloadMeasurements,
        intervals, gc, environment, configuration, server, null, null, List.of(), null, null);
  }

  /** The result for {@code operation}, or {@code null}. */
  public OperationResult operation(String operation) {
    for (OperationResult r : operationResults) {
      if (r.operation().equals(operation)) {
        return r;
      }
    }
    return null;
  }

  /** Errors over every operation type. */
  public long totalErrors() {
    long n = 0;
    for (OperationResult r : operationResults) {
      n += r.errors();
    }
    return n;
  }
}
