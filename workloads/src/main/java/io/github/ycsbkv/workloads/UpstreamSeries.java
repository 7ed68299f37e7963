package io.github.ycsbkv.workloads;

import io.github.ycsbkv.config.Props;
import java.nio.ByteBuffer;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.SplittableRandom;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.WorkloadException;

/**
 * The shape upstream YCSB's {@code TimeSeriesWorkload} gives {@code workloads/tsworkloada}, which the 2025 YCSB study
 * ran as its write-heavy workload ({@code ts.shape=upstream}; docs/workloads.md). Immutable once built.
 *
 * <ul>
 *   <li>{@code fieldcount} metric keys of {@code fieldlength} characters (64 of 8), each the name of a record.</li>
 *   <li>{@code tagcount} tags (4) of {@code tagkeylength} characters whose values ({@code tagvaluelength} characters)
 *       take {@code tagcardinality} values each (1,2,4,2): 16 tag combinations a key, 64 x 16 = 1,024 series.</li>
 *   <li>A point of a series is written to its metric key with 6 fields: the 4 tags, {@code YCSBTS} (the timestamp)
 *       and {@code YCSBV} (a value in [0, 100,000)), each number as its 8 bytes, as upstream's
 *       {@code NumericByteIterator} carries it. So every insert overwrites one of 64 records.</li>
 *   <li>A read names a metric key and, as fields, a tag pair per tag ({@code TAGKEY=TAGVALUE}) and a time range
 *       ({@code YCSBTS=FROM,TO}, {@code querytimespan} seconds): field names no insert writes.</li>
 * </ul>
 *
 * Keys, tag keys and tag values count up from {@code AAAA...} over A-Z then a-z, as upstream's
 * {@code IncrementingPrintableStringGenerator} did in the run we observed; upstream also shuffles the order of keys and
 * tag values, which changes which thread writes which key and nothing else.
 */
final class UpstreamSeries {

  private static final String TAG_COUNT = TimeSeriesWorkload.TAG_COUNT;
  private static final String TAG_CARDINALITY = TimeSeriesWorkload.TAG_CARDINALITY;
  static final String TIMESTAMP_FIELD = "YCSBTS";
  static final String VALUE_FIELD = "YCSBV";

  private static final char[] LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".toCharArray();

  private final String[] keys;
  private final String[] tagKeys;
  private final String[] tagValues;
  /** The tag values' bytes, encoded once: an insert takes views of them. */
  private final byte[][] tagValueBytes;
  private final int[] cardinality;
  private final int combinations;
  private final long start;
  private final long interval;
  private final long querySpan;
  private final long seed;

  UpstreamSeries(int keyCount, int keyLength, int[] cardinality, int tagKeyLength, int tagValueLength, long start,
      long interval, long querySpan, long seed) {
    this.keys = names(keyCount, keyLength);
    this.tagKeys = names(cardinality.length, tagKeyLength);
    this.tagValues = names(java.util.Arrays.stream(cardinality).max().orElse(1), tagValueLength);
    this.tagValueBytes = new byte[tagValues.length][];
    for (int i = 0; i < tagValues.length; i++) {
      tagValueBytes[i] = tagValues[i].getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    }
    this.cardinality = cardinality.clone();
    int c = 1;
    for (int k : cardinality) {
      c = Math.multiplyExact(c, k);
    }
    this.combinations = c;
    this.start = start;
    this.interval = interval;
    this.querySpan = querySpan;
    this.seed = seed;
  }

  /** From upstream's property names; {@code fieldcount}/{@code fieldlength} are the metric keys. */
  static UpstreamSeries from(Properties p, int keyCount, int keyLength, long start, long interval, long seed)
      throws WorkloadException {
    int tags = Props.getInt(p, TAG_COUNT, 4, 1);
    String spec = p.getProperty(TAG_CARDINALITY, "1,2,4,2");
    String[] parts = spec.split(",");
    int[] cardinality = new int[tags];
    for (int i = 0; i < tags; i++) {
      // Upstream gives a tag without a cardinality one value.
      String part = i < parts.length ? parts[i].trim() : "1";
      try {
        cardinality[i] = Integer.parseInt(part);
      } catch (NumberFormatException e) {
        throw new WorkloadException(TAG_CARDINALITY + " must be " + tags + " whole numbers separated by commas (one per"
            + " tag), got '" + spec + "'");
      }
      if (cardinality[i] < 1) {
        throw new WorkloadException(TAG_CARDINALITY + ": every tag needs at least one value, got '" + spec + "'");
      }
    }
    return new UpstreamSeries(keyCount, keyLength, cardinality, Props.getInt(p, TimeSeriesWorkload.TAG_KEY_LENGTH, 8, 1),
        Props.getInt(p, TimeSeriesWorkload.TAG_VALUE_LENGTH, 8, 1), start, interval,
        Props.getLong(p, TimeSeriesWorkload.QUERY_TIMESPAN, 3600, 0), seed);
  }

  /** The {@code count} names of {@code length} characters, counting up from AAA..A over A-Z, a-z. */
  static String[] names(int count, int length) {
    String[] out = new String[count];
    char[] c = new char[length];
    java.util.Arrays.fill(c, LETTERS[0]);
    int[] digits = new int[length];
    for (int n = 0; n < count; n++) {
      for (int i = 0; i < length; i++) {
        c[i] = LETTERS[digits[i]];
      }
      out[n] = new String(c);
      for (int i = length - 1; i >= 0; i--) {
        if (++digits[i] < LETTERS.length) {
          break;
        }
        digits[i] = 0;
      }
    }
    return out;
  }

  /** Series in all: metric keys times tag combinations (1,024 for tsworkloada). */
  int series() {
    return keys.length * combinations;
  }

  int keyCount() {
    return keys.length;
  }

  String key(int index) {
    return keys[index];
  }

  /** Series of one metric key: the tag combinations. */
  int seriesPerKey() {
    return combinations;
  }

  /**
   * Fills {@code values} with point {@code time} (0-based) of series {@code s} and returns the record it is written
   * to: the series' metric key. Series {@code s} is key {@code s / combinations} with the tag combination
   * {@code s % combinations}, the last tag changing fastest (upstream's order).
   */
  String point(int s, long time, Map<String, ByteIterator> values) {
    int combination = s % combinations;
    for (int i = cardinality.length - 1; i >= 0; i--) {
      values.put(tagKeys[i], new ByteArrayByteIterator(tagValueBytes[combination % cardinality[i]]));
      combination /= cardinality[i];
    }
    // Both numbers in one array, each field a view of its 8 bytes.
    double value = (TimeSeriesWorkload.mix(seed, s, time) >>> 11) * 0x1.0p-53 * 100_000;
    byte[] numbers = ByteBuffer.allocate(16).putLong(start + time * interval).putDouble(value).array();
    values.put(TIMESTAMP_FIELD, new ByteArrayByteIterator(numbers, 0, 8));
    values.put(VALUE_FIELD, new ByteArrayByteIterator(numbers, 8, 8));
    return keys[s / combinations];
  }

  /**
   * The fields a read asks for, in upstream's form: a random value of each tag and a time range of
   * {@code querytimespan} seconds starting at one of the first {@code loadedTimes} timestamps.
   */
  Set<String> readFields(SplittableRandom random, long loadedTimes) {
    Set<String> fields = new LinkedHashSet<>(cardinality.length * 2 + 2);
    for (int i = 0; i < cardinality.length; i++) {
      fields.add(tagKeys[i] + "=" + tagValues[random.nextInt(cardinality[i])]);
    }
    long from = start + interval * (loadedTimes > 1 ? random.nextLong(loadedTimes - 1) : 0);
    fields.add(TIMESTAMP_FIELD + "=" + from + "," + (from + querySpan));
    return fields;
  }
}
