package io.github.ycsbkv.internal.cli;

import io.github.ycsbkv.config.UserError;
import io.github.ycsbkv.internal.cli.study.Studies;
import io.github.ycsbkv.internal.cli.study.StudyFile;
import io.github.ycsbkv.internal.cli.study.StudyServers;
import io.github.ycsbkv.internal.cli.sweep.CapacityOptions;
import io.github.ycsbkv.internal.cli.sweep.SweepPlan;
import io.github.ycsbkv.internal.cli.sweep.SweepRunner;
import io.github.ycsbkv.internal.provision.Provisioner;
import io.github.ycsbkv.internal.report.HtmlReport;
import io.github.ycsbkv.results.sweep.SweepJson;
import io.github.ycsbkv.spi.BindingRegistry;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code ycsb study NAME}: one published comparison (Studies, docs/studies.md) as one command: its matrix run
 * as a {@code sweep} (resumable, every store emptied before each load with {@code --flush}), then
 * {@code report.html} with the published figures beside the measured ones. A store whose address is
 * given with {@code -p} is used as given; the others are started (a container, else the binary on PATH) through a
 * {@link io.github.ycsbkv.internal.provision.Provisioner} (module {@code ycsb-kv-provision}) and stopped at the end.
 */
@Command(name = "study", mixinStandardHelpOptions = true, separator = " ", sortOptions = false,
    usageHelpAutoWidth = true,
    description = {"Reproduce a published study: its workloads, thread counts and sizes as one sweep, then a report"
        + " with the published figures beside the measured ones. Stores without an address given with -p are"
        + " started for their own cells (a container of the pinned image when a Docker engine answers, else the"
        + " binary on PATH on loopback; no persistence) and stopped after them.", ""},
    footer = {"", "Examples:",
        "  ycsb study --list",
        "  ycsb study ycsb2025 --stores redis,dragonfly --out results/ycsb2025 --scale 0.01 --flush",
        "  ycsb study memtier2025 --out results/memtier --tls -p valkey:dragonfly.port=6381"
            + "   # valkey given, others started; memtier2025 runs every store with the dragonfly binding's client",
        "  ycsb study ycsb2025 --capacity --slo p99=5ms --out results/cap --scale 0.01"
            + "   # each store's capacity, a search per workload on the study's largest thread count as connections"})
final class StudyCommand implements Callable<Integer> {

  /** The label of a store's cells with shared connections ({@code --shape multiplexed}): {@code redis+multiplexed}. */
  static final String MULTIPLEXED = "+multiplexed";
  /** The connections the clients of a {@link #MULTIPLEXED} cell share. */
  static final int MULTIPLEXED_CONNECTIONS = 4;

  /** The binding every store of the chosen study runs with, or null for each store's own. */
  private String client;

  @Spec
  CommandSpec spec;

  @Parameters(index = "0", arity = "0..1", paramLabel = "STUDY", description = "ycsb2025 or memtier2025.")
  String name;

  @Option(names = "--list", description = "List the studies, their matrices and sources.")
  boolean list;

  @Option(names = "--stores", paramLabel = "NAMES", split = ",", description = "Stores (bindings) to run; default: the"
      + " study's.")
  List<String> stores;

  @Option(names = "--workloads", paramLabel = "NAMES", split = ",", description = "Only these of the study's workloads"
      + " (e.g. writeheavy, or objectcache), with their published figures; default: all of them.")
  List<String> workloads;

  @Option(names = "--out", paramLabel = "DIR", description = "Where results and report.html go.")
  Path out;

  @Option(names = "--scale", paramLabel = "S", description = "Multiply the study's record and operation counts by S"
      + " (default ${DEFAULT-VALUE}).")
  double scale = 1.0;

  @Option(names = "--repeat", paramLabel = "R", description = "Repetitions of every cell (default: the study's, 3).")
  Integer repeat;

  @Option(names = "--flush", description = "Empty each store before every load (FLUSHDB, an Aerospike truncate), so"
      + " that every workload starts from an empty store and its memory figures are its own. Deletes data on the"
      + " servers given: never done without this flag.")
  boolean flush;

  @Option(names = "--tls", description = "Run the study's TLS pass too (memtier2025): each store again as STORE+tls,"
      + " serving TLS only with a throw-away CA; a store whose server cannot serve TLS here is left out of it, and"
      + " said so.")
  boolean tls;

  @Option(names = "--shape", paramLabel = "SHAPE", description = "published (default): every client with a connection"
      + " of its own and one request in flight, as the study's clients; multiplexed: each RESP store also runs as"
      + " STORE+multiplexed, its clients sharing " + MULTIPLEXED_CONNECTIONS + " connections with their requests"
      + " pipelined on them (as a client made for a multi-threaded server does), side by side.")
  String shape = "published";

  @Option(names = "--servers", paramLabel = "WAY", description = "How stores without an address are started: auto (a"
      + " container of the store's pinned image when a Docker engine answers, else its binary on PATH), container or"
      + " binary (default ${DEFAULT-VALUE}).")
  String servers = "auto";

  @Option(names = "--cluster", paramLabel = "N", description = "Start each store without an address as a cluster of N"
      + " primaries on this host, from its binary (Redis, Valkey, KeyDB: cluster-enabled; Dragonfly: cluster_mode=yes"
      + " with the slot map sent; Aerospike: replication factor 2), reached through the bindings' cluster routing;"
      + " 1 (default): one server, as the published studies ran.")
  int cluster = 1;

  @Option(names = "--replicas", paramLabel = "R", description = "Start each store without an address as one server"
      + " with R replicas of it on this host, from its binary (Redis, Valkey, KeyDB, Dragonfly: REPLICAOF), the"
      + " client given the primary; with --cluster, R replicas of each primary (Redis, Valkey, KeyDB: CLUSTER"
      + " REPLICATE). Reads go to the replicas with -p readfrom=replica or any. Default 0.")
  int replicas;

  @Mixin
  CapacityOptions capacity = new CapacityOptions();

  @Option(names = "-p", paramLabel = "[STORE:]KEY=VALUE", description = "A property for every cell, or with STORE:"
      + " for one store's (redis+tls: for its TLS cells), e.g. store addresses; repeatable.")
  List<String> propertyPairs = new ArrayList<>();

  @Override
  public Integer call() throws IOException {
    PrintWriter stdout = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    if (list) {
      Studies.list(stdout);
      return 0;
    }
    Studies.Study study = study();
    SweepPlan.Capacity search = capacity.search();
    client = study.client();
    Provisioner.Way way = way();
    checkTopology();
    List<String> chosen = stores == null || stores.isEmpty() ? study.stores() : stores;
    int repetitions = repeat == null ? study.defaultRepeat() : repeat;
    if (study.client() != null && chosen.contains("aerospike")) {
      throw new UserError("study " + study.name() + " runs RESP stores only (redis, valkey, keydb, dragonfly), with"
          + " one client; drop aerospike from --stores");
    }
    boolean multiplexed = multiplexed();
    Provisioner provisioner = provisioner(chosen, way);
    List<String> notes = notes(study);
    List<String> labels = labels(study, chosen, multiplexed, provisioner, way, notes, err);
    announce(study, chosen, labels, repetitions, err);
    String cpus = StudyFile.pinnedCpus(study);
    if (cpus != null && provisioner != null && labels.stream().anyMatch(l -> !addressGiven(l))) {
      notes.add("servers started here are pinned to CPUs " + cpus + " (taskset, or a container's cpuset), as the"
          + " study pinned its servers to CPUs 0-" + (study.pinnedCpus() - 1) + " of its " + study.pinnedCpus());
      err.println("ycsb-kv study: " + notes.get(notes.size() - 1));
    }
    Map<String, String> serversHere = new java.util.concurrent.ConcurrentHashMap<>();
    StudyFile file = new StudyFile(out, scale, tls, shape.trim().toLowerCase(Locale.ROOT), cluster);
    file.write(study, chosen, notes, serversHere, cpus);
    if (study.client() != null) {
      err.println("ycsb-kv study: every store runs with the " + study.client() + " binding's client (as the study"
          + " ran one client for all); give store addresses with its keys, e.g. -p redis:" + study.client()
          + ".port=6379");
    }
    ClassLoader loader = StudyCommand.class.getClassLoader();
    BindingRegistry registry = BindingRegistry.load(loader);
    SweepPlan plan = plan(study, chosen, labels, repetitions, search).build(registry, loader);
    try (StudyServers servers = new StudyServers(provisioner, way, study,
        new StudyServers.Topology(cluster, replicas), cpus, this::addressGiven,
        serversHere, err)) {
      int code = new SweepRunner(plan, servers, stdout, err).run();
      file.write(study, chosen, notes, serversHere, cpus); // with the servers as they ran, and their versions
      if (Files.exists(out.resolve(SweepJson.FILE_NAME))) {
        Path report = HtmlReport.write(out);
        err.println("ycsb-kv study: wrote " + report + " (the published figures beside the measured ones)");
      }
      return code;
    }
  }

  /**
   * The study {@code NAME} names, only its {@code --workloads} where given; with {@code --tls}, one with a TLS pass.
   */
  private Studies.Study study() {
    if (name == null || out == null) {
      throw new UserError("ycsb study NAME --out DIR [--stores ...] [--scale S] [--repeat R] [--flush] [-p ...]"
          + " (ycsb study --list names the studies)");
    }
    Studies.Study study = Studies.find(name.trim());
    if (workloads != null && !workloads.isEmpty()) {
      study = study.only(workloads.stream().map(String::trim).toList());
    }
    if (tls && study.tlsWorkloads().isEmpty()) {
      throw new UserError("study " + study.name() + " has no TLS pass" + (workloads == null ? "" : " for "
          + String.join(",", study.allWorkloads())) + "; drop --tls (ycsb study --list)");
    }
    return study;
  }

  /** {@code --cluster} and {@code --replicas}: one server or a cluster's primaries, and replicas of each. */
  private void checkTopology() {
    if (cluster < 1) {
      throw new UserError("--cluster must be 1 (one server) or more (primaries of a cluster), got " + cluster);
    }
    if (replicas < 0) {
      throw new UserError("--replicas must be 0 or more, got " + replicas);
    }
  }

  /** How this run differs from the published study by the options given (study.json's notes, the report's). */
  private List<String> notes(Studies.Study study) {
    List<String> notes = new ArrayList<>();
    if (workloads != null && !workloads.isEmpty()) {
      notes.add("only " + String.join(", ", study.allWorkloads()) + " of the study's workloads (--workloads)");
    }
    if (cluster > 1) {
      notes.add("every store started here ran as a cluster of " + cluster + " primaries on this host (--cluster);"
          + " the published study ran one server per store");
    }
    if (replicas > 0) {
      notes.add("every store started here ran with " + replicas + " replica(s) of " + (cluster > 1 ? "each primary"
          : "its server") + " on this host (--replicas;"
          + " reads on them only with -p readfrom=replica or any); the published study ran one server per store");
    }
    return notes;
  }

  private Provisioner.Way way() {
    try {
      return Provisioner.Way.valueOf(servers.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new UserError("--servers must be auto, container or binary, got '" + servers + "'");
    }
  }

  private boolean multiplexed() {
    return switch (shape.trim().toLowerCase(Locale.ROOT)) {
      case "published" -> false;
      case "multiplexed" -> true;
      default -> throw new UserError("--shape must be published or multiplexed, got '" + shape + "'");
    };
  }

  /**
   * The sweep's labels: each store, the same store with shared connections ({@code --shape multiplexed}), then the
   * same store serving TLS ({@code --tls}), so that each server runs around its own cells; a TLS label whose server
   * cannot serve TLS here is left out, with a note.
   */
  private List<String> labels(Studies.Study study, List<String> chosen, boolean multiplexed, Provisioner provisioner,
      Provisioner.Way way, List<String> notes, PrintWriter err) {
    List<String> labels = new ArrayList<>();
    for (String store : chosen) {
      labels.add(store);
      if (multiplexed && !store.equals("aerospike")) {
        labels.add(store + MULTIPLEXED);
      }
      String label = store + Studies.TLS;
      if (tls) {
        String why = addressGiven(label) ? null : provisioner == null ? "no provisioner on the class path"
            : provisioner.unavailable(new Provisioner.Request(store, 0, true, way, study.client(), cluster, null,
                replicas));
        if (why == null) {
          labels.add(label);
        } else {
          notes.add(label + " is left out: " + why + " (or give its address: -p " + label + ":KEY=VALUE)");
          err.println("ycsb-kv study: " + notes.get(notes.size() - 1));
        }
      }
    }
    return labels;
  }

  /** The study's matrix as one line on stderr. */
  private void announce(Studies.Study study, List<String> chosen, List<String> labels, int repetitions,
      PrintWriter err) {
    long tlsLabels = labels.stream().filter(l -> l.endsWith(Studies.TLS)).count();
    long shared = labels.stream().filter(l -> l.endsWith(MULTIPLEXED)).count();
    err.printf(Locale.ROOT, "ycsb-kv study %s: %s; %d store(s)%s%s x %d workload(s) x %s x %d"
        + " repetitions%s at scale %s%n", study.name(), study.title(), chosen.size(), tlsLabels > 0 ? " (and "
        + tlsLabels + " over Studies.TLS)" : "", shared > 0 ? " (and " + shared + " with " + MULTIPLEXED_CONNECTIONS
        + " shared connections)" : "", study.workloads().size(), capacity.capacity ? "a capacity search on the largest"
        + " thread count" : study.threads().size() + " thread counts",
        repetitions, study.parts().stream().map(part -> ", " + part.workload() + " x " + part.iterations()
            + " iterations").collect(Collectors.joining()),
        java.math.BigDecimal.valueOf(scale).stripTrailingZeros().toPlainString());
  }

  /**
   * The study's matrix as a sweep plan: its labels, workloads, parts, properties, the command as typed, and with
   * {@code --capacity} a search per cell on the largest thread count.
   */
  private SweepPlan.Builder plan(Studies.Study study, List<String> chosen, List<String> labels, int repetitions,
      SweepPlan.Capacity search) {
    List<String> pairs = new ArrayList<>();
    List<String[]> storePairs = new ArrayList<>();
    for (String pair : study.properties()) {
      int colon = pair.indexOf(':');
      int eq = pair.indexOf('=');
      if (colon < 0 || colon > eq) {
        pairs.add(pair);
      } else {
        storePairs.add(new String[] {pair.substring(0, colon), pair.substring(colon + 1, eq), pair.substring(eq + 1)});
      }
    }
    pairs.addAll(propertyPairs);
    List<String> args = spec.commandLine().getParseResult().originalArgs();
    SweepPlan.Builder plan = new SweepPlan.Builder().bindings(labels).workloads(study.allWorkloads())
        .threads(largest(study.threads(), search)).repeat(repetitions).out(out).scale(scale).flush(flush)
        .properties(pairs).capacity(search)
        .command("bin/ycsb study " + String.join(" ", args.subList(args.indexOf("study") + 1, args.size())));
    // STORE:KEY=VALUE: for that store's labels (STORE, STORE+tls, ...), unless the user gives KEY.
    for (String[] sp : storePairs) {
      for (String label : labels) {
        if ((label.equals(sp[0]) || label.startsWith(sp[0] + "+")) && propertyPairs.stream()
            .noneMatch(u -> u.startsWith(sp[1] + "=") || u.startsWith(label + ":" + sp[1] + "="))) {
          plan.labelProperty(label, sp[1], sp[2]);
        }
      }
    }
    for (Studies.Part part : study.parts()) {
      plan.workloadRuns(part.workload(), largest(part.threads(), search), part.iterations());
    }
    if (study.operationsPerClient() > 0) {
      study.workloads().forEach(w -> plan.workloadOperationsPerThread(w, study.operationsPerClient()));
    }
    for (String label : labels) {
      if (label.endsWith(Studies.TLS)) {
        plan.labelWorkloads(label, study.tlsWorkloads());
      }
      if (label.endsWith(MULTIPLEXED)) {
        plan.labelProperty(label, "connections", Integer.toString(MULTIPLEXED_CONNECTIONS));
      }
    }
    if (study.client() != null) {
      for (String store : chosen) {
        plan.runWith(store, study.client());
      }
    }
    return plan;
  }

  /** The thread counts of a study's cells: all of them, or with a capacity search the largest only. */
  private static List<Integer> largest(List<Integer> threads, SweepPlan.Capacity search) {
    return search == null ? threads : List.of(threads.stream().mapToInt(Integer::intValue).max().orElse(1));
  }

  /**
   * The provisioner for the stores without an address among the -p properties (started in containers or from
   * PATH on loopback); a store that has neither is one line, before anything runs, saying what to give.
   */
  private Provisioner provisioner(List<String> chosen, Provisioner.Way way) {
    Provisioner provisioner = java.util.ServiceLoader.load(Provisioner.class, StudyCommand.class.getClassLoader())
        .findFirst().orElse(null);
    for (String store : chosen) {
      if (addressGiven(store)) {
        continue;
      }
      String why = provisioner == null ? "no provisioner on the class path (module ycsb-kv-provision)"
          : provisioner.unavailable(new Provisioner.Request(store, 0, false, way, client, cluster, null, replicas));
      if (why != null) {
        throw new UserError("no address for " + store + " (give -p " + store + ":" + (client == null
            ? addressExample(store) : client + ".port=PORT") + ") and"
            + " it cannot be started here: " + why);
      }
    }
    return provisioner;
  }

  /** The bindings' properties that say where a store is: given for a store, it is used there and not started. */
  private static final List<String> ADDRESS_KEYS = List.of("redis.host", "redis.port", "redis.uri", "dragonfly.host",
      "dragonfly.port", "dragonfly.uri", "as.host", "as.port");

  /**
   * Whether -p names an address for {@code store}: for it alone ({@code store:key=...}) or for its binding's keys;
   * a TLS label ({@code redis+tls}) only by its own {@code redis+tls:key=...}.
   */
  private boolean addressGiven(String store) {
    if (store.endsWith(MULTIPLEXED)) {
      return addressGiven(store.substring(0, store.length() - MULTIPLEXED.length()));
    }
    List<String> keys = store.endsWith(Studies.TLS) || client != null ? List.of() : switch (store) {
      case "dragonfly" -> List.of("dragonfly.host", "dragonfly.port", "dragonfly.uri");
      case "aerospike" -> List.of("as.host", "as.port");
      default -> List.of("redis.host", "redis.port", "redis.uri");
    };
    for (String pair : propertyPairs) {
      String key = pair.contains("=") ? pair.substring(0, pair.indexOf('=')).trim() : pair;
      // A store's own property that is no address (-p redis:readfrom=replica) leaves its server to be started here.
      if (key.startsWith(store + ":") ? ADDRESS_KEYS.contains(key.substring(store.length() + 1)) : keys.contains(key)) {
        return true;
      }
    }
    return false;
  }

  private static String addressExample(String store) {
    return switch (store) {
      case "dragonfly" -> "dragonfly.port=PORT";
      case "aerospike" -> "as.host=HOST:PORT";
      default -> "redis.port=PORT";
    };
  }
}
