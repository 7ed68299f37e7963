package io.github.ycsbkv.memory;

import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;

/**
 * The in-process {@code memory} binding: each table is a {@link ConcurrentSkipListMap} from key to
 * an immutable record (field name to bytes), shared by every client thread of the JVM. All five
 * operations are supported; scan returns records in key order starting at the given key.
 *
 * <p>Updates replace the record with a merged copy, so a concurrent read sees either the old or the
 * new record, never half of an update. A missing record is {@link Status#NOT_FOUND}. The data lives
 * as long as the JVM: a separate {@code load} process and {@code run} process do not share it
 * (the {@code demo} command and tests run both phases in one JVM). Thread-safe.
 */
public class MemoryDB extends DB {

  private static final ConcurrentHashMap<String, ConcurrentSkipListMap<String, Map<String, byte[]>>> TABLES =
      new ConcurrentHashMap<>();

  /** Public no-arg constructor, as {@code site.ycsb.DB} requires. */
  public MemoryDB() {}

  /** Removes every table of this JVM (for tests and the demo). */
  public static void clearAll() {
    TABLES.clear();
  }

  /** The number of records in {@code table}. */
  public static int size(String table) {
    NavigableMap<String, Map<String, byte[]>> t = TABLES.get(table);
    return t == null ? 0 : t.size();
  }

  private static ConcurrentSkipListMap<String, Map<String, byte[]>> table(String name) {
    ConcurrentSkipListMap<String, Map<String, byte[]>> t = TABLES.get(name);
    return t != null ? t : TABLES.computeIfAbsent(name, k -> new ConcurrentSkipListMap<>());
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    Map<String, byte[]> record = table(table).get(key);
    if (record == null) {
      return Status.NOT_FOUND;
    }
    copy(record, fields, result);
    return Status.OK;
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    Iterator<Map<String, byte[]>> records = table(table).tailMap(startkey, true).values().iterator();
    for (int i = 0; i < recordcount && records.hasNext(); i++) {
      HashMap<String, ByteIterator> row = new HashMap<>();
      copy(records.next(), fields, row);
      result.add(row);
    }
    return Status.OK;
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    Map<String, byte[]> updated = table(table).computeIfPresent(key, (k, old) -> {
      Map<String, byte[]> merged = new HashMap<>(old);
      merged.putAll(toBytes(values));
      return Map.copyOf(merged);
    });
    return updated == null ? Status.NOT_FOUND : Status.OK;
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    table(table).put(key, Map.copyOf(toBytes(values)));
    return Status.OK;
  }

  @Override
  public Status delete(String table, String key) {
    return table(table).remove(key) == null ? Status.NOT_FOUND : Status.OK;
  }

  private static Map<String, byte[]> toBytes(Map<String, ByteIterator> values) {
    Map<String, byte[]> out = new HashMap<>(values.size() * 2);
    for (Map.Entry<String, ByteIterator> e : values.entrySet()) {
      out.put(e.getKey(), e.getValue().toArray());
    }
    return out;
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
