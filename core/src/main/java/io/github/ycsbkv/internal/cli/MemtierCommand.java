package io.github.ycsbkv.internal.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code ycsb memtier}'s entry in the command list and {@code ycsb help memtier}. Its command line is memtier's own,
 * parsed outside picocli ({@link Main#execute} hands it to {@link io.github.ycsbkv.internal.memtier.MemtierRun}), so
 * this is only ever called as {@code help}.
 */
@Command(name = "memtier", usageHelpAutoWidth = true,
    description = {"Run a memtier_benchmark command line on ycsb-kv's engine: memtier's options, table and JSON"
        + " ('ycsb memtier --help' lists what it honours; docs/memtier.md).", ""})
final class MemtierCommand implements Callable<Integer> {

  @Spec
  CommandSpec spec;

  @Override
  public Integer call() {
    spec.commandLine().getOut().print(io.github.ycsbkv.internal.memtier.MemtierRun.help());
    return 0;
  }
}
