package io.github.ycsbkv.internal.memtier;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.ycsbkv.config.UserError;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * {@code ycsb suite --store A --store B ...}: the suites across the stores, one line per suite with each store's
 * figure (Ops/sec, or the capacity with {@code --capacity}; else its status), on stdout and in {@code DIR/summary.json};
 * each store's own table and summary are in {@code DIR/STORE/}.
 */
final class SuiteSummary {

  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private SuiteSummary() {}

  static void across(PrintWriter out, Path dir, Map<String, SuiteRun.Ran> ran, boolean capacity) {
    Set<String> suites = new LinkedHashSet<>();
    ran.values().forEach(r -> r.outcomes().forEach(o -> suites.add(o.suite())));
    Map<String, Map<String, SuiteRun.Outcome>> by = new LinkedHashMap<>();
    ran.forEach((store, r) -> r.outcomes().forEach(o -> by.computeIfAbsent(o.suite(), k -> new LinkedHashMap<>())
        .put(store, o)));
    int width = Math.max(20, suites.stream().mapToInt(String::length).max().orElse(20));
    StringBuilder head = new StringBuilder(String.format(Locale.ROOT, "%-" + width + "s", capacity
        ? "capacity ops/s" : "Ops/sec"));
    ran.keySet().forEach(store -> head.append(String.format(Locale.ROOT, " %12s", store)));
    out.println();
    out.println(head);
    ObjectNode root = JSON.createObjectNode();
    ObjectNode stores = root.putObject("stores");
    ran.forEach((store, r) -> stores.putObject(store).put("server", r.server()).put("summary",
        dir.resolve(store).resolve("summary.json").toString()));
    ObjectNode bySuite = root.putObject("suites");
    for (String suite : suites) {
      StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%-" + width + "s", suite));
      ObjectNode n = bySuite.putObject(suite);
      for (String store : ran.keySet()) {
        SuiteRun.Outcome o = by.get(suite).get(store);
        double v = o == null ? Double.NaN : capacity ? o.capacity() : o.opsPerSec();
        String shown = o == null ? "-" : !Double.isNaN(v) ? String.format(Locale.ROOT, "%.0f", v) : o.status();
        line.append(String.format(Locale.ROOT, " %12s", shown));
        ObjectNode s = n.putObject(store);
        s.put("status", o == null ? "not run" : o.status());
        if (!Double.isNaN(v)) {
          s.put(capacity ? "capacityOpsPerSec" : "opsPerSec", v);
        }
      }
      out.println(line);
    }
    out.flush();
    try {
      Files.createDirectories(dir);
      JSON.writeValue(dir.resolve("summary.json").toFile(), root);
    } catch (IOException e) {
      throw new UserError("cannot write '" + dir.resolve("summary.json") + "': " + UserError.describe(e));
    }
  }

  /** One line per suite: the exporter's figures, the CPU per operation, and what was said about it. */
  static void table(PrintWriter out, List<SuiteRun.Outcome> outcomes, String server, boolean capacity) {
    int width = Math.max(20, outcomes.stream().mapToInt(r -> r.suite().length()).max().orElse(20));
    if (capacity) {
      String format = "%-" + width + "s %-9s %14s  %s%n";
      out.printf(Locale.ROOT, format, "suite (" + server + ")", "status", "capacity ops/s", "notes");
      for (SuiteRun.Outcome r : outcomes) {
        List<String> said = new ArrayList<>(r.notes());
        if (r.reason() != null) {
          said.add(0, r.reason());
        }
        out.printf(Locale.ROOT, format, r.suite(), r.status(), num(r.capacity(), "%.0f"), String.join("; ", said));
      }
      out.flush();
      return;
    }
    String format = "%-" + width + "s %-9s %12s %10s %10s %10s %10s %9s %9s  %s%n";
    out.printf(Locale.ROOT, format, "suite (" + server + ")", "status", "Ops/sec", "Latency", "Misses/s", "p50 ms",
        "p99 ms", "cli us/op", "srv us/op", "notes");
    for (SuiteRun.Outcome r : outcomes) {
      List<String> said = new ArrayList<>(r.notes());
      if (r.reason() != null) {
        said.add(0, r.reason());
      }
      r.refused().forEach((op, why) -> said.add(op + " refused " + why));
      out.printf(Locale.ROOT, format, r.suite(), r.status(), num(r.opsPerSec(), "%.0f"), num(r.latencyMs(), "%.3f"),
          num(r.missesPerSec(), "%.0f"), num(r.p50Ms(), "%.3f"), num(r.p99Ms(), "%.3f"),
          num(r.clientCpuMicrosPerOp(), "%.1f"), num(r.serverCpuMicrosPerOp(), "%.1f"), String.join("; ", said));
    }
    if (outcomes.stream().anyMatch(r -> r.beside() != null)) {
      beside(out, outcomes, width);
    }
    out.flush();
  }

  /**
   * {@code --beside}: memtier_benchmark's run of each suite, and ycsb-kv's figures over memtier's (throughput, client
   * CPU per operation); the server's commands per operation under each, which must match for the ratios to count.
   */
  private static void beside(PrintWriter out, List<SuiteRun.Outcome> outcomes, int width) {
    String format = "%-" + width + "s %-17s %12s %10s %9s %9s %9s %9s %9s %9s  %s%n";
    out.println();
    out.printf(Locale.ROOT, format, "memtier_benchmark beside", "first", "Ops/sec", "p99 ms", "cli us/op", "srv us/op",
        "cmd/op", "kv cmd/op", "kv/mt ops", "kv/mt cpu", "notes");
    for (SuiteRun.Outcome r : outcomes) {
      SuiteBeside.Figures f = r.beside();
      if (f == null) {
        continue;
      }
      out.printf(Locale.ROOT, format, r.suite(), f.first(), num(f.opsPerSec(), "%.0f"), num(f.p99Ms(), "%.3f"),
          num(f.clientCpuMicrosPerOp(), "%.1f"), num(f.serverCpuMicrosPerOp(), "%.1f"),
          num(f.serverCommandsPerOp(), "%.3f"), num(f.ycsbServerCommandsPerOp(), "%.3f"),
          num(SuiteBeside.ratio(r.opsPerSec(), f.opsPerSec()), "%.2f"),
          num(SuiteBeside.ratio(r.clientCpuMicrosPerOp(), f.clientCpuMicrosPerOp()), "%.2f"),
          f.failure() == null ? "" : f.failure());
    }
  }

  private static String num(double v, String format) {
    return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, format, v);
  }

  static void write(Path out, List<SuiteRun.Outcome> outcomes, String server, SuiteRun.Options o) {
    ObjectNode root = JSON.createObjectNode();
    root.put("server", server);
    if (o.stores().isEmpty()) {
      root.put("address", o.host() + ":" + o.port());
    } else {
      // Started here, a server per topology (and again after one stopped): each suite's notes say where it ran.
      root.put("started", o.way().name().toLowerCase(Locale.ROOT));
    }
    if (o.testTime() != null) {
      root.put("testTime", o.testTime());
    }
    if (o.capacity() != null) {
      root.put("capacitySlo", o.capacity().slo().text());
    }
    ArrayNode list = root.putArray("suites");
    for (SuiteRun.Outcome r : outcomes) {
      ObjectNode n = list.addObject();
      n.put("suite", r.suite());
      n.put("status", r.status());
      if (r.reason() != null) {
        n.put("reason", r.reason());
      }
      putNumber(n, "opsPerSec", r.opsPerSec());
      putNumber(n, "latencyMs", r.latencyMs());
      putNumber(n, "missesPerSec", r.missesPerSec());
      putNumber(n, "p50Ms", r.p50Ms());
      putNumber(n, "p99Ms", r.p99Ms());
      putNumber(n, "clientCpuMicrosPerOperation", r.clientCpuMicrosPerOp());
      putNumber(n, "serverCpuMicrosPerOperation", r.serverCpuMicrosPerOp());
      if (o.capacity() != null) {
        putNumber(n, "capacityOpsPerSec", r.capacity());
      }
      if (r.beside() != null) {
        SuiteBeside.Figures f = r.beside();
        ObjectNode b = n.putObject("memtierBenchmark");
        b.put("first", f.first());
        if (f.failure() != null) {
          b.put("failure", f.failure());
        }
        putNumber(b, "opsPerSec", f.opsPerSec());
        putNumber(b, "p50Ms", f.p50Ms());
        putNumber(b, "p99Ms", f.p99Ms());
        putNumber(b, "clientCpuMicrosPerOperation", f.clientCpuMicrosPerOp());
        putNumber(b, "serverCpuMicrosPerOperation", f.serverCpuMicrosPerOp());
        putNumber(b, "serverCommandsPerOperation", f.serverCommandsPerOp());
        putNumber(b, "ycsbKvServerCommandsPerOperation", f.ycsbServerCommandsPerOp());
        putNumber(b, "throughputRatio", SuiteBeside.ratio(r.opsPerSec(), f.opsPerSec()));
        putNumber(b, "clientCpuRatio", SuiteBeside.ratio(r.clientCpuMicrosPerOp(), f.clientCpuMicrosPerOp()));
      }
      ArrayNode notes = n.putArray("notes");
      r.notes().forEach(notes::add);
      ObjectNode refused = n.putObject("refused");
      r.refused().forEach(refused::put);
    }
    try {
      Files.createDirectories(out);
      // Written whole, then moved into place: a process stopped mid-write leaves the previous summary, not half.
      Path part = out.resolve("summary.json.part");
      JSON.writeValue(part.toFile(), root);
      Files.move(part, out.resolve("summary.json"), java.nio.file.StandardCopyOption.REPLACE_EXISTING,
          java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new UserError("cannot write '" + out.resolve("summary.json") + "': " + UserError.describe(e));
    }
  }

  private static void putNumber(ObjectNode n, String key, double v) {
    if (Double.isNaN(v)) {
      n.putNull(key);
    } else {
      n.put(key, v);
    }
  }

  /** The exporter's figures from memtier's JSON (the clients' together), the CPU and the refusals from result.json. */
  static SuiteRun.Outcome figures(SuiteFile s, Path dir, int clients, List<Integer> codes, List<String> notes) {
    double ops = 0;
    double misses = 0;
    double latency = 0;
    double p50 = 0;
    double p99 = 0;
    double clientCpu = 0;
    double serverCpu = 0;
    Map<String, String> refused = new LinkedHashMap<>();
    int read = 0;
    for (int i = 0; i < clients; i++) {
      Path d = clients == 1 ? dir : dir.resolve("client-" + (i + 1));
      try {
        JsonNode totals = JSON.readTree(d.resolve("memtier.json").toFile()).path("ALL STATS").path("Totals");
        ops += totals.path("Ops/sec").asDouble();
        misses += totals.path("Misses/sec").asDouble();
        latency = Math.max(latency, totals.path("Latency").asDouble());
        p50 = Math.max(p50, totals.path("Percentile Latencies").path("p50.00").asDouble(Double.NaN));
        p99 = Math.max(p99, totals.path("Percentile Latencies").path("p99.00").asDouble(Double.NaN));
        JsonNode result = JSON.readTree(d.resolve("ycsb-kv").resolve("result.json").toFile());
        clientCpu += result.path("clientCpu").path("microsPerOperation").asDouble(Double.NaN);
        serverCpu = Math.max(serverCpu, result.path("load").path("server").path("cpuMicrosPerOperation")
            .asDouble(Double.NaN));
        for (JsonNode op : result.path("operations")) {
          if (op.path("errors").asLong() > 0) {
            String cause = op.path("errorCauses").path(0).path("cause").asText("");
            refused.put(op.path("operation").asText(), op.path("errors").asLong() + " of " + op.path("count").asLong()
                + (cause.isEmpty() ? "" : ": " + cause));
          }
        }
        read++;
      } catch (IOException e) {
        notes.add("client " + (i + 1) + " wrote no results (" + d.resolve("log.txt") + ")");
      }
    }
    boolean ok = read == clients && codes.stream().allMatch(c -> c == 0 || c == 3);
    return new SuiteRun.Outcome(s.name(), ok ? "ran" : "failed", ok ? null : "a client ended with exit " + codes
        + " (" + dir + ")", ops, latency, misses, p50, p99, read == 0 ? Double.NaN : clientCpu / read, serverCpu,
        notes, refused, Double.NaN);
  }
}
