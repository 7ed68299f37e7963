package io.github.ycsbkv.memory;

import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import io.github.ycsbkv.codec.FieldCodec;
import io.github.ycsbkv.spi.ExpiringWrites;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;

/**
 * The in-process {@code memory} binding: each table is a {@link ConcurrentSkipListMap} from key to
 * an immutable record (field name to bytes), shared by every client thread of the JVM. All five
 * operations are supported; scan returns records in key order starting at the given key. Writes
 * with a time to live ({@link ExpiringWrites}) expire on the JVM's monotonic clock.
 *
 * <p>Updates replace the record with a merged copy, so a concurrent read sees either the old or the
 * new record, never half of an update. A missing record is {@link Status#NOT_FOUND}. The data lives
 * as long as the JVM: a separate {@code load} process and {@code run} process do not share it
 * (the {@code demo} command and tests run both phases in one JVM). Thread-safe.
 */
public class MemoryDB extends DB implements ExpiringWrites, io.github.ycsbkv.spi.EmptiesStore {

  /**
   * A record: its fields packed in one array ({@link FieldCodec#encode}), and when it expires
   * ({@link Long#MAX_VALUE}: never), on {@link System#nanoTime()}. One array per record instead of a map of
   * arrays: the write-heavy demo keeps 300,000 records of 64 fields, and a map per record made the collector
   * copy several times as many objects, most of the run in pauses (docs/benchmarks.md).
   */
  private record Entry(byte[] packed, long expiresAtNanos) {
    Map<String, byte[]> fields() {
      return FieldCodec.decode(packed);
    }

    boolean live(long now) {
      return expiresAtNanos == Long.MAX_VALUE || now - expiresAtNanos < 0;
    }
  }

  private static final ConcurrentHashMap<String, ConcurrentSkipListMap<String, Entry>> TABLES =
      new ConcurrentHashMap<>();

  /** Public no-arg constructor, as {@code site.ycsb.DB} requires. */
  public MemoryDB() {}

  /** Removes every table of this JVM (for tests and the demo). */
  public static void clearAll() {
    TABLES.clear();
  }

  /** Removes every table of this process, as a server's flush would. */
  @Override
  public String emptyStore() {
    clearAll();
    return "cleared every table of this process";
  }

  /** The number of records in {@code table}. */
  public static int size(String table) {
    NavigableMap<String, Entry> t = TABLES.get(table);
    if (t == null) {
      return 0;
    }
    long now = System.nanoTime();
    return (int) t.values().stream().filter(e -> e.live(now)).count();
  }

  private static ConcurrentSkipListMap<String, Entry> table(String name) {
    ConcurrentSkipListMap<String, Entry> t = TABLES.get(name);
    return t != null ? t : TABLES.computeIfAbsent(name, k -> new ConcurrentSkipListMap<>());
  }

  /** The live entry of {@code key}, removing it when it has expired. */
  private static Entry live(ConcurrentSkipListMap<String, Entry> t, String key) {
    Entry e = t.get(key);
    if (e != null && !e.live(System.nanoTime())) {
      t.remove(key, e);
      return null;
    }
    return e;
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    Entry record = live(table(table), key);
    if (record == null) {
      return Status.NOT_FOUND;
    }
    copy(record.fields(), fields, result);
    return Status.OK;
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    long now = System.nanoTime();
    Iterator<Entry> records = table(table).tailMap(startkey, true).values().iterator();
    int found = 0;
    while (found < recordcount && records.hasNext()) {
      Entry e = records.next();
      if (!e.live(now)) {
        continue;
      }
      HashMap<String, ByteIterator> row = new HashMap<>();
      copy(e.fields(), fields, row);
      result.add(row);
      found++;
    }
    return Status.OK;
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    long now = System.nanoTime();
    // Read the iterators once, outside the remapping function: ConcurrentSkipListMap may call it
    // more than once under contention, and a second read of a ByteIterator returns nothing.
    Map<String, byte[]> fresh = FieldCodec.toBytes(values);
    Entry updated = table(table).computeIfPresent(key, (k, old) -> {
      if (!old.live(now)) {
        return null;
      }
      Map<String, byte[]> merged = old.fields();
      merged.putAll(fresh);
      return new Entry(FieldCodec.encode(merged), old.expiresAtNanos());
    });
    return updated == null ? Status.NOT_FOUND : Status.OK;
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    table(table).put(key, new Entry(FieldCodec.encode(FieldCodec.toBytes(values)), Long.MAX_VALUE));
    return Status.OK;
  }

  @Override
  public Status insertWithTtl(String table, String key, Map<String, ByteIterator> values, long ttlSeconds) {
    long ttlNanos = java.util.concurrent.TimeUnit.SECONDS.toNanos(Math.max(1, ttlSeconds));
    table(table).put(key, new Entry(FieldCodec.encode(FieldCodec.toBytes(values)), System.nanoTime() + ttlNanos));
    return Status.OK;
  }

  @Override
  public Status delete(String table, String key) {
    Entry removed = table(table).remove(key);
    return removed == null || !removed.live(System.nanoTime()) ? Status.NOT_FOUND : Status.OK;
  }

  private static void copy(Map<String, byte[]> record, Set<String> fields, Map<String, ByteIterator> result) {
    if (fields == null) {
      for (Map.Entry<String, byte[]> e : record.entrySet()) {
        result.put(e.getKey(), new ByteArrayByteIterator(e.getValue()));
      }
      return;
    }
    for (String field : fields) {
      byte[] value = record.get(field);
      if (value != null) {
        result.put(field, new ByteArrayByteIterator(value));
      }
    }
  }
}
