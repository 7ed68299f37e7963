package io.github.ycsbkv.workloads;

import java.util.ArrayList;
import io.github.ycsbkv.config.Props;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.SplittableRandom;
import java.util.Vector;
import java.util.concurrent.atomic.AtomicLong;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.Workload;
import site.ycsb.WorkloadException;
import site.ycsb.measurements.Measurements;

/**
 * Time-series data for key-value stores: {@code ts.series} series, each a sequence of points at
 * {@code ts.interval} seconds; a record is one point of one series, keyed by series and timestamp,
 * with {@code fieldcount} fields of {@code fieldlength} characters (64 x 8 by default, the 2025
 * study's write-heavy workload). See {@code docs/workloads.md}.
 *
 * <ul>
 *   <li>Load writes points {@code insertstart .. insertstart + insertcount - 1} of a global sequence
 *       in which point {@code i} is point {@code i / series} of series {@code i % series}: every
 *       series gets {@code recordcount / series} consecutive points (one day of one-minute points by
 *       default), whatever the thread count.</li>
 *   <li>Run: client thread {@code t} of {@code T} owns the series {@code s} with {@code s % T == t},
 *       so it advances their clocks alone: an insert appends the next point of its owned series in
 *       turn. A read picks a series by {@code requestdistribution} (zipfian, series 0 the hottest, or
 *       uniform, over every series) and reads its most recent point this thread knows (the last one it appended, or the
 *       last loaded one); with {@code ts.readspan=N > 1} it reads the last {@code N} points in one
 *       ordered range read ({@code scan}).</li>
 *   <li>Values are deterministic from (seed, series, timestamp, field), so {@code dataintegrity=true}
 *       checks every field of every read; results go to {@code [VERIFY]} as with CoreWorkload.</li>
 *   <li>Everything random comes from {@code ts.seed} and the thread number.</li>
 *   <li>{@code ts.shape=upstream} writes and reads as upstream YCSB's own time-series workload does with its
 *       {@code tsworkloada} instead: metric keys written over, tags as fields ({@link UpstreamSeries}).</li>
 * </ul>
 *
 * Thread-safe: per-thread state lives in the object returned by {@link #initThread}.
 */
public class TimeSeriesWorkload extends Workload implements io.github.ycsbkv.engine.WorkloadTraits {

  /**
   * With {@code dataintegrity=true} each read point is compared with the value its (seed, series, time) gives; with
   * {@code ts.shape=upstream} nothing is, as the reads name fields that no insert writes.
   */
  @Override
  public boolean checksValues() {
    return upstream == null;
  }


  public static final String SERIES = "ts.series";
  public static final String INTERVAL = "ts.interval";
  public static final String START = "ts.start";
  public static final String READ_SPAN = "ts.readspan";
  /** YCSB's name: here, how reads choose a series. */
  public static final String SERIES_DISTRIBUTION = "requestdistribution";
  public static final String SEED = "ts.seed";
  public static final String KEY_PREFIX = "ts.keyprefix";
  /** {@code points} (a record per point, the default) or {@code upstream} (upstream YCSB's tsworkloada shape). */
  public static final String SHAPE = "ts.shape";
  /** Upstream's names, read with {@code ts.shape=upstream} ({@link UpstreamSeries}). */
  public static final String TAG_COUNT = "tagcount";
  public static final String TAG_CARDINALITY = "tagcardinality";
  public static final String TAG_KEY_LENGTH = "tagkeylength";
  public static final String TAG_VALUE_LENGTH = "tagvaluelength";
  public static final String QUERY_TIMESPAN = "querytimespan";
  /** YCSB's names for the points' fields and the operation mix (declared here, as upstream declares its keys). */
  public static final String FIELD_COUNT = "fieldcount";
  public static final String FIELD_LENGTH = "fieldlength";
  public static final String READ_PROPORTION = "readproportion";
  public static final String INSERT_PROPORTION = "insertproportion";

  /** Default series: the study's 1,024. */
  public static final int DEFAULT_SERIES = 1024;
  /** Default seconds between points: one minute. */
  public static final long DEFAULT_INTERVAL_SECONDS = 60;
  /** Default timestamp of the first point: 2025-01-01T00:00:00Z. */
  public static final long DEFAULT_START_EPOCH_SECONDS = 1_735_689_600L;
  public static final int DEFAULT_FIELD_COUNT = 64;
  public static final int DEFAULT_FIELD_LENGTH = 8;
  public static final double DEFAULT_READ_PROPORTION = 0.1;
  public static final long DEFAULT_SEED = 20251008L;

  /** 32 characters, so that each takes 5 bits of a hash: no division on the hot path. */
  private static final byte[] ALPHABET = "0123456789abcdefghijklmnopqrstuv".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

  private String table;
  private int series;
  private long interval;
  private long start;
  private long recordCount;
  private int fieldCount;
  private int fieldLength;
  private String[] fieldNames;
  private double readProportion;
  private int readSpan;
  private boolean zipfian;
  private ZipfianSampler zipf;
  private long seed;
  private String keyPrefix;
  private boolean dataIntegrity;
  /** With {@code ts.shape=upstream}, the metric keys and tags; null for a record per point. */
  private UpstreamSeries upstream;
  private final AtomicLong loadSequence = new AtomicLong();
  private long loadEnd;

  /** One client thread's state. */
  private static final class ThreadState {
    final SplittableRandom random;
    final int threadId;
    final int threadCount;
    final int[] owned;
    /** Next point index per owned series. */
    final long[] next;
    int turn;
    final Map<String, ByteIterator> values = new HashMap<>(256);
    final Map<String, ByteIterator> result = new HashMap<>();
    final Vector<HashMap<String, ByteIterator>> rows = new Vector<>();
    /** ts.shape=upstream: the series of this thread's metric keys, the next one to write and its time. */
    int upstreamFrom;
    int upstreamTo;
    int upstreamNext;
    long upstreamTime;

    ThreadState(SplittableRandom random, int threadId, int threadCount, int[] owned, long[] next) {
      this.random = random;
      this.threadId = threadId;
      this.threadCount = threadCount;
      this.owned = owned;
      this.next = next;
    }
  }

  @Override
  public void init(Properties p) throws WorkloadException {
    table = p.getProperty("table", "usertable");
    series = Props.getInt(p, SERIES, DEFAULT_SERIES, 1);
    interval = Props.getLong(p, INTERVAL, DEFAULT_INTERVAL_SECONDS, 1);
    start = Props.getLong(p, START, DEFAULT_START_EPOCH_SECONDS, 0);
    recordCount = Props.getLong(p, "recordcount", 0, 0);
    fieldCount = Props.getInt(p, FIELD_COUNT, DEFAULT_FIELD_COUNT, 1);
    fieldLength = Props.getInt(p, FIELD_LENGTH, DEFAULT_FIELD_LENGTH, 1);
    seed = Props.getLong(p, SEED, DEFAULT_SEED, Long.MIN_VALUE);
    dataIntegrity = Boolean.parseBoolean(p.getProperty("dataintegrity", "false"));
    String shape = p.getProperty(SHAPE, "points").trim();
    if (shape.equals("upstream")) {
      // fieldcount and fieldlength are the metric keys; the series are keys times tag combinations.
      upstream = UpstreamSeries.from(p, fieldCount, fieldLength, start, interval, seed);
      series = upstream.series();
    } else if (!shape.equals("points")) {
      throw new WorkloadException(SHAPE + " must be points (a record per point) or upstream (upstream YCSB's"
          + " tsworkloada: metric keys overwritten, tags as fields), got '" + shape + "'");
    }
    if (recordCount < series) {
      throw new WorkloadException("recordcount (" + recordCount + ") must be at least " + SERIES + " (" + series
          + "): every series starts with at least one point");
    }
    String prefix = p.getProperty("fieldnameprefix", "field");
    fieldNames = new String[fieldCount];
    for (int i = 0; i < fieldCount; i++) {
      fieldNames[i] = prefix + i;
    }
    readProportion = Props.getDouble(p, READ_PROPORTION, DEFAULT_READ_PROPORTION);
    double insertProportion = Props.getDouble(p, INSERT_PROPORTION, 1 - readProportion);
    if (readProportion < 0 || insertProportion < 0 || Math.abs(readProportion + insertProportion - 1) > 1e-9) {
      throw new WorkloadException("readproportion + insertproportion must be 1 (the time-series workload reads and"
          + " inserts only), got " + readProportion + " + " + insertProportion);
    }
    readSpan = Props.getInt(p, READ_SPAN, 1, 1);
    String distribution = p.getProperty(SERIES_DISTRIBUTION, "zipfian").trim();
    if (!distribution.equals("zipfian") && !distribution.equals("uniform")) {
      throw new WorkloadException(SERIES_DISTRIBUTION + " must be zipfian or uniform, got '" + distribution + "'");
    }
    zipfian = distribution.equals("zipfian");
    // Reads choose a series, or with ts.shape=upstream a metric key (as upstream's key chooser does).
    int readable = upstream == null ? series : upstream.keyCount();
    zipf = zipfian ? new ZipfianSampler(readable, ZipfianSampler.DEFAULT_THETA) : null;
    keyPrefix = p.getProperty(KEY_PREFIX, "ts");
    long insertStart = Props.getLong(p, "insertstart", 0, 0);
    long insertCount = Props.getLong(p, "insertcount", recordCount - insertStart, 0);
    loadSequence.set(insertStart);
    loadEnd = insertStart + insertCount;
  }

  @Override
  public Object initThread(Properties p, int threadId, int threadCount) throws WorkloadException {
    if (upstream != null) {
      return upstreamThread(threadId, threadCount);
    }
    if (threadCount > series) {
      throw new WorkloadException(SERIES + " (" + series + ") must be at least the thread count (" + threadCount
          + "): each thread owns whole series");
    }
    List<Integer> owned = new ArrayList<>();
    for (int s = threadId; s < series; s += threadCount) {
      owned.add(s);
    }
    int[] ownedArray = owned.stream().mapToInt(Integer::intValue).toArray();
    long[] next = new long[ownedArray.length];
    for (int i = 0; i < ownedArray.length; i++) {
      next[i] = loadedPoints(ownedArray[i]);
    }
    return new ThreadState(new SplittableRandom(mix(seed, threadId, 0x7157L)), threadId, threadCount, ownedArray, next);
  }

  /**
   * ts.shape=upstream: thread {@code t} of {@code T} writes the series of metric keys {@code [t * K / T, ...)} (the last
   * thread the rest), as upstream splits its keys, each key's tag combinations in turn, then the next timestamp;
   * the run starts after the last loaded timestamp.
   */
  private ThreadState upstreamThread(int threadId, int threadCount) throws WorkloadException {
    int keys = upstream.keyCount();
    if (threadCount > keys) {
      throw new WorkloadException(FIELD_COUNT + " (" + keys + " metric keys with " + SHAPE + "=upstream) must be at"
          + " least the thread count (" + threadCount + "): each thread writes whole metric keys, as upstream's");
    }
    ThreadState st = new ThreadState(new SplittableRandom(mix(seed, threadId, 0x7157L)), threadId, threadCount,
        new int[0], new long[0]);
    int perThread = keys / threadCount;
    st.upstreamFrom = perThread * threadId * upstream.seriesPerKey();
    st.upstreamTo = (threadId == threadCount - 1 ? keys : perThread * (threadId + 1)) * upstream.seriesPerKey();
    st.upstreamNext = st.upstreamFrom;
    st.upstreamTime = (recordCount + series - 1) / series;
    return st;
  }

  /** Points of series {@code s} that a full load wrote: {@code recordcount / series}, the first ones one more. */
  long loadedPoints(int s) {
    return recordCount / series + (s < recordCount % series ? 1 : 0);
  }

  /**
   * The key of point {@code point} (0-based) of series {@code s}, after {@link #init}: what the
   * workload writes, for tools and tests that check a store's contents directly.
   */
  public String key(int s, long point) {
    return keyPrefix + pad(s, 5) + ":" + pad(start + point * interval, 11);
  }

  /**
   * The value of field {@code field} of a point, after {@link #init}: {@code fieldlength} characters
   * from [0-9a-v], the same on every run with the same {@code ts.seed}.
   */
  public byte[] value(int s, long point, int field) {
    byte[] out = new byte[fieldLength];
    writeValue(out, 0, s, point, field);
    return out;
  }

  private void writeValue(byte[] out, int offset, int s, long point, int field) {
    long h = mix(seed, s, point * 1_000_003L + field);
    for (int i = 0; i < fieldLength; i++) {
      int chunk = i % 12;
      if (i > 0 && chunk == 0) {
        h = mix(h, i, field);
      }
      out[offset + i] = ALPHABET[(int) (h >>> (5 * chunk)) & 31];
    }
  }

  /**
   * Puts every field of a point into {@code values}. The map is reused and its keys are always the
   * same field names, so each put replaces a value without allocating an entry.
   *
   */
  private void fill(Map<String, ByteIterator> values, int s, long point) {
    // One array for the whole point, each field a view of its slice: one allocation, not 64.
    byte[] all = new byte[fieldCount * fieldLength];
    for (int f = 0; f < fieldCount; f++) {
      writeValue(all, f * fieldLength, s, point, f);
      values.put(fieldNames[f], new ByteArrayByteIterator(all, f * fieldLength, fieldLength));
    }
  }

  @Override
  public boolean doInsert(DB db, Object threadState) {
    ThreadState st = (ThreadState) threadState;
    long i = loadSequence.getAndIncrement();
    if (i >= loadEnd) {
      return false;
    }
    int s = (int) (i % series);
    long point = i / series;
    if (upstream != null) {
      return db.insert(table, upstream.point(s, point, st.values), st.values).isOk();
    }
    fill(st.values, s, point);
    return db.insert(table, key(s, point), st.values).isOk();
  }

  @Override
  public boolean doTransaction(DB db, Object threadState) {
    ThreadState st = (ThreadState) threadState;
    if (upstream != null) {
      upstreamTransaction(db, st);
      return true;
    }
    if (st.random.nextDouble() < readProportion) {
      read(db, st);
    } else {
      int i = st.turn;
      st.turn = (st.turn + 1) % st.owned.length;
      int s = st.owned[i];
      long point = st.next[i]++;
      fill(st.values, s, point);
      db.insert(table, key(s, point), st.values);
    }
    return true;
  }

  /**
   * ts.shape=upstream: an insert writes the next series of this thread's keys at its current time; a read asks one
   * metric key for the tag pairs and time range upstream's read names (fields no insert writes: NOT_FOUND).
   */
  private void upstreamTransaction(DB db, ThreadState st) {
    if (st.random.nextDouble() < readProportion) {
      int k = (int) (zipfian ? zipf.next(st.random) : st.random.nextInt(upstream.keyCount()));
      st.result.clear();
      db.read(table, upstream.key(k), upstream.readFields(st.random, recordCount / series), st.result);
      return;
    }
    String key = upstream.point(st.upstreamNext, st.upstreamTime, st.values);
    if (++st.upstreamNext == st.upstreamTo) {
      st.upstreamNext = st.upstreamFrom;
      st.upstreamTime++;
    }
    db.insert(table, key, st.values);
  }

  private void read(DB db, ThreadState st) {
    int s = (int) (zipfian ? zipf.next(st.random) : st.random.nextInt(series));
    long latest = latestKnown(st, s);
    if (readSpan == 1) {
      st.result.clear();
      Status status = db.read(table, key(s, latest), null, st.result);
      if (dataIntegrity && status.isOk()) {
        verify(st.result, s, latest);
      }
      return;
    }
    long first = Math.max(0, latest - readSpan + 1);
    st.rows.clear();
    Status status = db.scan(table, key(s, first), (int) (latest - first + 1), null, st.rows);
    if (dataIntegrity && status.isOk()) {
      for (int r = 0; r < st.rows.size(); r++) {
        verify(st.rows.get(r), s, first + r);
      }
    }
  }

  private long latestKnown(ThreadState st, int s) {
    // This thread owns series threadId, threadId + T, threadId + 2T, ...: owned[i] = threadId + i * T.
    if (s % st.threadCount == st.threadId) {
      return st.next[s / st.threadCount] - 1;
    }
    return loadedPoints(s) - 1;
  }

  private void verify(Map<String, ByteIterator> row, int s, long point) {
    long startNanos = System.nanoTime();
    boolean ok = row.size() == fieldCount;
    for (int f = 0; ok && f < fieldCount; f++) {
      ByteIterator v = row.get(fieldNames[f]);
      ok = v != null && java.util.Arrays.equals(v.toArray(), value(s, point, f));
    }
    Measurements m = Measurements.getMeasurements();
    m.measure("VERIFY", (int) ((System.nanoTime() - startNanos) / 1000));
    m.reportStatus("VERIFY", ok ? Status.OK : Status.UNEXPECTED_STATE);
  }

  static long mix(long a, long b, long c) {
    long z = a * 0x9E3779B97F4A7C15L + b * 0xC2B2AE3D27D4EB4FL + c * 0x165667B19E3779F9L;
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  private static String pad(long v, int width) {
    String s = Long.toString(v);
    if (s.length() >= width) {
      return s;
    }
    StringBuilder sb = new StringBuilder(width);
    for (int i = s.length(); i < width; i++) {
      sb.append('0');
    }
    return sb.append(s).toString();
  }
}
