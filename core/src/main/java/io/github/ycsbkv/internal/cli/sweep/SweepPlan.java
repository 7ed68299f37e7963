package io.github.ycsbkv.internal.cli.sweep;

import io.github.ycsbkv.capacity.CapacitySearch;
import io.github.ycsbkv.config.EngineProperties;
import io.github.ycsbkv.config.PropertySources;
import io.github.ycsbkv.config.Props;
import io.github.ycsbkv.config.Secrets;
import io.github.ycsbkv.config.Slo;
import io.github.ycsbkv.config.UserError;
import io.github.ycsbkv.engine.Benchmarks;
import io.github.ycsbkv.engine.WorkloadTraits;
import io.github.ycsbkv.results.sweep.SweepCell;
import io.github.ycsbkv.spi.BindingRegistry;
import io.github.ycsbkv.spi.EmptiesStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;

/**
 * What a sweep runs, fixed before its first cell, so that a typo fails before anything runs: its targets (each a
 * binding under a label, with the properties and workloads of its own), its workloads (each with its properties,
 * thread counts and repetitions), where results go, when to load again, whether to empty the stores, whether each
 * repetition is a capacity search instead of one run, and the command recorded. {@code ycsb sweep} builds one from
 * its options, {@code ycsb study} from a study; one {@link SweepRunner} runs either. Immutable (the workloads'
 * properties are copied, never changed).
 *
 * @param capacity the capacity search each repetition runs ({@code --capacity}), or null for one run each
 */
public record SweepPlan(List<Target> targets, List<Workload> workloads, Path out, Reload reload, boolean flush,
    String command, Capacity capacity) {

  /**
   * A capacity search per repetition ({@code sweep --capacity}, {@code study --capacity}): the budget and the
   * search's step length, warm-up (null: none) and resolution, as {@code ycsb capacity} takes them.
   */
  public record Capacity(Slo slo, long stepSeconds, String warmup, double resolution) {

    /** The search's settings. */
    CapacitySearch.Settings settings() {
      return CapacitySearch.Settings.defaults(resolution);
    }

    /** One line for the sweep's start. */
    String describe() {
      return String.format(Locale.ROOT, "capacity within %s, %d s steps (warm-up %s each), resolution %.1f%%",
          slo.describe(), stepSeconds, warmup == null ? "none" : warmup, resolution * 100);
    }
  }

  /** When a workload is loaded again: before every repetition (always, or auto when it inserts), or once. */
  enum Reload { AUTO, ALWAYS, NEVER }

  /**
   * A binding's cells: its label ({@code redis}, {@code redis+tls}), the binding that runs them, properties for its
   * cells only, and the workloads it runs (null: all).
   */
  record Target(String label, Benchmarks binding, Map<String, String> properties, List<String> only) {

    boolean runs(String workload) {
      return only == null || only.contains(workload);
    }
  }

  /**
   * A workload file's cells: its name, its properties (scaled, with the sweep's global {@code -p}), the thread
   * counts and repetitions, what its class says of itself ({@link WorkloadTraits}: whether its runs start without a
   * load, whether it warms up before each) and whether it inserts.
   *
   * @param operationsPerThread each cell's operationcount is this many per thread (memtier_benchmark's requests per
   *     connection), scaled; 0: the file's operationcount, the same in every cell
   */
  record Workload(String name, Properties properties, List<Integer> threads, int repeat, WorkloadTraits traits,
      boolean inserts, long operationsPerThread) {

    /** Whether every repetition loads again first (a warm-up, {@link WorkloadTraits#warmsUpEachRun()}: always). */
    boolean reloads(Reload reload) {
      return reload == Reload.ALWAYS || (reload == Reload.AUTO && inserts) || traits.warmsUpEachRun();
    }

    /** Whether its runs start without a load ({@link WorkloadTraits#skipsLoad()}). */
    boolean skipsLoad() {
      return traits.skipsLoad();
    }
  }

  public SweepPlan {
    targets = List.copyOf(targets);
    workloads = List.copyOf(workloads);
  }

  /** The repetitions the plan runs over every cell (for the progress line). */
  int repetitions() {
    int n = 0;
    for (Target t : targets) {
      for (Workload w : workloads) {
        n += t.runs(w.name()) ? w.threads().size() * w.repeat() : 0;
      }
    }
    return n;
  }

  /** Builds a plan: what both commands give, then {@link #build} resolves and checks it. Not thread-safe. */
  public static final class Builder {
    private final List<String> bindings = new ArrayList<>();
    private final List<String> workloadFiles = new ArrayList<>();
    private final List<String> pairs = new ArrayList<>();
    private List<Integer> threads = List.of(1);
    private int repeat = 1;
    private double scale = 1.0;
    private Path out;
    private Reload reload = Reload.AUTO;
    private boolean flush;
    private String command = "";
    private Capacity capacity;
    private final Map<String, List<Integer>> workloadThreads = new LinkedHashMap<>();
    private final Map<String, Integer> workloadRepeat = new LinkedHashMap<>();
    private final Map<String, Long> workloadOperationsPerThread = new LinkedHashMap<>();
    private final Map<String, Map<String, String>> labelProperties = new LinkedHashMap<>();
    private final Map<String, List<String>> labelWorkloads = new LinkedHashMap<>();
    private final Map<String, String> runWith = new LinkedHashMap<>();
    private final List<String> maxmemory = new ArrayList<>();

    /** Bindings as typed: {@code NAME}, or {@code NAME+LABEL} to run NAME again under its own label. */
    public Builder bindings(List<String> names) {
      bindings.addAll(names);
      return this;
    }

    /** Workload files: names in {@code workloads/} or paths. */
    public Builder workloads(List<String> files) {
      workloadFiles.addAll(files);
      return this;
    }

    /** {@code [LABEL:]KEY=VALUE} pairs: for every cell, or for one label's. */
    public Builder properties(List<String> keyValues) {
      pairs.addAll(keyValues);
      return this;
    }

    public Builder threads(List<Integer> counts) {
      threads = List.copyOf(counts);
      return this;
    }

    public Builder repeat(int repetitions) {
      repeat = repetitions;
      return this;
    }

    /** Multiplies each workload file's recordcount and operationcount ({@code -p} still wins). */
    public Builder scale(double factor) {
      scale = factor;
      return this;
    }

    public Builder out(Path dir) {
      out = dir;
      return this;
    }

    public Builder reload(String when) {
      try {
        reload = Reload.valueOf(when.trim().toUpperCase(Locale.ROOT));
      } catch (IllegalArgumentException e) {
        throw new UserError("--reload must be auto, always or never, got '" + when + "'");
      }
      return this;
    }

    public Builder flush(boolean empty) {
      flush = empty;
      return this;
    }

    /** The command recorded in {@code sweep.json} (secrets are masked by the builder). */
    public Builder command(String text) {
      command = text;
      return this;
    }

    /** Each repetition a capacity search ({@code --capacity}); null: one run each. */
    public Builder capacity(Capacity search) {
      capacity = search;
      return this;
    }

    /**
     * Memory limits ({@code --maxmemory}): each binding's cells again under each limit, as {@code NAME+SIZE} (or
     * {@code NAME+LABEL-SIZE}), with {@code server.maxmemory} set to it.
     */
    public Builder maxmemory(List<String> sizes) {
      maxmemory.addAll(sizes);
      return this;
    }

    /** Thread counts and repetitions of one workload where they differ ({@code ycsb study}'s object-cache part). */
    public Builder workloadRuns(String workload, List<Integer> counts, int repetitions) {
      workloadThreads.put(workload, List.copyOf(counts));
      workloadRepeat.put(workload, repetitions);
      return this;
    }

    /**
     * One workload's operations per thread instead of its file's operationcount ({@code ycsb study memtier2025}: 5,000
     * requests per connection, as memtier_benchmark counts them); a {@code -p operationcount} still wins.
     */
    public Builder workloadOperationsPerThread(String workload, long perThread) {
      workloadOperationsPerThread.put(workload, perThread);
      return this;
    }

    /** A property for one label's cells only. */
    public Builder labelProperty(String label, String key, String value) {
      labelProperties.computeIfAbsent(label, k -> new LinkedHashMap<>()).put(key, value);
      return this;
    }

    /** The workloads one label runs, where it runs fewer than all ({@code ycsb study --tls}). */
    public Builder labelWorkloads(String label, List<String> workloads) {
      labelWorkloads.put(label, List.copyOf(workloads));
      return this;
    }

    /** Runs {@code name}'s cells with another binding's client, under its own name ({@code memtier2025}). */
    public Builder runWith(String name, String binding) {
      runWith.put(name, binding);
      return this;
    }

    /** Resolves every binding and reads every workload file; the first mistake is one line. */
    public SweepPlan build(BindingRegistry registry, ClassLoader loader) {
      if (repeat < 1 || threads.isEmpty() || threads.stream().anyMatch(t -> t < 1)) {
        throw new UserError("--repeat and every --threads value must be at least 1");
      }
      if (!(scale > 0) || scale > 1e6) {
        throw new UserError("--scale must be a positive factor (e.g. 0.01), got " + scale);
      }
      for (String size : maxmemory) {
        if (!(SweepCell.bytes(size) >= 1)) {
          throw new UserError("--maxmemory: '" + size + "' is not a size the server takes (32mb, 1gb, or bytes)");
        }
      }
      Map<String, Benchmarks> resolved = resolve(registry, loader);
      if (!maxmemory.isEmpty()) {
        for (Map.Entry<String, Benchmarks> e : resolved.entrySet()) {
          if (registry.find(e.getValue().name()).map(b -> b.properties().stream()
              .noneMatch(d -> d.name().equals(SweepCell.MAXMEMORY_PROPERTY))).orElse(true)) {
            throw new UserError("--maxmemory sets the memory limit of a RESP server or Aerospike (server.maxmemory);"
                + " binding '"
                + e.getKey() + "' has none: drop it, or --maxmemory");
          }
        }
      }
      List<String> global = new ArrayList<>();
      for (String pair : pairs) {
        splitPair(pair, resolved, global);
      }
      List<Target> targets = new ArrayList<>();
      resolved.forEach((label, r) -> {
        Map<String, String> own = labelProperties.getOrDefault(label, Map.of());
        if (maxmemory.isEmpty()) {
          targets.add(new Target(label, r, Map.copyOf(own), labelWorkloads.get(label)));
          return;
        }
        for (String size : maxmemory) {
          Map<String, String> limited = new LinkedHashMap<>(own);
          limited.put(SweepCell.MAXMEMORY_PROPERTY, size.trim());
          String sized = label + (label.contains("+") ? "-" : "+") + size.trim().toLowerCase(Locale.ROOT);
          targets.add(new Target(sized, r, Map.copyOf(limited), labelWorkloads.get(label)));
        }
      });
      List<Workload> workloads = new ArrayList<>();
      for (String w : workloadFiles) {
        workloads.add(workload(w, global, loader));
      }
      if (capacity != null) {
        for (Workload w : workloads) {
          if (w.properties().getProperty(EngineProperties.TARGET) != null) {
            throw new UserError("-p target: --capacity chooses the rates itself; drop it");
          }
        }
      }
      return new SweepPlan(targets, workloads, out, reload, flush, redactPairs(command), capacity);
    }

    /**
     * Every binding, by label: NAME+LABEL is binding NAME again under its own label, directories and LABEL:
     * properties ({@code ycsb study}'s {@code redis+tls}).
     */
    private Map<String, Benchmarks> resolve(BindingRegistry registry, ClassLoader loader) {
      Map<String, Benchmarks> resolved = new LinkedHashMap<>();
      for (String b : bindings) {
        String typed = b.trim();
        int plus = typed.indexOf('+');
        String suffix = plus > 0 ? typed.substring(plus) : "";
        if (plus > 0 && !suffix.matches("\\+[A-Za-z0-9_-]+")) {
          throw new UserError("--bindings: '" + typed + "' is not NAME or NAME+LABEL (letters, digits, _ and - in the"
              + " label)");
        }
        String base = plus > 0 ? typed.substring(0, plus) : typed;
        Benchmarks r = Benchmarks.of(runWith.getOrDefault(base, base), new Properties(), registry, loader);
        String name = runWith.containsKey(base) ? base : r.name();
        if (flush && !EmptiesStore.class.isAssignableFrom(r.dbClass())) {
          throw new UserError("--flush: binding '" + r.name() + "' cannot empty its store (it does not implement"
              + " io.github.ycsbkv.spi.EmptiesStore); drop --flush");
        }
        if (resolved.put(name + suffix, r) != null) {
          throw new UserError("--bindings names '" + name + suffix + "' twice; give the second a label, e.g. "
              + name + "+b");
        }
      }
      return resolved;
    }

    /** {@code LABEL:KEY=VALUE} applies to one label's cells only (redis, valkey and keydb share redis.* keys). */
    private void splitPair(String pair, Map<String, Benchmarks> resolved, List<String> global) {
      int colon = pair.indexOf(':');
      int eq = pair.indexOf('=');
      String label = colon > 0 && (eq < 0 || colon < eq) ? pair.substring(0, colon) : null;
      if (label == null || !resolved.containsKey(label)) {
        global.add(pair);
        return;
      }
      String kv = pair.substring(colon + 1);
      int e = kv.indexOf('=');
      if (e <= 0) {
        throw new UserError("-p expects [binding:]key=value, got '" + pair + "'");
      }
      labelProperty(label, kv.substring(0, e).trim(), kv.substring(e + 1));
    }

    private Workload workload(String w, List<String> global, ClassLoader loader) {
      String file = w.contains("/") || Files.exists(Path.of(w)) ? w : "workloads/" + w;
      Properties p = PropertySources.load(List.of(file), List.of());
      if (p.getProperty(EngineProperties.WORKLOAD) == null) {
        throw new UserError("workload file '" + file + "' sets no workload class");
      }
      SweepPlan.scale(p, scale);
      Properties given = PropertySources.load(List.of(), global);
      p.putAll(given);
      String name = Path.of(w).getFileName().toString();
      long perThread = workloadOperationsPerThread.getOrDefault(name, 0L);
      perThread = perThread == 0 || given.getProperty(EngineProperties.OPERATION_COUNT) != null ? 0
          : Math.max(1, Math.round(perThread * scale));
      return new Workload(name, p, workloadThreads.getOrDefault(name, threads),
          workloadRepeat.getOrDefault(name, repeat), traits(p, loader),
          Props.getDouble(p, "insertproportion", 0) > 0, perThread);
    }

    /** What the workload's class says of itself that does not depend on its properties ({@link WorkloadTraits}). */
    private static WorkloadTraits traits(Properties workload, ClassLoader loader) {
      try {
        return WorkloadTraits.of(Class.forName(workload.getProperty(EngineProperties.WORKLOAD), false, loader));
      } catch (ClassNotFoundException | LinkageError e) {
        return WorkloadTraits.NONE; // the run names the missing class in its own words
      }
    }
  }

  /** {@code text} with the value of every {@code KEY=VALUE} token whose key is secret masked. */
  static String redactPairs(String text) {
    StringBuilder sb = new StringBuilder();
    for (String token : text.split(" ")) {
      int eq = token.indexOf('=');
      sb.append(sb.length() == 0 ? "" : " ").append(eq <= 0 ? token
          : token.substring(0, eq + 1) + Secrets.redact(token.substring(0, eq), token.substring(eq + 1)));
    }
    return sb.toString();
  }

  /**
   * Scales a workload file's sizes: recordcount and operationcount times {@code factor} (at least 1), and
   * the time-series workload's series count down to the records when there are fewer records than series.
   */
  public static void scale(Properties p, double factor) {
    if (factor == 1.0) {
      return;
    }
    for (String key : List.of(EngineProperties.RECORD_COUNT, EngineProperties.OPERATION_COUNT)) {
      if (p.getProperty(key) != null) {
        p.setProperty(key, Long.toString(Math.max(1, Math.round(Props.getLong(p, key, 0, 0) * factor))));
      }
    }
    long records = Props.getLong(p, EngineProperties.RECORD_COUNT, 0, 0);
    String workload = p.getProperty(EngineProperties.WORKLOAD, "");
    if (p.getProperty("ts.series") != null || workload.endsWith("TimeSeriesWorkload")) {
      long series = Props.getLong(p, "ts.series", 1024, 1);
      if (records > 0 && records < series) {
        p.setProperty("ts.series", Long.toString(records));
      }
    }
  }
}
