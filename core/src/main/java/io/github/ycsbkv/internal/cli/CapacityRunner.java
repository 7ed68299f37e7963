package io.github.ycsbkv.internal.cli;

import io.github.ycsbkv.capacity.CapacitySearch;
import io.github.ycsbkv.capacity.CapacitySearch.Observation;
import io.github.ycsbkv.capacity.CapacitySearch.Plan;
import io.github.ycsbkv.config.Slo;
import io.github.ycsbkv.engine.Benchmark;
import io.github.ycsbkv.engine.Benchmarks;
import io.github.ycsbkv.engine.Phase;
import io.github.ycsbkv.engine.StopReason;
import io.github.ycsbkv.results.BenchmarkResult;
import io.github.ycsbkv.results.OpenLoop;
import io.github.ycsbkv.results.ResultJson;
import io.github.ycsbkv.results.SummaryCsv;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
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
 */
final class CapacityRunner {

  /** One step run: the search's plan, the result, where it was written, and how it stood. */
  record StepRun(int number, Plan plan, BenchmarkResult result, Path dir, CapacitySearch.Step judged) {}

  private final Benchmarks binding;
  private final Properties base;
  private final Slo slo;
  private final long stepSeconds;
  private final String warmup;
  private final CapacitySearch search;
  private final Path out;
  private final PrintStream err;
  private final List<StepRun> runs = new ArrayList<>();
  private String failure;

  CapacityRunner(Benchmarks binding, Properties base, Slo slo, long stepSeconds, String warmup,
      CapacitySearch.Settings settings, Path out, PrintStream err) {
    this.binding = binding;
    this.base = base;
    this.slo = slo;
    this.stepSeconds = stepSeconds;
    this.warmup = warmup;
    this.search = new CapacitySearch(slo, settings);
    this.out = out;
    this.err = err;
  }

  /** Runs steps until the search ends, a step fails or the user interrupts; returns the steps run. */
  List<StepRun> run() throws IOException {
    Plan plan;
    while ((plan = search.next()) != null) {
      int n = runs.size() + 1;
      Path dir = out.resolve("steps").resolve(String.format(Locale.ROOT, "%02d-%s", n,
          plan.kind().name().toLowerCase(Locale.ROOT)));
      BenchmarkResult r = runStep(plan, dir);
      ResultJson.write(r, dir);
      SummaryCsv.write(r, dir);
      if (StopReason.FAILED.id().equals(r.stopReason())) {
        failure = "step " + n + " (" + describe(plan) + ") failed: " + r.error();
        runs.add(new StepRun(n, plan, r, dir, null));
        return List.copyOf(runs);
      }
      search.observe(observation(r));
      List<CapacitySearch.Step> judged = search.steps();
      CapacitySearch.Step last = judged.get(judged.size() - 1);
      runs.add(new StepRun(n, plan, r, dir, last));
      err.println("ycsb-kv: capacity: " + CapacityTable.line(runs.get(runs.size() - 1)));
    }
    return List.copyOf(runs);
  }

  /** The search, with its outcome once {@link #run()} returned without a failure. */
  CapacitySearch search() {
    return search;
  }

  /** Why a step failed (the store went away, say), or null. */
  String failure() {
    return failure;
  }

  private BenchmarkResult runStep(Plan plan, Path dir) {
    Properties p = new Properties();
    p.putAll(base);
    p.remove(Benchmark.TARGET);
    if (plan.rate() > 0) {
      p.setProperty(Benchmark.TARGET, Double.toString(plan.rate()));
    } else {
      p.remove(Benchmark.MAX_IN_FLIGHT); // the closed-loop probe: one request per connection, as any closed loop
    }
    p.setProperty(Benchmark.OPERATION_COUNT, "0");
    p.setProperty(Benchmark.MAX_EXECUTION_TIME, Long.toString(stepSeconds * plan.lengthSteps()));
    if (warmup != null) {
      p.setProperty(Benchmark.WARMUP, warmup);
    }
    p.setProperty(Benchmark.SLO, slo.text());
    p.setProperty(Benchmark.EXPORT_DIR, dir.toString());
    String label = base.getProperty(Benchmark.LABEL);
    p.setProperty(Benchmark.LABEL, (label == null || label.isBlank() ? "" : label.strip() + ": ")
        + String.format(Locale.ROOT, "capacity step %d, %s", runs.size() + 1, describe(plan)));
    try {
      return binding.with(p).run(Phase.RUN, b -> {
        b.warningsTo(err);
        Interrupts.setActive(b.stopSignal());
      });
    } finally {
      Interrupts.setActive(null);
    }
  }

  /** What the search needs of a step's result. */
  private Observation observation(BenchmarkResult r) {
    Map<Double, Double> latency = new LinkedHashMap<>();
    OpenLoop o = r.load() == null ? null : r.load().openLoop();
    if (o != null && o.latency() != null) {
      for (double p : slo.percentiles()) {
        latency.put(p, o.latency().percentileMicros(p));
      }
    }
    boolean erred = FailedOperations.check(r, base) != null;
    return new Observation(r.throughputOpsPerSec(), o == null ? Double.NaN : o.offeredOpsPerSec(), latency, erred, o == null ? null : o.clientBound(),
        StopReason.INTERRUPTED.id().equals(r.stopReason()));
  }

  static String describe(Plan plan) {
    return plan.rate() == 0 ? "closed-loop probe" : String.format(Locale.ROOT, "%s at %.0f ops/s",
        plan.kind().name().toLowerCase(Locale.ROOT), plan.rate());
  }
}
