package io.github.ycsbkv.workloads;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbkv.engine.Benchmark;
import io.github.ycsbkv.engine.Phase;
import io.github.ycsbkv.memory.MemoryDB;
import io.github.ycsbkv.results.BenchmarkResult;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.Vector;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.WorkloadException;

class TimeSeriesWorkloadTest {

  /** A DB that only remembers the keys and values written to it, in order. */
  static final class Recording extends DB {
    final List<String> keys = new ArrayList<>();
    final Map<String, Map<String, String>> values = new HashMap<>();

    @Override
    public Status read(String t, String k, Set<String> f, Map<String, ByteIterator> r) {
      return Status.NOT_FOUND;
    }

    @Override
    public Status scan(String t, String s, int n, Set<String> f, Vector<HashMap<String, ByteIterator>> r) {
      return Status.OK;
    }

    @Override
    public Status update(String t, String k, Map<String, ByteIterator> v) {
      return Status.OK;
    }

    @Override
    public Status insert(String t, String k, Map<String, ByteIterator> v) {
      keys.add(k);
      Map<String, String> copy = new TreeMap<>();
      v.forEach((f, b) -> copy.put(f, b.toString()));
      values.put(k, copy);
      return Status.OK;
    }

    @Override
    public Status delete(String t, String k) {
      return Status.OK;
    }
  }

  private static Properties props(String... kv) {
    Properties p = new Properties();
    p.setProperty("recordcount", "1440");
    p.setProperty("ts.series", "16");
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return p;
  }

  @Test
  void load_writesEveryPointOfEverySeriesOnce_withDeterministicValues() throws Exception {
    TimeSeriesWorkload w = new TimeSeriesWorkload();
    w.init(props());
    Recording db = new Recording();
    Object s0 = w.initThread(props(), 0, 3);
    Object s1 = w.initThread(props(), 1, 3);
    for (int i = 0; i < 1440; i++) {
      assertTrue(w.doInsert(db, i % 2 == 0 ? s0 : s1));
    }
    assertEquals(1440, new HashSet<>(db.keys).size(), "no key written twice");
    assertEquals(90, w.loadedPoints(0));
    assertEquals("ts00000:01735689600", w.key(0, 0));
    assertEquals("ts00015:01735694940", w.key(15, 89));
    assertTrue(db.keys.contains(w.key(15, 89)));
    Map<String, String> point = db.values.get(w.key(3, 7));
    assertEquals(64, point.size());
    for (String v : point.values()) {
      assertEquals(8, v.length());
      assertTrue(v.matches("[0-9a-v]{8}"), v);
    }
    assertArrayEquals(w.value(3, 7, 5), point.get("field5").getBytes(java.nio.charset.StandardCharsets.US_ASCII));
    TimeSeriesWorkload again = new TimeSeriesWorkload();
    again.init(props());
    assertArrayEquals(w.value(3, 7, 5), again.value(3, 7, 5), "same seed, same value");
  }

  @Test
  void run_threadsAppendOnlyToTheirOwnSeries_inTimeOrder() throws Exception {
    TimeSeriesWorkload w = new TimeSeriesWorkload();
    Properties p = props("readproportion", "0", "insertproportion", "1");
    w.init(p);
    int threads = 4;
    List<Recording> dbs = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      Recording db = new Recording();
      Object state = w.initThread(p, t, threads);
      for (int i = 0; i < 100; i++) {
        w.doTransaction(db, state);
      }
      dbs.add(db);
    }
    Set<String> all = new HashSet<>();
    for (int t = 0; t < threads; t++) {
      Map<Integer, Long> lastTs = new HashMap<>();
      for (String key : dbs.get(t).keys) {
        int series = Integer.parseInt(key.substring(2, 7));
        long ts = Long.parseLong(key.substring(8));
        assertEquals(t, series % threads, "thread " + t + " wrote series " + series);
        assertTrue(ts > lastTs.getOrDefault(series, 1_735_689_600L + 89 * 60L), "after the loaded day, increasing");
        lastTs.put(series, ts);
        assertTrue(all.add(key), "no collision: " + key);
      }
      assertEquals(100, dbs.get(t).keys.size());
    }
  }

  @Test
  void initThread_moreThreadsThanSeries_isAClearError() throws Exception {
    TimeSeriesWorkload w = new TimeSeriesWorkload();
    w.init(props());
    assertEquals("ts.series (16) must be at least the thread count (17): each thread owns whole series",
        assertThrows(WorkloadException.class, () -> w.initThread(props(), 0, 17)).getMessage());
  }

  @Test
  void loadThenRun_onTheMemoryBinding_verifiesEveryRead() {
    MemoryDB.clearAll();
    Properties p = props("table", "tsverify", "dataintegrity", "true", "operationcount", "3000", "threadcount", "4",
        "workload", TimeSeriesWorkload.class.getName(), "readproportion", "0.5", "insertproportion", "0.5");
    BenchmarkResult load = new Benchmark(Phase.LOAD, p, "memory", MemoryDB.class, getClass().getClassLoader()).run();
    assertEquals(1440, load.operation("INSERT").count());
    assertEquals(1440, MemoryDB.size("tsverify"));
    BenchmarkResult run = new Benchmark(Phase.RUN, p, "memory", MemoryDB.class, getClass().getClassLoader()).run();
    assertEquals(3000, run.operations());
    long reads = run.operation("READ").count();
    long inserts = run.operation("INSERT").count();
    assertEquals(3000, reads + inserts);
    assertEquals(reads, run.operation("READ").statuses().get("OK"), "every read finds its point");
    assertEquals(1440 + inserts, MemoryDB.size("tsverify"));
    Map<String, Number> verify = run.workloadMeasurements().get("VERIFY");
    assertTrue(verify.get("Return=OK").longValue() >= reads);
    assertEquals(null, verify.get("Return=UNEXPECTED_STATE"));
  }

  @Test
  void readSpan_readsTheLastPointsInOneRangeRead() {
    MemoryDB.clearAll();
    Properties p = props("table", "tsspan", "dataintegrity", "true", "operationcount", "500", "readproportion", "1",
        "insertproportion", "0", "ts.readspan", "10", "workload", TimeSeriesWorkload.class.getName());
    new Benchmark(Phase.LOAD, p, "memory", MemoryDB.class, getClass().getClassLoader()).run();
    BenchmarkResult run = new Benchmark(Phase.RUN, p, "memory", MemoryDB.class, getClass().getClassLoader()).run();
    assertEquals(500, run.operation("SCAN").count());
    assertEquals(null, run.operation("READ"));
    assertTrue(run.workloadMeasurements().get("VERIFY").get("Return=OK").longValue() >= 5000, "10 points each");
    assertEquals(null, run.workloadMeasurements().get("VERIFY").get("Return=UNEXPECTED_STATE"));
  }
}
