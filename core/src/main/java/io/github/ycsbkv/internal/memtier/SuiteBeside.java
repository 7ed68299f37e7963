package io.github.ycsbkv.internal.memtier;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.ycsbkv.config.UserError;
import io.github.ycsbkv.internal.link.RespLink;
import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code ycsb suite --beside PROGRAM}: a suite's clients run by memtier_benchmark itself, with the same arguments, on
 * the same server, after the same preparation as ycsb-kv's run (emptied, configured, preloaded), and what both runs
 * cost the client and the server: memtier's Ops/sec and percentiles from its own JSON, its process's CPU (user and
 * system, as the shell's {@code times} counts a finished child's), and the server's CPU and commands from its
 * {@code INFO} before and after. Equal load is for the reader to check: the server's commands per operation under
 * each tool are given side by side.
 */
final class SuiteBeside {

  private static final ObjectMapper JSON = new ObjectMapper();

  /** The shell's {@code times}: "0m0.140000s 0m0.380000s" (dash) or "0m0.140s 0m0.380s" (bash). */
  private static final Pattern TIMES = Pattern.compile("(\\d+)m([0-9.]+)s\\s+(\\d+)m([0-9.]+)s");

  /** Runs longer than the suite's test time by this much are stopped (memtier waits for every reply). */
  private static final long GRACE_SECONDS = 120;

  /**
   * memtier_benchmark's run of a suite, and ycsb-kv's beside it.
   *
   * @param first which ran first: {@code ycsb-kv} or {@code memtier_benchmark}
   * @param opsPerSec memtier's {@code ALL STATS} Totals Ops/sec, its clients' summed
   * @param p50Ms its p50, the greatest of its clients'
   * @param p99Ms its p99, the greatest of its clients'
   * @param clientCpuMicrosPerOp its processes' CPU over its requests
   * @param serverCpuMicrosPerOp the server's CPU over memtier's requests (NaN on a cluster: one node's INFO is not it)
   * @param serverCommandsPerOp the server's commands over memtier's requests (NaN on a cluster)
   * @param ycsbServerCommandsPerOp the same for ycsb-kv's run, from its result.json
   * @param failure why memtier's run has no figures, or null
   */
  record Figures(String first, double opsPerSec, double p50Ms, double p99Ms, double clientCpuMicrosPerOp,
      double serverCpuMicrosPerOp, double serverCommandsPerOp, double ycsbServerCommandsPerOp, String failure) {

    static Figures failed(String first, String why) {
      return new Figures(first, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
          why);
    }

    /** The same with ycsb-kv's commands per operation. */
    Figures withYcsb(double commandsPerOp) {
      return new Figures(first, opsPerSec, p50Ms, p99Ms, clientCpuMicrosPerOp, serverCpuMicrosPerOp,
          serverCommandsPerOp, commandsPerOp, failure);
    }
  }

  /** The server's CPU and commands as its INFO gives them at one moment. */
  private record ServerCounters(double cpuSeconds, long commands) {}

  private SuiteBeside() {}

  /**
   * {@code program} on PATH or as a path, checked before any suite runs: one line when it cannot be run.
   *
   * @return its path
   */
  static String resolve(String program) {
    if (program.contains(File.separator)) {
      if (Files.isExecutable(Path.of(program))) {
        return program;
      }
      throw new UserError("--beside: '" + program + "' is not an executable file");
    }
    String path = System.getenv("PATH");
    for (String d : (path == null ? "" : path).split(File.pathSeparator)) {
      if (!d.isEmpty() && Files.isExecutable(Path.of(d, program))) {
        return Path.of(d, program).toString();
      }
    }
    throw new UserError("--beside: '" + program + "' is not on PATH; install memtier_benchmark or give its path"
        + " (--beside /path/to/memtier_benchmark)");
  }

  /**
   * Runs the suite's clients (several at once when it has several) with {@code program} against the server of
   * {@code o}, each into its directory under {@code dir}: memtier.json, memtier.txt (its stdout), log.txt.
   */
  static Figures run(String program, String first, List<List<String>> clients, SuiteRun.Options o, boolean cluster,
      Path dir) {
    List<Process> running = new ArrayList<>();
    Thread hook = new Thread(() -> running.forEach(Process::destroy), "suite-beside-stop");
    Runtime.getRuntime().addShutdownHook(hook);
    try {
      ServerCounters before = cluster ? null : counters(o);
      List<Path> dirs = new ArrayList<>();
      for (int i = 0; i < clients.size(); i++) {
        Path d = clients.size() == 1 ? dir : dir.resolve("client-" + (i + 1));
        Files.createDirectories(d);
        Files.deleteIfExists(d.resolve("times.txt"));
        Files.deleteIfExists(d.resolve("memtier.json"));
        dirs.add(d);
        List<String> args = new ArrayList<>(clients.get(i));
        args.addAll(List.of("-s", o.host(), "-p", Integer.toString(o.port()), "--json-out-file",
            d.resolve("memtier.json").toString()));
        List<String> shown = new ArrayList<>(args);
        if (o.password() != null) {
          args.addAll(List.of("-a", o.user() == null ? o.password() : o.user() + ":" + o.password()));
          shown.addAll(List.of("-a", "(hidden)"));
        }
        try (PrintWriter log = new PrintWriter(Files.newBufferedWriter(d.resolve("command.txt"),
            StandardCharsets.UTF_8))) {
          log.println(program + " " + String.join(" ", shown.stream().map(SuiteListing::quote).toList()));
        }
        // The shell reports its finished child's CPU time (user and system) with times: a process's own figure,
        // as the side-by-side records in docs/benchmarks.md take memtier's.
        List<String> cmd = new ArrayList<>(List.of("/bin/sh", "-c",
            "\"$0\" \"$@\"; code=$?; times > \"$YCSB_KV_TIMES\"; exit $code", program));
        cmd.addAll(args);
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(d.resolve("memtier.txt").toFile())
            .redirectError(d.resolve("log.txt").toFile());
        pb.environment().put("YCSB_KV_TIMES", d.resolve("times.txt").toString());
        running.add(pb.start());
      }
      List<Integer> codes = new ArrayList<>();
      long limit = System.nanoTime() + TimeUnit.SECONDS.toNanos(GRACE_SECONDS + testTime(clients));
      for (Process p : running) {
        long left = limit - System.nanoTime();
        if (!p.waitFor(Math.max(1, left), TimeUnit.NANOSECONDS)) {
          running.forEach(Process::destroy);
          return Figures.failed(first, program + " did not finish within " + GRACE_SECONDS + " s of its test time ("
              + dir + ")");
        }
        codes.add(p.exitValue());
      }
      ServerCounters after = cluster ? null : counters(o);
      double ops = 0;
      double count = 0;
      double p50 = 0;
      double p99 = 0;
      double cpuSeconds = 0;
      for (int i = 0; i < dirs.size(); i++) {
        Path d = dirs.get(i);
        if (codes.get(i) != 0 || !Files.isRegularFile(d.resolve("memtier.json"))) {
          return Figures.failed(first, program + " ended with exit " + codes.get(i) + ": " + lastLine(d.resolve(
              "log.txt")) + " (" + d + ")");
        }
        JsonNode totals = JSON.readTree(d.resolve("memtier.json").toFile()).path("ALL STATS").path("Totals");
        ops += totals.path("Ops/sec").asDouble();
        count += totals.path("Count").asDouble();
        p50 = Math.max(p50, totals.path("Percentile Latencies").path("p50.00").asDouble(Double.NaN));
        p99 = Math.max(p99, totals.path("Percentile Latencies").path("p99.00").asDouble(Double.NaN));
        cpuSeconds += childCpuSeconds(Files.readString(d.resolve("times.txt")));
      }
      double serverCpu = Double.NaN;
      double serverCommands = Double.NaN;
      if (before != null && after != null && count > 0) {
        serverCpu = (after.cpuSeconds() - before.cpuSeconds()) * 1e6 / count;
        // Less the INFO that read "before" (the server counted it after it answered) and the AUTH of the link that
        // read "after".
        serverCommands = (after.commands() - before.commands() - 1 - (o.password() != null ? 1 : 0)) / count;
      }
      return new Figures(first, ops, p50, p99, count > 0 ? cpuSeconds * 1e6 / count : Double.NaN, serverCpu,
          serverCommands, Double.NaN, null);
    } catch (IOException e) {
      running.forEach(Process::destroy);
      return Figures.failed(first, program + " could not be run or read: " + UserError.describe(e));
    } catch (InterruptedException e) {
      running.forEach(Process::destroy);
      Thread.currentThread().interrupt();
      return Figures.failed(first, "interrupted");
    } finally {
      try {
        Runtime.getRuntime().removeShutdownHook(hook);
      } catch (IllegalStateException e) {
        // the JVM is shutting down: the hook stops the processes
      }
    }
  }

  /** The children's user and system CPU seconds from the shell's {@code times} (its second line). */
  static double childCpuSeconds(String times) {
    Matcher m = TIMES.matcher(times);
    if (!m.find() || !m.find()) {
      throw new UserError("the shell's times gave no children's line: '" + times.strip() + "'");
    }
    return Long.parseLong(m.group(1)) * 60 + Double.parseDouble(m.group(2)) + Long.parseLong(m.group(3)) * 60
        + Double.parseDouble(m.group(4));
  }

  /** The server's commands per operation in ycsb-kv's run of the suite, from its clients' result.json. */
  static double ycsbCommandsPerOp(Path dir, int clients) {
    double commands = 0;
    double ops = 0;
    for (int i = 0; i < clients; i++) {
      Path d = (clients == 1 ? dir : dir.resolve("client-" + (i + 1))).resolve("ycsb-kv").resolve("result.json");
      try {
        JsonNode result = JSON.readTree(d.toFile());
        JsonNode server = result.path("load").path("server");
        double perOp = server.path("commandsPerOperation").asDouble(Double.NaN);
        double n = server.path("commands").asDouble(Double.NaN) / perOp;
        if (Double.isNaN(n) || Double.isInfinite(n)) {
          return Double.NaN;
        }
        // The clients of a suite run at once and each saw every client's commands: the longest view, over all
        // their operations.
        commands = Math.max(commands, server.path("commands").asDouble());
        ops += n;
      } catch (IOException e) {
        return Double.NaN;
      }
    }
    return ops > 0 ? commands / ops : Double.NaN;
  }

  private static ServerCounters counters(SuiteRun.Options o) {
    try (RespLink link = RespLink.open(o.host(), o.port(), o.user(), o.password())) {
      String info = link.callOrFail(List.of("INFO")).text();
      return new ServerCounters(field(info, "used_cpu_user") + field(info, "used_cpu_sys"),
          (long) field(info, "total_commands_processed"));
    }
  }

  private static double field(String info, String name) {
    Matcher m = Pattern.compile("(?m)^" + name + ":([0-9.]+)").matcher(info);
    if (!m.find()) {
      throw new UserError("the server's INFO has no " + name);
    }
    return Double.parseDouble(m.group(1));
  }

  private static long testTime(List<List<String>> clients) {
    long longest = 0;
    for (List<String> args : clients) {
      int i = args.lastIndexOf("--test-time");
      if (i >= 0 && i + 1 < args.size()) {
        try {
          longest = Math.max(longest, Long.parseLong(args.get(i + 1).trim()));
        } catch (NumberFormatException e) {
          // memtier refuses it itself
        }
      } else {
        // A request count: as long as a suite's own duration may be.
        longest = Math.max(longest, 3600);
      }
    }
    return longest;
  }

  private static String lastLine(Path log) {
    try {
      List<String> lines = Files.readAllLines(log).stream().filter(l -> !l.isBlank()).toList();
      return lines.isEmpty() ? "no output" : SuiteRun.shorten(lines.get(lines.size() - 1).strip());
    } catch (IOException e) {
      return "no log";
    }
  }

  /** The ratio of ycsb-kv's figure to memtier's, or NaN. */
  static double ratio(double ycsb, double memtier) {
    return Double.isNaN(ycsb) || Double.isNaN(memtier) || memtier <= 0 ? Double.NaN : ycsb / memtier;
  }

  static String describe(Figures f, double ycsbOps, double ycsbCpu) {
    if (f.failure() != null) {
      return "memtier_benchmark beside it: " + f.failure();
    }
    return String.format(Locale.ROOT, "memtier_benchmark beside it: %.0f ops/s, p99 %.3f ms, client %.1f us/op;"
        + " ycsb-kv/memtier %.2fx the throughput at %.2fx the client CPU", f.opsPerSec(), f.p99Ms(),
        f.clientCpuMicrosPerOp(), ratio(ycsbOps, f.opsPerSec()), ratio(ycsbCpu, f.clientCpuMicrosPerOp()));
  }
}
