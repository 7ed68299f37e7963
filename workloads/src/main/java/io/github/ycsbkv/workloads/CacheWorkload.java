package io.github.ycsbkv.workloads;

import io.github.ycsbkv.config.Props;
import io.github.ycsbkv.spi.ExpiringWrites;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.Workload;
import site.ycsb.WorkloadException;

/**
 * A memtier_benchmark-style cache workload: GET and SET of one value per key, with a SET:GET
 * {@code cache.ratio}, a value size or size range ({@code cache.valuesize}), keys
 * {@code 1..recordcount} drawn by the {@link KeyPattern} named by {@code requestdistribution}
 * ({@code cache.gaussian.median} and {@code cache.gaussian.stddev} default to the middle of the range
 * and a sixth of it), and an optional time to live ({@code cache.ttl}, seconds or a range). A GET is a YCSB read (a miss is
 * {@code NOT_FOUND}, counted apart from errors and reported as a hit rate); a SET is a YCSB insert
 * (with {@link ExpiringWrites} when {@code cache.ttl} is set). Each record has one field, so on RESP
 * bindings with {@code redis.datatype=string} a SET is {@code SET key value}, as memtier sends it.
 *
 * <p>{@code run} needs no {@code load}: like memtier, the keys are written by the run's own SETs (the
 * memtier study's hit rate of about 5% comes from that). {@code load} writes keys
 * {@code insertstart+1 ..} sequentially for those who want a warm cache. Everything random comes
 * from {@code cache.seed} and the thread number. Thread-safe: per-thread state is in
 * {@link #initThread}'s object.
 */
public class CacheWorkload extends Workload implements io.github.ycsbkv.engine.WorkloadTraits {

  /** Reads are not checked: the values are not kept to compare against. */
  @Override
  public boolean checksValues() {
    return false;
  }

  /** Never looks at what an operation returned: a miss is counted by its status, not acted on. */
  @Override
  public boolean pipelineSafe() {
    return true;
  }

  /** Its runs start from an empty store, as memtier_benchmark's: recordcount is the key range. */
  @Override
  public boolean skipsLoad() {
    return true;
  }

  /** No scans, and no scanning workload reads its keys: no scan index. */
  @Override
  public boolean neverScans() {
    return true;
  }


  public static final String RATIO = "cache.ratio";
  public static final String VALUE_SIZE = "cache.valuesize";
  /** YCSB's name: here, the key pattern (uniform, gaussian, zipfian, sequential). */
  public static final String KEY_PATTERN = "requestdistribution";
  public static final String GAUSSIAN_MEDIAN = "cache.gaussian.median";
  public static final String GAUSSIAN_STDDEV = "cache.gaussian.stddev";
  public static final String KEY_PREFIX = "cache.keyprefix";
  public static final String TTL = "cache.ttl";
  public static final String SEED = "cache.seed";

  /** memtier's default ratio, SET:GET. */
  public static final String DEFAULT_RATIO = "1:10";
  /** memtier's default value size, in bytes. */
  public static final String DEFAULT_VALUE_SIZE = "32";
  public static final String DEFAULT_KEY_PATTERN = "uniform";
  public static final String DEFAULT_KEY_PREFIX = "memtier-";
  public static final long DEFAULT_SEED = 3_000_000L;

  private String table;
  private String field;
  private double setProbability;
  private int minSize;
  private int maxSize;
  private KeyPattern keys;
  private String keyPrefix;
  private long minTtl;
  private long maxTtl;
  private long seed;
  private long insertStart;
  private final AtomicLong loadCounter = new AtomicLong();

  private static final class State {
    final SplittableRandom random;
    final long[] sequence = {0};
    final Map<String, ByteIterator> values = new HashMap<>(2);
    final Map<String, ByteIterator> result = new HashMap<>(2);

    State(SplittableRandom random) {
      this.random = random;
    }
  }

  @Override
  public void init(Properties p) throws WorkloadException {
    table = p.getProperty("table", "usertable");
    field = p.getProperty("fieldnameprefix", "field") + "0";
    long[] ratio = range(p.getProperty(RATIO, DEFAULT_RATIO), RATIO, ":");
    if (ratio[0] + ratio[1] == 0) {
      throw new WorkloadException(RATIO + " must not be 0:0");
    }
    setProbability = (double) ratio[0] / (ratio[0] + ratio[1]);
    long[] size = range(p.getProperty(VALUE_SIZE, DEFAULT_VALUE_SIZE), VALUE_SIZE, "-");
    if (size[0] < 1 || size[1] < size[0] || size[1] > 64 * 1024 * 1024) {
      throw new WorkloadException(VALUE_SIZE + " must be a size or min-max range in 1..67108864 bytes");
    }
    minSize = (int) size[0];
    maxSize = (int) size[1];
    long recordCount = Props.getLong(p, "recordcount", 0, 1);
    keys = KeyPattern.of(p.getProperty(KEY_PATTERN, DEFAULT_KEY_PATTERN), recordCount,
        Props.getDouble(p, GAUSSIAN_MEDIAN, Double.NaN),
        Props.getDouble(p, GAUSSIAN_STDDEV, Double.NaN));
    keyPrefix = p.getProperty(KEY_PREFIX, DEFAULT_KEY_PREFIX);
    long[] ttl = range(p.getProperty(TTL, "0"), TTL, "-");
    minTtl = ttl[0];
    maxTtl = ttl[1];
    if (maxTtl < minTtl) {
      throw new WorkloadException(TTL + ": the range's maximum is below its minimum");
    }
    seed = Props.getLong(p, SEED, DEFAULT_SEED, Long.MIN_VALUE);
    insertStart = Props.getLong(p, "insertstart", 0, 0);
  }

  @Override
  public Object initThread(Properties p, int threadId, int threadCount) {
    State s = new State(new SplittableRandom(TimeSeriesWorkload.mix(seed, threadId, 0xCAC4EL)));
    s.sequence[0] = threadId;
    return s;
  }

  /** The key of key number {@code n}. */
  String key(long n) {
    return keyPrefix + n;
  }

  @Override
  public boolean doInsert(DB db, Object threadState) {
    // Load writes keys insertstart+1, insertstart+2, ... once each, whatever the thread count.
    long n = insertStart + 1 + loadCounter.getAndIncrement();
    return set(db, (State) threadState, key(n)).isOk();
  }

  /** Writes with a time to live ({@code cache.ttl}) are blocking calls ({@code ExpiringWrites}). */
  @Override
  public boolean callsBlockingOperations() {
    return maxTtl > 0;
  }

  @Override
  public boolean doTransaction(DB db, Object threadState) {
    State s = (State) threadState;
    String key = key(keys.next(s.random, s.sequence));
    if (s.random.nextDouble() < setProbability) {
      set(db, s, key);
    } else {
      s.result.clear();
      db.read(table, key, null, s.result);
    }
    return true;
  }

  /** Each random byte's letter: 'a' + byte % 26 (looked up: a division per byte was most of a SET's cost). */
  private static final byte[] LETTERS = new byte[256];

  static {
    for (int b = 0; b < 256; b++) {
      LETTERS[b] = (byte) ('a' + b % 26);
    }
  }

  private Status set(DB db, State s, String key) {
    int size = minSize == maxSize ? minSize : minSize + s.random.nextInt(maxSize - minSize + 1);
    byte[] value = letters(s.random, size);
    s.values.clear();
    s.values.put(field, new ByteArrayByteIterator(value));
    if (maxTtl > 0) {
      long ttl = minTtl == maxTtl ? minTtl : minTtl + s.random.nextLong(maxTtl - minTtl + 1);
      if (!(db instanceof ExpiringWrites expiring)) {
        throw new IllegalStateException(TTL + " is set, but the binding cannot write with a time to live; use redis,"
            + " valkey, keydb, dragonfly, aerospike or memory, or drop " + TTL);
      }
      return expiring.insertWithTtl(table, key, s.values, ttl);
    }
    return db.insert(table, key, s.values);
  }

  /** {@code size} random letters, eight from each random long (the commands workload's {@code __data__} too). */
  static byte[] letters(java.util.SplittableRandom random, int size) {
    byte[] value = new byte[size];
    for (int i = 0; i < size; i += 8) {
      long r = random.nextLong();
      for (int j = 0; j < 8 && i + j < size; j++) {
        value[i + j] = LETTERS[(int) (r >>> (8 * j)) & 0xFF];
      }
    }
    return value;
  }

  /** Parses "a" or "a{sep}b" into {a, b} (a single number gives {a, a}). */
  static long[] range(String text, String property, String separator) throws WorkloadException {
    String[] parts = text.trim().split(java.util.regex.Pattern.quote(separator));
    try {
      if (parts.length == 1) {
        long v = Long.parseLong(parts[0].trim());
        return new long[] {v, v};
      }
      if (parts.length == 2) {
        long a = Long.parseLong(parts[0].trim());
        long b = Long.parseLong(parts[1].trim());
        if (a < 0 || b < 0) {
          throw new NumberFormatException();
        }
        return new long[] {a, b};
      }
    } catch (NumberFormatException e) {
      // fall through
    }
    throw new WorkloadException("property '" + property + "' must be N or N" + separator + "M with whole numbers >= 0,"
        + " got '" + text + "'");
  }
}
