package io.github.ycsbkv.internal.cli.capacity;

import io.github.ycsbkv.capacity.CapacityFile;
import io.github.ycsbkv.capacity.CapacitySearch.Plan;
import io.github.ycsbkv.capacity.CapacitySearch;
import io.github.ycsbkv.capacity.Observation;
import io.github.ycsbkv.config.EngineProperties;
import io.github.ycsbkv.config.Slo;
import io.github.ycsbkv.engine.Benchmarks;
import io.github.ycsbkv.engine.Phase;
import io.github.ycsbkv.engine.hosts.StepCoordinator;
import io.github.ycsbkv.engine.stop.StopReason;
import io.github.ycsbkv.internal.cli.console.FailedOperations;
import io.github.ycsbkv.internal.cli.console.Interrupts;
import io.github.ycsbkv.internal.host.MachineCpu;
import io.github.ycsbkv.results.BenchmarkResult;
import io.github.ycsbkv.results.ClientStalls;
import io.github.ycsbkv.results.LatencyStats;
import io.github.ycsbkv.results.OpenLoop;
import io.github.ycsbkv.results.ResultJson;
import io.github.ycsbkv.results.SeriesHistograms;
import io.github.ycsbkv.results.merge.ResultMerge;
import io.github.ycsbkv.results.summary.SummaryCsv;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;

/**
 * Runs a {@link CapacitySearch} against a binding: each step an ordinary {@code run} of the workload ({@code
 * maxexecutiontime} of the step, an unmeasured warm-up before it, the open loop at the step's rate; the probe a closed
 * loop on the same connections), its result written to {@code OUT/steps/NN-kind}, and what it measured handed to the
 * search. Stops at the search's end, at Ctrl-C, or at a step that failed (the store went away): what ran is kept.
 *
 * <p>Across hosts ({@code clients.count=N}, a {@link StepCoordinator}): client 0 runs the search and announces each
 * step; every client runs it at its share of the rate, started together; client 0 merges the clients' results
 * ({@link ResultMerge}: exact histograms, rates added, client-bound when any client was) into the step's result in
 * {@code OUT/steps/NN-kind}, each client's own under {@code clients/I}, and the search judges the merged step. The
 * other clients only follow: each step's result in their own {@code OUT/steps/NN-kind}.
 */
public final class CapacityRunner {

  /**
   * One step run: the search's plan, the result, where it was written, how it stood, and its entry in capacity.json
   * ({@code figures}).
   */
  public record StepRun(int number, Plan plan, BenchmarkResult result, Path dir, CapacitySearch.Step judged,
      CapacityFile.Step figures) {}

  private final Benchmarks binding;
  private final Properties base;
  private final Slo slo;
  private final long stepSeconds;
  private final String warmup;
  private final CapacitySearch search;
  private final Path out;
  private final PrintStream err;
  /** How long client 0 waits for a client's step beyond its length (warm-up, the barrier, writing the result). */
  private static final Duration COLLECT_SLACK = Duration.ofMinutes(5);
  private final List<StepRun> runs = new ArrayList<>();
  /** The client processes of a search across hosts, or null for this process alone. */
  private final StepCoordinator crew;
  private String failure;

  public CapacityRunner(Benchmarks binding, Properties base, Slo slo, long stepSeconds, String warmup,
      CapacitySearch.Settings settings, Path out, PrintStream err, StepCoordinator crew) {
    this.binding = binding;
    this.base = base;
    this.slo = slo;
    this.stepSeconds = stepSeconds;
    this.warmup = warmup;
    this.search = new CapacitySearch(slo, settings);
    this.out = out;
    this.err = err;
    this.crew = crew;
  }

  /**
   * Runs steps until the search ends, a step fails or the user interrupts; returns the steps run. A client other than
   * client 0 of a search across hosts runs the steps client 0 announces instead.
   */
  public List<StepRun> run() throws IOException {
    if (crew != null && !crew.leads()) {
      follow();
      return List.copyOf(runs);
    }
    if (crew != null) {
      crew.gather();
    }
    try {
      Plan plan;
      while ((plan = search.next()) != null) {
        int n = runs.size() + 1;
        Path dir = stepDir(n, plan.kind().name().toLowerCase(Locale.ROOT));
        BenchmarkResult r;
        MachineCpu before = MachineCpu.now();
        long startNanos = System.nanoTime();
        try {
          r = crew == null ? written(runStep(n, plan, dir), dir) : runShared(n, plan, dir);
        } catch (io.github.ycsbkv.config.UserError e) {
          if (crew == null) {
            throw e;
          }
          // A client went away or fell silent: the steps so far stand, and capacity.json is written.
          failure = "step " + n + " (" + describe(plan) + "): " + e.getMessage();
          return List.copyOf(runs);
        }
        if (failure != null || StopReason.FAILED.id().equals(r.stopReason())) {
          if (failure == null) {
            failure = "step " + n + " (" + describe(plan) + ") failed: " + r.error();
          }
          runs.add(stepRun(n, plan, r, dir, null));
          return List.copyOf(runs);
        }
        search.observe(observation(r, plan, MachineCpu.now().othersSince(before, System.nanoTime() - startNanos,
            serverCores(r))));
        List<CapacitySearch.Step> judged = search.steps();
        CapacitySearch.Step last = judged.get(judged.size() - 1);
        runs.add(stepRun(n, plan, r, dir, last));
        err.println("ycsb-kv: capacity: " + CapacityTable.line(runs.get(runs.size() - 1)));
      }
      return List.copyOf(runs);
    } finally {
      if (crew != null) {
        crew.finish(failure);
      }
    }
  }

  private Path stepDir(int n, String kind) {
    return out.resolve("steps").resolve(String.format(Locale.ROOT, "%02d-%s", n, kind));
  }

  private static BenchmarkResult written(BenchmarkResult r, Path dir) throws IOException {
    ResultJson.write(r, dir);
    SummaryCsv.write(r, dir);
    return r;
  }

  /**
   * Client 0 of a search across hosts: announces the step, runs its share, collects the others' and merges them into
   * the step's result; returns it, or client 0's own result when a client failed the step ({@link #failure} says
   * which).
   */
  private BenchmarkResult runShared(int n, Plan plan, Path dir) throws IOException {
    crew.announce(new StepCoordinator.Step(n, plan.kind(), plan.rate(), plan.lengthSteps()));
    Path own = dir.resolve("clients").resolve("0");
    BenchmarkResult mine = written(runStep(n, plan, own), own);
    List<StepCoordinator.Report> reports = crew.collect(n, Duration.ofSeconds(stepSeconds * plan.lengthSteps())
        .plus(COLLECT_SLACK));
    List<String> failed = new ArrayList<>();
    if (StopReason.FAILED.id().equals(mine.stopReason())) {
      failed.add("client 0: " + mine.error());
    }
    List<Path> dirs = new ArrayList<>(List.of(own));
    for (StepCoordinator.Report report : reports) {
      if (report.failure() != null) {
        failed.add("client " + report.index() + ": " + report.failure());
        continue;
      }
      Path theirs = dir.resolve("clients").resolve(Integer.toString(report.index()));
      Files.createDirectories(theirs);
      Files.write(theirs.resolve(ResultJson.FILE_NAME), report.result());
      Files.write(theirs.resolve(SeriesHistograms.FILE_NAME), report.histograms());
      dirs.add(theirs);
    }
    if (!failed.isEmpty()) {
      failure = "step " + n + " (" + describe(plan) + ") failed: " + String.join("; ", failed);
      return mine;
    }
    ResultMerge.Merged merged;
    try {
      merged = ResultMerge.merge(dirs);
    } catch (IllegalArgumentException e) {
      failure = "step " + n + " (" + describe(plan) + "): the clients' results cannot be merged: " + e.getMessage();
      return mine;
    }
    BenchmarkResult r = merged.result();
    SeriesHistograms.write(dir, merged.series(), r.start().toEpochMilli(), r.end().toEpochMilli());
    return written(r, dir);
  }

  /**
   * Every client but 0 of a search across hosts: runs each step client 0 announces, at its share, and sends client 0
   * the result; ends when client 0 ends the search (a stop there fails this client with its line).
   */
  private void follow() throws IOException {
    crew.join();
    StepCoordinator.Step step;
    Duration longest = Duration.ofSeconds(stepSeconds);
    while ((step = crew.next(longest.plus(COLLECT_SLACK))) != null) {
      Plan plan = new Plan(step.kind(), step.rate(), step.lengthSteps());
      longest = Duration.ofSeconds(stepSeconds * Math.max(1, step.lengthSteps()));
      Path dir = stepDir(step.number(), step.kind().name().toLowerCase(Locale.ROOT));
      BenchmarkResult r;
      try {
        r = written(runStep(step.number(), plan, dir), dir);
      } catch (RuntimeException e) {
        crew.reportFailure(step.number(), e.getMessage());
        throw e;
      }
      runs.add(stepRun(step.number(), plan, r, dir, null));
      if (StopReason.FAILED.id().equals(r.stopReason())) {
        failure = "step " + step.number() + " (" + describe(plan) + ") failed: " + r.error();
        crew.reportFailure(step.number(), r.error());
        return;
      }
      crew.report(step.number(), Files.readAllBytes(dir.resolve(ResultJson.FILE_NAME)),
          Files.readAllBytes(dir.resolve(SeriesHistograms.FILE_NAME)));
      err.println(String.format(Locale.ROOT, "ycsb-kv: capacity: client %d of %d, step %d (%s over all clients):"
          + " this client's share achieved %.0f ops/s", crew.index(), crew.count(), step.number(), describe(plan),
          r.throughputOpsPerSec()));
    }
  }

  /**
   * The search as capacity.json has it, once {@link #run()} returned: {@code connections} per process, the processes
   * of a search across hosts.
   */
  public CapacityFile file(String bindingName, String workload, int connections) {
    CapacitySearch.Outcome outcome = failure != null ? null : search.outcome();
    return CapacityFile.of(bindingName, workload, connections, crew == null ? 1 : crew.count(), slo,
        CapacityFile.Search.of(stepSeconds, warmup, search.settings()), search.probeThroughput(),
        runs.stream().map(StepRun::figures).toList(), outcome, failure,
        outcome == null || !outcome.found() ? null : CapacityTable.atCapacity(runs, outcome.capacity()));
  }

  /** A step run with its figures as capacity.json has them. */
  private StepRun stepRun(int number, Plan plan, BenchmarkResult r, Path dir, CapacitySearch.Step judged) {
    OpenLoop o = r.load() == null ? null : r.load().openLoop();
    LatencyStats lat = o == null ? null : o.latency();
    LatencyStats lag = o == null ? null : o.scheduleLag();
    double server = r.load() == null || r.load().server() == null ? Double.NaN
        : r.load().server().cpuMicrosPerOperation();
    double achieved = r.throughputOpsPerSec();
    CapacityFile.Step figures = new CapacityFile.Step(number, plan.kind().name().toLowerCase(Locale.ROOT),
        plan.rate() == 0 ? Double.NaN : plan.rate(), stepSeconds * plan.lengthSteps(), achieved, at(lat, 50),
        at(lat, 99), at(lat, 99.9), at(lag, 99), r.clientCpu() == null ? Double.NaN : r.clientCpu().microsPerOperation(),
        server, server * achieved / 1e6, judged != null ? judged.observation().clientBound()
            : o == null ? null : o.clientBound(),
        judged == null ? "failed" : judged.verdict().name().toLowerCase(Locale.ROOT),
        judged == null ? r.error() : judged.why().isEmpty() ? null : judged.why(), out.relativize(dir).toString());
    return new StepRun(number, plan, r, dir, judged, figures);
  }

  private static double at(LatencyStats s, double p) {
    return s == null ? Double.NaN : s.percentileMicros(p);
  }

  /** The search, with its outcome once {@link #run()} returned without a failure. */
  public CapacitySearch search() {
    return search;
  }

  /** Why a step failed (the store went away, say), or null. */
  public String failure() {
    return failure;
  }

  private BenchmarkResult runStep(int number, Plan plan, Path dir) {
    Properties p = new Properties();
    p.putAll(base);
    p.remove(EngineProperties.TARGET);
    if (plan.rate() > 0) {
      p.setProperty(EngineProperties.TARGET, Double.toString(plan.rate()));
    } else {
      // The closed-loop probe: one request per connection, as any closed loop; no arrivals to shape.
      p.remove(EngineProperties.MAX_IN_FLIGHT);
      p.remove(EngineProperties.ARRIVALS);
      p.remove(EngineProperties.ARRIVALS_SEED);
    }
    p.setProperty(EngineProperties.OPERATION_COUNT, "0");
    p.setProperty(EngineProperties.MAX_EXECUTION_TIME, Long.toString(stepSeconds * plan.lengthSteps()));
    if (warmup != null) {
      p.setProperty(EngineProperties.WARMUP, warmup);
    }
    p.setProperty(EngineProperties.SLO, slo.text());
    p.setProperty(EngineProperties.EXPORT_DIR, dir.toString());
    String label = base.getProperty(EngineProperties.LABEL);
    p.setProperty(EngineProperties.LABEL, (label == null || label.isBlank() ? "" : label.strip() + ": ")
        + String.format(Locale.ROOT, "capacity step %d, %s", number, describe(plan)));
    try {
      return binding.with(p).run(Phase.RUN, b -> {
        b.warningsTo(err);
        Interrupts.setActive(b.stopSignal());
      });
    } finally {
      Interrupts.setActive(null);
    }
  }

  /**
   * A step that missed its rate or budget while other processes took at least this many cores of a saturated machine.
   */
  static final double OTHERS_MIN_CORES = 0.5;
  /** A machine whose cores were busy at least this share of the step is saturated. */
  static final double SATURATED = 0.9;

  /** The store's cores over a step's measured phase, where its probe measured them; NaN otherwise. */
  private static double serverCores(BenchmarkResult r) {
    double server = r.load() == null || r.load().server() == null ? Double.NaN
        : r.load().server().cpuMicrosPerOperation();
    return server * r.throughputOpsPerSec() / 1e6;
  }

  /**
   * Why a step that missed its rate or budget was this machine's, not the store's: the machine's cores were saturated
   * ({@link #SATURATED}) and processes other than this client and the store took at least {@link #OTHERS_MIN_CORES} of
   * them ({@link MachineCpu}); null otherwise, or when not known.
   */
  public static String machineBound(double[] others, boolean missed) {
    if (others == null || !missed || others[0] < OTHERS_MIN_CORES || others[2] < SATURATED * others[1]) {
      return null;
    }
    return "this machine was saturated, and processes other than the client and the store took "
        + MachineCpu.describe(others);
  }

  /**
   * Why a step that fell short of its rate was this client's: it fell short by no more than twice the longest stall of
   * the client's stall meter (a thread that only sleeps, so a collector pause or the machine taking the client's cores
   * delays it as it delays the clients). A stall within the step costs nothing, the clients catching up after it; one
   * at its end leaves the last arrivals to be served after the step's length, and the phase, which ends with the last
   * reply, as much longer: a 2 s step that stalled 24 ms before its end achieved 1.2% less than its rate. The shortfall
   * in time is the phase's length beyond what its operations needed at the rate offered ({@code stepSeconds} times
   * {@code offered / achieved - 1}); the margin of two covers the replies queued behind the stall. Null when the step
   * fell short by more, or the meter did not run.
   */
  public static String stalledShort(double offered, double achieved, double stepSeconds, ClientStalls stalls) {
    if (stalls == null || stalls.samples() == 0 || !(achieved > 0) || !(offered > achieved)) {
      return null;
    }
    double shortMicros = stepSeconds * 1e6 * (offered / achieved - 1);
    if (2 * stalls.maxMicros() < shortMicros) {
      return null;
    }
    return String.format(Locale.ROOT, "the client stalled for %s (its stall meter's longest), which accounts for the"
        + " %s of arrivals the step fell short by", Slo.measured(stalls.maxMicros()), Slo.measured(shortMicros));
  }

  /** What the search needs of a step's result, with what the machine's other processes took ({@code others}). */
  private Observation observation(BenchmarkResult r, Plan plan, double[] others) {
    Map<Double, Double> latency = new LinkedHashMap<>();
    OpenLoop o = r.load() == null ? null : r.load().openLoop();
    if (o != null && o.latency() != null) {
      for (double p : slo.percentiles()) {
        latency.put(p, o.latency().percentileMicros(p));
      }
    }
    boolean erred = FailedOperations.check(r, base) != null;
    double lag = o == null || o.scheduleLag() == null ? Double.NaN : o.scheduleLag().percentileMicros(99);
    double stall = r.stalls() == null || r.stalls().samples() == 0 ? Double.NaN : r.stalls().p99Micros();
    String bound = o == null ? null : o.clientBound();
    if (bound == null && o != null && plan.rate() > 0) {
      boolean fellShort = r.throughputOpsPerSec() < search.settings().achievedMin() * o.offeredOpsPerSec();
      bound = machineBound(others, fellShort || slo.broken(latency) != null);
      if (bound == null && fellShort) {
        bound = stalledShort(o.offeredOpsPerSec(), r.throughputOpsPerSec(), stepSeconds * plan.lengthSteps(),
            r.stalls());
      }
    }
    return new Observation(r.throughputOpsPerSec(), o == null ? Double.NaN : o.offeredOpsPerSec(), latency, erred,
        bound, StopReason.INTERRUPTED.id().equals(r.stopReason()), lag, stall);
  }

  static String describe(Plan plan) {
    return plan.rate() == 0 ? "closed-loop probe" : String.format(Locale.ROOT, "%s at %.0f ops/s",
        plan.kind().name().toLowerCase(Locale.ROOT), plan.rate());
  }
}
