package io.github.ycsbkv.internal.report;

import io.github.ycsbkv.results.BenchmarkResult;
import io.github.ycsbkv.results.ResultJson;
import io.github.ycsbkv.results.sweep.SweepCell;
import io.github.ycsbkv.results.sweep.SweepJson;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * What a sweep's report is made of: its cells ({@code sweep.json}), the study beside it if any, its stores and
 * workloads in the order the sweep ran them, each store's color, and the result files of its runs, read once.
 * Used by the thread that writes the report.
 */
final class ReportData {

  /** One color per store, the same in every chart. */
  static final Color[] PALETTE = {new Color(0x1f77b4), new Color(0xd62728), new Color(0x2ca02c),
      new Color(0xff7f0e), new Color(0x9467bd), new Color(0x8c564b), new Color(0xe377c2), new Color(0x7f7f7f)};
  /** The operations in the order the report shows them; others after. */
  private static final List<String> OPERATIONS = List.of("READ", "UPDATE", "INSERT", "SCAN", "READ-MODIFY-WRITE",
      "DELETE");

  final Path dir;
  final SweepJson.Sweep sweep;
  /** The study beside the sweep, or null. */
  final StudyFile study;
  final List<String> bindings = new ArrayList<>();
  final List<String> workloads = new ArrayList<>();
  private final Map<Path, BenchmarkResult> cache = new LinkedHashMap<>();

  ReportData(Path dir, SweepJson.Sweep sweep, StudyFile study) {
    this.dir = dir;
    this.sweep = sweep;
    this.study = study;
    for (SweepCell cell : sweep.cells()) {
      if (!bindings.contains(cell.binding())) {
        bindings.add(cell.binding());
      }
      if (!workloads.contains(cell.workload())) {
        workloads.add(cell.workload());
      }
    }
  }

  /** The cells of {@code workload}, in the sweep's order. */
  List<SweepCell> cells(String workload) {
    return sweep.cells().stream().filter(c -> c.workload().equals(workload)).toList();
  }

  /** The operations with latency figures in a workload's cells, in the report's order. */
  List<String> operations(String workload) {
    Set<String> ops = new LinkedHashSet<>();
    for (SweepCell cell : cells(workload)) {
      for (String f : cell.figures().keySet()) {
        if (f.endsWith(".p99Micros")) {
          ops.add(f.substring(0, f.length() - ".p99Micros".length()));
        }
      }
    }
    List<String> out = new ArrayList<>();
    OPERATIONS.stream().filter(ops::contains).forEach(out::add);
    ops.stream().filter(o -> !out.contains(o)).forEach(out::add);
    return out;
  }

  /** A store's color in every chart. */
  Color color(String binding) {
    int i = bindings.indexOf(binding);
    return PALETTE[Math.max(0, i) % PALETTE.length];
  }

  /** The directory of a cell's repetitions: {@code <binding>/<workload>/t<threads>}. */
  Path cellDir(String binding, String workload, int threads) {
    return dir.resolve(binding).resolve(workload).resolve("t" + threads);
  }

  /** The result of the last repetition at the highest thread count that completed, or null. */
  BenchmarkResult lastRun(String binding, String workload) throws IOException {
    Path w = dir.resolve(binding).resolve(workload);
    if (!Files.isDirectory(w)) {
      return null;
    }
    TreeSet<Integer> threads = new TreeSet<>();
    try (var list = Files.list(w)) {
      list.map(p -> p.getFileName().toString()).filter(n -> n.matches("t\\d+"))
          .forEach(n -> threads.add(Integer.parseInt(n.substring(1))));
    }
    for (Integer t : threads.descendingSet()) {
      for (Path rep : repetitions(w.resolve("t" + t), true)) {
        BenchmarkResult r = result(rep);
        if (r != null) {
          return r;
        }
      }
    }
    return null;
  }

  /** The first result of any store and workload, for the client's environment; null when none completed. */
  BenchmarkResult anyRun() throws IOException {
    for (String b : bindings) {
      for (String w : workloads) {
        BenchmarkResult r = lastRun(b, w);
        if (r != null) {
          return r;
        }
      }
    }
    return null;
  }

  /** The repetitions' directories of a cell ({@code r1}, {@code r2}, ...), in order, or last first. */
  static List<Path> repetitions(Path cellDir, boolean lastFirst) throws IOException {
    if (!Files.isDirectory(cellDir)) {
      return List.of();
    }
    try (var list = Files.list(cellDir)) {
      return list.filter(p -> p.getFileName().toString().matches("r\\d+")).sorted((a, c) -> {
        int x = Integer.parseInt(a.getFileName().toString().substring(1));
        int y = Integer.parseInt(c.getFileName().toString().substring(1));
        return lastFirst ? Integer.compare(y, x) : Integer.compare(x, y);
      }).toList();
    }
  }

  /** The result in {@code resultDir}, or null when there is none. */
  BenchmarkResult result(Path resultDir) throws IOException {
    Path file = resultDir.resolve(ResultJson.FILE_NAME);
    if (!Files.isRegularFile(file)) {
      return null;
    }
    BenchmarkResult r = cache.get(file);
    if (r == null) {
      r = ResultJson.readResult(file);
      cache.put(file, r);
    }
    return r;
  }
}
