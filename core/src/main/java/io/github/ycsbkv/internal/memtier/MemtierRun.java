package io.github.ycsbkv.internal.memtier;

import io.github.ycsbkv.config.UserError;
import io.github.ycsbkv.engine.Benchmarks;
import io.github.ycsbkv.engine.Phase;
import io.github.ycsbkv.engine.stop.StopReason;
import io.github.ycsbkv.engine.stop.StopSignal;
import io.github.ycsbkv.internal.cli.console.Interrupts;
import io.github.ycsbkv.internal.cli.console.WriterOutputStream;
import io.github.ycsbkv.internal.link.RespLink;
import io.github.ycsbkv.results.BenchmarkResult;
import io.github.ycsbkv.results.OperationResult;
import io.github.ycsbkv.results.ResultJson;
import io.github.ycsbkv.results.SeriesHistograms;
import io.github.ycsbkv.results.summary.SummaryCsv;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.function.Consumer;
import org.HdrHistogram.Histogram;

/**
 * {@code ycsb memtier [memtier_benchmark options]}: memtier_benchmark's command line ({@link MemtierArgs}) run on
 * ycsb-kv's engine against a RESP store, its output as memtier's ({@link MemtierOutput}), and ycsb-kv's own results
 * ({@code result.json}, histograms) of each run in {@code --export-dir} (default: beside the JSON file).
 *
 * <p>The binding is {@code --binding}, else the server's own {@code INFO server}: {@code dragonfly} for Dragonfly,
 * {@code redis} (the binding of Redis, Valkey and KeyDB) for the others.
 */
public final class MemtierRun {

  /** The exit code when the run finished but requests failed: as {@code ycsb run}'s (3). */
  static final int FAILED_REQUESTS = 3;

  private MemtierRun() {}

  /** Runs {@code args} (after the word {@code memtier}); returns the exit code as {@code ycsb} does. */
  public static int execute(List<String> args, PrintWriter out, PrintWriter err, Consumer<StopSignal> stopSignal) {
    return execute(args, out, err, stopSignal, null);
  }

  /**
   * As {@link #execute(List, PrintWriter, PrintWriter, Consumer)}, with each run's self-updating progress line on
   * {@code progress} (a terminal; null: none), as {@code ycsb run} shows it.
   */
  public static int execute(List<String> args, PrintWriter out, PrintWriter err, Consumer<StopSignal> stopSignal,
      PrintStream progress) {
    MemtierArgs a = MemtierArgs.parse(args);
    if (a.help || a.version) {
      out.print(a.help ? help() : "ycsb memtier: memtier_benchmark 2.3's command line on ycsb-kv's engine\n");
      out.flush();
      return 0;
    }
    if (!a.ignored.isEmpty()) {
      err.println("ycsb memtier: ignoring " + a.ignored.size() + " word(s) that are no option, as memtier_benchmark"
          + " does: " + String.join(" ", a.ignored.stream().map(w -> "'" + w + "'").toList()));
    }
    String binding = a.binding != null ? a.binding : detect(a);
    Properties props = a.properties(binding);
    Path exportBase = exportBase(a);
    PrintWriter table = a.outFile == null ? out : outFile(a.outFile);
    header(a, binding, table, err);
    PrintStream errStream = new PrintStream(new WriterOutputStream(err), true, StandardCharsets.UTF_8);
    List<MemtierOutput.Run> runs = new ArrayList<>();
    long failedRequests = 0;
    int code = 0;
    String failure = null;
    for (int i = 1; i <= a.runCount; i++) {
      Path dir = a.runCount == 1 ? exportBase : exportBase.resolve("run-" + i);
      BenchmarkResult result = runOnce(binding, props, dir, errStream, stopSignal, progress);
      MemtierOutput.Run run = written(result, dir, a, err);
      if (run == null) {
        code = UserError.FAILED;
      } else {
        runs.add(run);
        if (a.hdrFilePrefix != null && !MemtierHdrFiles.write(a, i, run, err)) {
          code = UserError.FAILED;
        }
      }
      errors(result, err);
      failedRequests += result.totalErrors();
      if (StopReason.FAILED.id().equals(result.stopReason())) {
        failure = result.error();
        break;
      }
      if (StopReason.INTERRUPTED.id().equals(result.stopReason())) {
        failure = "interrupted after " + result.operations() + " operations; the results are partial";
        code = Interrupts.EXIT_INTERRUPTED;
        break;
      }
    }
    if (!runs.isEmpty()) {
      code = report(a, runs, table, err) ? code : UserError.FAILED;
      err.println("ycsb-kv memtier: ycsb-kv's results (result.json, histograms) in " + exportBase);
    }
    if (table != out) {
      table.close();
    }
    if (failure != null) {
      err.println("ycsb: " + failure);
      return code != 0 ? code : UserError.FAILED;
    }
    if (code == 0 && failedRequests > 0) {
      err.println(String.format(Locale.ROOT, "ycsb memtier: %,d request(s) failed (the server's errors above): exit %d",
          failedRequests, FAILED_REQUESTS));
      return FAILED_REQUESTS;
    }
    return code;
  }
  /** One run of the options' load on {@code binding}, its results written under {@code dir}. */
  private static BenchmarkResult runOnce(String binding, Properties props, Path dir, PrintStream errStream,
      Consumer<StopSignal> stopSignal, PrintStream progress) {
    Properties runProps = new Properties();
    runProps.putAll(props);
    runProps.setProperty("export.dir", dir.toString());
    BenchmarkResult result = Benchmarks.of(binding, runProps).run(Phase.RUN, b -> {
      b.warningsTo(errStream);
      b.progressTo(progress);
      stopSignal.accept(b.stopSignal());
    });
    stopSignal.accept(null);
    return result;
  }

  /** ycsb-kv's result files of a run in {@code dir}, and the run as memtier's output reads it; null: not written. */
  private static MemtierOutput.Run written(BenchmarkResult result, Path dir, MemtierArgs a, PrintWriter err) {
    try {
      ResultJson.write(result, dir);
      SummaryCsv.write(result, dir);
      Map<String, Histogram> series = Files.isRegularFile(dir.resolve(SeriesHistograms.FILE_NAME))
          ? SeriesHistograms.read(dir) : Map.of();
      return MemtierOutput.run(result, series, MemtierSeconds.seconds(dir, a.percentiles), a.commands.isEmpty(),
          a.commandTypes());
    } catch (IOException e) {
      err.println("ycsb: cannot write results to '" + dir + "': " + UserError.describe(e));
      return null;
    }
  }

  /**
   * memtier's lines before a run: the configuration ({@code --show-config}), threads, connections and length; and
   * ycsb-kv's line saying where the load goes.
   */
  private static void header(MemtierArgs a, String binding, PrintWriter table, PrintWriter err) {
    if (a.showConfig) {
      a.configuration().forEach((k, v) -> table.println(String.format(Locale.ROOT, "%-20s = %s", k, v)));
    }
    table.println(String.format(Locale.ROOT, "%-10d%s", a.threads, "Threads"));
    table.println(String.format(Locale.ROOT, "%-10d%s", a.clients, "Connections per thread"));
    table.println(a.testTime > 0 ? String.format(Locale.ROOT, "%-10d%s", a.testTime, "Seconds")
        : String.format(Locale.ROOT, "%-10d%s", a.requestsPerClient(), "Requests per client"));
    table.flush();
    err.println("ycsb-kv memtier: " + binding + " binding at " + a.server.host() + ":" + a.server.port() + ", "
        + a.connections() + " connection(s) (" + a.threads + " x " + a.clients + ")"
        + (a.pipeline > 1 ? ", " + a.pipeline + " in flight on each" : "")
        + (a.rateLimit > 0 ? ", " + a.rateLimit + " requests/s each (open loop)" : "")
        + (a.reconnectInterval > 0 ? ", each reopened after every " + a.reconnectInterval + " request(s), between"
        + " requests (not in their latency" + (a.pipeline > 1 ? "; the pipeline drained first, as memtier's" : "")
        + ")" : ""));
    if (a.connStartJitterMicros[1] > 0) {
      err.println("ycsb-kv memtier: --thread-conn-start-*-jitter-micros: memtier sleeps that long between creating a"
          + " thread's clients, before any connects and before its test time starts; ycsb-kv opens every connection"
          + " before its clock starts and does not wait: the measured run is the same");
    }
    if (a.clientsStart > 0) {
      staircase(a, err);
    }
    err.flush();
  }

  /**
   * The staircase's steps, as memtier_benchmark prints them before its run (per thread), and how ycsb-kv connects:
   * each later client at its step, as memtier, where a thread serves several clients; else every connection before
   * the clock starts, idle until its step; with a rate, every connection before, the rate in steps.
   */
  private static void staircase(MemtierArgs a, PrintWriter err) {
    err.println("ycsb-kv memtier: client staircase (per thread x " + a.threads + " threads); " + (a.rateLimit > 0
        ? "every connection opened before the run, and the total rate stepped as memtier's connections start (-target "
        + MemtierProperties.rateSteps(a) + " requests/s), spread over every connection (memtier connects each at its"
        + " step)" : "each later client's connection opened at its step, as memtier's, where a thread serves several"
        + " clients (else before the run, idle until its step; the load line below says which)") + ":");
    for (int step = 0, clients = a.clientsStart; ; step++, clients = Math.min(a.clients, clients + a.clientsStep)) {
      int from = step * a.stepDuration;
      if (from >= a.testTime && step > 0) {
        break;
      }
      boolean last = clients >= a.clients;
      int to = Math.min(a.testTime, last ? a.testTime : (step + 1) * a.stepDuration);
      err.println(String.format(Locale.ROOT, "  Step %d: %3ds - %3ds : %3d clients%s", step, from, to, clients,
          last ? "  (max)" : ""));
      if (last) {
        break;
      }
    }
    int steps = (a.clients - a.clientsStart + a.clientsStep - 1) / a.clientsStep;
    if (a.testTime < steps * a.stepDuration) {
      err.println("ycsb-kv memtier: --test-time (" + a.testTime + " s) < the time to reach every client ("
          + steps * a.stepDuration + " s): the last steps are not reached");
    }
  }

  /** memtier's results table (each run's with {@code --print-all-runs}) and its JSON; false when the JSON failed. */
  private static boolean report(MemtierArgs a, List<MemtierOutput.Run> runs, PrintWriter table, PrintWriter err) {
    Map<String, MemtierOutput.Run> sections = MemtierOutput.sections(runs, a.printAllRuns);
    MemtierOutput.table(table, sections, a.percentiles, !a.hideHistogram,
        MemtierOutput.typeColumn(a.commandNames()));
    if (a.jsonOutFile != null) {
      try {
        MemtierOutput.writeJson(Path.of(a.jsonOutFile), a, sections, a.percentiles);
        err.println("ycsb-kv memtier: memtier's JSON written to " + a.jsonOutFile);
      } catch (IOException e) {
        err.println("ycsb: cannot write --json-out-file '" + a.jsonOutFile + "': " + UserError.describe(e));
        return false;
      }
    }
    return true;
  }

  private static PrintWriter outFile(String name) {
    try {
      Path f = Path.of(name);
      if (f.toAbsolutePath().getParent() != null) {
        Files.createDirectories(f.toAbsolutePath().getParent());
      }
      return new PrintWriter(Files.newBufferedWriter(f, StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UserError("--out-file '" + name + "' cannot be written: " + UserError.describe(e));
    }
  }

  /** One line per command the server refused, with its count and the server's first cause. */
  private static void errors(BenchmarkResult result, PrintWriter err) {
    for (OperationResult op : result.operationResults()) {
      if (op.errors() > 0) {
        String cause = op.errorCauses().isEmpty() ? "" : ": " + op.errorCauses().get(0).cause();
        err.println(String.format(Locale.ROOT, "ycsb-kv memtier: %s: %,d of %,d failed%s", op.operation(),
            op.errors(), op.count(), cause));
      }
    }
  }

  /** Where ycsb-kv's own results go: --export-dir, else beside the JSON, else ./memtier-ycsb-kv. */
  private static Path exportBase(MemtierArgs a) {
    if (a.exportDir != null) {
      return Path.of(a.exportDir);
    }
    if (a.jsonOutFile != null) {
      String name = Path.of(a.jsonOutFile).getFileName().toString().replaceFirst("\\.json$", "");
      Path parent = Path.of(a.jsonOutFile).toAbsolutePath().getParent();
      return parent.resolve(name + "-ycsb-kv");
    }
    return Path.of("memtier-ycsb-kv");
  }

  /**
   * The binding for the server at {@code a}'s address, from its {@code INFO server}: dragonfly when it says
   * {@code dragonfly_version}, else redis. Over TLS it is not asked: redis, unless {@code --binding} says otherwise.
   */
  static String detect(MemtierArgs a) {
    if (a.server.tls()) {
      return "redis";
    }
    try (RespLink link = RespLink.open(a.server.host(), a.server.port(), a.server.user(), a.server.password())) {
      return link.server().equals("dragonfly") ? "dragonfly" : "redis";
    }
  }

  /** What {@code ycsb memtier --help} prints. */
  public static String help() {
    return String.join("\n",
        "Usage: ycsb memtier [memtier_benchmark options]",
        "memtier_benchmark 2.3's command line on ycsb-kv's engine, against Redis, Valkey, KeyDB or Dragonfly.",
        "The options are memtier's ('memtier_benchmark --help'); ycsb memtier honours:",
        "  " + String.join(" ", MemtierOptions.supportedNames()),
        "and the short forms -h/-s -p -P -a -u -x -o -n -c -t -d -R -v.",
        "memtier's other options (memcache protocols, --multi-key-get, data import, ...) are refused with one",
        "line naming the option (exit 2), never ignored.",
        "",
        "Added by ycsb-kv:",
        "  --binding NAME     redis, valkey, keydb or dragonfly (default: from the server's INFO; redis over TLS)",
        "  --export-dir DIR   ycsb-kv's own results of each run (result.json, summary.csv, histograms.hlog);",
        "                     default: beside --json-out-file (NAME-ycsb-kv/), else ./memtier-ycsb-kv",
        "",
        "As memtier: -t x -c connections, --pipeline requests in flight on each, -n requests per client",
        "(allkeys: the key range, split over the clients with P:P), --ratio and --command-ratio sent in sequence",
        "on each connection, keys PREFIX + a number from --key-minimum to --key-maximum by R, S, G, Z or P.",
        "--monitor-input FILE with --command __monitor_lineN__ (line N's command) or __monitor_line@__ (one per",
        "request: the file's next, or a random one with --monitor-pattern R), each under its own command's row.",
        "--wait-ratio with --num-slaves and --wait-timeout: WAITs between --ratio's SETs and GETs, as memtier.",
        "Differs: --rate-limiting runs ycsb-kv's open loop at (rate x connections) requests/s in total, latency",
        "from each request's intended start; KB/sec is each type's requests times the bytes per request",
        "counted on the wire (each second's Bytes RX and TX: its requests times the run's bytes per request);",
        "--thread-conn-start-min/max-jitter-micros are accepted without a wait (memtier's happens before it connects",
        "and before its clock starts); --reconnect-interval reopens each connection between requests, never in one's",
        "latency (with --pipeline once those in flight completed, as memtier; with --rate-limiting while a",
        "client waits for its next request's instant); the staircase ramp (--clients-start, --clients-step,",
        "--step-duration) connects each later client at its step where a thread serves several clients (else",
        "before the run, idle until its step); with --rate-limiting every connection before the run, and the",
        "total rate steps up, over every connection.",
        "--hdr-file-prefix P writes memtier's P_FULL_RUN_N and P_NAME_command_run_N .txt and .hgrm of each run,",
        "laid out as memtier's; a command of several --command lines has one file of all their requests (memtier",
        "keeps the last line's); --command-stats-breakdown takes 'command' (the default), not 'line' yet.",
        "Docs: docs/memtier.md.",
        "");
  }
}
