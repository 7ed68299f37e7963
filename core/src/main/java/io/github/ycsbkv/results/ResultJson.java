package io.github.ycsbkv.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.ycsbkv.spi.ServerSample;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.TreeMap;

/**
 * Writes {@link BenchmarkResult} as {@code result.json}. The layout is documented in
 * {@code docs/results.md}; field names carry their unit ({@code runtimeMillis}, {@code p99Micros}).
 * Stateless and thread-safe.
 */
public final class ResultJson {

  /** The file name inside {@code export.dir}. */
  public static final String FILE_NAME = "result.json";

  private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private ResultJson() {}

  /** Writes {@code result} to {@code dir/result.json}, creating {@code dir}; returns the file. */
  public static Path write(BenchmarkResult result, Path dir) throws IOException {
    Files.createDirectories(dir);
    Path file = dir.resolve(FILE_NAME);
    Path tmp = dir.resolve(FILE_NAME + ".tmp");
    MAPPER.writeValue(tmp.toFile(), toJson(result));
    Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    return file;
  }

  /** Reads a {@code result.json} as a tree. */
  public static JsonNode read(Path file) throws IOException {
    return MAPPER.readTree(file.toFile());
  }

  /** Reads a {@code result.json} back into a result; throws when it is not schema {@code ycsb-kv/result/1}. */
  public static BenchmarkResult readResult(Path file) throws IOException {
    JsonNode root;
    try {
      root = read(file);
    } catch (IOException e) {
      throw new IOException(file + " is not readable JSON: " + e.getMessage(), e);
    }
    if (!BenchmarkResult.SCHEMA.equals(root.path("schema").asText())) {
      throw new IOException(file + " is not a ycsb-kv result (schema '" + root.path("schema").asText()
          + "', expected '" + BenchmarkResult.SCHEMA + "')");
    }
    return parse(root);
  }

  /** The result a {@link #toJson} tree describes (the inverse of {@link #toJson}). */
  public static BenchmarkResult parse(JsonNode root) {
    java.util.List<Double> percentiles = new java.util.ArrayList<>();
    root.path("percentiles").forEach(n -> percentiles.add(n.asDouble()));
    java.util.List<OperationResult> ops = new java.util.ArrayList<>();
    for (JsonNode o : root.path("operations")) {
      java.util.Map<String, Long> statuses = new java.util.LinkedHashMap<>();
      o.path("statuses").fields().forEachRemaining(e -> statuses.put(e.getKey(), e.getValue().asLong()));
      java.util.List<ErrorCause> causes = new java.util.ArrayList<>();
      for (JsonNode c : o.path("errorCauses")) {
        causes.add(new ErrorCause(c.path("status").asText(), c.path("cause").asText(), c.path("count").asLong()));
      }
      ops.add(new OperationResult(o.path("operation").asText(), o.path("count").asLong(), o.path("errors").asLong(),
          statuses, latency(o.path("serviceOk"), percentiles), latency(o.path("serviceFailed"), percentiles),
          latency(o.path("responseOk"), percentiles), latency(o.path("responseFailed"), percentiles), causes));
    }
    java.util.Map<String, java.util.Map<String, Number>> wm = new java.util.LinkedHashMap<>();
    root.path("workloadMeasurements").fields().forEachRemaining(e -> {
      java.util.Map<String, Number> m = new java.util.LinkedHashMap<>();
      e.getValue().fields().forEachRemaining(v -> m.put(v.getKey(), v.getValue().numberValue()));
      wm.put(e.getKey(), m);
    });
    java.util.List<IntervalSample> intervals = new java.util.ArrayList<>();
    for (JsonNode i : root.path("intervals")) {
      intervals.add(new IntervalSample(i.path("elapsedMillis").asLong(), i.path("operations").asLong(),
          i.path("opsPerSec").asDouble(), numberOrNaN(i.path("p99Micros")),
          i.path("failedOperations").asLong(0)));
    }
    java.util.List<Outage> outages = new java.util.ArrayList<>();
    for (JsonNode o : root.path("outages")) {
      outages.add(new Outage(o.path("startMillis").asLong(), o.path("endMillis").isNumber()
          ? o.path("endMillis").asLong() : -1, o.path("failedOperations").asLong(), o.path("firstCause").asText(),
          numberOrNaN(o.path("levelBeforeOpsPerSec")),
          o.path("throughputBackAfterMillis").isNumber() ? o.path("throughputBackAfterMillis").asLong() : -1));
    }
    java.util.Map<String, java.util.Map<String, Long>> gc = new java.util.LinkedHashMap<>();
    root.path("clientGc").fields().forEachRemaining(e -> {
      java.util.Map<String, Long> m = new java.util.LinkedHashMap<>();
      e.getValue().fields().forEachRemaining(v -> m.put(v.getKey(), v.getValue().asLong()));
      gc.put(e.getKey(), m);
    });
    JsonNode e = root.path("environment");
    EnvironmentInfo env = new EnvironmentInfo(root.path("toolVersion").asText(), e.path("javaVersion").asText(),
        e.path("javaVendor").asText(), e.path("jvmName").asText(), e.path("jvmArguments").asText(),
        e.path("maxHeapBytes").asLong(), e.path("osName").asText(), e.path("osVersion").asText(),
        e.path("osArch").asText(), e.path("availableProcessors").asInt(), e.path("host").asText());
    java.util.Map<String, ServerSample> server = new java.util.LinkedHashMap<>();
    root.path("server").fields().forEachRemaining(en -> {
      JsonNode s = en.getValue();
      java.util.Map<String, String> settings = new java.util.LinkedHashMap<>();
      s.path("settings").fields().forEachRemaining(v -> settings.put(v.getKey(), v.getValue().asText()));
      server.put(en.getKey(), new ServerSample(java.time.Instant.parse(s.path("at").asText()), s.path("server").asText(),
          s.path("version").asText(), s.path("nodes").asInt(), s.path("keys").asLong(),
          known(s.path("usedMemoryBytes")), known(s.path("rssBytes")), s.path("memorySource").asText(), settings));
    });
    java.util.Map<String, String> config = new java.util.LinkedHashMap<>();
    root.path("configuration").fields().forEachRemaining(v -> config.put(v.getKey(), v.getValue().asText()));
    java.util.List<String> warnings = new java.util.ArrayList<>();
    root.path("warnings").forEach(n -> warnings.add(n.asText()));
    JsonNode timing = root.path("timing");
    return new BenchmarkResult(root.path("command").asText(), root.path("binding").asText(),
        root.path("dbClass").asText(), root.path("workload").asText(), text(root.path("label")),
        root.path("threads").asInt(), root.path("targetOpsPerSec").asDouble(),
        java.time.Instant.parse(timing.path("start").asText()), java.time.Instant.parse(timing.path("end").asText()),
        timing.path("runtimeMillis").asLong(), root.path("overall").path("operations").asLong(),
        root.path("overall").path("throughputOpsPerSec").asDouble(), root.path("stopReason").asText(),
        text(root.path("error")), warnings, percentiles, ops, wm, intervals, gc, env, config, server,
        load(root.path("load")), stalls(root.path("clientStalls")), outages, warmup(root.path("warmup")),
        clientCpu(root.path("clientCpu")));
  }

  private static ClientCpu clientCpu(JsonNode c) {
    return c.isObject() ? new ClientCpu(c.path("cpuMillis").asLong(), numberOrNaN(c.path("microsPerOperation"))) : null;
  }

  private static double numberOrNaN(JsonNode n) {
    return n.isNumber() ? n.asDouble() : Double.NaN;
  }

  private static Warmup warmup(JsonNode w) {
    if (!w.isObject()) {
      return null;
    }
    return new Warmup(w.path("requested").asText(), w.path("operations").asLong(), w.path("failedOperations").asLong(),
        w.path("millis").asLong());
  }

  private static String text(JsonNode n) {
    return n.isNull() || n.isMissingNode() ? null : n.asText();
  }

  private static LatencyStats latency(JsonNode o, java.util.List<Double> percentiles) {
    if (o == null || !o.isObject()) {
      return null;
    }
    java.util.List<PercentileValue> values = new java.util.ArrayList<>();
    for (double p : percentiles) {
      JsonNode v = o.get(percentileField(p));
      if (v != null && v.isNumber()) {
        values.add(new PercentileValue(p, v.asDouble()));
      }
    }
    return new LatencyStats(o.path("count").asLong(), o.path("meanMicros").asDouble(), o.path("minMicros").asDouble(),
        o.path("maxMicros").asDouble(), o.path("stdDevMicros").asDouble(), values);
  }

  /** The JSON tree of {@code result}. */
  public static ObjectNode toJson(BenchmarkResult r) {
    ObjectNode root = MAPPER.createObjectNode();
    root.put("schema", BenchmarkResult.SCHEMA);
    root.put("tool", "ycsb-kv");
    root.put("toolVersion", r.environment().toolVersion());
    root.put("command", r.command());
    root.put("binding", r.binding());
    root.put("dbClass", r.dbClass());
    root.put("workload", r.workload());
    root.put("label", r.label());
    root.put("threads", r.threads());
    root.put("targetOpsPerSec", r.targetOpsPerSec());
    ObjectNode timing = root.putObject("timing");
    timing.put("start", r.start().toString());
    timing.put("end", r.end().toString());
    timing.put("runtimeMillis", r.runtimeMillis());
    ObjectNode overall = root.putObject("overall");
    overall.put("operations", r.operations());
    overall.put("throughputOpsPerSec", r.throughputOpsPerSec());
    overall.put("errors", r.totalErrors());
    root.put("stopReason", r.stopReason());
    root.put("error", r.error());
    ArrayNode warnings = root.putArray("warnings");
    r.warnings().forEach(warnings::add);
    ArrayNode percentiles = root.putArray("percentiles");
    r.percentiles().forEach(percentiles::add);

    ArrayNode ops = root.putArray("operations");
    for (OperationResult op : r.operationResults()) {
      ObjectNode o = ops.addObject();
      o.put("operation", op.operation());
      o.put("count", op.count());
      o.put("errors", op.errors());
      ObjectNode statuses = o.putObject("statuses");
      new TreeMap<>(op.statuses()).forEach(statuses::put);
      if (op.operation().equals("READ") && op.statuses().containsKey("NOT_FOUND")) {
        o.put("hitRatio", op.hitRatio());
      }
      ArrayNode causes = o.putArray("errorCauses");
      for (ErrorCause c : op.errorCauses()) {
        causes.addObject().put("status", c.status()).put("cause", c.cause()).put("count", c.count());
      }
      putLatency(o, "serviceOk", op.serviceOk());
      putLatency(o, "serviceFailed", op.serviceFailed());
      putLatency(o, "responseOk", op.responseOk());
      putLatency(o, "responseFailed", op.responseFailed());
    }

    ObjectNode wm = root.putObject("workloadMeasurements");
    new TreeMap<>(r.workloadMeasurements()).forEach((metric, values) -> {
      ObjectNode m = wm.putObject(metric);
      values.forEach((k, v) -> m.put(k, v.doubleValue()));
    });

    ArrayNode intervals = root.putArray("intervals");
    for (IntervalSample s : r.intervals()) {
      ObjectNode i = intervals.addObject();
      i.put("elapsedMillis", s.elapsedMillis());
      i.put("operations", s.operations());
      i.put("opsPerSec", s.opsPerSec());
      putNumberOrNull(i, "p99Micros", s.p99Micros());
      i.put("failedOperations", s.failedOperations());
    }

    if (r.warmup() != null) {
      Warmup w = r.warmup();
      ObjectNode n = root.putObject("warmup");
      n.put("requested", w.requested());
      n.put("operations", w.operations());
      n.put("failedOperations", w.failedOperations());
      n.put("millis", w.millis());
      n.put("summary", w.describe());
    } else {
      root.putNull("warmup");
    }

    ArrayNode outages = root.putArray("outages");
    for (Outage o : r.outages()) {
      ObjectNode n = outages.addObject();
      n.put("startMillis", o.startMillis());
      if (o.ended()) {
        n.put("endMillis", o.endMillis());
        n.put("durationMillis", o.durationMillis());
      } else {
        n.putNull("endMillis");
        n.putNull("durationMillis");
      }
      n.put("failedOperations", o.failedOperations());
      n.put("firstCause", o.firstCause());
      putNumberOrNull(n, "levelBeforeOpsPerSec", o.levelBeforeOpsPerSec());
      if (o.backAfterMillis() >= 0) {
        n.put("throughputBackAfterMillis", o.backAfterMillis());
      } else {
        n.putNull("throughputBackAfterMillis");
      }
      n.put("summary", o.describe());
    }

    ObjectNode gc = root.putObject("clientGc");
    new TreeMap<>(r.gc()).forEach((name, values) -> {
      ObjectNode g = gc.putObject(name);
      values.forEach(g::put);
    });

    EnvironmentInfo e = r.environment();
    ObjectNode env = root.putObject("environment");
    env.put("javaVersion", e.javaVersion());
    env.put("javaVendor", e.javaVendor());
    env.put("jvmName", e.jvmName());
    env.put("jvmArguments", e.jvmArguments());
    env.put("maxHeapBytes", e.maxHeapBytes());
    env.put("osName", e.osName());
    env.put("osVersion", e.osVersion());
    env.put("osArch", e.osArch());
    env.put("availableProcessors", e.availableProcessors());
    env.put("host", e.host());

    ObjectNode server = root.putObject("server");
    for (String when : java.util.List.of("before", "after")) {
      ServerSample sample = r.server().get(when);
      if (sample == null) {
        continue;
      }
      ObjectNode o = server.putObject(when);
      o.put("at", sample.at().toString());
      o.put("server", sample.server());
      o.put("version", sample.version());
      o.put("nodes", sample.nodes());
      o.put("keys", sample.keys());
      // A figure the server does not give is null, never a number.
      putKnown(o, "usedMemoryBytes", sample.usedMemoryBytes());
      putKnown(o, "rssBytes", sample.rssBytes());
      o.put("memorySource", sample.memorySource());
      ObjectNode settings = o.putObject("settings");
      new TreeMap<>(sample.settings()).forEach(settings::put);
    }

    if (r.load() != null) {
      putLoad(root.putObject("load"), r.load());
    }
    if (r.stalls() != null) {
      ClientStalls c = r.stalls();
      root.putObject("clientStalls").put("intervalMicros", c.intervalMicros()).put("samples", c.samples())
          .put("p99Micros", c.p99Micros()).put("p99_9Micros", c.p999Micros()).put("maxMicros", c.maxMicros())
          .put("gcPauses", c.gcPauses()).put("gcPauseMillis", c.gcPauseMillis());
    }
    if (r.clientCpu() != null) {
      ClientCpu c = r.clientCpu();
      ObjectNode n = root.putObject("clientCpu").put("cpuMillis", c.cpuMillis());
      putNumberOrNull(n, "microsPerOperation", c.microsPerOperation());
      n.put("summary", c.describe());
    } else {
      root.putNull("clientCpu");
    }

    ObjectNode config = root.putObject("configuration");
    new TreeMap<String, String>(r.configuration()).forEach(config::put);
    return root;
  }

  private static void putLoad(ObjectNode o, LoadShape l) {
    o.put("clients", l.clients());
    putKnown(o, "connections", l.connections());
    o.put("inFlightPerConnection", l.inFlightPerConnection());
    o.put("servingThreads", l.servingThreads());
    o.put("model", l.model());
    o.put("description", l.describe());
    if (l.transport() != null) {
      o.put("transport", l.transport());
    }
    if (l.server() == null) {
      o.putNull("server");
      return;
    }
    LoadShape.ServerView v = l.server();
    ObjectNode s = o.putObject("server");
    putKnown(s, "connectionsBefore", v.connectionsBefore());
    s.put("probeConnections", v.probeConnections());
    putKnown(s, "connectionsMax", v.connectionsMax());
    putKnown(s, "runConnections", v.runConnections());
    putNumberOrNull(s, "commandsPerOperation", v.commandsPerOperation());
    putNumberOrNull(s, "cpuMicrosPerOperation", v.cpuMicrosPerOperation());
    s.put("source", v.source());
  }

  private static void putNumberOrNull(ObjectNode o, String field, double value) {
    if (Double.isNaN(value)) {
      o.putNull(field);
    } else {
      o.put(field, value);
    }
  }

  private static LoadShape load(JsonNode o) {
    if (!o.isObject()) {
      return null;
    }
    JsonNode s = o.path("server");
    LoadShape.ServerView view = s.isObject() ? new LoadShape.ServerView((int) known(s.path("connectionsBefore")),
        s.path("probeConnections").asInt(1), (int) known(s.path("connectionsMax")),
        numberOrNaN(s.path("commandsPerOperation")), s.path("source").asText(),
        numberOrNaN(s.path("cpuMicrosPerOperation"))) : null;
    return new LoadShape(o.path("clients").asInt(), (int) known(o.path("connections")),
        o.path("inFlightPerConnection").asDouble(), o.path("servingThreads").asInt(), o.path("model").asText(), view,
        o.path("transport").isTextual() ? o.path("transport").asText() : null);
  }

  private static ClientStalls stalls(JsonNode o) {
    if (!o.isObject()) {
      return null;
    }
    return new ClientStalls(o.path("intervalMicros").asDouble(), o.path("samples").asLong(),
        o.path("p99Micros").asDouble(), o.path("p99_9Micros").asDouble(), o.path("maxMicros").asDouble(),
        o.path("gcPauses").asLong(), o.path("gcPauseMillis").asLong());
  }

  private static void putLatency(ObjectNode parent, String field, LatencyStats stats) {
    if (stats == null) {
      parent.putNull(field);
      return;
    }
    ObjectNode o = parent.putObject(field);
    o.put("count", stats.count());
    o.put("meanMicros", stats.meanMicros());
    o.put("minMicros", stats.minMicros());
    o.put("maxMicros", stats.maxMicros());
    o.put("stdDevMicros", stats.stdDevMicros());
    for (PercentileValue p : stats.percentiles()) {
      o.put(percentileField(p.percentile()), p.micros());
    }
  }

  /** The JSON field of a percentile: 99 is {@code p99Micros}, 99.9 is {@code p99_9Micros}. */
  public static String percentileField(double percentile) {
    return "p" + percentileLabel(percentile).replace('.', '_') + "Micros";
  }

  /** A percentile without needless decimals: 99.0 is "99", 99.9 is "99.9". */
  public static String percentileLabel(double percentile) {
    if (percentile == Math.rint(percentile)) {
      return Long.toString((long) percentile);
    }
    return Double.toString(percentile);
  }

  /** {@code value}, or JSON null when it is negative (the server does not report it). */
  private static void putKnown(ObjectNode o, String name, long value) {
    if (value < 0) {
      o.putNull(name);
    } else {
      o.put(name, value);
    }
  }

  /** A byte count read back: -1 when null or absent. */
  private static long known(JsonNode n) {
    return n.isNumber() ? n.asLong() : -1;
  }
}
