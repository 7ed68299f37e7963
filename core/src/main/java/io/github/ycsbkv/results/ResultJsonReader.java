package io.github.ycsbkv.results;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.ycsbkv.spi.ServerSample;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** {@link ResultJson}'s reading half: a result.json tree back into a {@link BenchmarkResult}. Stateless. */
final class ResultJsonReader {

  private ResultJsonReader() {}

  /** The result a tree of {@link ResultJsonWriter} describes (its inverse). */
  static BenchmarkResult parse(JsonNode root) {
    List<Double> percentiles = new ArrayList<>();
    root.path("percentiles").forEach(n -> percentiles.add(n.asDouble()));
    List<String> warnings = new ArrayList<>();
    root.path("warnings").forEach(n -> warnings.add(n.asText()));
    JsonNode timing = root.path("timing");
    return new BenchmarkResult(root.path("command").asText(), root.path("binding").asText(),
        root.path("dbClass").asText(), root.path("workload").asText(), text(root.path("label")),
        root.path("threads").asInt(), root.path("targetOpsPerSec").asDouble(),
        Instant.parse(timing.path("start").asText()), Instant.parse(timing.path("end").asText()),
        timing.path("runtimeMillis").asLong(), root.path("overall").path("operations").asLong(),
        root.path("overall").path("throughputOpsPerSec").asDouble(), root.path("stopReason").asText(),
        text(root.path("error")), warnings, percentiles, operations(root, percentiles),
        workloadMeasurements(root), intervals(root), gc(root), environment(root), strings(root.path("configuration")),
        server(root), load(root.path("load")), stalls(root.path("clientStalls")), outages(root),
        warmup(root.path("warmup")), clientCpu(root.path("clientCpu")),
        ServerStatesJson.read(root.path("serverStates")));
  }

  private static OperationResult.Wire wire(JsonNode w) {
    return w.isObject() ? new OperationResult.Wire(w.path("requests").asLong(), w.path("sentBytes").asLong(),
        w.path("receivedBytes").asLong()) : null;
  }

  private static List<OperationResult> operations(JsonNode root, List<Double> percentiles) {
    List<OperationResult> ops = new ArrayList<>();
    for (JsonNode o : root.path("operations")) {
      Map<String, Long> statuses = new LinkedHashMap<>();
      o.path("statuses").fields().forEachRemaining(e -> statuses.put(e.getKey(), e.getValue().asLong()));
      List<ErrorCause> causes = new ArrayList<>();
      for (JsonNode c : o.path("errorCauses")) {
        causes.add(new ErrorCause(c.path("status").asText(), c.path("cause").asText(), c.path("count").asLong()));
      }
      ops.add(new OperationResult(o.path("operation").asText(), o.path("count").asLong(), o.path("errors").asLong(),
          statuses, latency(o.path("serviceOk"), percentiles), latency(o.path("serviceFailed"), percentiles),
          latency(o.path("responseOk"), percentiles), latency(o.path("responseFailed"), percentiles), causes,
          wire(o.path("wire"))));
    }
    return ops;
  }

  private static Map<String, Map<String, Number>> workloadMeasurements(JsonNode root) {
    Map<String, Map<String, Number>> wm = new LinkedHashMap<>();
    root.path("workloadMeasurements").fields().forEachRemaining(e -> {
      Map<String, Number> m = new LinkedHashMap<>();
      e.getValue().fields().forEachRemaining(v -> m.put(v.getKey(), v.getValue().numberValue()));
      wm.put(e.getKey(), m);
    });
    return wm;
  }

  private static List<IntervalSample> intervals(JsonNode root) {
    List<IntervalSample> intervals = new ArrayList<>();
    for (JsonNode i : root.path("intervals")) {
      intervals.add(new IntervalSample(i.path("elapsedMillis").asLong(), i.path("operations").asLong(),
          i.path("opsPerSec").asDouble(), numberOrNaN(i.path("p99Micros")),
          i.path("failedOperations").asLong(0), numberOrNaN(i.path("offeredOpsPerSec")),
          numberOrNaN(i.path("lagMaxMicros")), numberOrNaN(i.path("stallMaxMicros")),
          numberOrNaN(i.path("responseP99Micros"))));
    }
    return intervals;
  }

  private static List<Outage> outages(JsonNode root) {
    List<Outage> outages = new ArrayList<>();
    for (JsonNode o : root.path("outages")) {
      outages.add(new Outage(o.path("startMillis").asLong(), o.path("endMillis").isNumber()
          ? o.path("endMillis").asLong() : -1, o.path("failedOperations").asLong(), o.path("firstCause").asText(),
          numberOrNaN(o.path("levelBeforeOpsPerSec")),
          o.path("throughputBackAfterMillis").isNumber() ? o.path("throughputBackAfterMillis").asLong() : -1));
    }
    return outages;
  }

  private static Map<String, Map<String, Long>> gc(JsonNode root) {
    Map<String, Map<String, Long>> gc = new LinkedHashMap<>();
    root.path("clientGc").fields().forEachRemaining(e -> {
      Map<String, Long> m = new LinkedHashMap<>();
      e.getValue().fields().forEachRemaining(v -> m.put(v.getKey(), v.getValue().asLong()));
      gc.put(e.getKey(), m);
    });
    return gc;
  }

  private static EnvironmentInfo environment(JsonNode root) {
    JsonNode e = root.path("environment");
    return new EnvironmentInfo(root.path("toolVersion").asText(), e.path("javaVersion").asText(),
        e.path("javaVendor").asText(), e.path("jvmName").asText(), e.path("jvmArguments").asText(),
        e.path("maxHeapBytes").asLong(), e.path("osName").asText(), e.path("osVersion").asText(),
        e.path("osArch").asText(), e.path("availableProcessors").asInt(), e.path("host").asText());
  }

  private static Map<String, ServerSample> server(JsonNode root) {
    Map<String, ServerSample> server = new LinkedHashMap<>();
    root.path("server").fields().forEachRemaining(en -> {
      JsonNode s = en.getValue();
      Map<String, String> settings = strings(s.path("settings"));
      server.put(en.getKey(), new ServerSample(Instant.parse(s.path("at").asText()), s.path("server").asText(),
          s.path("version").asText(), s.path("nodes").asInt(), s.path("keys").asLong(),
          known(s.path("usedMemoryBytes")), known(s.path("rssBytes")), s.path("memorySource").asText(), settings));
    });
    return server;
  }

  private static Map<String, String> strings(JsonNode o) {
    Map<String, String> out = new LinkedHashMap<>();
    o.fields().forEachRemaining(v -> out.put(v.getKey(), v.getValue().asText()));
    return out;
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

  private static LatencyStats latency(JsonNode o, List<Double> percentiles) {
    if (o == null || !o.isObject()) {
      return null;
    }
    List<PercentileValue> values = new ArrayList<>();
    for (double p : percentiles) {
      JsonNode v = o.get(ResultJson.percentileField(p));
      if (v != null && v.isNumber()) {
        values.add(new PercentileValue(p, v.asDouble()));
      }
    }
    return new LatencyStats(o.path("count").asLong(), o.path("meanMicros").asDouble(), o.path("minMicros").asDouble(),
        o.path("maxMicros").asDouble(), o.path("stdDevMicros").asDouble(), values);
  }

  private static LoadShape load(JsonNode o) {
    if (!o.isObject()) {
      return null;
    }
    JsonNode s = o.path("server");
    LoadShape.ServerView view = s.isObject() ? new LoadShape.ServerView((int) known(s.path("connectionsBefore")),
        s.path("probeConnections").asInt(1), (int) known(s.path("connectionsMax")),
        numberOrNaN(s.path("commandsPerOperation")), s.path("source").asText(),
        numberOrNaN(s.path("cpuMicrosPerOperation")), nodeEvents(s.path("nodeEvents")), numberOrNaN(s.path("commands")),
        numberOrNaN(s.path("cpuMicros"))) : null;
    return new LoadShape(o.path("clients").asInt(), (int) known(o.path("connections")),
        o.path("inFlightPerConnection").asDouble(), o.path("servingThreads").asInt(), LoadShape.Model.of(o.path("model").asText()), view,
        o.path("transport").isTextual() ? o.path("transport").asText() : null, openLoop(o.path("openLoop")),
        Math.max(1, o.path("nodes").asInt(1)), hosts(o.path("hosts")));
  }

  private static ClientHosts hosts(JsonNode h) {
    if (!h.isObject()) {
      return null;
    }
    List<Integer> indexes = new ArrayList<>();
    h.path("indexes").forEach(i -> indexes.add(i.asInt()));
    return new ClientHosts(h.path("count").asInt(), indexes,
        h.path("startAt").isTextual() ? Instant.parse(h.path("startAt").asText()) : null,
        known(h.path("startSpreadMicros")), h.path("barrier").isTextual() ? h.path("barrier").asText() : null);
  }

  private static List<LoadShape.NodeEvent> nodeEvents(JsonNode a) {
    List<LoadShape.NodeEvent> out = new ArrayList<>();
    for (JsonNode e : a) {
      out.add(new LoadShape.NodeEvent(e.path("node").asText(), e.path("event").asText(), e.path("atMillis").asLong()));
    }
    return out;
  }

  private static OpenLoop openLoop(JsonNode o) {
    if (!o.isObject()) {
      return null;
    }
    return new OpenLoop(o.path("arrivals").asText(), o.path("targetOpsPerSec").asDouble(),
        numberOrNaN(o.path("offeredOpsPerSec")), o.path("maxInFlight").asInt(),
        o.path("servedBy").asText(), o.path("arrivalCount").asLong(),
        o.path("inFlightPerConnectionMean").asDouble(), o.path("inFlightPerConnectionMax").asDouble(),
        o.path("queueMean").asDouble(), o.path("queueMax").asLong(),
        latencyAnyPercentiles(o.path("scheduleLag")), latencyAnyPercentiles(o.path("latency")),
        numberOrNaN(o.path("clientCpuShare")), text(o.path("clientBound")), spikes(o.path("spikes")));
  }

  private static List<SpikeRecovery> spikes(JsonNode a) {
    List<SpikeRecovery> out = new ArrayList<>();
    for (JsonNode s : a) {
      out.add(new SpikeRecovery(s.path("startSeconds").asDouble(), s.path("endSeconds").asDouble(),
          s.path("baseOpsPerSec").asDouble(), s.path("peakOpsPerSec").asDouble(), s.path("p99BeforeMicros").asDouble(),
          numberOrNaN(s.path("p99DuringMicros")), numberOrNaN(s.path("recoveredAfterSeconds"))));
    }
    return out;
  }

  /** A latency summary with whatever percentiles it carries ({@code p99Micros}, {@code p99_9Micros}, ...). */
  private static LatencyStats latencyAnyPercentiles(JsonNode o) {
    if (!o.isObject()) {
      return null;
    }
    List<Double> found = new ArrayList<>();
    o.fieldNames().forEachRemaining(f -> {
      java.util.regex.Matcher m = java.util.regex.Pattern.compile("p(\\d+(?:_\\d+)?)Micros").matcher(f);
      if (m.matches()) {
        found.add(Double.parseDouble(m.group(1).replace('_', '.')));
      }
    });
    found.sort(null);
    return latency(o, found);
  }

  private static ClientStalls stalls(JsonNode o) {
    if (!o.isObject()) {
      return null;
    }
    return new ClientStalls(o.path("intervalMicros").asDouble(), o.path("samples").asLong(),
        o.path("p99Micros").asDouble(), o.path("p99_9Micros").asDouble(), o.path("maxMicros").asDouble(),
        o.path("gcPauses").asLong(), o.path("gcPauseMillis").asLong());
  }

  /** A byte count read back: -1 when null or absent. */
  private static long known(JsonNode n) {
    return n.isNumber() ? n.asLong() : -1;
  }
}
