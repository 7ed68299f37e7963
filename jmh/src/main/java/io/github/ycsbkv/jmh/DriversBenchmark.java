package io.github.ycsbkv.jmh;

import io.github.ycsbkv.config.EngineProperties;
import io.github.ycsbkv.engine.Benchmark;
import io.github.ycsbkv.engine.Phase;
import io.github.ycsbkv.results.BenchmarkResult;
import io.github.ycsbkv.spi.AsyncOperations;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
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
 * What it costs the engine to serve 16 closed-loop clients through a binding's asynchronous
 * operations, without a network: every operation completes on the binding's own "event loop" (one
 * thread per DB instance, as Lettuce's and Aerospike's), as soon as that thread gets to it. Three ways
 * of driving the same 16 clients:
 * <ul>
 *   <li>{@code threads}: one OS thread per client ({@code drivers=0}), each waiting for its
 *       operation: two thread hand-offs per operation;</li>
 *   <li>{@code pipelined}: 2 OS threads with 8 in flight each, completions handed back to them
 *       (the binding offers no completion executor);</li>
 *   <li>{@code loop}: 2 threads whose clients run on the binding's loop ({@code completionExecutor}):
 *       the completion submits the client's next operation, no hand-off.</li>
 * </ul>
 * The score is time per operation, so it is the engine's and the JVM's hand-off cost per operation
 * that a real client library adds to its own. One invocation is one {@code ycsb run} of {@value #OPS}
 * operations of {@code harnesscost} (one key, reused maps) through the public {@link Benchmark} API.
 *
 * <p>Run: {@code java -jar jmh/target/benchmarks.jar DriversBenchmark}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class DriversBenchmark {

  static final int OPS = 200_000;
  static final int CLIENTS = 16;

  @Param({"threads", "pipelined", "loop"})
  public String mode;

  /** Completes every operation on its own single thread; offers it to the engine when asked. */
  public static class LoopDB extends DB implements AsyncOperations {
    private ExecutorService loop;

    boolean offersLoop() {
      return false;
    }

    @Override
    public void init() {
      loop = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "loop-db");
        t.setDaemon(true);
        return t;
      });
    }

    @Override
    public void cleanup() {
      loop.shutdownNow();
    }

    @Override
    public Executor completionExecutor() {
      return offersLoop() ? loop : null;
    }

    private CompletionStage<Status> ok() {
      CompletableFuture<Status> f = new CompletableFuture<>();
      loop.execute(() -> f.complete(Status.OK));
      return f;
    }

    @Override
    public CompletionStage<Status> readAsync(String t, String k, Set<String> f, Map<String, ByteIterator> r) {
      return ok();
    }

    @Override
    public CompletionStage<Status> updateAsync(String t, String k, Map<String, ByteIterator> v) {
      return ok();
    }

    @Override
    public CompletionStage<Status> insertAsync(String t, String k, Map<String, ByteIterator> v) {
      return ok();
    }

    @Override
    public CompletionStage<Status> deleteAsync(String t, String k) {
      return ok();
    }

    @Override
    public Status read(String t, String k, Set<String> f, Map<String, ByteIterator> r) {
      return ok().toCompletableFuture().join();
    }

    @Override
    public Status scan(String t, String s, int n, Set<String> f, Vector<HashMap<String, ByteIterator>> r) {
      return Status.OK;
    }

    @Override
    public Status update(String t, String k, Map<String, ByteIterator> v) {
      return ok().toCompletableFuture().join();
    }

    @Override
    public Status insert(String t, String k, Map<String, ByteIterator> v) {
      return ok().toCompletableFuture().join();
    }

    @Override
    public Status delete(String t, String k) {
      return ok().toCompletableFuture().join();
    }
  }

  /** As {@link LoopDB}, and offers its thread as the completion executor. */
  public static final class OfferingLoopDB extends LoopDB {
    @Override
    boolean offersLoop() {
      return true;
    }
  }

  @org.openjdk.jmh.annotations.Benchmark
  @OperationsPerInvocation(OPS)
  public long run() {
    Properties p = new Properties();
    p.setProperty(EngineProperties.WORKLOAD, "io.github.ycsbkv.workloads.HarnessCostWorkload");
    p.setProperty(EngineProperties.OPERATION_COUNT, Integer.toString(OPS));
    p.setProperty(EngineProperties.RECORD_COUNT, "1");
    p.setProperty(EngineProperties.THREADS, Integer.toString(CLIENTS));
    p.setProperty("drivers", mode.equals("threads") ? "0" : "2");
    Class<? extends DB> db = mode.equals("loop") ? OfferingLoopDB.class : LoopDB.class;
    BenchmarkResult r = new Benchmark(Phase.RUN, p, "loopdb", db, getClass().getClassLoader()).run();
    if (r.operations() != OPS) {
      throw new IllegalStateException("ran " + r.operations() + " operations, not " + OPS);
    }
    return r.operations();
  }
}
