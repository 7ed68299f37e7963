package io.github.ycsbkv.internal.memtier;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.ycsbkv.config.UserError;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
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
}
