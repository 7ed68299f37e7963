package io.github.ycsbkv.cli;

import io.github.ycsbkv.config.UserError;
import io.github.ycsbkv.engine.Benchmark;
import io.github.ycsbkv.engine.Phase;
import io.github.ycsbkv.engine.StopReason;
import io.github.ycsbkv.memory.MemoryDB;
import io.github.ycsbkv.results.BenchmarkResult;
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
 * {@code ycsb demo}: the three workload shapes of the 2025 YCSB study (read-heavy 95/5, balanced
 * 50/50, write-heavy 10/90 with 64 fields of 8 bytes) at a small scale on the in-process
 * {@code memory} binding, then a table of throughput and P50/P99. Needs no server.
 */
@Command(name = "demo", mixinStandardHelpOptions = true, separator = " ", sortOptions = false, usageHelpAutoWidth = true,
    description = {"Run the study's read-heavy, balanced and write-heavy shapes on the in-process memory binding"
        + " (no server needed) and print throughput and P50/P99 latency per workload.", ""})
final class DemoCommand implements Callable<Integer> {

  /** One workload shape: a name and the CoreWorkload properties that make it. */
  private record Shape(String name, String description, String... properties) {}

  private static final List<Shape> SHAPES = List.of(
      new Shape("read-heavy", "95% read / 5% update, zipfian, 10 x 100 B fields",
          "readproportion=0.95", "updateproportion=0.05", "fieldcount=10", "fieldlength=100"),
      new Shape("balanced", "50% read / 50% update, zipfian, 10 x 100 B fields",
          "readproportion=0.5", "updateproportion=0.5", "fieldcount=10", "fieldlength=100"),
      new Shape("write-heavy", "10% read / 90% insert, zipfian, 64 x 8 B fields",
          "readproportion=0.1", "updateproportion=0", "insertproportion=0.9", "fieldcount=64", "fieldlength=8"));

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
      description = "Most operations per run phase (default ${DEFAULT-VALUE}; write-heavy runs at most twice --records).")
  long operations = 1_000_000;

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
    for (Shape shape : SHAPES) {
      MemoryDB.clearAll();
      Properties props = new Properties();
      props.setProperty("workload", Benchmark.DEFAULT_WORKLOAD);
      props.setProperty("requestdistribution", "zipfian");
      props.setProperty("readallfields", "true");
      props.setProperty("recordcount", Long.toString(records));
      // The write-heavy run inserts; like the study, it runs at most twice the loaded record count.
      long ops = shape.name().equals("write-heavy") ? Math.min(operations, 2 * records) : operations;
      props.setProperty("operationcount", Long.toString(ops));
      props.setProperty("maxexecutiontime", Long.toString(seconds));
      props.setProperty(Benchmark.THREADS, Integer.toString(threads));
      props.setProperty("table", "demo");
      for (String kv : shape.properties()) {
        int eq = kv.indexOf('=');
        props.setProperty(kv.substring(0, eq), kv.substring(eq + 1));
      }
      err.println("ycsb-kv demo: " + shape.name() + " (" + shape.description() + ")");
      BenchmarkResult load = runPhase(Phase.LOAD, props);
      if (!isOk(load)) {
        return finish(load, err);
      }
      BenchmarkResult run = runPhase(Phase.RUN, props);
      if (!isOk(run)) {
        return finish(run, err);
      }
      for (OperationResult op : run.operationResults()) {
        if (op.operation().equals("CLEANUP") || op.serviceOk() == null) {
          continue;
        }
        rows.add(new String[] {shape.name(), String.format(Locale.US, "%,.0f", run.throughputOpsPerSec()),
            op.operation(), String.format(Locale.US, "%,d", op.count()),
            String.format(Locale.US, "%.2f", op.serviceOk().percentileMicros(50)),
            String.format(Locale.US, "%.2f", op.serviceOk().percentileMicros(99))});
      }
    }
    MemoryDB.clearAll();
    out.printf(Locale.US, "%-12s %14s  %-7s %12s %10s %10s%n", "workload", "ops/s", "op", "count", "P50 (us)", "P99 (us)");
    for (String[] r : rows) {
      out.printf(Locale.US, "%-12s %14s  %-7s %12s %10s %10s%n", (Object[]) r);
    }
    out.println("Latency is service time per operation in microseconds, measured with HdrHistogram (3 significant"
        + " digits); the memory binding has no network, so this shows the harness's own cost.");
    out.flush();
    return 0;
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
      return Main.EXIT_INTERRUPTED;
    }
    err.println("ycsb: demo failed: " + r.error());
    return UserError.FAILED;
  }
}
