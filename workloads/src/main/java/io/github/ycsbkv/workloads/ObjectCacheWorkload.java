package io.github.ycsbkv.workloads;

import io.github.ycsbkv.config.EngineProperties;
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
 * An object cache shaped like the memtier study's WordPress object-cache test (its section 8, docs/studies.md): one
 * client's GETs and SETs ({@code objectcache.getproportion}, default 70%) of keys in the study's nine cache groups and
 * eight key formats ({@code wp_cache_{group}_{id}}, {@code {group}_meta_{id}}, ...), every SET with a time to live
 * drawn uniformly from {@code objectcache.ttl} (default 300-86,400 s, the study's), values of the study's four kinds
 * (simple values, serialized PHP arrays, JSON of 100-1,000 characters, page content of 50-200 repeated blocks), a
 * chance ({@code objectcache.populateonmiss}, default 0.2) that a GET that missed writes the key, and a pause of
 * {@code objectcache.pauseus} (100 us, the study's 0.1 ms) every {@code objectcache.pauseevery} (1,000) operations of
 * a thread.
 *
 * <p>Ids are drawn uniformly from 1 to {@code objectcache.ids} (10,000): over 9 groups and 8 formats that is 720,000
 * keys, which the study's 13 iterations of 100,000 operations fill to about 395,000, the number the study reports at
 * its end. The study names no weights for the groups, formats and kinds: each is drawn uniformly.
 *
 * <p>{@code load} is the warm-up: it writes {@code recordcount} keys (the study's 100). In a {@code sweep} (and so
 * {@code study memtier2025}) it runs before every repetition, the store emptied ({@code --flush}) only before the
 * first, and each repetition starts 500 ms after the one before, as the study's iterations
 * ({@link #warmsUpEachRun()}, {@link #pauseBetweenRuns()}). SETs need {@link ExpiringWrites}; a binding without it
 * stops the run with one line. Misses are {@code NOT_FOUND}, reported as a hit rate. Everything random comes from
 * {@code objectcache.seed}, the thread number and a sweep's repetition. Thread-safe: per-thread state is in
 * {@link #initThread}'s object.
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

  /** The study's 100 warm-up keys before each iteration, the keys of the iterations before kept. */
  @Override
  public boolean warmsUpEachRun() {
    return true;
  }

  /** The study's 500 ms between iterations. */
  @Override
  public java.time.Duration pauseBetweenRuns() {
    return java.time.Duration.ofMillis(500);
  }

  public static final String GET_PROPORTION = "objectcache.getproportion";
  public static final String TTL = "objectcache.ttl";
  public static final String POPULATE_ON_MISS = "objectcache.populateonmiss";
  public static final String IDS = "objectcache.ids";
  public static final String PAUSE = "objectcache.pauseus";
  public static final String PAUSE_EVERY = "objectcache.pauseevery";
  public static final String SEED = "objectcache.seed";

  public static final double DEFAULT_GET_PROPORTION = 0.7;
  public static final String DEFAULT_TTL = "300-86400";
  public static final double DEFAULT_POPULATE_ON_MISS = 0.2;
  public static final long DEFAULT_IDS = 10_000;
  public static final long DEFAULT_PAUSE_MICROS = 100;
  public static final long DEFAULT_PAUSE_EVERY = 1_000;
  public static final long DEFAULT_SEED = 13L;

  /** The study's cache groups. */
  static final List<String> GROUPS = List.of("posts", "terms", "users", "options", "comments", "themes", "plugins",
      "transients", "site-options");

  /** The study's key formats: {@code g} is the group, {@code id} the object's id (its hash for query results). */
  enum KeyFormat {
    WP_CACHE, META, WP_OPTION, QUERY, TRANSIENT, USER_META, POST_META, TAXONOMY;

    String key(String g, long id) {
      return switch (this) {
        case WP_CACHE -> "wp_cache_" + g + "_" + id;
        case META -> g + "_meta_" + id;
        case WP_OPTION -> "wp_option_" + g + "_" + id;
        case QUERY -> "query_" + g + "_" + hash(g, id);
        case TRANSIENT -> "transient_" + g + "_" + id;
        case USER_META -> "user_meta_" + id + "_" + g;
        case POST_META -> "post_meta_" + id + "_" + g;
        case TAXONOMY -> "taxonomy_" + g + "_" + id;
      };
    }

    /** 32 hexadecimal digits, as an MD5 of a query's text prints, fixed for a group and id. */
    private static String hash(String g, long id) {
      long a = TimeSeriesWorkload.mix(g.hashCode(), id, 0x51A7L);
      long b = TimeSeriesWorkload.mix(a, id, 0x9E37L);
      return String.format("%016x%016x", a, b);
    }
  }

  private static final KeyFormat[] FORMATS = KeyFormat.values();

  /** The study's value kinds, with their size ranges in bytes. */
  enum ValueKind {
    /** Strings, numbers and booleans. */
    SIMPLE(1, 64),
    /** PHP {@code serialize()} output of arrays (post objects, user metadata); the study gives no size. */
    SERIALIZED_ARRAY(200, 2_000),
    /** JSON documents, the study's 100-1,000 characters. */
    JSON(100, 1_000),
    /** Page content: the study's 50 to 200 repeated content blocks, of {@link #BLOCK}'s 100 bytes here. */
    PAGE(PAGE_OPEN.length() + 50 * 100 + PAGE_CLOSE.length(), PAGE_OPEN.length() + 200 * 100 + PAGE_CLOSE.length());

    final int min;
    final int max;

    ValueKind(int min, int max) {
      this.min = min;
      this.max = max;
    }
  }

  private static final String PAGE_OPEN = "<!DOCTYPE html><html><body>";
  private static final String PAGE_CLOSE = "</body></html>";
  /** One content block of a cached page: 100 bytes. */
  static final String BLOCK = "<div class=\"entry\"><p>Lorem ipsum dolor sit amet, consectetur adipiscing elit"
      + ", sed tempor.</p></div>";

  private static final ValueKind[] KINDS = ValueKind.values();

  private String table;
  private String field;
  private double getProportion;
  private long minTtl;
  private long maxTtl;
  private double populateOnMiss;
  private long ids;
  private long pauseNanos;
  private long pauseEvery;
  private long seed;
  private final AtomicLong loadCounter = new AtomicLong();

  private static final class State {
    final SplittableRandom random;
    long operations;
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
    ids = Props.getLong(p, IDS, DEFAULT_IDS, 1);
    pauseNanos = Props.getLong(p, PAUSE, DEFAULT_PAUSE_MICROS, 0) * 1_000;
    pauseEvery = Props.getLong(p, PAUSE_EVERY, DEFAULT_PAUSE_EVERY, 1);
    seed = Props.getLong(p, SEED, DEFAULT_SEED, Long.MIN_VALUE);
  }

  /**
   * A thread's random stream: from the seed, the thread and, in a sweep, the repetition, so that each of the study's
   * iterations draws its own keys (with one stream for all, each iteration would replay the keys of the first).
   */
  @Override
  public Object initThread(Properties p, int threadId, int threadCount) {
    long repetition = Props.getLong(p, io.github.ycsbkv.config.EngineProperties.REPETITION, 0, 0);
    return new State(new SplittableRandom(TimeSeriesWorkload.mix(seed + 0x9E3779B97F4A7C15L * repetition, threadId,
        0x0BCAC4EL)));
  }

  /** A key: a group, a format and an id, each drawn uniformly. */
  String key(SplittableRandom random) {
    return FORMATS[random.nextInt(FORMATS.length)].key(GROUPS.get(random.nextInt(GROUPS.size())),
        1 + random.nextLong(ids));
  }

  long ttl(SplittableRandom random) {
    return minTtl == maxTtl ? minTtl : minTtl + random.nextLong(maxTtl - minTtl + 1);
  }

  /**
   * One warm-up key, the n-th: every group in every format with id 1, then with id 2, ..., so that the warm-up's keys
   * are distinct ({@code recordcount} of them, up to every key there is).
   */
  @Override
  public boolean doInsert(DB db, Object threadState) {
    State s = (State) threadState;
    long n = loadCounter.getAndIncrement();
    long combinations = (long) GROUPS.size() * FORMATS.length;
    String key = FORMATS[(int) (n / GROUPS.size() % FORMATS.length)].key(GROUPS.get((int) (n % GROUPS.size())),
        1 + (n / combinations) % ids);
    return set(db, s, key).isOk();
  }

  @Override
  public boolean doTransaction(DB db, Object threadState) {
    State s = (State) threadState;
    if (pauseNanos > 0 && ++s.operations % pauseEvery == 0) {
      java.util.concurrent.locks.LockSupport.parkNanos(pauseNanos);
    }
    String key = key(s.random);
    if (s.random.nextDouble() < getProportion) {
      s.result.clear();
      Status status = db.read(table, key, null, s.result);
      if (status == Status.NOT_FOUND && s.random.nextDouble() < populateOnMiss) {
        set(db, s, key);
      }
    } else {
      set(db, s, key);
    }
    return true;
  }

  private Status set(DB db, State s, String key) {
    if (!(db instanceof ExpiringWrites expiring)) {
      throw new IllegalStateException("the objectcache workload writes with a time to live, which this binding"
          + " cannot do; use redis, valkey, keydb, dragonfly, aerospike or memory");
    }
    s.values.clear();
    s.values.put(field, new ByteArrayByteIterator(value(KINDS[s.random.nextInt(KINDS.length)], s.random)));
    return expiring.insertWithTtl(table, key, s.values, ttl(s.random));
  }

  /**
   * A value of the given kind: simple values a string, a number or a boolean; the others of exactly a size drawn
   * uniformly from the kind's range, elements added while they fit before the closing text and the rest padded with
   * spaces; page content a whole number of {@link #BLOCK}s (ASCII only, so characters are bytes).
   */
  static byte[] value(ValueKind kind, SplittableRandom random) {
    StringBuilder sb = new StringBuilder();
    String closing;
    int size;
    switch (kind) {
      case SIMPLE -> {
        return switch (random.nextInt(3)) {
          case 0 -> word(random, 8 + random.nextInt(57)).getBytes(StandardCharsets.US_ASCII);
          case 1 -> Long.toString(random.nextLong(10_000_000_000L)).getBytes(StandardCharsets.US_ASCII);
          default -> (random.nextBoolean() ? "1" : "0").getBytes(StandardCharsets.US_ASCII);
        };
      }
      case PAGE -> {
        int blocks = 50 + random.nextInt(151);
        sb.append(PAGE_OPEN);
        for (int i = 0; i < blocks; i++) {
          sb.append(BLOCK);
        }
        return sb.append(PAGE_CLOSE).toString().getBytes(StandardCharsets.US_ASCII);
      }
      case SERIALIZED_ARRAY -> {
        size = kind.min + random.nextInt(kind.max - kind.min + 1);
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
        size = kind.min + random.nextInt(kind.max - kind.min + 1);
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
      default -> throw new IllegalStateException(kind.name());
    }
    while (sb.length() + closing.length() < size) {
      sb.append(' ');
    }
    sb.append(closing);
    return sb.toString().getBytes(StandardCharsets.US_ASCII);
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
