package io.github.ycsbkv.jmh;

import io.github.ycsbkv.aerospike.AerospikeDB;
import io.github.ycsbkv.dragonfly.DragonflyDB;
import io.github.ycsbkv.redis.RedisDB;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
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
import site.ycsb.StringByteIterator;

/**
 * Single-operation latency through each binding against a live server, one client thread: a READ of
 * all ten fields of one record and an UPDATE of one field, measured as a latency distribution (JMH's
 * sample mode prints percentiles). The server comes from a system property:
 * {@code -Djmh.redis=host:port} (the redis binding, Jedis), {@code -Djmh.dragonfly=host:port} (the
 * dragonfly binding, Lettuce; defaults to {@code jmh.redis}, so both client paths meet the same
 * server), {@code -Djmh.aerospike=host:port}. A binding without its property fails at set-up saying
 * which property to give; choose bindings with {@code -p binding=redis,dragonfly}.
 *
 * <p>Run: {@code java -Djmh.redis=127.0.0.1:6379 -jar jmh/target/benchmarks.jar LiveServerBenchmark -p binding=redis,dragonfly}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 3)
@Fork(1)
public class LiveServerBenchmark {

  @Param({"redis", "dragonfly", "aerospike"})
  public String binding;

  private DB db;
  private final Map<String, ByteIterator> result = new HashMap<>();
  private Map<String, ByteIterator> update;

  /** The {@code host:port} for {@code binding}, or a clear failure. */
  static String address(String binding) {
    String a = System.getProperty("jmh." + binding);
    if ((a == null || a.isBlank()) && binding.equals("dragonfly")) {
      a = System.getProperty("jmh.redis");
    }
    if (a == null || a.isBlank() || !a.contains(":")) {
      throw new IllegalStateException("LiveServerBenchmark with binding=" + binding + " needs -Djmh." + binding
          + "=host:port" + (binding.equals("dragonfly") ? " (or -Djmh.redis)" : "") + "; or leave it out with -p binding=...");
    }
    return a.trim();
  }

  @Setup
  public void setUp() throws Exception {
    db = open(binding, new Properties());
    update = StringByteIterator.getByteIteratorMap(Map.of("field3", "y".repeat(100)));
  }

  /**
   * A client of {@code binding} at its server (with {@code extra} properties), which has written the record
   * {@code jmh-live-1} of ten 100-byte fields.
   */
  static DB open(String binding, Properties extra) throws Exception {
    String address = address(binding);
    String host = address.substring(0, address.lastIndexOf(':'));
    String port = address.substring(address.lastIndexOf(':') + 1);
    Properties p = new Properties();
    p.setProperty("fieldcount", "10");
    p.setProperty("threadcount", "1");
    DB db;
    switch (binding) {
      case "redis" -> {
        p.setProperty("redis.host", host);
        p.setProperty("redis.port", port);
        db = new RedisDB();
      }
      case "dragonfly" -> {
        p.setProperty("dragonfly.host", host);
        p.setProperty("dragonfly.port", port);
        db = new DragonflyDB();
      }
      case "aerospike" -> {
        p.setProperty("as.host", address);
        db = new AerospikeDB();
      }
      default -> throw new IllegalStateException("unknown binding " + binding);
    }
    p.putAll(extra);
    db.setProperties(p);
    db.init();
    Map<String, String> record = new HashMap<>();
    for (int f = 0; f < 10; f++) {
      record.put("field" + f, "x".repeat(100));
    }
    Status s = db.insert("usertable", "jmh-live-1", StringByteIterator.getByteIteratorMap(record));
    if (!s.isOk()) {
      throw new IllegalStateException("cannot write the benchmark's record at " + address + ": " + s);
    }
    return db;
  }

  @TearDown
  public void tearDown() {
    close(db);
  }

  /** Deletes the record {@link #open} wrote and cleans the client up; null is ignored. */
  static void close(DB db) {
    if (db != null) {
      db.delete("usertable", "jmh-live-1");
      try {
        db.cleanup();
      } catch (Exception e) {
        // the benchmark is over; nothing to report
      }
    }
  }

  @Benchmark
  public Status read() {
    result.clear();
    Status s = db.read("usertable", "jmh-live-1", null, result);
    if (!s.isOk()) {
      throw new IllegalStateException("read returned " + s);
    }
    return s;
  }

  @Benchmark
  public Status update() {
    return db.update("usertable", "jmh-live-1", update);
  }
}
