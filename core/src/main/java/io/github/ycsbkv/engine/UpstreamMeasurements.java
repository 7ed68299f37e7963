package io.github.ycsbkv.engine;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import site.ycsb.measurements.Measurements;
import site.ycsb.measurements.exporter.MeasurementsExporter;

/**
 * Bridge to upstream YCSB's {@link Measurements} singleton, which upstream workloads use for the
 * figures they time themselves ({@code CoreWorkload} times {@code READ-MODIFY-WRITE} and
 * {@code VERIFY} there). The engine configures it before the workload starts, feeds it the intended
 * start time under {@code -target}, and copies its figures into the result afterwards.
 *
 * <p>The singleton is per JVM and keeps the properties of the first benchmark in the process;
 * that is upstream's design and only matters to programs that run several benchmarks in one JVM.
 * Thread-safe as far as upstream's class is.
 */
final class UpstreamMeasurements {

  private UpstreamMeasurements() {}

  static Measurements configure(Properties props) {
    Measurements.setProperties(props);
    return Measurements.getMeasurements();
  }

  /**
   * Upstream's figures, metric to (measurement to value), for example
   * {@code READ-MODIFY-WRITE -> {Operations=10, AverageLatency(us)=12.0}}.
   */
  static Map<String, Map<String, Number>> export(Measurements measurements) {
    Map<String, Map<String, Number>> out = new LinkedHashMap<>();
    MeasurementsExporter exporter = new MeasurementsExporter() {
      @Override
      public void write(String metric, String measurement, int i) {
        out.computeIfAbsent(metric, k -> new LinkedHashMap<>()).put(measurement, i);
      }

      @Override
      public void write(String metric, String measurement, long i) {
        out.computeIfAbsent(metric, k -> new LinkedHashMap<>()).put(measurement, i);
      }

      @Override
      public void write(String metric, String measurement, double d) {
        out.computeIfAbsent(metric, k -> new LinkedHashMap<>()).put(measurement, d);
      }

      @Override
      public void close() {}
    };
    try {
      measurements.exportMeasurements(exporter);
    } catch (IOException | RuntimeException e) {
      out.put("upstream-measurements-unavailable", Map.of());
    }
    return out;
  }
}
