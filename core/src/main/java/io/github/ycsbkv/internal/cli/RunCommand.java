package io.github.ycsbkv.internal.cli;

import io.github.ycsbkv.engine.Phase;
import picocli.CommandLine.Command;

/** {@code ycsb run}: runs the workload's transactions. */
@Command(name = "run", mixinStandardHelpOptions = true, separator = " ", sortOptions = false, usageHelpAutoWidth = true,
    description = {"Run the workload's operations (operationcount, or until maxexecutiontime seconds) through a"
        + " binding.", ""},
    footer = {"", "Example: ycsb run redis -P workloads/workloada -threads 8 -target 50000 -s",
        "Results: the summary on stdout; with -p export.dir=DIR also DIR/result.json (docs/results.md).",
        "-p warmup=10s (or =200000ops) runs the same load first and leaves it out of every figure: the client's JIT"
            + " compiler and the store's caches are warm when the measurement starts (docs/engine.md#warm-up).",
        "A store that restarts or fails over mid-run: the run goes on, each client waiting -p reconnect.interval=MS"
            + " (doubling up to -p reconnect.max=MS) between attempts, and each outage is measured (docs/faults.md)."})
final class RunCommand extends PhaseCommand {
  @Override
  Phase phase() {
    return Phase.RUN;
  }
}
