package io.github.ycsbkv.jmh;

import io.github.ycsbkv.config.PropertySources;
import io.github.ycsbkv.spi.ExpiringWrites;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
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
import org.openjdk.jmh.infra.Blackhole;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.Workload;
import site.ycsb.measurements.Measurements;

/**
 * What one workload operation costs the client before any store is involved: a workload's
 * {@code doTransaction} (key choice, value generation, operation choice) against a DB that does
 * nothing but hand what it receives to a {@link Blackhole}. The goal (workloads issue): well under
 * a store round trip, and under 1 microsecond for {@code readheavy} and {@code writeheavy}.
 *
 * <p>The workload files are the real ones from {@code workloads/}, with {@code recordcount} shrunk
 * to 100,000 so that set-up stays quick (the Zipfian constants are computed over it). Run:
 * {@code java -jar jmh/target/benchmarks.jar WorkloadBenchmark}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class WorkloadBenchmark {

  @Param({"readheavy", "balanced", "writeheavy", "memtier", "objectcache"})
  public String workload;

  private Workload instance;
  private Object threadState;
  private SinkDB db;

  /**
   * A no-op DB, like upstream's BasicDB without its printing: it hands keys and value maps to the
   * Blackhole so that the JIT cannot drop their creation, and reads no bytes, so lazily generated
   * values (CoreWorkload's RandomByteIterator) are not generated here, while eager ones (the
   * time-series and cache workloads') are.
   */
  static final class SinkDB extends DB implements ExpiringWrites {
    Blackhole bh;

    @Override
    public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
      bh.consume(key);
      return Status.OK;
    }

    @Override
    public Status scan(String table, String startkey, int recordcount, Set<String> fields,
        Vector<HashMap<String, ByteIterator>> result) {
      bh.consume(startkey);
      return Status.OK;
    }

    @Override
    public Status update(String table, String key, Map<String, ByteIterator> values) {
      return consume(key, values);
    }

    @Override
    public Status insert(String table, String key, Map<String, ByteIterator> values) {
      return consume(key, values);
    }

    private Status consume(String key, Map<String, ByteIterator> values) {
      bh.consume(key);
      bh.consume(values);
      return Status.OK;
    }

    @Override
    public Status insertWithTtl(String table, String key, Map<String, ByteIterator> values, long ttlSeconds) {
      bh.consume(ttlSeconds);
      return consume(key, values);
    }

    @Override
    public Status delete(String table, String key) {
      bh.consume(key);
      return Status.OK;
    }
  }

  /** Locates {@code workloads/} from the project root or from {@code jmh/}. */
  static Path workloadsDir() {
    for (Path p : List.of(Path.of("workloads"), Path.of("..", "workloads"))) {
      if (Files.isDirectory(p)) {
        return p;
      }
    }
    throw new IllegalStateException("run from the ycsb-kv directory: workloads/ not found");
  }

  @Setup(Level.Trial)
  public void setUp(Blackhole bh) throws Exception {
    Properties props = PropertySources.load(List.of(workloadsDir().resolve(workload).toString()),
        List.of("recordcount=100000", "ts.series=1024"));
    Measurements.setProperties(props);
    instance = (Workload) Class.forName(props.getProperty("workload")).getDeclaredConstructor().newInstance();
    instance.init(props);
    threadState = instance.initThread(props, 0, 1);
    db = new SinkDB();
    db.bh = bh;
  }

  @Benchmark
  public boolean doTransaction() {
    return instance.doTransaction(db, threadState);
  }
}
