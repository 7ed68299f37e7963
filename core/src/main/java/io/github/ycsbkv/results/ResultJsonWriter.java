package io.github.ycsbkv.results;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.ycsbkv.spi.ServerSample;
import java.util.TreeMap;

/** {@link ResultJson}'s writing half: a result as the JSON tree docs/results.md documents. Stateless. */
final class ResultJsonWriter {

  private ResultJsonWriter() {}

  /** The JSON tree of {@code result}, section after section in the order docs/results.md gives them. */
  static ObjectNode toJson(ObjectNode root, BenchmarkResult r) {
    header(root, r);
    operations(root.putArray("operations"), r);
    measurements(root, r);
    warmupAndOutages(root, r);
    environment(root, r);
    server(root.putObject("server"), r);
    clientSide(root, r);
    ObjectNode config = root.putObject("configuration");
    new TreeMap<String, String>(r.configuration()).forEach(config::put);
    return root;
  }

  /** What ran, when, how much, and how it ended. */
  private static void header(ObjectNode root, BenchmarkResult r) {
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
  }

  /** Per operation: counts, statuses, error causes, the latency of each series, and its bytes on the wire. */
  private static void operations(ArrayNode ops, BenchmarkResult r) {
    for (OperationResult op : r.operationResults()) {
      ObjectNode o = ops.addObject();
      o.put("operation", op.operation());
      o.put("count", op.count());
      o.put("errors", op.errors());
      ObjectNode statuses = o.putObject("statuses");
      new TreeMap<>(op.statuses()).forEach(statuses::put);
      if (op.statuses().containsKey("NOT_FOUND")) {
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
      if (op.wire() != null) {
        o.putObject("wire").put("requests", op.wire().requests()).put("sentBytes", op.wire().sentBytes())
            .put("receivedBytes", op.wire().receivedBytes());
      }
    }
  }

  /** The workload's own measurements and the status intervals. */
  private static void measurements(ObjectNode root, BenchmarkResult r) {
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
      if (!Double.isNaN(s.offeredOpsPerSec())) {
        i.put("offeredOpsPerSec", s.offeredOpsPerSec());
      }
      if (!Double.isNaN(s.lagMaxMicros())) {
        i.put("lagMaxMicros", s.lagMaxMicros());
      }
      if (!Double.isNaN(s.stallMaxMicros())) {
        i.put("stallMaxMicros", s.stallMaxMicros());
      }
      if (!Double.isNaN(s.responseP99Micros())) {
        i.put("responseP99Micros", s.responseP99Micros());
      }
    }
  }

  /** The warm-up before the measured phase, and the outages during it. */
  private static void warmupAndOutages(ObjectNode root, BenchmarkResult r) {
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
  }

  /** The client's collector and environment. */
  private static void environment(ObjectNode root, BenchmarkResult r) {
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
  }

  /** The server's samples before and after the phase; a figure the server does not give is null, never a number. */
  private static void server(ObjectNode server, BenchmarkResult r) {
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
      putKnown(o, "usedMemoryBytes", sample.usedMemoryBytes());
      putKnown(o, "rssBytes", sample.rssBytes());
      o.put("memorySource", sample.memorySource());
      ObjectNode settings = o.putObject("settings");
      new TreeMap<>(sample.settings()).forEach(settings::put);
    }
  }

  /** The load shape and what the server saw of it, the client's stalls and its CPU time. */
  private static void clientSide(ObjectNode root, BenchmarkResult r) {
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
    if (r.serverStates() != null) {
      ServerStatesJson.write(root.putObject("serverStates"), r.serverStates());
    }
  }

  private static void putLoad(ObjectNode o, LoadShape l) {
    o.put("clients", l.clients());
    putKnown(o, "connections", l.connections());
    o.put("inFlightPerConnection", l.inFlightPerConnection());
    o.put("servingThreads", l.servingThreads());
    o.put("model", l.model().toString());
    if (l.nodes() > 1) {
      o.put("nodes", l.nodes());
    }
    o.put("description", l.describe());
    if (l.hosts() != null) {
      putHosts(o.putObject("hosts"), l.hosts());
    }
    if (l.transport() != null) {
      o.put("transport", l.transport());
    }
    if (l.openLoop() != null) {
      putOpenLoop(o.putObject("openLoop"), l.openLoop());
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
    putNumberOrNull(s, "commands", v.commands());
    putNumberOrNull(s, "cpuMicros", v.cpuMicros());
    s.put("source", v.source());
    if (!v.nodeEvents().isEmpty()) {
      com.fasterxml.jackson.databind.node.ArrayNode events = s.putArray("nodeEvents");
      for (LoadShape.NodeEvent e : v.nodeEvents()) {
        events.addObject().put("node", e.node()).put("event", e.event()).put("atMillis", e.atMillis());
      }
    }
  }

  private static void putOpenLoop(ObjectNode o, OpenLoop ol) {
    o.put("arrivals", ol.arrivals());
    o.put("targetOpsPerSec", ol.targetOpsPerSec());
    putNumberOrNull(o, "offeredOpsPerSec", ol.offeredOpsPerSec());
    o.put("maxInFlight", ol.maxInFlight());
    o.put("servedBy", ol.servedBy());
    o.put("arrivalCount", ol.arrivalCount());
    o.put("inFlightPerConnectionMean", ol.inFlightPerConnectionMean());
    o.put("inFlightPerConnectionMax", ol.inFlightPerConnectionMax());
    o.put("queueMean", ol.queueMean());
    o.put("queueMax", ol.queueMax());
    putLatency(o, "scheduleLag", ol.scheduleLag());
    putLatency(o, "latency", ol.latency());
    putNumberOrNull(o, "clientCpuShare", ol.clientCpuShare());
    if (ol.clientBound() == null) {
      o.putNull("clientBound");
    } else {
      o.put("clientBound", ol.clientBound());
    }
    if (!ol.spikes().isEmpty()) {
      ArrayNode spikes = o.putArray("spikes");
      for (SpikeRecovery s : ol.spikes()) {
        ObjectNode n = spikes.addObject();
        n.put("startSeconds", s.startSeconds());
        n.put("endSeconds", s.endSeconds());
        n.put("baseOpsPerSec", s.baseOpsPerSec());
        n.put("peakOpsPerSec", s.peakOpsPerSec());
        n.put("p99BeforeMicros", s.p99BeforeMicros());
        putNumberOrNull(n, "p99DuringMicros", s.p99DuringMicros());
        putNumberOrNull(n, "recoveredAfterSeconds", s.recoveredAfterSeconds());
        n.put("description", s.describe());
      }
    }
    o.put("description", ol.describe());
  }

  static void putNumberOrNull(ObjectNode o, String field, double value) {
    if (Double.isNaN(value)) {
      o.putNull(field);
    } else {
      o.put(field, value);
    }
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
      o.put(ResultJson.percentileField(p.percentile()), p.micros());
    }
  }

  private static void putHosts(ObjectNode o, ClientHosts h) {
    o.put("count", h.count());
    h.indexes().forEach(o.putArray("indexes")::add);
    h.missing().forEach(o.putArray("missing")::add);
    if (h.startAt() == null) {
      o.putNull("startAt");
    } else {
      o.put("startAt", h.startAt().toString());
    }
    putKnown(o, "startSpreadMicros", h.startSpreadMicros());
    o.put("barrier", h.barrier());
    o.put("description", h.describe());
  }

  /** {@code value}, or JSON null when it is negative (the server does not report it). */
  private static void putKnown(ObjectNode o, String name, long value) {
    if (value < 0) {
      o.putNull(name);
    } else {
      o.put(name, value);
    }
  }

}
