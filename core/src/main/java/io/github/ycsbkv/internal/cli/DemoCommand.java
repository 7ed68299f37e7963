package io.github.ycsbkv.internal.cli;

import io.github.ycsbkv.config.EngineProperties;
import io.github.ycsbkv.config.PropertySources;
import io.github.ycsbkv.config.Props;
import io.github.ycsbkv.config.UserError;
import io.github.ycsbkv.engine.Benchmark;
import io.github.ycsbkv.engine.Phase;
import io.github.ycsbkv.engine.stop.StopReason;
import io.github.ycsbkv.internal.cli.console.Interrupts;
import io.github.ycsbkv.memory.MemoryDB;
import io.github.ycsbkv.results.BenchmarkResult;
import io.github.ycsbkv.results.ClientStalls;
import io.github.ycsbkv.results.Micros;
import io.github.ycsbkv.results.OperationResult;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ycsb demo}: the study's three workload files as shipped ({@code workloads/readheavy},
 * {@code balanced}, {@code writeheavy}: the time-series workload) at a small scale on the in-process
 * {@code memory} binding, then a table of throughput and P50/P99. Needs no server. Only the sizes are
 * scaled ({@code recordcount}, {@code operationcount}, and {@code ts.series} when fewer records than
 * series are asked for), so each row shows what {@code -P workloads/<name>} does.
 */
@Command(name = "demo", mixinStandardHelpOptions = true, separator = " ", sortOptions = false, usageHelpAutoWidth = true,
    description = {"Run the shipped workloads/readheavy, balanced and writeheavy files, scaled down, on the in-process"
        + " memory binding (no server needed) and print throughput and P50/P99 latency per workload.", ""})
final class DemoCommand implements Callable<Integer> {

  /** One row group: a name and the workload file it runs. */
  private record Shape(String name, String file) {}

  private static final List<Shape> SHAPES = List.of(new Shape("read-heavy", "readheavy"),
      new Shape("balanced", "balanced"), new Shape("write-heavy", "writeheavy"));

  @Spec
  CommandSpec spec;

  @Option(names = "--threads", paramLabel = "N", description = "Client threads (default: the CPU count, ${DEFAULT-VALUE}).")
  int threads = Runtime.getRuntime().availableProcessors();

  @Option(names = "--records", paramLabel = "N", description = "Records loaded per workload (default ${DEFAULT-VALUE}).")
  long records = 100_000;

  @Option(names = "--seconds", paramLabel = "S",
      description = "Longest run phase per workload, in seconds (default ${DEFAULT-VALUE}).")
  long seconds = 15;

  @Option(names = "--operations", paramLabel = "N",
      description = "Most operations per run phase (default ${DEFAULT-VALUE}; write-heavy runs at most twice --records,"
          + " as the file's operationcount is twice its recordcount).")
  long operations = 1_000_000;

  @Option(names = "--workloads", paramLabel = "DIR",
      description = "Where the workload files are (default: workloads, in the current or the ycsb-kv directory).")
  String workloadDir = "workloads";

  /** Loads and runs one workload shape; adds its rows (and a note on its collector) or returns the phase that failed. */
  private BenchmarkResult runShape(Shape shape, List<String[]> rows, List<String> notes, PrintWriter err) {
    MemoryDB.clearAll();
    System.gc();
    Properties props = properties(shape);
    String file = java.nio.file.Path.of(workloadDir, shape.file()).toString();
    err.println("ycsb-kv demo: " + shape.name() + " (" + file + ": " + mixOf(file) + ", " + workloadName(props) + ")");
    BenchmarkResult load = runPhase(Phase.LOAD, props);
    if (!isOk(load)) {
      return load;
    }
    // The load's garbage is collected before the run's clock starts, not during the run (nor the previous
    // workload's during this one's: the same above after clearAll).
    System.gc();
    BenchmarkResult run = runPhase(Phase.RUN, props);
    if (!isOk(run)) {
      return run;
    }
    ClientStalls stalls = run.stalls();
    double gcShare = stalls == null ? 0 : stalls.gcPauseMillis() / (double) Math.max(1, run.runtimeMillis());
    if (gcShare > GC_SHARE_NOTED) {
      notes.add(String.format(Locale.US, "Note: %s spent %,d ms of its %.1f s run (%.0f%%) in collector pauses: the"
          + " memory binding's records live in this JVM's heap, so that row shows the cost of keeping them as well"
          + " as the harness's own.", shape.name(), stalls.gcPauseMillis(), run.runtimeMillis() / 1000.0,
          gcShare * 100));
    }
    for (OperationResult op : run.operationResults()) {
      if (op.operation().equals("CLEANUP") || op.serviceOk() == null) {
        continue;
      }
      rows.add(new String[] {shape.name(), String.format(Locale.US, "%,.0f", run.throughputOpsPerSec()),
          op.operation(), String.format(Locale.US, "%,d", op.count()),
          String.format(Locale.US, "%.2f", op.serviceOk().percentileMicros(50)),
          String.format(Locale.US, "%.2f", op.serviceOk().percentileMicros(99)),
          stalls == null ? "n/a" : String.format(Locale.US, "%,d", stalls.gcPauseMillis()),
          stalls == null ? "n/a" : Micros.human(stalls.maxMicros())});
    }
    return null;
  }

  /** The shape's workload file, scaled to the demo's records, operations and time. */
  private Properties properties(Shape shape) {
    Properties props = PropertySources.readFile(java.nio.file.Path.of(workloadDir, shape.file()).toString());
    // The write-heavy file runs twice its record count (inserts); scaled alike.
    long fileRecords = Props.getLong(props, "recordcount", 1, 1);
    long fileOps = Props.getLong(props, "operationcount", fileRecords, 0);
    props.setProperty("recordcount", Long.toString(records));
    props.setProperty("operationcount", Long.toString(fileOps > fileRecords ? Math.min(operations, 2 * records)
        : operations));
    if (Props.getLong(props, "ts.series", 0, 0) > records) {
      props.setProperty("ts.series", Long.toString(records)); // every series needs one point
    }
    props.setProperty("maxexecutiontime", Long.toString(seconds));
    props.setProperty(EngineProperties.THREADS, Integer.toString(threads));
    props.setProperty("table", "demo");
    return props;
  }

  @Override
  public Integer call() {
    if (threads < 1 || records < 1 || seconds < 1 || operations < 1) {
      throw new UserError("--threads, --records, --seconds and --operations must be at least 1");
    }
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    err.printf(Locale.US, "ycsb-kv demo: memory binding, %d thread(s), %,d records, run phases of at most %d s or %,d"
        + " operations%n", threads, records, seconds, operations);
    List<String[]> rows = new ArrayList<>();
    List<String> notes = new ArrayList<>();
    for (Shape shape : SHAPES) {
      BenchmarkResult failed = runShape(shape, rows, notes, err);
      if (failed != null) {
        return finish(failed, err);
      }
    }
    MemoryDB.clearAll();
    String format = "%-12s %14s  %-7s %12s %10s %10s %8s %12s%n";
    out.printf(Locale.US, format, "workload", "ops/s", "op", "count", "P50 (us)", "P99 (us)", "GC (ms)", "stall max");
    for (String[] r : rows) {
      out.printf(Locale.US, format, (Object[]) r);
    }
    out.println("Latency is service time per operation in microseconds, measured with HdrHistogram (3 significant"
        + " digits); the memory binding has no network, so this shows the harness's own cost, unless the client"
        + " stalled: GC is the collector's pause time during the run, stall max the longest the client stood still"
        + " (measured as jHiccup does).");
    for (String note : notes) {
      out.println(note);
    }
    out.flush();
    return 0;
  }

  /** A run whose collector pauses exceed this share of its time gets a line saying so. */
  static final double GC_SHARE_NOTED = 0.10;

  /** The file's {@code # mix:} header, as written (read=0.95 update=0.05). */
  private static String mixOf(String file) {
    try {
      for (String line : java.nio.file.Files.readAllLines(PropertySources.resolve(file))) {
        if (line.startsWith("# mix:")) {
          return line.substring("# mix:".length()).trim();
        }
      }
    } catch (java.io.IOException e) {
      // The header is decoration; the properties were read already.
    }
    return "";
  }

  private static String workloadName(Properties props) {
    String w = props.getProperty("workload", EngineProperties.DEFAULT_WORKLOAD);
    return w.substring(w.lastIndexOf('.') + 1) + ", " + props.getProperty("requestdistribution", "uniform");
  }

  private static BenchmarkResult runPhase(Phase phase, Properties props) {
    Benchmark b = new Benchmark(phase, props, "memory", MemoryDB.class, DemoCommand.class.getClassLoader());
    Interrupts.setActive(b.stopSignal());
    try {
      return b.run();
    } finally {
      Interrupts.setActive(null);
    }
  }

  private static boolean isOk(BenchmarkResult r) {
    return !(StopReason.FAILED.id().equals(r.stopReason()) || StopReason.INTERRUPTED.id().equals(r.stopReason()));
  }

  private static int finish(BenchmarkResult r, PrintWriter err) {
    if (StopReason.INTERRUPTED.id().equals(r.stopReason())) {
      err.println("ycsb: demo interrupted");
      return Interrupts.EXIT_INTERRUPTED;
    }
    err.println("ycsb: demo failed: " + r.error());
    return UserError.FAILED;
  }
}
