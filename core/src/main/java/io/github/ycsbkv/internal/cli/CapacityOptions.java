package io.github.ycsbkv.internal.cli;

import io.github.ycsbkv.config.Slo;
import io.github.ycsbkv.config.UserError;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The options that make {@code sweep} and {@code study} run a capacity search in every repetition ({@code
 * --capacity --slo ...}), as a picocli mixin, read into {@link SweepPlan.Capacity}.
 */
final class CapacityOptions {

  @Spec(Spec.Target.MIXEE)
  CommandSpec mixee;

  @Option(names = "--capacity",
      description = "Each repetition is a capacity search (as 'ycsb capacity': a closed-loop probe, open-loop steps at"
          + " rising rates, bisection, a confirming run) instead of one run; needs --slo (docs/capacity.md).")
  boolean capacity;

  @Option(names = "--slo", paramLabel = "BUDGET",
      description = "With --capacity: the latency budget, every operation from its intended start (p99=1ms, or"
          + " p99=1ms,p999=5ms).")
  String slo;

  @Option(names = "--step", paramLabel = "SECONDS",
      description = "With --capacity: each step's measured length (default ${DEFAULT-VALUE}).")
  String step = "10s";

  @Option(names = "--warmup", paramLabel = "TIME",
      description = "With --capacity: an unmeasured warm-up before each step (default ${DEFAULT-VALUE}; 0 for none).")
  String warmup = "2s";

  @Option(names = "--resolution", paramLabel = "PERCENT",
      description = "With --capacity: where bisection ends (default ${DEFAULT-VALUE}).")
  String resolution = "2%";

  /**
   * The capacity search of {@code --capacity} (its options checked), or null without it; the search's options
   * without {@code --capacity} are a mistake, said in one line.
   */
  SweepPlan.Capacity search() {
    if (!capacity) {
      for (String o : List.of("--slo", "--step", "--warmup", "--resolution")) {
        if (mixee.commandLine().getParseResult().hasMatchedOption(o)) {
          throw new UserError(o + " belongs to a capacity search: add --capacity, or drop " + o);
        }
      }
      return null;
    }
    if (slo == null || slo.isBlank()) {
      throw new UserError("--capacity needs a latency budget: --slo p99=1ms (or several bounds: p99=1ms,p999=5ms)");
    }
    String warm = warmup.strip().equals("0") ? null : warmup.strip();
    return new SweepPlan.Capacity(Slo.parse(slo), CapacityCommand.seconds(step), warm,
        CapacityCommand.resolution(resolution));
  }
}
