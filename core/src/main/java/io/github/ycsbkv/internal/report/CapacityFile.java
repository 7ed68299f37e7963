package io.github.ycsbkv.internal.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.ycsbkv.config.Slo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A capacity search's {@code capacity.json} (docs/capacity.md) as the report reads it: the budget, each step's
 * figures and verdict, and the capacity with why the search stopped.
 *
 * @param dir the directory that holds it
 * @param ended {@code found}, {@code not-found}, {@code failed} or {@code interrupted}
 */
record CapacityFile(Path dir, String binding, String workload, int connections, Slo slo, double probeOpsPerSec,
    List<Step> steps, Capacity capacity, String ended) {

  static final String FILE_NAME = "capacity.json";
  private static final ObjectMapper JSON = new ObjectMapper();

  /** One step of the curve; NaN where a figure is not known. */
  record Step(int step, String kind, double target, double achieved, double p50, double p99, double p999,
      double lagP99, double clientCpuMicros, double serverCpuMicros, double serverCores, String clientBound,
      String verdict, String why, String result) {

    /** The closed-loop probe (no target rate, no latency from intended starts). */
    boolean probe() {
      return kind.equals("probe");
    }

    boolean clientBoundVerdict() {
      return verdict.equals("client_bound");
    }

    /** The latency at {@code percentile} where the step has it (50, 99, 99.9), else NaN. */
    double latency(double percentile) {
      return percentile == 50 ? p50 : percentile == 99 ? p99 : percentile == 99.9 ? p999 : Double.NaN;
    }
  }

  /** How the search ended; the figures at the capacity are NaN when none was found. */
  record Capacity(boolean found, double opsPerSec, double bestUnconfirmed, String reason, double p99Micros,
      double serverCpuMicros, double serverCores, double opsPerServerCoreSecond, boolean lowerBound) {

    /** {@code 12,345 operations per second}, {@code at least ...} when the client was the limit above it. */
    String describe() {
      return found ? String.format(Locale.ROOT, "%s%,.0f operations per second", lowerBound ? "at least " : "",
          opsPerSec) : "No capacity";
    }
  }

  /** Whether {@code dir} holds a capacity.json. */
  static boolean in(Path dir) {
    return Files.isRegularFile(dir.resolve(FILE_NAME));
  }

  /** Reads {@code dir/capacity.json}; a file of another kind is an error that names it. */
  static CapacityFile read(Path dir) throws IOException {
    Path file = dir.resolve(FILE_NAME);
    JsonNode root = JSON.readTree(file.toFile());
    if (!root.path("schema").asText().startsWith("ycsb-kv/capacity/")) {
      throw new IOException(file + " is not a ycsb-kv capacity search (schema '" + root.path("schema").asText()
          + "')");
    }
    List<Step> steps = new ArrayList<>();
    for (JsonNode s : root.path("steps")) {
      steps.add(new Step(s.path("step").asInt(), s.path("kind").asText(), num(s, "targetOpsPerSec"),
          num(s, "achievedOpsPerSec"), num(s, "p50Micros"), num(s, "p99Micros"), num(s, "p99_9Micros"),
          num(s, "scheduleLagP99Micros"), num(s, "clientCpuMicrosPerOperation"), num(s, "serverCpuMicrosPerOperation"),
          num(s, "serverCores"), text(s, "clientBound"), s.path("verdict").asText(), text(s, "why"),
          s.path("result").asText()));
    }
    JsonNode c = root.path("capacity");
    Capacity capacity = new Capacity(c.path("found").asBoolean(), num(c, "opsPerSec"),
        num(c, "bestUnconfirmedOpsPerSec"), c.path("reason").asText(), num(c, "p99Micros"),
        num(c, "serverCpuMicrosPerOperation"), num(c, "serverCores"), num(c, "opsPerServerCoreSecond"),
        c.path("lowerBound").asBoolean(false));
    return new CapacityFile(dir, root.path("binding").asText(), root.path("workload").asText(),
        root.path("connections").asInt(), Slo.parse(root.path("slo").asText(), file + "'s slo"),
        num(root, "probeOpsPerSec"), steps, capacity, root.path("ended").asText());
  }

  /**
   * The bound the curve is drawn against: the budget's P99 bound, else its first bound at a percentile every step
   * has (50, 99.9); null when it names none of those (then the curve shows P99 without a budget line).
   */
  Slo.Bound plotted() {
    Slo.Bound other = null;
    for (Slo.Bound b : slo.bounds()) {
      if (b.percentile() == 99) {
        return b;
      }
      if (other == null && (b.percentile() == 50 || b.percentile() == 99.9)) {
        other = b;
      }
    }
    return other;
  }

  private static double num(JsonNode o, String field) {
    JsonNode n = o.path(field);
    return n.isNumber() ? n.asDouble() : Double.NaN;
  }

  private static String text(JsonNode o, String field) {
    JsonNode n = o.path(field);
    return n.isTextual() ? n.asText() : null;
  }
}
