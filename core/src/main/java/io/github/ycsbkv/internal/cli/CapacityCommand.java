package io.github.ycsbkv.internal.cli;

import io.github.ycsbkv.capacity.CapacityFile;
import io.github.ycsbkv.capacity.CapacitySearch;
import io.github.ycsbkv.config.EngineProperties;
import io.github.ycsbkv.config.Props;
import io.github.ycsbkv.config.Slo;
import io.github.ycsbkv.config.UserError;
import io.github.ycsbkv.engine.Benchmarks;
import io.github.ycsbkv.engine.Phase;
import io.github.ycsbkv.engine.hosts.ClientSplit;
import io.github.ycsbkv.engine.hosts.Meeting;
import io.github.ycsbkv.engine.hosts.StepCoordinator;
import io.github.ycsbkv.internal.cli.capacity.CapacityRunner;
import io.github.ycsbkv.internal.cli.capacity.CapacityTable;
import io.github.ycsbkv.internal.cli.capacity.SearchOptions;
import io.github.ycsbkv.internal.cli.console.Interrupts;
import io.github.ycsbkv.internal.cli.console.WriterOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code ycsb capacity}: the most operations per second a store takes while the latency stays within a budget, found
 * by an open-loop search ({@link CapacitySearch}), with the latency-throughput curve behind it (docs/capacity.md).
 */
@Command(name = "capacity", mixinStandardHelpOptions = true, separator = " ", sortOptions = false,
    usageHelpAutoWidth = true,
    description = {"Find the most operations per second the store takes within a latency budget (--slo), on -threads"
        + " connections with one request in flight on each (-p maxinflight=N: up to N in the open-loop steps): a"
        + " closed-loop probe for scale, then open-loop steps"
        + " (arrivals on a schedule, latency from each intended start) at rising rates until one breaks the budget,"
        + " bisection, and a confirming run. Each step is an ordinary run; the data must be loaded first (ycsb load).",
        ""},
    footer = {"", "Example: ycsb capacity dragonfly -P workloads/readheavy -threads 50 --slo p99=1ms -p export.dir=cap",
        "Results: a line per step on stderr, the curve and the capacity on stdout; in export.dir (default"
            + " capacity-DATE) capacity.json and each step's result.json under steps/NN-kind/ (docs/capacity.md).",
        "A step where the client itself lagged its schedule (P99 over a tenth of the tightest bound) or saturated its"
            + " CPU runs once more; client-bound again, it ends the search: that is the client's limit, never"
            + " reported as the store's capacity.",
        "Across hosts: -p clients.count=N -p clients.index=I -p clients.barrier=HOST:PORT on every client process"
            + " (client 0's address; PORT+1 too): client 0 runs the search, each step is split over the N clients and"
            + " merged before it is judged (docs/distributed.md).",
        "Exit codes: 0 the search ended (with or without a capacity), 1 a step failed (the store went away), 2 bad"
            + " input, 130 interrupted (the steps so far are kept)."})
final class CapacityCommand extends PhaseCommand {

  @Mixin
  SearchOptions search = new SearchOptions();

  @Override
  Phase phase() {
    return Phase.RUN;
  }

  /**
   * The options it shares with {@code run}, as capacity reads them: no {@code -target} (it chooses the rates) and no
   * {@code -s}, and {@code -threads} counts connections.
   */
  static void adjust(picocli.CommandLine.Model.CommandSpec spec) {
    spec.remove(spec.findOption("-target"));
    spec.remove(spec.findOption("-s"));
    picocli.CommandLine.Model.OptionSpec threads = spec.findOption("-threads");
    spec.remove(threads);
    spec.addOption(picocli.CommandLine.Model.OptionSpec.builder(threads).description("Connections (property"
        + " threadcount, default 1), one per client, one request in flight on each (-p maxinflight=N: up to N in the"
        + " open-loop steps): the probe runs a closed loop on them, each step an open loop (docs/capacity.md).")
        .build());
  }

  @Override
  public Integer call() {
    Slo budget = search.budget("capacity");
    long stepSeconds = search.stepSeconds();
    double res = search.resolutionShare();
    Properties props = properties();
    if (props.getProperty(EngineProperties.TARGET) != null) {
      throw new UserError("-p target: capacity chooses the rates itself; drop it");
    }
    PrintWriter err = spec.commandLine().getErr();
    Benchmarks binding = resolve(props, err).binding();
    int connections = Props.getInt(props, EngineProperties.THREADS, EngineProperties.DEFAULT_THREADS, 1);
    Path out = outDir(props);
    checkExportDir(out.toString());
    props.remove(EngineProperties.EXPORT_DIR);
    String warm = search.warmupOrNull();
    String resolutionText = search.resolution.strip();
    // Across hosts: every client must search the same way; client 0 checks what the others were given.
    ClientSplit split = ClientSplit.from(props, System.getenv(ClientSplit.JOB_INDEX_ENV));
    StepCoordinator crew = StepCoordinator.of(split, Meeting.of(split, props), String.format(Locale.ROOT,
        "--slo %s --step %ds --warmup %s --resolution %s -threads %d", budget.text(), stepSeconds,
        warm == null ? "0" : warm, resolutionText, connections), "capacity");
    err.println(String.format(Locale.ROOT, "ycsb-kv: capacity %s (%s) within %s, %d connection(s), %d s steps"
        + " (warm-up %s each), resolution %s; results in %s%s", binding.name(), binding.dbClass().getName(),
        budget.describe(), connections, stepSeconds, warm == null ? "none" : warm, resolutionText, out, who(crew)));
    PrintStream errStream = new PrintStream(new WriterOutputStream(err), true, StandardCharsets.UTF_8);
    CapacitySearch.Settings settings = CapacitySearch.Settings.defaults(res);
    CapacityRunner runner = new CapacityRunner(binding.with(props), props, budget, stepSeconds, warm, settings, out,
        errStream, crew);
    List<CapacityRunner.StepRun> steps;
    try (StepCoordinator closing = crew) {
      steps = runner.run();
    } catch (IOException e) {
      throw new UserError("cannot write the capacity results to '" + out + "': " + UserError.describe(e),
          UserError.FAILED, e);
    }
    String failure = runner.failure();
    if (crew != null && !crew.leads()) {
      return followed(crew, failure, steps.size(), out, err);
    }
    try {
      Path file = runner.file(binding.name(), props.getProperty(EngineProperties.WORKLOAD), connections).write(out);
      err.println("ycsb-kv: capacity results written to " + file);
    } catch (IOException e) {
      err.println("ycsb: cannot write " + out.resolve(CapacityFile.FILE_NAME) + ": " + UserError.describe(e));
      return UserError.FAILED;
    }
    PrintWriter stdout = spec.commandLine().getOut();
    stdout.print(CapacityTable.table(steps, runner.search(), budget, failure));
    stdout.flush();
    if (failure != null) {
      err.println("ycsb: " + failure);
      return UserError.FAILED;
    }
    CapacitySearch.Outcome o = runner.search().outcome();
    if (o != null && o.interrupted()) {
      err.println("ycsb: interrupted after " + steps.size() + " step(s); the curve above is partial");
      return Interrupts.EXIT_INTERRUPTED;
    }
    return 0;
  }
  /** Where the results go: {@code export.dir}, else {@code capacity-DATE-TIME} here. */
  private static Path outDir(Properties props) {
    String exportDir = props.getProperty(EngineProperties.EXPORT_DIR);
    return Path.of(exportDir == null || exportDir.isBlank() ? "capacity-"
        + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", Locale.ROOT)) : exportDir);
  }

  /** This process's part in a search across client hosts, for the first line; "" alone. */
  private static String who(StepCoordinator crew) {
    if (crew == null) {
      return "";
    }
    return crew.leads() ? String.format(Locale.ROOT, "; client 0 of %d: runs the search, each step's rate split over"
        + " the %d client processes (steps announced at %s)", crew.count(), crew.count(), crew.address())
        : String.format(Locale.ROOT, "; client %d of %d: runs the steps client 0 at %s announces", crew.index(),
        crew.count(), crew.address());
  }

  /** The end of a client that ran the steps another announced: its exit code. */
  private static int followed(StepCoordinator crew, String failure, int steps, Path out, PrintWriter err) {
    if (failure != null) {
      err.println("ycsb: " + failure);
      return UserError.FAILED;
    }
    err.println(String.format(Locale.ROOT, "ycsb-kv: capacity: client %d of %d ran the %d step(s) client 0"
        + " announced (results in %s/steps); the capacity and capacity.json are client 0's", crew.index(),
        crew.count(), steps, out));
    return 0;
  }
}
