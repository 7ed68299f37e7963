package io.github.ycsbkv.internal.cli;

import io.github.ycsbkv.engine.Phase;
import picocli.CommandLine.Command;

/** {@code ycsb load}: inserts the workload's initial records. */
@Command(name = "load", mixinStandardHelpOptions = true, separator = " ", sortOptions = false, usageHelpAutoWidth = true,
    description = {"Insert the initial records (recordcount, or insertcount from insertstart) through a binding.", ""},
    footer = {"", "Example: ycsb load redis -P workloads/workloada -p redis.host=127.0.0.1 -threads 4",
        "Results: the summary on stdout; with -p export.dir=DIR also DIR/result.json (docs/results.md)."})
final class LoadCommand extends PhaseCommand {
  @Override
  Phase phase() {
    return Phase.LOAD;
  }
}
