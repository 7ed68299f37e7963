package io.github.ycsbkv.jmh;

import io.github.ycsbkv.engine.metrics.Metrics;
import io.github.ycsbkv.engine.metrics.OperationRecorder;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import site.ycsb.Status;

/**
 * What a status interval's drain costs the sampler ({@link Metrics#drain}): every client thread's recorder of every
 * operation read and added up. {@code ycsb memtier} drains each second (its JSON's {@code Time-Serie}); a run with a
 * thread per client (the specification's transaction suite: 100 threads, 6 commands) has 600 recorders, each holding
 * latencies of 1 to 41 ms in nanoseconds. Before each drain every recorder records 50 latencies (not timed).
 *
 * <p>Run: {@code java -jar jmh/target/benchmarks.jar MetricsDrainBenchmark}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class MetricsDrainBenchmark {

  private static final String[] OPERATIONS = {"MULTI", "HSETNX", "HEXISTS", "HGET", "HDEL", "EXEC"};

  @Param({"2", "100"})
  int threads;

  private Metrics metrics;
  private final List<OperationRecorder> recorders = new ArrayList<>();
  private final SplittableRandom random = new SplittableRandom(1);

  @Setup(Level.Trial)
  public void recorders() {
    metrics = new Metrics(false);
    recorders.clear();
    for (int t = 0; t < threads; t++) {
      Metrics.ThreadRecorders thread = metrics.forThread();
      for (String op : OPERATIONS) {
        recorders.add(thread.operation(op));
      }
    }
  }

  @Setup(Level.Invocation)
  public void record() {
    for (OperationRecorder r : recorders) {
      for (int i = 0; i < 50; i++) {
        r.record(Status.OK, 0, 1_000_000L + (long) (random.nextDouble() * random.nextDouble() * 40_000_000L), 0);
      }
    }
  }

  @Benchmark
  public List<Metrics.Totals> drain() {
    return metrics.drain();
  }
}
