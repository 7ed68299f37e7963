package io.github.ycsbkv.internal.cli.sweep;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.ycsbkv.capacity.CapacityFile;
import io.github.ycsbkv.capacity.CapacitySearch;
import io.github.ycsbkv.config.EngineProperties;
import io.github.ycsbkv.config.UserError;
import io.github.ycsbkv.engine.Benchmarks;
import io.github.ycsbkv.engine.Phase;
import io.github.ycsbkv.engine.stop.StopReason;
import io.github.ycsbkv.internal.cli.capacity.CapacityRunner;
import io.github.ycsbkv.internal.cli.console.FailedOperations;
import io.github.ycsbkv.internal.cli.console.Interrupts;
import io.github.ycsbkv.internal.cli.console.WriterOutputStream;
import io.github.ycsbkv.memory.MemoryDB;
import io.github.ycsbkv.results.BenchmarkResult;
import io.github.ycsbkv.results.ResultJson;
import io.github.ycsbkv.results.summary.SummaryCsv;
import io.github.ycsbkv.results.sweep.Summary;
import io.github.ycsbkv.results.sweep.SweepCell;
import io.github.ycsbkv.results.sweep.SweepJson;
import io.github.ycsbkv.spi.EmptiesStore;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

/**
 * Runs a {@link SweepPlan}: per target (with its server around its cells, {@link SweepServers}), per workload, per
 * thread count, its repetitions, each one phase whose result goes to {@code OUT/<label>/<workload>/t<threads>/r<n>/};
 * loads (and empties the store, with {@code --flush}) where the plan says; summarises each cell's completed
 * repetitions; writes {@code sweep.json} and {@code sweep.csv}. Resumable: a repetition whose {@code result.json} says
 * it completed is read, not run again. Ctrl-C during a phase stops the sweep with what completed kept. With the plan's
 * {@link SweepPlan#capacity()}, a repetition is a capacity search ({@link CapacityRunner}) whose {@code capacity.json}
 * and steps go to the repetition's directory, and a cell summarises the capacities found. Used once, by one thread.
 */
public final class SweepRunner {

  /** Thrown to unwind the loops when Ctrl-C stopped a phase. */
  private static final class Interrupted extends Exception {
    private static final long serialVersionUID = 1L;

    Interrupted(String message) {
      super(message, null, false, false);
    }
  }

  /** What {@link #load} returns when Ctrl-C stopped it: the sweep stops too. */
  private static final String LOAD_INTERRUPTED = "the load was interrupted (Ctrl-C)";

  private final SweepPlan plan;
  private final SweepServers servers;
  private final PrintWriter out;
  private final PrintWriter err;
  private final List<SweepCell> cells = new ArrayList<>();
  private final Set<String> noLoadSaid = new HashSet<>();
  private final int total;
  private int position;
  private int ran;
  /** Repetitions not reached yet that completed before (a resumed sweep): the estimate of the time left skips them. */
  private int doneAhead;
  private long startNanos;

  public SweepRunner(SweepPlan plan, SweepServers servers, PrintWriter out, PrintWriter err) {
    this.plan = plan;
    this.servers = servers;
    this.out = out;
    this.err = err;
    this.total = plan.repetitions();
  }

  /** Runs every cell; returns the exit code: 0, {@link UserError#FAILED} when a cell failed, or Ctrl-C's. */
  public int run() throws IOException {
    startNanos = System.nanoTime();
    doneAhead = completedBefore();
    if (doneAhead > 0) {
      err.printf(Locale.ROOT, "ycsb-kv sweep: resuming in %s: %d of %d repetition(s) completed before, %d to run%n",
          plan.out(), doneAhead, total, total - doneAhead);
    }
    if (plan.capacity() != null) {
      err.println("ycsb-kv sweep: each repetition a " + plan.capacity().describe());
    }
    try {
      for (SweepPlan.Target target : plan.targets()) {
        try {
          for (SweepPlan.Workload w : plan.workloads()) {
            if (target.runs(w.name())) {
              runWorkload(target, servers.start(target.label(), w.name()), w);
            }
          }
        } finally {
          servers.stop(target.label());
        }
      }
    } catch (Interrupted e) {
      write();
      err.println("ycsb: " + e.getMessage() + "; completed cells are kept, run the same command to resume");
      return Interrupts.EXIT_INTERRUPTED;
    }
    write();
    out.print(SweepJson.csv(sweep()));
    out.flush();
    err.println("ycsb-kv sweep: wrote " + plan.out().resolve(SweepJson.FILE_NAME) + " and "
        + plan.out().resolve(SweepJson.CSV_FILE_NAME));
    long failed = cells.stream().filter(c -> !c.failed().isEmpty()).count();
    if (failed > 0) {
      err.println("ycsb: " + failed + " cell(s) had failed repetitions; sweep.json lists why");
      return UserError.FAILED;
    }
    return 0;
  }

  /** One workload's cells of one target, one per thread count. */
  private void runWorkload(SweepPlan.Target target, Map<String, String> started, SweepPlan.Workload w)
      throws IOException, Interrupted {
    if (w.skipsLoad() && noLoadSaid.add(w.name())) {
      err.println("ycsb-kv sweep: " + w.name() + " is run without a load (each run starts from "
          + (plan.flush() ? "an empty store: emptied before every repetition" : "what the store holds; --flush"
          + " empties it before every repetition") + ")");
    }
    Properties props = new Properties();
    props.putAll(w.properties());
    props.putAll(target.properties());
    props.putAll(started);
    Loads loads = new Loads(target, props, w);
    for (int t : w.threads()) {
      cells.add(runCell(target, w, t, props, loads));
    }
  }

  /** The repetitions of one cell, summarised; a failed repetition is kept with why. */
  private SweepCell runCell(SweepPlan.Target target, SweepPlan.Workload w, int threads, Properties props, Loads loads)
      throws IOException, Interrupted {
    List<String> failed = new ArrayList<>();
    Map<String, List<Double>> figures = new LinkedHashMap<>();
    for (int r = 1; r <= w.repeat(); r++) {
      Path dir = repetitionDir(target, w, threads, r);
      // A repetition that completed before (a sweep run again resumes) is not run again.
      JsonNode done = plan.capacity() == null ? completed(dir.resolve(ResultJson.FILE_NAME)) : null;
      CapacityFile searched = plan.capacity() == null ? null : searched(dir);
      position++;
      if (done != null || searched != null) {
        doneAhead--;
      }
      if (done == null && searched == null) {
        String notReady = loads.ready(dir.getParent().getParent().resolve("load"));
        if (notReady != null) {
          failed.add("r" + r + ": " + notReady);
          continue;
        }
        Properties p = repetition(target, w, threads, r, props);
        if (plan.capacity() == null) {
          done = runRepetition(target, p, dir);
        } else {
          searched = search(target, threads, p, dir);
        }
        if (done == null && searched == null) {
          failed.add("r" + r + ": " + lastError);
          continue;
        }
      }
      if (searched == null) {
        CellFigures.collect(done, figures);
        CellFigures.collectAll(dir, figures);
        CellFigures.collectMemoryLimit(props, figures);
        // Its figures are kept, but a run with failed operations is said at once, and again at the sweep's end.
        String failedOperations = FailedOperations.summary(ResultJson.parse(done), props);
        if (failedOperations != null) {
          err.printf(Locale.ROOT, "ycsb-kv sweep: %s %s %d thread(s), repetition %d: %s%n", target.label(), w.name(),
              threads, r, failedOperations);
          failed.add("r" + r + ": " + failedOperations + " (" + FailedOperations.inForce(props) + ")");
        }
      } else {
        CellFigures.collectCapacity(searched, figures);
        if (!CapacityFile.FOUND.equals(searched.ended())) {
          err.printf(Locale.ROOT, "ycsb-kv sweep: %s %s %d thread(s), repetition %d: no capacity: %s%n", target.label(),
              w.name(), threads, r, searched.capacity().reason());
        }
      }
    }
    Map<String, Summary> summaries = new LinkedHashMap<>();
    figures.forEach((f, values) -> summaries.put(f, Summary.of(values)));
    return new SweepCell(target.label(), w.name(), threads, failed, summaries);
  }

  /** Why the last repetition run failed. */
  private String lastError;

  /** Says which repetition starts (with the time left) and returns its properties. */
  private Properties repetition(SweepPlan.Target target, SweepPlan.Workload w, int threads, int r, Properties cell) {
    String eta = ran == 0 ? "" : ", about " + minutes((System.nanoTime() - startNanos) / 1e9 / ran
        * (total - position + 1 - doneAhead)) + " left";
    err.printf(Locale.US, "ycsb-kv sweep: [%d of %d%s] %s %s %d thread(s), repetition %d/%d%n", position, total, eta,
        target.label(), w.name(), threads, r, w.repeat());
    ran++;
    Properties p = new Properties();
    p.putAll(cell);
    p.setProperty(EngineProperties.THREADS, Integer.toString(threads));
    p.setProperty(EngineProperties.REPETITION, Integer.toString(r));
    if (w.operationsPerThread() > 0) {
      p.setProperty(EngineProperties.OPERATION_COUNT, Long.toString(w.operationsPerThread() * threads));
    }
    return p;
  }

  /** Runs one repetition; returns its result if it completed, else null ({@link #lastError} says why). */
  private JsonNode runRepetition(SweepPlan.Target target, Properties p, Path dir) throws IOException, Interrupted {
    p.setProperty(EngineProperties.EXPORT_DIR, dir.toString());
    BenchmarkResult result = runPhase(Phase.RUN, target.binding(), p);
    ResultJson.write(result, dir);
    SummaryCsv.write(result, dir);
    if (StopReason.INTERRUPTED.id().equals(result.stopReason())) {
      throw new Interrupted("sweep interrupted");
    }
    lastError = result.error();
    return completed(dir.resolve(ResultJson.FILE_NAME));
  }

  /**
   * One repetition as a capacity search, its steps and {@code capacity.json} in {@code dir}; returns capacity.json if
   * the search ended by itself (with a capacity or without one), else null ({@link #lastError} says why).
   */
  private CapacityFile search(SweepPlan.Target target, int threads, Properties p, Path dir)
      throws IOException, Interrupted {
    SweepPlan.Capacity c = plan.capacity();
    PrintStream steps = new PrintStream(new WriterOutputStream(err), true, StandardCharsets.UTF_8);
    CapacityRunner runner = new CapacityRunner(target.binding().with(p), p, c.slo(), c.stepSeconds(), c.warmup(),
        c.settings(), dir, steps, null);
    try {
      runner.run();
    } finally {
      steps.flush();
    }
    runner.file(target.label(), p.getProperty(EngineProperties.WORKLOAD), threads).write(dir);
    CapacitySearch.Outcome o = runner.search().outcome();
    if (runner.failure() == null && (o == null || o.interrupted())) {
      throw new Interrupted("sweep interrupted");
    }
    lastError = runner.failure();
    return searched(dir);
  }

  private Path repetitionDir(SweepPlan.Target target, SweepPlan.Workload w, int threads, int r) {
    return plan.out().resolve(target.label()).resolve(w.name()).resolve("t" + threads).resolve("r" + r);
  }

  /** How many of the plan's repetitions completed before this run (a sweep run again resumes after them). */
  private int completedBefore() throws IOException {
    int n = 0;
    for (SweepPlan.Target target : plan.targets()) {
      for (SweepPlan.Workload w : plan.workloads()) {
        if (!target.runs(w.name())) {
          continue;
        }
        for (int t : w.threads()) {
          for (int r = 1; r <= w.repeat(); r++) {
            Path dir = repetitionDir(target, w, t, r);
            boolean done = plan.capacity() == null ? completed(dir.resolve(ResultJson.FILE_NAME)) != null
                : searched(dir) != null;
            n += done ? 1 : 0;
          }
        }
      }
    }
    return n;
  }

  /** The repetition's capacity.json if its search ended by itself (with a capacity or without), else null. */
  private static CapacityFile searched(Path dir) throws IOException {
    if (!CapacityFile.in(dir)) {
      return null;
    }
    CapacityFile file = CapacityFile.read(dir);
    return file.endedByItself() ? file : null;
  }

  /**
   * The loads of one target's workload: before its first repetition that runs (before every one when the plan
   * reloads), the store emptied first with {@code --flush}; a workload that skips its load is only emptied, before
   * every repetition. A failed load fails every repetition after it.
   */
  private final class Loads {
    private final SweepPlan.Target target;
    private final Properties props;
    private final SweepPlan.Workload w;
    private String failure;
    private boolean loaded;

    Loads(SweepPlan.Target target, Properties props, SweepPlan.Workload w) {
      this.target = target;
      this.props = props;
      this.w = w;
    }

    /** Null when the next repetition may run, else why not. */
    String ready(Path loadDir) throws Interrupted {
      if (w.skipsLoad()) {
        return plan.flush() ? empty(target, props) : null;
      }
      boolean again = !loaded || w.reloads(plan.reload());
      if (loaded && !w.traits().pauseBetweenRuns().isZero()) {
        pause(w.traits().pauseBetweenRuns());
      }
      // A warm-up is written on what the repetitions before left: the store is emptied before the first only.
      if (failure == null && again && plan.flush() && !(loaded && w.traits().warmsUpEachRun())) {
        failure = empty(target, props);
      }
      if (failure == null && again) {
        failure = load(target, props, w.threads(), loadDir);
        loaded = failure == null;
        if (LOAD_INTERRUPTED.equals(failure)) {
          throw new Interrupted("sweep interrupted during a load");
        }
        if (failure != null) {
          err.println("ycsb-kv sweep: " + target.label() + " " + w.name() + ": load failed: " + failure
              + "; its cells after it are not run");
        }
      }
      return failure == null ? null : "load failed: " + failure;
    }
  }

  /** Waits between two repetitions; Ctrl-C ends the wait and the sweep. */
  private static void pause(java.time.Duration pause) throws Interrupted {
    try {
      Thread.sleep(pause.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new Interrupted("sweep interrupted between repetitions");
    }
  }

  private static String minutes(double seconds) {
    return seconds < 90 ? Math.round(seconds) + " s" : Math.round(seconds / 60) + " min";
  }

  private SweepJson.Sweep sweep() {
    return new SweepJson.Sweep(plan.command(), cells);
  }

  private void write() throws IOException {
    SweepJson.write(sweep(), plan.out());
  }

  /** Empties the store (--flush) before a load; returns null, or why it failed. */
  private String empty(SweepPlan.Target target, Properties props) {
    site.ycsb.DB db;
    try {
      db = target.binding().dbClass().getDeclaredConstructor().newInstance();
    } catch (ReflectiveOperationException e) {
      return "cannot create " + target.binding().dbClass().getName() + ": " + UserError.describe(e);
    }
    Properties p = new Properties();
    p.putAll(props);
    db.setProperties(p);
    try {
      db.init();
      err.println("ycsb-kv sweep: emptied " + target.label() + ": " + ((EmptiesStore) db).emptyStore());
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

  /** Loads the workload's records with the most threads of its cells; returns null, or why it failed. */
  private String load(SweepPlan.Target target, Properties props, List<Integer> threads, Path dir) {
    if (target.binding().dbClass() == MemoryDB.class) {
      MemoryDB.clearAll();
    }
    Properties p = new Properties();
    p.putAll(props);
    int most = threads.stream().mapToInt(Integer::intValue).max().orElse(1);
    p.setProperty(EngineProperties.THREADS, Integer.toString(most));
    p.setProperty(EngineProperties.EXPORT_DIR, dir.toString());
    err.println("ycsb-kv sweep: loading " + target.label());
    try {
      BenchmarkResult r = runPhase(Phase.LOAD, target.binding(), p);
      ResultJson.write(r, dir);
      if (StopReason.INTERRUPTED.id().equals(r.stopReason())) {
        return LOAD_INTERRUPTED;
      }
      // A load with failed inserts beyond errors.tolerance leaves the records short: the runs would measure misses.
      String failedOperations = FailedOperations.summary(r, p);
      if (StopReason.COMPLETED.id().equals(r.stopReason()) && failedOperations == null) {
        return null;
      }
      if (r.error() != null) {
        return r.error();
      }
      return failedOperations == null ? "stopped: " + r.stopReason()
          : failedOperations + " (" + FailedOperations.inForce(p) + ")";
    } catch (UserError | IOException e) {
      return UserError.describe(e);
    }
  }

  /** One phase of the target's binding, stoppable by Ctrl-C. */
  private static BenchmarkResult runPhase(Phase phase, Benchmarks binding, Properties p) {
    try {
      return binding.with(p).run(phase, b -> Interrupts.setActive(b.stopSignal()));
    } finally {
      Interrupts.setActive(null);
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
}
