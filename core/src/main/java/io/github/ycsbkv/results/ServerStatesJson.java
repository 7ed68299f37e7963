package io.github.ycsbkv.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code result.json}'s {@code serverStates}: the server's timeline, its events' windows and its hit ratio
 * ({@link ServerStates}), written and read back. A figure not known is {@code null} in the file. Stateless.
 */
final class ServerStatesJson {

  private ServerStatesJson() {}

  static void write(ObjectNode o, ServerStates s) {
    ResultJsonWriter.putNumberOrNull(o, "hitRatio", s.hitRatio());
    o.put("hits", s.hits()).put("misses", s.misses()).put("evictedKeys", s.evictedKeys())
        .put("redirections", s.redirections());
    o.put("source", s.source());
    ArrayNode events = o.putArray("events");
    for (ServerStates.EventWindow e : s.events()) {
      ObjectNode n = events.addObject().put("kind", e.kind()).put("atMillis", e.atMillis())
          .put("startMillis", e.startMillis()).put("endMillis", e.endMillis());
      ObjectNode f = n.putObject("figures");
      e.figures().forEach(f::put);
      window(n, "inside", e.inside());
      window(n, "outside", e.outside());
      n.put("failure", e.failure());
      n.put("summary", e.describe());
    }
    ArrayNode timeline = o.putArray("timeline");
    for (ServerStates.Sample t : s.timeline()) {
      ObjectNode n = timeline.addObject().put("elapsedMillis", t.elapsedMillis())
          .put("usedMemoryBytes", t.usedMemoryBytes()).put("rssBytes", t.rssBytes()).put("keys", t.keys());
      ResultJsonWriter.putNumberOrNull(n, "evictedPerSec", t.evictedPerSec());
      ResultJsonWriter.putNumberOrNull(n, "expiredPerSec", t.expiredPerSec());
      ResultJsonWriter.putNumberOrNull(n, "hitsPerSec", t.hitsPerSec());
      ResultJsonWriter.putNumberOrNull(n, "missesPerSec", t.missesPerSec());
      n.put("saving", t.saving()).put("rewriting", t.rewriting()).put("lastForkMicros", t.lastForkMicros())
          .put("replicas", t.replicas()).put("replicaLagBytes", t.replicaLagBytes());
      ResultJsonWriter.putNumberOrNull(n, "redirectionsPerSec", t.redirectionsPerSec());
      n.put("replicaAckSeconds", t.replicaAckSeconds()).put("replicaLagRecords", t.replicaLagRecords());
    }
  }

  private static void window(ObjectNode parent, String field, ServerStates.Window w) {
    if (w == null) {
      parent.putNull(field);
      return;
    }
    ObjectNode n = parent.putObject(field).put("seconds", w.seconds()).put("operations", w.operations())
        .put("failedOperations", w.failedOperations()).put("opsPerSec", w.opsPerSec());
    ResultJsonWriter.putNumberOrNull(n, "p50Micros", w.p50Micros());
    ResultJsonWriter.putNumberOrNull(n, "p99Micros", w.p99Micros());
    ResultJsonWriter.putNumberOrNull(n, "maxMicros", w.maxMicros());
  }

  /** The section, or null where the file has none (a result of an earlier version, or without a probe). */
  static ServerStates read(JsonNode o) {
    if (!o.isObject()) {
      return null;
    }
    List<ServerStates.EventWindow> events = new ArrayList<>();
    for (JsonNode e : o.path("events")) {
      Map<String, Double> figures = new LinkedHashMap<>();
      e.path("figures").fields().forEachRemaining(f -> figures.put(f.getKey(), f.getValue().asDouble()));
      events.add(new ServerStates.EventWindow(e.path("kind").asText(), e.path("atMillis").asLong(),
          e.path("startMillis").asLong(), e.path("endMillis").asLong(), figures, window(e.path("inside")),
          window(e.path("outside")), e.path("failure").isTextual() ? e.path("failure").asText() : null));
    }
    List<ServerStates.Sample> timeline = new ArrayList<>();
    for (JsonNode t : o.path("timeline")) {
      timeline.add(new ServerStates.Sample(t.path("elapsedMillis").asLong(), t.path("usedMemoryBytes").asLong(),
          t.path("rssBytes").asLong(), t.path("keys").asLong(), number(t.path("evictedPerSec")),
          number(t.path("expiredPerSec")), number(t.path("hitsPerSec")), number(t.path("missesPerSec")),
          t.path("saving").asBoolean(), t.path("rewriting").asBoolean(), t.path("lastForkMicros").asLong(),
          t.path("replicas").asInt(), t.path("replicaLagBytes").asLong(), number(t.path("redirectionsPerSec")),
          t.path("replicaAckSeconds").isNumber() ? t.path("replicaAckSeconds").asLong() : -1,
          t.path("replicaLagRecords").isNumber() ? t.path("replicaLagRecords").asLong() : -1));
    }
    return new ServerStates(timeline, events, number(o.path("hitRatio")), o.path("hits").asLong(),
        o.path("misses").asLong(), o.path("evictedKeys").asLong(),
        o.path("redirections").isNumber() ? o.path("redirections").asLong() : -1,
        o.path("source").isTextual() ? o.path("source").asText() : null);
  }

  private static ServerStates.Window window(JsonNode w) {
    if (!w.isObject()) {
      return null;
    }
    return new ServerStates.Window(w.path("seconds").asDouble(), w.path("operations").asLong(),
        w.path("failedOperations").asLong(), w.path("opsPerSec").asDouble(), number(w.path("p50Micros")),
        number(w.path("p99Micros")), number(w.path("maxMicros")));
  }

  private static double number(JsonNode n) {
    return n.isNumber() ? n.asDouble() : Double.NaN;
  }
}
