package io.github.ycsbkv.jmh;

import io.github.ycsbkv.config.EngineProperties;
import io.github.ycsbkv.engine.Benchmark;
import io.github.ycsbkv.engine.Phase;
import io.github.ycsbkv.results.BenchmarkResult;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;

/**
 * A full closed-loop iteration of the engine on a DB that does nothing: the workload call
 * ({@code harnesscost}: one fixed key, reused maps), {@code TimedDB}'s clock reads, recording, the
 * operation count and the stop checks, at 1 and 2 client threads. One invocation is one
 * {@code ycsb run} of {@value #OPS} operations through the public {@link Benchmark} API, so thread
 * start-up and the summary are included but spread over the operations; the score is time per
 * operation per thread-set (at 2 threads, two operations proceed at once).
 *
 * <p>Run: {@code java -jar jmh/target/benchmarks.jar ClosedLoopBenchmark}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class ClosedLoopBenchmark {

  static final int OPS = 500_000;

  @Param({"1", "2"})
  public int threads;

  /** Returns OK and touches nothing. */
  public static final class NoOpDB extends DB {
    @Override
    public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
      return Status.OK;
    }

    @Override
    public Status scan(String table, String startkey, int recordcount, Set<String> fields,
        Vector<java.util.HashMap<String, ByteIterator>> result) {
      return Status.OK;
    }

    @Override
    public Status update(String table, String key, Map<String, ByteIterator> values) {
      return Status.OK;
    }

    @Override
    public Status insert(String table, String key, Map<String, ByteIterator> values) {
      return Status.OK;
    }

    @Override
    public Status delete(String table, String key) {
      return Status.OK;
    }
  }

  @org.openjdk.jmh.annotations.Benchmark
  @OperationsPerInvocation(OPS)
  public long run() {
    Properties p = new Properties();
    p.setProperty(EngineProperties.WORKLOAD, "io.github.ycsbkv.workloads.HarnessCostWorkload");
    p.setProperty(EngineProperties.OPERATION_COUNT, Integer.toString(OPS));
    p.setProperty(EngineProperties.RECORD_COUNT, "1");
    p.setProperty(EngineProperties.THREADS, Integer.toString(threads));
    BenchmarkResult r = new Benchmark(Phase.RUN, p, "noop", NoOpDB.class, getClass().getClassLoader()).run();
    if (r.operations() != OPS) {
      throw new IllegalStateException("ran " + r.operations() + " operations, not " + OPS);
    }
    return r.operations();
  }
}
