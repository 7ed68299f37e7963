package io.github.ycsbkv.internal.memtier;

import io.github.ycsbkv.capacity.CapacitySearch;
import io.github.ycsbkv.config.EngineProperties;
import io.github.ycsbkv.config.UserError;
import io.github.ycsbkv.engine.Benchmarks;
import io.github.ycsbkv.internal.cli.capacity.CapacityRunner;
import io.github.ycsbkv.internal.cli.sweep.SweepPlan;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Properties;

/**
 * {@code ycsb suite --capacity}: a suite's client as the load of a capacity search ({@link CapacityRunner}, as
 * {@code ycsb capacity} runs it): the client's connections, commands, keys and values, at rates the search chooses,
 * within the budget; its {@code --pipeline} as the requests each connection may have in flight
 * ({@code maxinflight}). The specification measures closed-loop throughput only; this is the most load the store takes
 * within a latency budget, latency from each request's intended start.
 */
final class SuiteCapacity {

  /**
   * What the search found: the capacity (NaN when none); why none, or why the capacity is a lower bound (the client
   * was the bottleneck above it), else null; and where capacity.json went.
   */
  record Found(double capacity, String reason, Path file) {}

  private SuiteCapacity() {}

  /**
   * Searches with {@code args} (the client's memtier arguments, the server's address among them) on {@code binding};
   * the steps' lines go to {@code dir}'s log.txt, capacity.json and each step's results into {@code dir}.
   */
  static Found search(List<String> args, String binding, SweepPlan.Capacity c, Path dir) {
    MemtierArgs a = MemtierArgs.parse(args);
    Properties props = a.properties(binding);
    props.remove(EngineProperties.OPERATION_COUNT);
    props.remove(EngineProperties.MAX_EXECUTION_TIME);
    props.remove(EngineProperties.TARGET);
    String pipeline = props.getProperty(EngineProperties.PIPELINE);
    if (pipeline != null) {
      props.remove(EngineProperties.PIPELINE);
      props.setProperty(EngineProperties.MAX_IN_FLIGHT, pipeline);
    }
    try {
      Files.createDirectories(dir);
      try (PrintStream log = new PrintStream(Files.newOutputStream(dir.resolve("log.txt")), true,
          StandardCharsets.UTF_8)) {
        log.println("ycsb suite --capacity: ycsb memtier " + String.join(" ", args));
        log.println(String.format(Locale.ROOT, "within %s, %d s steps, warm-up %s, resolution %.1f%%",
            c.slo().describe(), c.stepSeconds(), c.warmup() == null ? "none" : c.warmup(), c.resolution() * 100));
        CapacityRunner runner = new CapacityRunner(Benchmarks.of(binding, props), props, c.slo(), c.stepSeconds(),
            c.warmup(), CapacitySearch.Settings.defaults(c.resolution()), dir, log, null);
        runner.run();
        Path file = runner.file(binding, "memtier " + String.join(" ", args), a.connections()).write(dir);
        if (runner.failure() != null) {
          throw new UserError("a capacity step failed: " + runner.failure() + " (" + dir.resolve("log.txt") + ")");
        }
        CapacitySearch.Outcome o = runner.search().outcome();
        if (o != null && o.found()) {
          return new Found(o.capacity(), o.lowerBound() ? o.reason() : null, file);
        }
        return new Found(Double.NaN, o == null ? "the search ended without an outcome" : o.reason(), file);
      }
    } catch (IOException e) {
      throw new UserError("cannot write the capacity results to '" + dir + "': " + UserError.describe(e));
    }
  }
}
