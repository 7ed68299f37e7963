package io.github.ycsbkv.jmh;

import io.github.ycsbkv.spi.AsyncOperations;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;

/**
 * The asynchronous path the engine's {@code drivers} and {@code pipeline} modes take, against a live server,
 * one thread: {@value #BATCH} READs of all ten fields submitted, one {@code flush()}, all awaited; the score is
 * per READ. Set up as {@link LiveServerBenchmark} (same properties, {@code -p binding=...}), with
 * {@code pipeline=}{@value #BATCH} so that each binding batches as it does in a run.
 *
 * <p>Run: {@code java -Djmh.redis=127.0.0.1:6379 -jar jmh/target/benchmarks.jar LiveBatchBenchmark -p binding=redis,dragonfly}
 * (add {@code -p dragonflyAsyncClient=jedis,lettuce} for both of the dragonfly binding's paths).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 3)
@Fork(1)
public class LiveBatchBenchmark {

  static final int BATCH = 16;

  @Param({"redis", "dragonfly", "aerospike"})
  public String binding;

  /** The dragonfly binding's client of asynchronous operations ({@code dragonfly.asyncclient}): jedis or lettuce. */
  @Param({"jedis"})
  public String dragonflyAsyncClient;

  private DB db;
  private AsyncOperations async;
  @SuppressWarnings("unchecked")
  private final Map<String, ByteIterator>[] results = new Map[BATCH];
  @SuppressWarnings("unchecked")
  private final CompletableFuture<Status>[] stages = new CompletableFuture[BATCH];

  @Setup
  public void setUp() throws Exception {
    Properties extra = new Properties();
    extra.setProperty("pipeline", Integer.toString(BATCH));
    extra.setProperty("dragonfly.asyncclient", dragonflyAsyncClient);
    db = LiveServerBenchmark.open(binding, extra);
    async = (AsyncOperations) db;
    for (int i = 0; i < BATCH; i++) {
      results[i] = new HashMap<>();
    }
  }

  @TearDown
  public void tearDown() {
    LiveServerBenchmark.close(db);
  }

  @Benchmark
  @OperationsPerInvocation(BATCH)
  public int readBatch() throws Exception {
    for (int i = 0; i < BATCH; i++) {
      results[i].clear();
      stages[i] = async.readAsync("usertable", "jmh-live-1", null, results[i]).toCompletableFuture();
    }
    async.flush();
    int fields = 0;
    for (int i = 0; i < BATCH; i++) {
      Status s = stages[i].get(10, TimeUnit.SECONDS);
      if (!s.isOk()) {
        throw new IllegalStateException("read returned " + s);
      }
      fields += results[i].size();
    }
    return fields;
  }
}
