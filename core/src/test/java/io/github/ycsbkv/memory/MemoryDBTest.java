package io.github.ycsbkv.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteIterator;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

class MemoryDBTest {

  private final MemoryDB db = new MemoryDB();

  @BeforeEach
  void clear() {
    MemoryDB.clearAll();
  }

  private static Map<String, ByteIterator> values(String... kv) {
    Map<String, String> m = new HashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put(kv[i], kv[i + 1]);
    }
    return StringByteIterator.getByteIteratorMap(m);
  }

  private Map<String, String> read(String key, Set<String> fields) {
    Map<String, ByteIterator> out = new HashMap<>();
    assertEquals(Status.OK, db.read("t", key, fields, out));
    return StringByteIterator.getStringMap(out);
  }

  @Test
  void read_missingKey_isNotFound() {
    assertEquals(Status.NOT_FOUND, db.read("t", "nope", null, new HashMap<>()));
  }

  @Test
  void insertThenRead_allOrSomeFields() {
    db.insert("t", "k1", values("a", "1", "b", "2"));
    assertEquals(Map.of("a", "1", "b", "2"), read("k1", null));
    assertEquals(Map.of("b", "2"), read("k1", Set.of("b", "zzz")));
  }

  @Test
  void update_mergesOnlyTheGivenFields_andMissingKeyIsNotFound() {
    db.insert("t", "k1", values("a", "1", "b", "2"));
    assertEquals(Status.OK, db.update("t", "k1", values("b", "3")));
    assertEquals(Map.of("a", "1", "b", "3"), read("k1", null));
    assertEquals(Status.NOT_FOUND, db.update("t", "k2", values("b", "3")));
  }

  @Test
  void scan_returnsRecordsInKeyOrderFromTheStartKey() {
    for (String k : List.of("user5", "user1", "user3", "user2", "user4")) {
      db.insert("t", k, values("id", k));
    }
    Vector<HashMap<String, ByteIterator>> rows = new Vector<>();
    assertEquals(Status.OK, db.scan("t", "user2", 3, null, rows));
    assertEquals(List.of("user2", "user3", "user4"),
        rows.stream().map(r -> r.get("id").toString()).toList());
  }

  @Test
  void delete_removesAndSecondDeleteIsNotFound() {
    db.insert("t", "k1", values("a", "1"));
    assertEquals(Status.OK, db.delete("t", "k1"));
    assertEquals(Status.NOT_FOUND, db.delete("t", "k1"));
    assertEquals(0, MemoryDB.size("t"));
  }

  @Test
  void tables_areSeparate() {
    db.insert("t1", "k", values("a", "1"));
    assertEquals(Status.NOT_FOUND, db.read("t2", "k", null, new HashMap<>()));
    assertTrue(MemoryDB.size("t1") == 1);
  }

  @Test
  void update_concurrentWithOtherUpdates_neverStoresAnEmptyValue() throws Exception {
    // Regression: the remapping function of ConcurrentSkipListMap.computeIfPresent may run more than
    // once under contention, and it used to read the ByteIterators inside it, storing "" on a retry.
    db.insert("t", "hot", values("a", "start", "b", "start"));
    Thread[] writers = new Thread[4];
    for (int w = 0; w < writers.length; w++) {
      String field = w % 2 == 0 ? "a" : "b";
      writers[w] = new Thread(() -> {
        MemoryDB mine = new MemoryDB();
        for (int i = 0; i < 20_000; i++) {
          mine.update("t", "hot", values(field, "value-" + i));
        }
      });
      writers[w].start();
    }
    for (Thread t : writers) {
      t.join();
    }
    Map<String, String> r = read("hot", null);
    assertTrue(r.get("a").startsWith("value-") && r.get("b").startsWith("value-"), r.toString());
  }

  @Test
  void insertWithTtl_expiresAfterItsTimeToLive() throws Exception {
    db.insertWithTtl("t", "short", values("a", "1"), 1);
    assertEquals(Map.of("a", "1"), read("short", null));
    Thread.sleep(1100);
    assertEquals(Status.NOT_FOUND, db.read("t", "short", null, new HashMap<>()));
    assertEquals(0, MemoryDB.size("t"));
  }
}
