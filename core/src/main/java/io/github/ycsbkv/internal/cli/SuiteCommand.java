package io.github.ycsbkv.internal.cli;

import io.github.ycsbkv.config.UserError;
import io.github.ycsbkv.internal.cli.console.Interrupts;
import io.github.ycsbkv.internal.cli.sweep.CapacityOptions;
import io.github.ycsbkv.internal.cli.sweep.SweepPlan;
import io.github.ycsbkv.internal.memtier.SuiteRun;
import io.github.ycsbkv.internal.provision.Provisioner;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code ycsb suite}: Redis's benchmark specification's suites on a RESP server ({@link SuiteRun}). */
@Command(name = "suite", mixinStandardHelpOptions = true, separator = " ", sortOptions = false, usageHelpAutoWidth = true,
    description = {"Run test suites of Redis's benchmark specification (redis/redis-benchmarks-specification, its v0.4"
        + " YAML files) on a Redis, Valkey, KeyDB or Dragonfly server: each suite's settings, preload, keyspace check"
        + " and memtier_benchmark client(s) on ycsb-kv's engine (ycsb memtier), memtier's JSON for each, one summary.",
        ""},
    footer = {"", "Example: ycsb suite --port 6379 --test-time 10 --filter string specification/test-suites",
        "Stores started here: ycsb suite --store redis,valkey,keydb,dragonfly --test-time 10 specification/test-suites"
            + " (each suite in its topology; DIR/STORE/..., and one table across the stores).",
        "Capacity: ycsb suite --port 6379 --capacity --slo p99=1ms --step 5s --filter hash specification/test-suites"
            + " (each suite of one client: a capacity search on its load instead of its closed-loop run;"
            + " DIR/SUITE/capacity/capacity.json).",
        "Beside memtier_benchmark: ycsb suite --port 6379 --beside memtier_benchmark --test-time 30 --filter string"
            + " specification/test-suites (each suite's clients run by both tools on the same server; DIR/SUITE/"
            + "memtier_benchmark/, a second table, summary.json memtierBenchmark).",
        "Skipped, with the reason: suites of other tools, suites for clusters only, options ycsb memtier does not"
            + " honour. Output: DIR/SUITE/memtier.json, memtier.txt, log.txt, ycsb-kv/result.json;"
            + " DIR/summary.json. Docs: docs/memtier.md#the-specifications-suites-ycsb-suite."})
final class SuiteCommand implements Callable<Integer> {

  @Spec
  CommandSpec spec;

  @Option(names = {"-s", "--host"}, paramLabel = "HOST", description = "The server's host (default ${DEFAULT-VALUE}).")
  String host = "127.0.0.1";

  @Option(names = {"-p", "--port"}, paramLabel = "PORT", description = "The server's port (default ${DEFAULT-VALUE}).")
  int port = 6379;

  @Option(names = "--user", paramLabel = "USER", description = "ACL user (with --password).")
  String user;

  @Option(names = "--password", paramLabel = "PASSWORD", description = "The server's password; never printed.")
  String password;

  @Option(names = "--binding", paramLabel = "NAME",
      description = "redis, valkey, keydb or dragonfly (default: from the server's INFO).")
  String binding;

  @Option(names = "--test-time", paramLabel = "S",
      description = "Run each client S seconds, in place of the suite's duration or request count (clients of"
          + " different durations keep what each runs beyond the shortest).")
  Integer testTime;

  @Option(names = "--filter", paramLabel = "TEXT",
      description = "Only suites whose name contains TEXT, or with TEXT as a tested group or command (repeatable).")
  List<String> filters = new ArrayList<>();

  @Option(names = "--out", paramLabel = "DIR", description = "Where everything goes (default ${DEFAULT-VALUE}).")
  Path out = Path.of("suite-results");

  @Option(names = "--store", paramLabel = "STORE", split = ",",
      description = "Start STORE here (redis, valkey, keydb, dragonfly; repeatable or comma-separated) and run the"
          + " suites on it, each in its topologies (standalone, I/O threads, a replica, persistence, a cluster), the"
          + " stores one after another;"
          + " instead of --host/--port.")
  List<String> stores = new ArrayList<>();

  @Option(names = "--topologies", paramLabel = "WHICH", description = "With --store: all (each suite in every"
      + " topology it lists, as the specification's runner runs it; after the first, each as NAME@TOPOLOGY) or one"
      + " (its oss-standalone, else the first it lists) (default ${DEFAULT-VALUE}).")
  String topologies = "all";

  @Option(names = "--servers", paramLabel = "WAY", description = "How --store starts a store: auto (a container of"
      + " the pinned image when a Docker engine answers, else the binary on PATH), container or binary (default"
      + " ${DEFAULT-VALUE}).")
  String servers = "auto";

  @Option(names = "--list", description = "Run nothing: a line per suite's preload and client with its memtier"
      + " arguments (tab-separated: suite, preload or client N, the arguments), or why it would be skipped.")
  boolean list;

  @Option(names = "--beside", paramLabel = "PROGRAM", description = "Run each suite's clients with PROGRAM too"
      + " (memtier_benchmark, on PATH or as a path), on the same server after the same preparation, the tool that"
      + " goes first alternating from suite to suite: its Ops/sec, p99 and client CPU per operation (its process's,"
      + " from the shell's times), and the server's CPU and commands per operation under each, beside ycsb-kv's"
      + " (DIR/SUITE/memtier_benchmark/). Not with --capacity.")
  String beside;

  @Mixin
  CapacityOptions capacity = new CapacityOptions();

  @Parameters(paramLabel = "FILE|DIR", arity = "1..*", description = "Suite files, or directories of them.")
  List<Path> paths = new ArrayList<>();

  @Override
  public Integer call() {
    if (port < 1 || port > 65535) {
      throw new UserError("--port must be 1 to 65535, got " + port);
    }
    if (testTime != null && testTime < 1) {
      throw new UserError("--test-time must be at least 1 second, got " + testTime);
    }
    if (!topologies.equals("all") && !topologies.equals("one")) {
      throw new UserError("--topologies must be all or one, got '" + topologies + "'");
    }
    Provisioner.Way way;
    try {
      way = Provisioner.Way.valueOf(servers.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new UserError("--servers must be auto, container or binary, got '" + servers + "'");
    }
    for (String store : stores) {
      if (!List.of("redis", "valkey", "keydb", "dragonfly").contains(store)) {
        throw new UserError("--store must be redis, valkey, keydb or dragonfly (a RESP store), got '" + store + "'");
      }
    }
    if (!stores.isEmpty() && (spec.commandLine().getParseResult().hasMatchedOption("--port")
        || spec.commandLine().getParseResult().hasMatchedOption("--host"))) {
      throw new UserError("--store starts the servers itself: drop --host and --port, or drop --store");
    }
    SweepPlan.Capacity search = capacity.search();
    if (beside != null && search != null) {
      throw new UserError("--beside compares closed-loop runs; drop --capacity or --beside");
    }
    String program = beside == null || list ? beside : SuiteRun.besideProgram(beside);
    return SuiteRun.execute(new SuiteRun.Options(host, port, user, password, binding, testTime, filters, out, paths,
        search, List.copyOf(new java.util.LinkedHashSet<>(stores)), way, list, topologies.equals("all"), program),
        spec.commandLine().getOut(), spec.commandLine().getErr(), Interrupts::setActive);
  }
}
