package io.github.ycsbkv.engine.metrics;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import site.ycsb.Status;

/**
 * The measurement path of one operation: what {@code TimedDB} does after the binding returns, i.e.
 * {@link OperationRecorder#record} into this thread's HdrHistogram recorders (service time; with
 * {@code -target} also the response time from the intended start) and the status count. In the
 * engine's package because the recorder is internal. Latencies vary over three decades, as real
 * ones do, so that the histogram's bucket lookup is not always the same.
 *
 * <p>Run: {@code java -jar jmh/target/benchmarks.jar RecordingBenchmark}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class RecordingBenchmark {

  private OperationRecorder closedLoop;
  private OperationRecorder withTarget;
  private final long[] latencies = new long[1024];
  private int i;

  @Setup
  public void setUp() {
    closedLoop = new OperationRecorder("READ", false);
    withTarget = new OperationRecorder("READ", true);
    java.util.SplittableRandom r = new java.util.SplittableRandom(42);
    for (int k = 0; k < latencies.length; k++) {
      latencies[k] = (long) (20_000 * Math.exp(r.nextDouble() * Math.log(1000))); // 20 us to 20 ms
    }
  }

  /** Closed loop: service time and status only. */
  @Benchmark
  public void record() {
    long start = 1_000_000_000L + i;
    closedLoop.record(Status.OK, start, start + latencies[i++ & 1023], -1);
  }

  /** Under {@code -target}: service time plus response time from the intended start. */
  @Benchmark
  public void recordWithIntendedStart() {
    long start = 1_000_000_000L + i;
    withTarget.record(Status.OK, start, start + latencies[i++ & 1023], start - 5_000);
  }

  /** A miss: counted by status and timed in the FAILED series. */
  @Benchmark
  public void recordNotFound() {
    long start = 1_000_000_000L + i;
    closedLoop.record(Status.NOT_FOUND, start, start + latencies[i++ & 1023], -1);
  }
}
