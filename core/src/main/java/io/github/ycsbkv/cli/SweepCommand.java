package io.github.ycsbkv.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.ycsbkv.config.Props;
import io.github.ycsbkv.config.PropertySources;
import io.github.ycsbkv.config.UserError;
import io.github.ycsbkv.engine.Benchmark;
import io.github.ycsbkv.engine.Phase;
import io.github.ycsbkv.engine.StopReason;
import io.github.ycsbkv.memory.MemoryDB;
import io.github.ycsbkv.results.BenchmarkResult;
import io.github.ycsbkv.results.ResultJson;
import io.github.ycsbkv.results.Summary;
import io.github.ycsbkv.results.SummaryCsv;
import io.github.ycsbkv.spi.Binding;
import io.github.ycsbkv.spi.EmptiesStore;
import io.github.ycsbkv.spi.BindingRegistry;
import io.github.ycsbkv.spi.ServerProbe;
import io.github.ycsbkv.spi.SkipsLoad;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ycsb sweep}: bindings x workloads x thread counts x repetitions, one result directory per
 * cell ({@code OUT/<binding>/<workload>/t<threads>/r<repetition>/}), and {@code sweep.json} /
 * {@code sweep.csv} with, per cell and figure, mean, standard deviation, coefficient of variation
 * and a 95% confidence interval over the repetitions. Resumable: a cell whose {@code result.json}
 * says it completed is not run again.
 */
@Command(name = "sweep", mixinStandardHelpOptions = true, separator = " ", sortOptions = false,
    usageHelpAutoWidth = true,
    description = {"Run a matrix of bindings x workloads x thread counts x repetitions and summarise each cell's"
        + " repetitions (mean, standard deviation, coefficient of variation, 95%% confidence interval).", ""},
    footer = {"", "Example: ycsb sweep --bindings memory,redis --workloads readheavy,balanced --threads 1,2,4"
        + " --repeat 3 --out results -p recordcount=100000 -p operationcount=100000 -p redis.host=127.0.0.1",
        "Store addresses come from -p (redis.host, dragonfly.host, ...). See docs/results.md."})
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

  @Option(names = "-p", paramLabel = "[BINDING:]KEY=VALUE",
      description = "A property for every cell, or with BINDING: for that binding's cells only (e.g."
          + " valkey:redis.port=6381); repeatable.")
  List<String> propertyPairs = new ArrayList<>();

  @Override
  public Integer call() throws IOException {
    if (repeat < 1 || threads.isEmpty() || threads.stream().anyMatch(t -> t < 1)) {
      throw new UserError("--repeat and every --threads value must be at least 1");
    }
    if (!(scale > 0) || scale > 1e6) {
      throw new UserError("--scale must be a positive factor (e.g. 0.01), got " + scale);
    }
    if (!List.of("auto", "always", "never").contains(reload)) {
      throw new UserError("--reload must be auto, always or never, got '" + reload + "'");
    }
    PrintWriter err = spec.commandLine().getErr();
    PrintWriter stdout = spec.commandLine().getOut();
    ClassLoader loader = SweepCommand.class.getClassLoader();
    BindingRegistry registry = BindingRegistry.load(loader);
    // Resolve everything first: a typo fails before any cell runs.
    Map<String, BindingResolver.Resolved> resolved = new LinkedHashMap<>();
    // NAME+LABEL is binding NAME again under its own label, directories and BINDING: properties
    // (ycsb study's redis+tls).
    for (String b : bindings) {
      String typed = b.trim();
      int plus = typed.indexOf('+');
      String suffix = plus > 0 ? typed.substring(plus) : "";
      if (plus > 0 && !suffix.matches("\\+[A-Za-z0-9_-]+")) {
        throw new UserError("--bindings: '" + typed + "' is not NAME or NAME+LABEL (letters, digits, _ and - in the"
            + " label)");
      }
      String base = plus > 0 ? typed.substring(0, plus) : typed;
      BindingResolver.Resolved r = BindingResolver.resolve(runWith.getOrDefault(base, base), registry, loader);
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
    // -p NAME:KEY=VALUE applies to one binding's cells only (redis, valkey and keydb share redis.* keys).
    List<String> globalPairs = new ArrayList<>();
    for (String pair : propertyPairs) {
      int colon = pair.indexOf(':');
      int eq = pair.indexOf('=');
      String binding = colon > 0 && (eq < 0 || colon < eq) ? pair.substring(0, colon) : null;
      if (binding != null && resolved.containsKey(binding)) {
        String kv = pair.substring(colon + 1);
        int e = kv.indexOf('=');
        if (e <= 0) {
          throw new UserError("-p expects [binding:]key=value, got '" + pair + "'");
        }
        bindingProperties.computeIfAbsent(binding, k -> new LinkedHashMap<>())
            .put(kv.substring(0, e).trim(), kv.substring(e + 1));
      } else {
        globalPairs.add(pair);
      }
    }
    Map<String, Properties> workloadProps = new LinkedHashMap<>();
    for (String w : workloads) {
      String file = w.contains("/") || Files.exists(Path.of(w)) ? w : "workloads/" + w;
      Properties p = PropertySources.load(List.of(file), List.of());
      if (p.getProperty(Benchmark.WORKLOAD) == null) {
        throw new UserError("workload file '" + file + "' sets no workload class");
      }
      scale(p, scale);
      p.putAll(PropertySources.load(List.of(), globalPairs));
      workloadProps.put(Path.of(w).getFileName().toString(), p);
    }

    ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    ObjectNode sweep = mapper.createObjectNode();
    sweep.put("schema", "ycsb-kv/sweep/1");
    sweep.put("command", commandLine());
    ArrayNode cellsJson = sweep.putArray("cells");
    StringBuilder csv = new StringBuilder("binding,workload,threads,figure,n,mean,stdDev,cv,ci95Low,ci95High\n");
    int failedCells = 0;
    // Progress over the whole matrix: which repetition of how many, and an estimate of the time left from
    // the repetitions run so far (loads included).
    int cells = 0;
    for (String label : resolved.keySet()) {
      for (String w : workloadProps.keySet()) {
        cells += runs(label, w) ? threadsFor(w).size() * repeatFor(w) : 0;
      }
    }
    final int total = cells;
    java.util.Set<String> noLoadSaid = new java.util.HashSet<>();
    int position = 0;
    int ran = 0;
    final long sweepStart = System.nanoTime();
    for (Map.Entry<String, BindingResolver.Resolved> b : resolved.entrySet()) {
      // ycsb study starts a store's server just before its cells and stops it after them.
      if (beforeBinding != null) {
        beforeBinding.accept(b.getKey());
      }
      try {
        for (Map.Entry<String, Properties> w : workloadProps.entrySet()) {
          if (!runs(b.getKey(), w.getKey())) {
            continue;
          }
          boolean skipsLoad = skipsLoad(w.getValue(), loader);
          if (skipsLoad && noLoadSaid.add(w.getKey())) {
            err.println("ycsb-kv sweep: " + w.getKey() + " is run without a load (each run starts from "
                + (flush ? "an empty store: emptied before every repetition" : "what the store holds; --flush empties"
                + " it before every repetition") + ")");
          }
          boolean inserts = Props.getDouble(w.getValue(), "insertproportion", 0) > 0;
          boolean reloadEach = reload.equals("always") || (reload.equals("auto") && inserts);
          String loadFailure = null;
          boolean loaded = false;
          String label = b.getKey();
          Properties cellProps = forBinding(label, w.getValue());
          int reps = repeatFor(w.getKey());
          for (int t : threadsFor(w.getKey())) {
            ObjectNode cell = cellsJson.addObject();
            cell.put("binding", label);
            cell.put("workload", w.getKey());
            cell.put("threads", t);
            ArrayNode failures = cell.putArray("failed");
            Map<String, List<Double>> figures = new LinkedHashMap<>();
            for (int r = 1; r <= reps; r++) {
              Path dir = out.resolve(label).resolve(w.getKey()).resolve("t" + t).resolve("r" + r);
              JsonNode done = completed(dir.resolve(ResultJson.FILE_NAME));
              position++;
              if (done == null && skipsLoad && flush) {
                String emptied = empty(label, b.getValue(), cellProps, err);
                if (emptied != null) {
                  failures.add("r" + r + ": " + emptied);
                  continue;
                }
              }
              if (done == null && !skipsLoad) {
                if (loadFailure == null && (!loaded || reloadEach)) {
                  loadFailure = flush ? empty(label, b.getValue(), cellProps, err) : null;
                }
                if (loadFailure == null && (!loaded || reloadEach)) {
                  loadFailure = load(label, b.getValue(), cellProps, threadsFor(w.getKey()),
                      dir.getParent().getParent().resolve("load"), registry, err);
                  loaded = loadFailure == null;
                  if (LOAD_INTERRUPTED.equals(loadFailure)) {
                    writeSweep(mapper, sweep, csv);
                    err.println("ycsb: sweep interrupted during a load; completed cells are kept, run the same"
                        + " command to resume");
                    return Main.EXIT_INTERRUPTED;
                  }
                }
                if (loadFailure != null) {
                  failures.add("r" + r + ": load failed: " + loadFailure);
                  continue;
                }
              }
              if (done == null) {
                String eta = ran == 0 ? "" : ", about " + minutes((System.nanoTime() - sweepStart) / 1e9 / ran
                    * (total - position + 1)) + " left";
                err.printf(Locale.US, "ycsb-kv sweep: [%d of %d%s] %s %s %d thread(s), repetition %d/%d%n", position,
                    total, eta, label, w.getKey(), t, r, reps);
                ran++;
                Properties p = new Properties();
                p.putAll(cellProps);
                p.setProperty(Benchmark.THREADS, Integer.toString(t));
                p.setProperty(Benchmark.EXPORT_DIR, dir.toString());
                BenchmarkResult result = runPhase(Phase.RUN, b.getValue(), p, registry);
                ResultJson.write(result, dir);
                SummaryCsv.write(result, dir);
                if (StopReason.INTERRUPTED.id().equals(result.stopReason())) {
                  writeSweep(mapper, sweep, csv);
                  err.println("ycsb: sweep interrupted; completed cells are kept, run the same command to resume");
                  return Main.EXIT_INTERRUPTED;
                }
                done = completed(dir.resolve(ResultJson.FILE_NAME));
                if (done == null) {
                  failures.add("r" + r + ": " + result.error());
                  continue;
                }
              }
              collect(done, figures);
            }
            if (!failures.isEmpty()) {
              failedCells++;
            }
            ObjectNode figs = cell.putObject("figures");
            for (Map.Entry<String, List<Double>> f : figures.entrySet()) {
              Summary s = Summary.of(f.getValue());
              ObjectNode o = figs.putObject(f.getKey());
              o.put("n", s.n());
              o.put("mean", s.mean());
              o.put("stdDev", s.stdDev());
              o.put("cv", s.cv());
              o.put("ci95Low", s.ci95Low());
              o.put("ci95High", s.ci95High());
              ArrayNode values = o.putArray("values");
              s.values().forEach(values::add);
              csv.append(String.format(Locale.US, "%s,%s,%d,%s,%d,%.3f,%.3f,%.4f,%.3f,%.3f%n", label,
                  w.getKey(), t, f.getKey(), s.n(), s.mean(), s.stdDev(), s.cv(), s.ci95Low(), s.ci95High()));
            }
          }
        }
      } finally {
        if (afterBinding != null) {
          afterBinding.accept(b.getKey());
        }
      }
    }
    writeSweep(mapper, sweep, csv);
    stdout.print(csv);
    stdout.flush();
    err.println("ycsb-kv sweep: wrote " + out.resolve("sweep.json") + " and " + out.resolve("sweep.csv"));
    if (failedCells > 0) {
      err.println("ycsb: " + failedCells + " cell(s) had failed repetitions; sweep.json lists why");
      return UserError.FAILED;
    }
    return 0;
  }

  private static String minutes(double seconds) {
    return seconds < 90 ? Math.round(seconds) + " s" : Math.round(seconds / 60) + " min";
  }

  /** Called with a binding's name before its first cell and after its last ({@code ycsb study}'s servers). */
  BindingHook beforeBinding;
  BindingHook afterBinding;

  /** A step around one binding's cells; may throw to stop the sweep with one line. */
  @FunctionalInterface
  interface BindingHook {
    void accept(String binding) throws IOException;
  }

  /**
   * Properties for one binding's cells only, by binding name: set by {@code ycsb study} for the servers
   * it started (redis, valkey and keydb share the redis.* keys, so each needs its own address).
   */
  final Map<String, Map<String, String>> bindingProperties = new LinkedHashMap<>();

  private Properties forBinding(String label, Properties workload) {
    Properties p = new Properties();
    p.putAll(workload);
    p.putAll(bindingProperties.getOrDefault(label, Map.of()));
    return p;
  }

  /**
   * Thread counts and repetitions of one workload where they differ from --threads and --repeat, by workload
   * name ({@code ycsb study}'s object-cache part: one thread, 13 iterations).
   */
  final Map<String, List<Integer>> workloadThreads = new LinkedHashMap<>();
  final Map<String, Integer> workloadRepeat = new LinkedHashMap<>();

  private List<Integer> threadsFor(String workload) {
    return workloadThreads.getOrDefault(workload, threads);
  }

  private int repeatFor(String workload) {
    return workloadRepeat.getOrDefault(workload, repeat);
  }

  /**
   * Names in --bindings that run another binding under their own name, by name ({@code ycsb study memtier2025}:
   * redis, valkey, keydb, dragonfly all through the {@code dragonfly} binding's client, as memtier is one client).
   */
  final Map<String, String> runWith = new LinkedHashMap<>();

  /** The workloads of one labelled binding where it runs fewer than all ({@code ycsb study --tls}: memtier only). */
  final Map<String, List<String>> bindingWorkloads = new LinkedHashMap<>();

  private boolean runs(String label, String workload) {
    List<String> only = bindingWorkloads.get(label);
    return only == null || only.contains(workload);
  }

  /** The command recorded in sweep.json when another command ran this sweep ({@code ycsb study}). */
  String commandLineOverride;

  /** This command line as typed, with the values of secret properties masked. */
  private String commandLine() {
    if (commandLineOverride != null) {
      return redactPairs(commandLineOverride);
    }
    StringBuilder sb = new StringBuilder("bin/ycsb sweep");
    List<String> all = spec.commandLine().getParseResult().originalArgs();
    List<String> args = all.subList(all.indexOf("sweep") + 1, all.size());
    for (int i = 0; i < args.size(); i++) {
      String a = args.get(i);
      if (i > 0 && args.get(i - 1).equals("-p") && a.contains("=")) {
        String key = a.substring(0, a.indexOf('='));
        a = key + "=" + io.github.ycsbkv.config.Secrets.redact(key, a.substring(a.indexOf('=') + 1));
      }
      sb.append(' ').append(a.matches("[A-Za-z0-9_./:=,@+-]+") ? a : "'" + a.replace("'", "'\\''") + "'");
    }
    return sb.toString();
  }

  /** {@code text} with the value of every {@code KEY=VALUE} token whose key is secret masked. */
  private static String redactPairs(String text) {
    StringBuilder sb = new StringBuilder();
    for (String token : text.split(" ")) {
      int eq = token.indexOf('=');
      sb.append(sb.length() == 0 ? "" : " ").append(eq <= 0 ? token
          : token.substring(0, eq + 1) + io.github.ycsbkv.config.Secrets.redact(token.substring(0, eq), token.substring(eq + 1)));
    }
    return sb.toString();
  }

  private void writeSweep(ObjectMapper mapper, ObjectNode sweep, StringBuilder csv) throws IOException {
    Files.createDirectories(out);
    mapper.writeValue(out.resolve("sweep.json").toFile(), sweep);
    Files.writeString(out.resolve("sweep.csv"), csv, StandardCharsets.UTF_8);
  }

  /**
   * Scales a workload file's sizes: recordcount and operationcount times {@code factor} (at least 1), and
   * the time-series workload's series count down to the records when there are fewer records than series.
   */
  static void scale(Properties p, double factor) {
    if (factor == 1.0) {
      return;
    }
    for (String key : List.of(Benchmark.RECORD_COUNT, Benchmark.OPERATION_COUNT)) {
      if (p.getProperty(key) != null) {
        p.setProperty(key, Long.toString(Math.max(1, Math.round(Props.getLong(p, key, 0, 0) * factor))));
      }
    }
    long records = Props.getLong(p, Benchmark.RECORD_COUNT, 0, 0);
    if (p.getProperty("ts.series") != null || p.getProperty(Benchmark.WORKLOAD, "").endsWith("TimeSeriesWorkload")) {
      long series = Props.getLong(p, "ts.series", 1024, 1);
      if (records > 0 && records < series) {
        p.setProperty("ts.series", Long.toString(records));
      }
    }
  }

  /** Empties the store (--flush) before a load; returns null, or why it failed. */
  private static String empty(String label, BindingResolver.Resolved b, Properties workload, PrintWriter err) {
    site.ycsb.DB db;
    try {
      db = b.dbClass().getDeclaredConstructor().newInstance();
    } catch (ReflectiveOperationException e) {
      return "cannot create " + b.dbClass().getName() + ": " + UserError.describe(e);
    }
    Properties p = new Properties();
    p.putAll(workload);
    db.setProperties(p);
    try {
      db.init();
      err.println("ycsb-kv sweep: emptied " + label + ": " + ((EmptiesStore) db).emptyStore());
      return null;
    } catch (site.ycsb.DBException | RuntimeException e) {
      return "cannot empty the store: " + UserError.describe(e);
    } finally {
      try {
        db.cleanup();
      } catch (site.ycsb.DBException | RuntimeException e) {
        // The store was emptied or the error above says why; closing is best effort.
      }
    }
  }

  /** What {@link #load} returns when Ctrl-C stopped it: the sweep stops too. */
  private static final String LOAD_INTERRUPTED = "the load was interrupted (Ctrl-C)";

  /** Whether the workload's class says its runs start without a load ({@link SkipsLoad}). */
  private static boolean skipsLoad(Properties workload, ClassLoader loader) {
    try {
      return SkipsLoad.class.isAssignableFrom(Class.forName(workload.getProperty(Benchmark.WORKLOAD), false, loader));
    } catch (ClassNotFoundException | LinkageError e) {
      return false; // the run names the missing class in its own words
    }
  }

  /** Loads the workload's records; returns null, or why it failed. */
  private static String load(String label, BindingResolver.Resolved b, Properties workload, List<Integer> threads,
      Path dir, BindingRegistry registry, PrintWriter err) {
    if (b.dbClass() == MemoryDB.class) {
      MemoryDB.clearAll();
    }
    Properties p = new Properties();
    p.putAll(workload);
    p.setProperty(Benchmark.THREADS, Integer.toString(threads.stream().mapToInt(Integer::intValue).max().orElse(1)));
    p.setProperty(Benchmark.EXPORT_DIR, dir.toString());
    err.println("ycsb-kv sweep: loading " + label);
    try {
      BenchmarkResult r = runPhase(Phase.LOAD, b, p, registry);
      ResultJson.write(r, dir);
      if (StopReason.INTERRUPTED.id().equals(r.stopReason())) {
        return LOAD_INTERRUPTED;
      }
      return StopReason.COMPLETED.id().equals(r.stopReason()) ? null : r.error() == null ? r.stopReason() : r.error();
    } catch (UserError | IOException e) {
      return UserError.describe(e);
    }
  }

  private static BenchmarkResult runPhase(Phase phase, BindingResolver.Resolved b, Properties p,
      BindingRegistry registry) {
    Binding binding = registry.find(b.name()).orElse(null);
    ServerProbe probe = null;
    try {
      probe = binding == null ? null : binding.probe(p);
    } catch (RuntimeException e) {
      probe = null;
    }
    Benchmark benchmark = new Benchmark(phase, p, b.name(), b.dbClass(), SweepCommand.class.getClassLoader())
        .probe(probe);
    Interrupts.setActive(benchmark.stopSignal());
    try {
      return benchmark.run();
    } finally {
      Interrupts.setActive(null);
      if (probe != null) {
        probe.close();
      }
    }
  }

  /** The cell's result if it completed (or stopped at its time limit), else null. */
  private static JsonNode completed(Path resultJson) throws IOException {
    if (!Files.exists(resultJson)) {
      return null;
    }
    JsonNode json = ResultJson.read(resultJson);
    String reason = json.path("stopReason").asText();
    return reason.equals(StopReason.COMPLETED.id()) || reason.equals(StopReason.MAX_EXECUTION_TIME.id()) ? json : null;
  }

  /** The figures summarised per cell: throughput, and mean, P50, P95, P99, P99.9 of each operation's successes. */
  private static void collect(JsonNode result, Map<String, List<Double>> figures) {
    figures.computeIfAbsent("throughputOpsPerSec", k -> new ArrayList<>())
        .add(result.path("overall").path("throughputOpsPerSec").asDouble());
    for (JsonNode op : result.path("operations")) {
      String name = op.path("operation").asText();
      JsonNode ok = op.path("serviceOk");
      if (name.equals("CLEANUP") || ok.isNull() || ok.isMissingNode()) {
        continue;
      }
      Iterator<String> fields = List.of("meanMicros", "p50Micros", "p95Micros", "p99Micros", "p99_9Micros").iterator();
      while (fields.hasNext()) {
        String f = fields.next();
        if (ok.has(f)) {
          figures.computeIfAbsent(name + "." + f, k -> new ArrayList<>()).add(ok.path(f).asDouble());
        }
      }
    }
  }
}
