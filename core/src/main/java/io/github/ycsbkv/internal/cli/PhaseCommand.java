package io.github.ycsbkv.internal.cli;

import io.github.ycsbkv.config.EngineProperties;
import io.github.ycsbkv.config.PropertySources;
import io.github.ycsbkv.config.Props;
import io.github.ycsbkv.config.UserError;
import io.github.ycsbkv.engine.Benchmarks;
import io.github.ycsbkv.engine.Phase;
import io.github.ycsbkv.engine.WorkloadTraits;
import io.github.ycsbkv.engine.stop.StopReason;
import io.github.ycsbkv.internal.cli.console.FailedOperations;
import io.github.ycsbkv.internal.cli.console.Interrupts;
import io.github.ycsbkv.internal.cli.console.WriterOutputStream;
import io.github.ycsbkv.memory.MemoryDB;
import io.github.ycsbkv.results.BenchmarkResult;
import io.github.ycsbkv.results.ResultJson;
import io.github.ycsbkv.results.summary.SummaryCsv;
import io.github.ycsbkv.results.summary.SummaryText;
import io.github.ycsbkv.spi.Binding;
import io.github.ycsbkv.spi.BindingRegistry;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * What {@code load} and {@code run} share: YCSB's options, property precedence, binding resolution,
 * output and exit codes.
 *
 * <p>Precedence, lowest first: {@code -P} files in order, {@code -p} pairs in order, then the
 * dedicated options {@code -threads}, {@code -target} and {@code -l}.
 */
abstract class PhaseCommand implements Callable<Integer> {

  /** Property naming the directory for {@code result.json}, {@code summary.csv} and histograms. */
  static final String EXPORT_DIR = EngineProperties.EXPORT_DIR;
  /** Upstream's property for a file that receives the text summary. */
  static final String EXPORT_FILE = EngineProperties.EXPORT_FILE;

  @Spec
  CommandSpec spec;

  @Parameters(index = "0", arity = "0..1", paramLabel = "BINDING",
      description = "A binding name (see 'ycsb bindings') or a fully qualified site.ycsb.DB class.")
  String binding;

  @Option(names = "-db", paramLabel = "CLASS",
      description = "The binding as upstream's site.ycsb.Client takes it (a class or a name).")
  String dbOption;

  @Option(names = "-P", paramLabel = "FILE",
      description = "A workload property file; repeatable, a later file wins.")
  List<String> propertyFiles = new ArrayList<>();

  @Option(names = "-p", paramLabel = "KEY=VALUE",
      description = "A property; repeatable, wins over every -P file (e.g. -p recordcount=1000).")
  List<String> propertyPairs = new ArrayList<>();

  @Option(names = "-threads", paramLabel = "N", description = "Closed-loop clients (property threadcount, default 1), each with a"
      + " connection of its own and one request in flight on it; -p connections=N makes them share N connections,"
      + " -p pipeline=P keeps P requests in flight on each client's connection. Results state the load the server saw"
      + " and the CPU per operation of the client and (Redis, Valkey, KeyDB) the server.")
  Integer threads;

  @Option(names = "-target", paramLabel = "OPS|SCHEDULE",
      description = "Total operations per second over all threads (property target): an open loop, operations"
          + " arriving on a schedule whatever the replies do (-p arrivals=uniform|poisson), timed from each intended"
          + " start (no coordinated omission); on the binding's event loops where it has them, else a thread per"
          + " client; one request in flight per connection (-p maxinflight=N: up to N, on the event loops). The"
          + " result says how late the client itself was (docs/capacity.md). A rate that changes: pieces joined by"
          + " commas, RATE@DURATION (hold), FROM..TO@DURATION (ramp), MEAN~AMPLITUDE/PERIOD@DURATION (sine), e.g."
          + " 1000@30s,1000..8000@1m,8000@30s, or file:PATH of 'SECONDS RATE' lines; the run ends with the schedule"
          + " (docs/schedules.md).")
  String target;

  @Option(names = "-s", description = "Print a status line every status.interval seconds (default 10) to stderr,"
      + " instead of the progress line shown on a terminal.")
  boolean status;

  @Option(names = "-l", paramLabel = "LABEL", description = "A label recorded in the results (property label).")
  String label;

  @Option(names = "-cp", paramLabel = "PATH",
      description = "Extra jars or class directories (':'-separated, 'dir/*' for every jar); also from $"
          + ExtraClasspath.ENV + ".")
  List<String> classpath = new ArrayList<>();

  @Option(names = "-t", hidden = true, description = "Upstream's flag for the run phase.")
  boolean upstreamRunFlag;

  @Option(names = "-load", hidden = true, description = "Upstream's flag for the load phase.")
  boolean upstreamLoadFlag;

  abstract Phase phase();

  /** {@code summary=ycsb}: upstream's summary lines only, also on a terminal. */
  static final String SUMMARY = "summary";
  /** Set by bin/ycsb: whether stderr is a terminal (a progress line is shown there). */
  static final String STDERR_TTY = "ycsbkv.stderr.tty";
  /** Set by bin/ycsb: whether stdout is a terminal (a table for people follows the summary). */
  static final String STDOUT_TTY = "ycsbkv.stdout.tty";

  /** The binding the command line names, with the class loader of {@code -cp}, ready to run with {@code props}. */
  record Resolved(Benchmarks binding, ClassLoader loader) {}

  /**
   * Resolves the binding ({@code -cp} included), prints one warning line for keys no part of the run declares, and
   * records the binding's class as {@code db} in {@code props}.
   */
  Resolved resolve(Properties props, PrintWriter err) {
    ClassLoader loader = ExtraClasspath.create(classpath, System.getenv(ExtraClasspath.ENV),
        PhaseCommand.class.getClassLoader());
    BindingRegistry registry = BindingRegistry.load(loader);
    Benchmarks binding = Benchmarks.of(requestedBinding(props), props, registry, loader);
    warnUnknownKeys(props, registry, binding.dbClass(), loader, err);
    props.setProperty("db", binding.dbClass().getName());
    return new Resolved(binding.with(props), loader);
  }

  @Override
  public Integer call() {
    Properties props = properties();
    PrintWriter err = spec.commandLine().getErr();
    Resolved resolved = resolve(props, err);
    Benchmarks binding = resolved.binding();
    ClassLoader loader = resolved.loader();
    // A malformed thread count is the one line printed, not a header with it.
    int threads = Props.getInt(props, EngineProperties.THREADS, EngineProperties.DEFAULT_THREADS, 1);
    err.println("ycsb-kv: " + phase().command() + " " + binding.name() + " (" + binding.dbClass().getName() + "), "
        + threadsText(props, threads, loader)
        + (props.getProperty(EngineProperties.TARGET) == null ? "" : ", target " + targetText(props)));
    if (!preloadMemory(binding, props, loader, err)) {
      return UserError.FAILED;
    }
    java.io.PrintStream errStream = new java.io.PrintStream(new WriterOutputStream(err), true, StandardCharsets.UTF_8);
    BenchmarkResult result;
    try {
      result = binding.run(phase(), b -> {
        b.statusTo(status ? errStream : null)
            // On a terminal (bin/ycsb says which streams are), one self-updating line instead of silence;
            // -s keeps upstream's status lines, for logs.
            .progressTo(!status && Boolean.getBoolean(STDERR_TTY) ? errStream : null)
            .warningsTo(errStream);
        Interrupts.setActive(b.stopSignal());
      });
    } finally {
      Interrupts.setActive(null);
    }
    return report(result, props, spec.commandLine().getOut(), err);
  }

  /** The properties of the -P files and -p pairs, with the dedicated options; checked before anything runs. */
  Properties properties() {
    if ((phase() == Phase.LOAD && upstreamRunFlag) || (phase() == Phase.RUN && upstreamLoadFlag)) {
      throw new UserError("'" + (upstreamRunFlag ? "-t" : "-load") + "' contradicts the '" + phase().command()
          + "' command; drop the flag");
    }
    Properties props = PropertySources.load(propertyFiles, propertyPairs);
    if (threads != null) {
      props.setProperty(EngineProperties.THREADS, threads.toString());
    }
    if (target != null) {
      props.setProperty(EngineProperties.TARGET, target.trim());
    }
    if (label != null) {
      props.setProperty(EngineProperties.LABEL, label);
    }
    addOwn(props);
    FailedOperations.validate(props);
    checkExportDir(props.getProperty(EXPORT_DIR));
    if (props.getProperty(EngineProperties.WORKLOAD) == null) {
      // As upstream's Client, never guess: a run without a workload would be CoreWorkload's defaults forever.
      throw new UserError("no workload given: pass a workload file with -P (for example -P workloads/workloada)"
          + " or -p workload=CLASS");
    }
    return props;
  }

  /**
   * How the header says the client threads: {@code threads} (what -threads gives, or the default), or, without
   * -threads, a thread per client of a workload that has clients of its own (a recording's, {@link
   * WorkloadTraits#hasClientsOfItsOwn}), which the engine counts once it has read them.
   */
  String threadsText(Properties props, int threads, ClassLoader loader) {
    if (props.getProperty(EngineProperties.THREADS) == null) {
      try {
        String workload = props.getProperty(EngineProperties.WORKLOAD, EngineProperties.DEFAULT_WORKLOAD).trim();
        Class<?> type = Class.forName(workload, false, loader);
        if (WorkloadTraits.of(type).hasClientsOfItsOwn()) {
          return "a thread per client of the workload's own";
        }
      } catch (ClassNotFoundException | LinkageError e) {
        // the run says what is missing
      }
    }
    return threads + " thread(s)";
  }

  /** What a command adds to the properties from its own options (none here); after -P and -p, before the checks. */
  void addOwn(Properties props) {}

  /** The binding the command line names: {@code <binding>}, {@code -db CLASS} or {@code -p db=CLASS}. */
  String requestedBinding(Properties props) {
    String requested = binding != null ? binding : dbOption != null ? dbOption : props.getProperty("db");
    if (binding != null && dbOption != null && !binding.equals(dbOption)) {
      throw new UserError("binding given twice: '" + binding + "' and -db '" + dbOption + "'");
    }
    if (requested == null || requested.isBlank()) {
      throw new UserError("no binding given: ycsb " + phase().command() + " <binding> -P <workload file>"
          + " (see 'ycsb bindings')");
    }
    return requested.trim();
  }

  /**
   * YCSB's two steps on the embedded {@code memory} binding: its records live in this process only, so a
   * {@code run} in a new process would find none (every read NOT_FOUND). When the table is empty, the
   * run's own records are loaded first, in this process, unmeasured, and stderr says so. Returns false
   * when that load failed (its error printed).
   */
  private boolean preloadMemory(Benchmarks binding, Properties props, ClassLoader loader, PrintWriter err) {
    long records = Props.getLong(props, EngineProperties.RECORD_COUNT, 0, 0);
    String table = props.getProperty("table", "usertable");
    if (phase() != Phase.RUN || !MemoryDB.class.equals(binding.dbClass()) || records == 0 || MemoryDB.size(table) > 0) {
      return true;
    }
    // The run's own settings first: a malformed one is its one line, not the preload's workload rejecting it.
    Props.getLong(props, EngineProperties.OPERATION_COUNT, 0, 0);
    Props.getSeconds(props, EngineProperties.MAX_EXECUTION_TIME, 0);
    try {
      Class<?> workload = Class.forName(props.getProperty(EngineProperties.WORKLOAD).trim(), false, loader);
      if (io.github.ycsbkv.engine.WorkloadTraits.of(workload).runsWithoutLoad()) {
        return true; // its run starts from what the store holds (memtier's cold cache)
      }
    } catch (ClassNotFoundException | LinkageError e) {
      return true; // the run itself says what is wrong with the workload
    }
    err.println(String.format(Locale.ROOT, "ycsb-kv: the memory binding keeps records in this process only, and this"
        + " one has none: loading the workload's %,d records first (not measured; a server binding keeps them between"
        + " load and run)", records));
    Properties loadProps = new Properties();
    loadProps.putAll(props);
    for (String key : List.of(EngineProperties.TARGET, EngineProperties.MAX_EXECUTION_TIME, EngineProperties.WARMUP,
        EXPORT_DIR, EngineProperties.INSERT_COUNT, EngineProperties.INSERT_START)) {
      loadProps.remove(key);
    }
    BenchmarkResult loaded = binding.with(loadProps).benchmark(Phase.LOAD).run();
    if (!StopReason.COMPLETED.id().equals(loaded.stopReason())) {
      err.println("ycsb: loading the memory binding before the run failed: "
          + (loaded.error() == null ? loaded.stopReason() : loaded.error()));
      return false;
    }
    return true;
  }

  /**
   * Fails before anything runs when {@code export.dir} cannot receive the results (it is a file, or
   * cannot be created or written), so that a whole benchmark is never run for results it cannot keep.
   */
  static void checkExportDir(String exportDir) {
    if (exportDir == null || exportDir.isBlank()) {
      return;
    }
    Path dir = Path.of(exportDir);
    if (Files.exists(dir) && !Files.isDirectory(dir)) {
      throw new UserError("export.dir '" + exportDir + "' cannot hold the results: Not a directory");
    }
    try {
      Files.createDirectories(dir);
    } catch (IOException e) {
      String reason = e instanceof java.nio.file.AccessDeniedException ? "Permission denied"
          : e instanceof java.nio.file.FileSystemException fs && fs.getReason() != null ? fs.getReason()
          : UserError.describe(e);
      throw new UserError("export.dir '" + exportDir + "' cannot be created: " + reason);
    }
    if (!Files.isWritable(dir)) {
      throw new UserError("export.dir '" + exportDir + "' cannot hold the results: Permission denied");
    }
  }

  /** One warning line for -p/-P keys that no part of the run declares; never fails (-cp bindings read their own). */
  static void warnUnknownKeys(Properties props, BindingRegistry registry, Class<?> dbClass,
      ClassLoader loader, PrintWriter err) {
    // Every binding's keys: the shipped workload files set keys for several (redis.datatype, dragonfly.datatype).
    java.util.Set<String> declared = new java.util.HashSet<>(UnknownProperties.ENGINE);
    for (Binding b : registry.bindings()) {
      declared.addAll(UnknownProperties.declaredBy(b));
    }
    // A DB class declares its keys as upstream's do (site.ycsb.BasicDB's VERBOSE = "basicdb.verbose").
    declared.addAll(UnknownProperties.declaredBy(dbClass));
    boolean bindingDeclares = registry.bindings().stream()
        .anyMatch(b -> b.dbClassName().equals(dbClass.getName()));
    try {
      String workload = props.getProperty(EngineProperties.WORKLOAD).trim();
      declared.addAll(UnknownProperties.declaredBy(Class.forName(workload, false, loader)));
    } catch (ClassNotFoundException | LinkageError e) {
      return; // the run itself says what is wrong with the workload
    }
    String warning = UnknownProperties.warning(props, declared, bindingDeclares);
    if (warning != null) {
      err.println(warning);
    }
  }

  /** Prints and writes {@code result} (its warnings were printed as they arose); returns the exit code. */
  static int report(BenchmarkResult result, Properties props, PrintWriter out, PrintWriter err) {
    boolean failed = StopReason.FAILED.id().equals(result.stopReason());
    String summary = SummaryText.format(result);
    if (!(failed && result.operations() == 0)) {
      out.print(summary);
      // For people at a terminal, after upstream's lines (which stay as they are for parsers).
      if (Boolean.getBoolean(STDOUT_TTY) && !"ycsb".equals(props.getProperty(SUMMARY, "").trim())) {
        out.print("\n" + io.github.ycsbkv.results.summary.SummaryTable.format(result));
      }
      out.flush();
    }
    int code = 0;
    String exportFile = props.getProperty(EXPORT_FILE);
    if (exportFile != null && !exportFile.isBlank()) {
      try {
        Files.writeString(Path.of(exportFile), summary, StandardCharsets.UTF_8);
      } catch (IOException e) {
        err.println("ycsb: cannot write exportfile '" + exportFile + "': " + UserError.describe(e));
        code = UserError.FAILED;
      }
    }
    String exportDir = props.getProperty(EXPORT_DIR);
    if (exportDir != null && !exportDir.isBlank()) {
      try {
        Path file = ResultJson.write(result, Path.of(exportDir));
        SummaryCsv.write(result, Path.of(exportDir));
        err.println("ycsb-kv: results written to " + file.getParent() + " (result.json, summary.csv, *.hlog, *.hgrm)");
      } catch (IOException e) {
        err.println("ycsb: cannot write results to '" + exportDir + "': " + UserError.describe(e));
        code = UserError.FAILED;
      }
    }
    if (failed) {
      err.println("ycsb: " + result.error());
      return UserError.FAILED;
    }
    if (StopReason.INTERRUPTED.id().equals(result.stopReason())) {
      err.println(String.format(Locale.US, "ycsb: interrupted after %d operations; the results above are partial",
          result.operations()));
      return Interrupts.EXIT_INTERRUPTED;
    }
    String failedOperations = FailedOperations.check(result, props);
    if (failedOperations != null) {
      err.println("ycsb: " + failedOperations);
      return code != 0 ? code : FailedOperations.EXIT_OPERATIONS_FAILED;
    }
    return code;
  }

  /** {@code -target} for the header: the rate, or the schedule in words (a malformed one is the one line printed). */
  private static String targetText(Properties props) {
    String t = props.getProperty(EngineProperties.TARGET).trim();
    return io.github.ycsbkv.engine.time.RateSchedule.isNumber(t) ? t + " ops/s"
        : io.github.ycsbkv.engine.time.RateSchedule.parse(t).describe();
  }
}
