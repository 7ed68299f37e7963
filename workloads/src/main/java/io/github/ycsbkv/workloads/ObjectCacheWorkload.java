package io.github.ycsbkv.workloads;

import io.github.ycsbkv.config.Props;
import io.github.ycsbkv.spi.ExpiringWrites;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
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
 * An object cache shaped like a WordPress site's persistent object cache (the memtier study's second
 * part, docs/studies.md): GETs and SETs ({@code objectcache.getproportion}, default 70%)
 * of keys {@code wp_cache_{group}_{id}}, every SET with a time to live drawn uniformly from
 * {@code objectcache.ttl} (default 300-86400 s), values from short strings to serialized PHP arrays,
 * JSON documents and page-sized HTML blobs, and a chance ({@code objectcache.populateonmiss}, default
 * 0.2) that a GET that missed writes the key, as a cache-aside application does.
 *
 * <p>{@code load} is the warm-up: it writes {@code recordcount} keys (100 in {@code workloads/objectcache}).
 * SETs need {@link ExpiringWrites}; a binding without it stops the run with one line. Misses are
 * {@code NOT_FOUND}, reported as a hit rate. Everything random comes from {@code objectcache.seed}
 * and the thread number. Thread-safe: per-thread state is in {@link #initThread}'s object.
 */
public class ObjectCacheWorkload extends Workload implements io.github.ycsbkv.engine.WorkloadTraits {

  /** Reads are not checked: the values are not kept to compare against. */
  @Override
  public boolean checksValues() {
    return false;
  }

  /** Its runs start from what the store holds: the misses (and the populating they cause) are part of it. */
  @Override
  public boolean runsWithoutLoad() {
    return true;
  }

  /** No scans, and no scanning workload reads its keys: no scan index. */
  @Override
  public boolean neverScans() {
    return true;
  }


  public static final String GET_PROPORTION = "objectcache.getproportion";
  public static final String TTL = "objectcache.ttl";
  public static final String POPULATE_ON_MISS = "objectcache.populateonmiss";
  public static final String KEYS_PER_GROUP = "objectcache.keyspergroup";
  public static final String SEED = "objectcache.seed";

  public static final double DEFAULT_GET_PROPORTION = 0.7;
  public static final String DEFAULT_TTL = "300-86400";
  public static final double DEFAULT_POPULATE_ON_MISS = 0.2;
  public static final long DEFAULT_KEYS_PER_GROUP = 2000;
  public static final long DEFAULT_SEED = 13L;

  /** A cache group: its name, its share of operations, and the shape of its values. */
  record Group(String name, double weight, ValueKind kind) {}

  /** Value shapes, with their size ranges in bytes. */
  enum ValueKind {
    /** Options, counters, short strings. */
    SHORT_STRING(8, 64),
    /** PHP {@code serialize()} output of small arrays (post meta, term lists). */
    SERIALIZED_ARRAY(200, 2_000),
    /** JSON documents (REST responses, block data). */
    JSON(500, 5_000),
    /** Rendered page fragments. */
    PAGE(10_000, 100_000);

    final int min;
    final int max;

    ValueKind(int min, int max) {
      this.min = min;
      this.max = max;
    }
  }

  /** The groups of a typical WordPress object cache and how often each is used. */
  static final List<Group> GROUPS = List.of(
      new Group("options", 0.20, ValueKind.SHORT_STRING),
      new Group("posts", 0.20, ValueKind.SERIALIZED_ARRAY),
      new Group("post_meta", 0.20, ValueKind.SERIALIZED_ARRAY),
      new Group("terms", 0.10, ValueKind.SERIALIZED_ARRAY),
      new Group("users", 0.05, ValueKind.SERIALIZED_ARRAY),
      new Group("transient", 0.10, ValueKind.JSON),
      new Group("rest_api", 0.10, ValueKind.JSON),
      new Group("page_cache", 0.05, ValueKind.PAGE));

  private String table;
  private String field;
  private double getProportion;
  private long minTtl;
  private long maxTtl;
  private double populateOnMiss;
  private long keysPerGroup;
  private long seed;
  private final AtomicLong loadCounter = new AtomicLong();

  private static final class State {
    final SplittableRandom random;
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
    getProportion = Props.getDouble(p, GET_PROPORTION, DEFAULT_GET_PROPORTION);
    populateOnMiss = Props.getDouble(p, POPULATE_ON_MISS, DEFAULT_POPULATE_ON_MISS);
    if (getProportion < 0 || getProportion > 1 || populateOnMiss < 0 || populateOnMiss > 1) {
      throw new WorkloadException(GET_PROPORTION + " and " + POPULATE_ON_MISS + " must be between 0 and 1");
    }
    long[] ttl = CacheWorkload.range(p.getProperty(TTL, DEFAULT_TTL), TTL, "-");
    if (ttl[0] < 1 || ttl[1] < ttl[0]) {
      throw new WorkloadException(TTL + " must be a number of seconds or a min-max range, at least 1");
    }
    minTtl = ttl[0];
    maxTtl = ttl[1];
    keysPerGroup = Props.getLong(p, KEYS_PER_GROUP, DEFAULT_KEYS_PER_GROUP, 1);
    seed = Props.getLong(p, SEED, DEFAULT_SEED, Long.MIN_VALUE);
  }

  @Override
  public Object initThread(Properties p, int threadId, int threadCount) {
    return new State(new SplittableRandom(TimeSeriesWorkload.mix(seed, threadId, 0x0BCAC4EL)));
  }

  /** The key of object {@code id} of {@code group}. */
  static String key(Group group, long id) {
    return "wp_cache_" + group.name() + "_" + id;
  }

  Group group(SplittableRandom random) {
    double u = random.nextDouble();
    double sum = 0;
    for (Group g : GROUPS) {
      sum += g.weight();
      if (u < sum) {
        return g;
      }
    }
    return GROUPS.get(GROUPS.size() - 1);
  }

  long ttl(SplittableRandom random) {
    return minTtl == maxTtl ? minTtl : minTtl + random.nextLong(maxTtl - minTtl + 1);
  }

  @Override
  public boolean doInsert(DB db, Object threadState) {
    State s = (State) threadState;
    long n = loadCounter.getAndIncrement();
    Group g = GROUPS.get((int) (n % GROUPS.size()));
    return set(db, s, g, key(g, 1 + (n / GROUPS.size()) % keysPerGroup)).isOk();
  }

  @Override
  public boolean doTransaction(DB db, Object threadState) {
    State s = (State) threadState;
    Group g = group(s.random);
    String key = key(g, 1 + s.random.nextLong(keysPerGroup));
    if (s.random.nextDouble() < getProportion) {
      s.result.clear();
      Status status = db.read(table, key, null, s.result);
      if (status == Status.NOT_FOUND && s.random.nextDouble() < populateOnMiss) {
        set(db, s, g, key);
      }
    } else {
      set(db, s, g, key);
    }
    return true;
  }

  private Status set(DB db, State s, Group g, String key) {
    if (!(db instanceof ExpiringWrites expiring)) {
      throw new IllegalStateException("the objectcache workload writes with a time to live, which this binding"
          + " cannot do; use redis, valkey, keydb, dragonfly, aerospike or memory");
    }
    s.values.clear();
    s.values.put(field, new ByteArrayByteIterator(value(g.kind(), s.random)));
    return expiring.insertWithTtl(table, key, s.values, ttl(s.random));
  }

  /**
   * A value of the given shape, of exactly a size drawn uniformly from the shape's range: elements are
   * added while they fit before the closing text, and the rest is padded with spaces (ASCII only, so
   * characters are bytes).
   */
  static byte[] value(ValueKind kind, SplittableRandom random) {
    int size = kind.min + random.nextInt(kind.max - kind.min + 1);
    StringBuilder sb = new StringBuilder(size);
    String closing;
    switch (kind) {
      case SHORT_STRING -> {
        closing = "";
        while (sb.length() < size) {
          sb.append((char) ('a' + random.nextInt(26)));
        }
      }
      case SERIALIZED_ARRAY -> {
        closing = "}";
        sb.append("a:").append(size / 40).append(":{");
        for (int i = 0; ; i++) {
          String v = word(random, 4 + random.nextInt(20));
          String element = "s:" + (6 + Integer.toString(i).length()) + ":\"meta_" + i + "\";s:" + v.length() + ":\"" + v
              + "\";";
          if (!fits(sb, element, closing, size)) {
            break;
          }
          sb.append(element);
        }
      }
      case JSON -> {
        closing = "{}]}";
        sb.append("{\"id\":").append(random.nextInt(1_000_000)).append(",\"items\":[");
        while (true) {
          String element = "{\"k\":\"" + word(random, 6) + "\",\"v\":" + random.nextInt(10_000) + "},";
          if (!fits(sb, element, closing, size)) {
            break;
          }
          sb.append(element);
        }
      }
      case PAGE -> {
        closing = "</body></html>";
        sb.append("<!DOCTYPE html><html><body>");
        while (true) {
          String element = "<p>" + word(random, 40 + random.nextInt(200)) + "</p>";
          if (!fits(sb, element, closing, size)) {
            break;
          }
          sb.append(element);
        }
      }
      default -> throw new IllegalStateException(kind.name());
    }
    while (sb.length() + closing.length() < size) {
      sb.append(' ');
    }
    sb.append(closing);
    return sb.toString().getBytes(StandardCharsets.UTF_8);
  }

  private static boolean fits(StringBuilder sb, String element, String closing, int size) {
    return sb.length() + element.length() + closing.length() <= size;
  }

  private static String word(SplittableRandom random, int length) {
    char[] c = new char[length];
    for (int i = 0; i < length; i++) {
      c[i] = (char) ('a' + random.nextInt(26));
    }
    return new String(c);
  }
}
