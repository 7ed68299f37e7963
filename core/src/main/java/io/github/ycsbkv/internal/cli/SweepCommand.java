package io.github.ycsbkv.internal.cli;

import io.github.ycsbkv.internal.cli.sweep.CapacityOptions;
import io.github.ycsbkv.internal.cli.sweep.SweepPlan;
import io.github.ycsbkv.internal.cli.sweep.SweepRunner;
import io.github.ycsbkv.internal.cli.sweep.SweepServers;
import io.github.ycsbkv.spi.BindingRegistry;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ycsb sweep}: bindings x workloads x thread counts x repetitions, one result directory per
 * cell ({@code OUT/<binding>/<workload>/t<threads>/r<repetition>/}), and {@code sweep.json} /
 * {@code sweep.csv} with, per cell and figure, mean, standard deviation, coefficient of variation
 * and a 95% confidence interval over the repetitions. Resumable: a cell whose {@code result.json}
 * says it completed is not run again. With {@code --capacity}, each repetition is a capacity search ({@code ycsb
 * capacity}) instead of one run, and the cells summarise the capacities found.
 */
@Command(name = "sweep", mixinStandardHelpOptions = true, separator = " ", sortOptions = false,
    usageHelpAutoWidth = true,
    description = {"Run a matrix of bindings x workloads x thread counts x repetitions and summarise each cell's"
        + " repetitions (mean, standard deviation, coefficient of variation, 95%% confidence interval).", ""},
    footer = {"", "Example: ycsb sweep --bindings memory,redis --workloads readheavy,balanced --threads 1,2,4"
        + " --repeat 3 --out results -p recordcount=100000 -p operationcount=100000 -p redis.host=127.0.0.1",
        "Capacity of each store within a budget: ycsb sweep --capacity --slo p99=5ms --bindings redis,dragonfly"
            + " --workloads readheavy --threads 50 --out cap -p redis.port=6379 -p dragonfly.port=6380",
        "Store addresses come from -p (redis.host, dragonfly.host, ...). See docs/results.md and docs/capacity.md."})
final class SweepCommand implements Callable<Integer> {

  /** The study's thread counts. */
  static final String DEFAULT_THREADS = "1,2,4,8,16,32";

  @Spec
  CommandSpec spec;

  @Option(names = "--bindings", paramLabel = "NAMES", required = true, split = ",",
      description = "Bindings, comma-separated (see 'ycsb bindings'); NAME+LABEL runs binding NAME again under its"
          + " own label with its own -p NAME+LABEL:KEY=VALUE properties (e.g. redis,redis+tls).")
  List<String> bindings;

  @Option(names = "--workloads", paramLabel = "FILES", required = true, split = ",",
      description = "Workload files, comma-separated: names in workloads/ (readheavy) or paths.")
  List<String> workloads;

  @Option(names = "--threads", paramLabel = "N,N,...", split = ",",
      description = "Thread counts (default " + DEFAULT_THREADS + ", the 2025 study's).")
  List<Integer> threads = new ArrayList<>(List.of(1, 2, 4, 8, 16, 32));

  @Option(names = "--repeat", paramLabel = "R", description = "Repetitions of every cell (default ${DEFAULT-VALUE}).")
  int repeat = 1;

  @Option(names = "--out", paramLabel = "DIR", required = true, description = "Where results go.")
  Path out;

  @Option(names = "--reload", paramLabel = "WHEN",
      description = "Load again before each cell: auto (when the workload inserts), always, never (default ${DEFAULT-VALUE}).")
  String reload = "auto";

  @Option(names = "--scale", paramLabel = "S",
      description = "Multiply each workload file's recordcount and operationcount by S (e.g. 0.01 for a quick pass"
          + " of the study's sizes); -p recordcount/operationcount still win (default ${DEFAULT-VALUE}).")
  double scale = 1.0;

  @Option(names = "--flush",
      description = "Empty each store before every load (FLUSHDB, an Aerospike truncate), so that each workload, and"
          + " each reloaded cell, starts from an empty store and its memory figures are its own. Deletes data: only"
          + " for servers you can empty.")
  boolean flush;

  @Option(names = "--maxmemory", paramLabel = "SIZES", split = ",",
      description = "Memory limits (e.g. 32mb,64mb,128mb): each binding's cells again under each, as NAME+SIZE, the"
          + " server set to it (-p server.maxmemory) before each load and run; the report draws the server's hit"
          + " ratio against the limit. RESP servers (the policy with -p server.maxmemory-policy) and Aerospike (a whole"
          + " percent of its data-size); with --flush.")
  List<String> maxmemory = new ArrayList<>();

  @Mixin
  CapacityOptions capacity = new CapacityOptions();

  @Option(names = "-p", paramLabel = "[BINDING:]KEY=VALUE",
      description = "A property for every cell, or with BINDING: for that binding's cells only (e.g."
          + " valkey:redis.port=6381); repeatable.")
  List<String> propertyPairs = new ArrayList<>();

  @Override
  public Integer call() throws IOException {
    ClassLoader loader = SweepCommand.class.getClassLoader();
    BindingRegistry registry = BindingRegistry.load(loader);
    SweepPlan plan = new SweepPlan.Builder().bindings(bindings).workloads(workloads).properties(propertyPairs)
        .threads(threads).repeat(repeat).scale(scale).out(out).reload(reload).flush(flush).command(commandLine())
        .capacity(capacity.search()).maxmemory(maxmemory)
        .build(registry, loader);
    return new SweepRunner(plan, SweepServers.NONE, spec.commandLine().getOut(),
        spec.commandLine().getErr()).run();
  }

  /** This command line as typed ({@link SweepPlan.Builder#command} masks the values of secret properties). */
  private String commandLine() {
    StringBuilder sb = new StringBuilder("bin/ycsb sweep");
    List<String> all = spec.commandLine().getParseResult().originalArgs();
    for (String a : all.subList(all.indexOf("sweep") + 1, all.size())) {
      sb.append(' ').append(a.matches("[A-Za-z0-9_./:=,@+-]+") ? a : "'" + a.replace("'", "'\\''") + "'");
    }
    return sb.toString();
  }

}
