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
 * <p>Upstream keeps one instance per JVM, created on first use with the properties of that moment
 * and accumulating forever. So that each benchmark in a JVM (the demo, tests, programs that embed
 * the engine) starts from zero with its own properties, {@link #configure} drops the previous
 * instance through its private static field {@code singleton} (0.17.0's name); if that field cannot
 * be reached, the old instance is kept and figures accumulate as upstream would.
 * Thread-safe as far as upstream's class is; call {@link #configure} before client threads start.
 */
final class UpstreamMeasurements {

  private UpstreamMeasurements() {}

  static Measurements configure(Properties props) {
    Measurements.setProperties(props);
    try {
      java.lang.reflect.Field singleton = Measurements.class.getDeclaredField("singleton");
      singleton.setAccessible(true);
      synchronized (Measurements.class) {
        singleton.set(null, null);
      }
    } catch (ReflectiveOperationException | RuntimeException e) {
      // Keep upstream's behaviour: one instance per JVM.
    }
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
