package io.github.ycsbkv.internal.cli.sweep;

import io.github.ycsbkv.config.UserError;
import io.github.ycsbkv.internal.cli.capacity.SearchOptions;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The options that make {@code sweep} and {@code study} run a capacity search in every repetition ({@code
 * --capacity --slo ...}), as a picocli mixin, read into {@link SweepPlan.Capacity}: {@code --capacity} and the
 * search's own options ({@link SearchOptions}, as {@code capacity} has them).
 */
public final class CapacityOptions extends SearchOptions {

  @Spec(Spec.Target.MIXEE)
  CommandSpec mixee;

  @Option(names = "--capacity",
      description = "Each repetition is a capacity search (as 'ycsb capacity': a closed-loop probe, open-loop steps at"
          + " rising rates, bisection, a confirming run) instead of one run; needs --slo, and takes --step, --warmup"
          + " and --resolution as 'ycsb capacity' does (docs/capacity.md).")
  public boolean capacity;

  /**
   * The capacity search of {@code --capacity} (its options checked), or null without it; the search's options
   * without {@code --capacity} are a mistake, said in one line.
   */
  public SweepPlan.Capacity search() {
    if (!capacity) {
      for (String o : List.of("--slo", "--step", "--warmup", "--resolution")) {
        if (mixee.commandLine().getParseResult().hasMatchedOption(o)) {
          throw new UserError(o + " belongs to a capacity search: add --capacity, or drop " + o);
        }
      }
      return null;
    }
    return new SweepPlan.Capacity(budget("--capacity"), stepSeconds(), warmupOrNull(), resolutionShare());
  }
}
