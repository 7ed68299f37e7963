package io.github.ycsbkv.internal.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.ycsbkv.capacity.CapacitySearch;
import io.github.ycsbkv.config.Slo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * {@code capacity.json} (schema {@value #SCHEMA}, docs/capacity.md): the budget, the search's settings, the curve
 * (one entry per step, each pointing at its own result directory) and the capacity with why the search stopped.
 */
final class CapacityJson {

  static final String SCHEMA = "ycsb-kv/capacity/1";
  static final String FILE_NAME = "capacity.json";

  /** How a search ended ({@code ended}): with a capacity, without one (saying why), failed, or stopped by the user. */
  static final String FOUND = "found";
  static final String NOT_FOUND = "not-found";
  static final String FAILED = "failed";
  static final String INTERRUPTED = "interrupted";

  private CapacityJson() {}

  /** Writes {@code OUT/capacity.json}; returns its path. */
  static Path write(Path out, String binding, String workload, int connections, int clientProcesses, Slo slo,
      long stepSeconds,
      String warmup, CapacitySearch.Settings settings, List<CapacityRunner.StepRun> steps, CapacitySearch search,
      String failure) throws IOException {
    ObjectMapper json = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    ObjectNode root = json.createObjectNode();
    root.put("schema", SCHEMA);
    root.put("binding", binding);
    root.put("workload", workload);
    root.put("connections", connections);
    // Across hosts (clients.count): each process had `connections`; every step's figures are the processes' merged.
    root.put("clientProcesses", clientProcesses);
    root.put("slo", slo.text());
    ObjectNode bounds = root.putObject("sloMicros");
    slo.bounds().forEach(b -> bounds.put(Slo.name(b.percentile()), b.maxMicros()));
    ObjectNode how = root.putObject("search");
    how.put("stepSeconds", stepSeconds);
    if (warmup == null) {
      how.putNull("warmup");
    } else {
      how.put("warmup", warmup);
    }
    how.put("startFraction", settings.startFraction());
    how.put("growth", settings.growth());
    how.put("resolution", settings.resolution());
    how.put("achievedMin", settings.achievedMin());
    how.put("confirmSteps", settings.confirmSteps());
    number(root, "probeOpsPerSec", search.probeThroughput());
    ArrayNode curve = root.putArray("steps");
    for (CapacityRunner.StepRun s : steps) {
      CapacityTable.Figures f = CapacityTable.Figures.of(s);
      ObjectNode o = curve.addObject();
      o.put("step", s.number());
      o.put("kind", s.plan().kind().name().toLowerCase(Locale.ROOT));
      number(o, "targetOpsPerSec", s.plan().rate() == 0 ? Double.NaN : s.plan().rate());
      o.put("lengthSeconds", stepSeconds * s.plan().lengthSteps());
      number(o, "achievedOpsPerSec", f.achieved());
      number(o, "p50Micros", f.p50());
      number(o, "p99Micros", f.p99());
      number(o, "p99_9Micros", f.p999());
      number(o, "scheduleLagP99Micros", f.lagP99());
      number(o, "clientCpuMicrosPerOperation", f.clientCpuMicros());
      number(o, "serverCpuMicrosPerOperation", f.serverCpuMicros());
      number(o, "serverCores", f.serverCores());
      text(o, "clientBound", f.clientBound());
      o.put("verdict", s.judged() == null ? "failed" : s.judged().verdict().name().toLowerCase(Locale.ROOT));
      text(o, "why", s.judged() == null ? s.result().error() : s.judged().why().isEmpty() ? null : s.judged().why());
      o.put("result", out.relativize(s.dir()).toString());
    }
    CapacitySearch.Outcome outcome = failure != null ? null : search.outcome();
    root.put("ended", failure != null ? FAILED : outcome == null || outcome.interrupted() ? INTERRUPTED
        : outcome.found() ? FOUND : NOT_FOUND);
    ObjectNode cap = root.putObject("capacity");
    number(cap, "opsPerSec", outcome == null ? Double.NaN : outcome.capacity());
    number(cap, "bestUnconfirmedOpsPerSec", outcome == null ? Double.NaN : outcome.bestUnconfirmed());
    cap.put("found", outcome != null && outcome.found());
    cap.put("lowerBound", outcome != null && outcome.lowerBound());
    number(cap, "clientBoundAboveOpsPerSec", outcome == null || !outcome.lowerBound() ? Double.NaN
        : outcome.clientBoundAbove());
    cap.put("reason", failure != null ? failure : outcome == null ? "the search did not end" : outcome.reason());
    CapacityTable.Figures at = outcome == null || !outcome.found() ? null
        : CapacityTable.atCapacity(steps, outcome.capacity());
    number(cap, "p50Micros", at == null ? Double.NaN : at.p50());
    number(cap, "p99Micros", at == null ? Double.NaN : at.p99());
    number(cap, "p99_9Micros", at == null ? Double.NaN : at.p999());
    number(cap, "scheduleLagP99Micros", at == null ? Double.NaN : at.lagP99());
    number(cap, "clientCpuMicrosPerOperation", at == null ? Double.NaN : at.clientCpuMicros());
    number(cap, "serverCpuMicrosPerOperation", at == null ? Double.NaN : at.serverCpuMicros());
    number(cap, "serverCores", at == null ? Double.NaN : at.serverCores());
    number(cap, "opsPerServerCoreSecond", at == null || !(at.serverCpuMicros() > 0) ? Double.NaN
        : 1e6 / at.serverCpuMicros());
    Files.createDirectories(out);
    Path file = out.resolve(FILE_NAME);
    json.writeValue(file.toFile(), root);
    return file;
  }

  private static void number(ObjectNode o, String field, double v) {
    if (Double.isNaN(v) || Double.isInfinite(v)) {
      o.putNull(field);
    } else {
      o.put(field, v);
    }
  }

  private static void text(ObjectNode o, String field, String v) {
    if (v == null) {
      o.putNull(field);
    } else {
      o.put(field, v);
    }
  }
}
