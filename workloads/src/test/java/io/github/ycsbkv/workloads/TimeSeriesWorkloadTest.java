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

  /** A DB that keeps every insert's key and raw field bytes, and every read's key and field names, in order. */
  static final class Raw extends DB {
    final List<String> keys = new ArrayList<>();
    final List<Map<String, byte[]>> points = new ArrayList<>();
    final List<String> readKeys = new ArrayList<>();
    final List<List<String>> readFields = new ArrayList<>();

    @Override
    public Status read(String t, String k, Set<String> f, Map<String, ByteIterator> r) {
      readKeys.add(k);
      readFields.add(new ArrayList<>(f));
      return Status.NOT_FOUND;
    }

    @Override
    public Status scan(String t, String s, int n, Set<String> f, Vector<HashMap<String, ByteIterator>> r) {
      throw new AssertionError("upstream's tsworkloada does not scan");
    }

    @Override
    public Status update(String t, String k, Map<String, ByteIterator> v) {
      throw new AssertionError("upstream's tsworkloada does not update");
    }

    @Override
    public Status insert(String t, String k, Map<String, ByteIterator> v) {
      keys.add(k);
      Map<String, byte[]> copy = new TreeMap<>();
      v.forEach((f, b) -> copy.put(f, b.toArray()));
      points.add(copy);
      return Status.OK;
    }

    @Override
    public Status delete(String t, String k) {
      throw new AssertionError();
    }
  }

  /** upstream's workloads/tsworkloada, at 3 timestamps of its 1,024 series. */
  private static Properties upstream(String... kv) {
    Properties p = new Properties();
    p.setProperty("recordcount", "3072");
    p.setProperty("ts.shape", "upstream");
    p.setProperty("tagcount", "4");
    p.setProperty("tagcardinality", "1,2,4,2");
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return p;
  }

  private static String ascii(byte[] b) {
    return new String(b, java.nio.charset.StandardCharsets.US_ASCII);
  }

  @Test
  void upstreamShape_load_overwrites64MetricKeys_with1024SeriesOfSixFields() throws Exception {
    TimeSeriesWorkload w = new TimeSeriesWorkload();
    w.init(upstream());
    Raw db = new Raw();
    Object state = w.initThread(upstream(), 0, 1);
    for (int i = 0; i < 3072; i++) {
      assertTrue(w.doInsert(db, state));
    }
    assertTrue(!w.doInsert(db, state), "recordcount points, then the load ends");
    assertEquals(64, new HashSet<>(db.keys).size(), "64 metric keys, each written over and over");
    assertEquals("AAAAAAAA", db.keys.get(0));
    assertEquals("AAAAAABL", db.keys.get(1023), "A-Z, a-z, then BA..BL: the 64th key");
    Set<String> series = new HashSet<>();
    Map<String, Integer> perKey = new HashMap<>();
    for (int i = 0; i < db.points.size(); i++) {
      Map<String, byte[]> point = db.points.get(i);
      assertEquals(List.of("AAAAAAAA", "AAAAAAAB", "AAAAAAAC", "AAAAAAAD", "YCSBTS", "YCSBV"),
          new ArrayList<>(point.keySet()), "4 tags, the timestamp and the value");
      assertEquals(8, point.get("YCSBTS").length);
      assertEquals(8, point.get("YCSBV").length);
      long time = java.nio.ByteBuffer.wrap(point.get("YCSBTS")).getLong();
      assertEquals(1_735_689_600L + 60L * (i / 1024), time, "every series at one timestamp, then the next");
      double value = java.nio.ByteBuffer.wrap(point.get("YCSBV")).getDouble();
      assertTrue(value >= 0 && value < 100_000, "a float in [0, 100,000) as upstream's: " + value);
      assertEquals("AAAAAAAA", ascii(point.get("AAAAAAAA")), "cardinality 1: one value");
      series.add(db.keys.get(i) + ascii(point.get("AAAAAAAA")) + ascii(point.get("AAAAAAAB"))
          + ascii(point.get("AAAAAAAC")) + ascii(point.get("AAAAAAAD")));
      perKey.merge(db.keys.get(i), 1, Integer::sum);
    }
    assertEquals(1024, series.size(), "64 keys x 16 tag combinations");
    assertEquals(Set.of(48), new HashSet<>(perKey.values()), "16 combinations at each of 3 timestamps");
    // Within a key, the last tag changes fastest, as upstream's odometer: D takes 2 values, C 4, B 2.
    assertEquals("AAAAAAAB", ascii(db.points.get(1).get("AAAAAAAD")));
    assertEquals("AAAAAAAB", ascii(db.points.get(2).get("AAAAAAAC")));
    assertEquals("AAAAAAAB", ascii(db.points.get(8).get("AAAAAAAB")));
    assertEquals("AAAAAAAB", db.keys.get(16), "the 17th point is the second key's first series");
  }

  @Test
  void upstreamShape_run_eachThreadWritesItsOwnKeys_andReadsNameTagPairsAndATimeRange() throws Exception {
    TimeSeriesWorkload w = new TimeSeriesWorkload();
    Properties p = upstream("readproportion", "0.1", "insertproportion", "0.9", "requestdistribution", "uniform");
    w.init(p);
    int threads = 4;
    Set<String> keysRead = new HashSet<>();
    for (int t = 0; t < threads; t++) {
      Raw db = new Raw();
      Object state = w.initThread(p, t, threads);
      for (int i = 0; i < 2000; i++) {
        w.doTransaction(db, state);
      }
      assertEquals(2000, db.keys.size() + db.readKeys.size());
      assertTrue(db.readKeys.size() > 120 && db.readKeys.size() < 290, "about 10% reads: " + db.readKeys.size());
      // Thread t owns keys 16t .. 16t + 15, written in turn, 16 series each, then the next timestamp.
      Set<String> owned = new HashSet<>(List.of(UpstreamSeries.names(64, 8)).subList(16 * t, 16 * t + 16));
      assertEquals(owned, new HashSet<>(db.keys), "thread " + t);
      for (int i = 0; i < db.keys.size(); i++) {
        long time = java.nio.ByteBuffer.wrap(db.points.get(i).get("YCSBTS")).getLong();
        assertEquals(1_735_689_600L + 60L * (3 + i / 256), time, "after the 3 loaded timestamps, in order");
      }
      for (List<String> fields : db.readFields) {
        assertEquals(5, fields.size());
        assertTrue(fields.get(0).matches("AAAAAAAA=AAAAAAAA"), fields.toString());
        assertTrue(fields.get(1).matches("AAAAAAAB=AAAAAAA[AB]"), fields.toString());
        assertTrue(fields.get(2).matches("AAAAAAAC=AAAAAAA[A-D]"), fields.toString());
        assertTrue(fields.get(3).matches("AAAAAAAD=AAAAAAA[AB]"), fields.toString());
        String[] range = fields.get(4).substring("YCSBTS=".length()).split(",");
        long from = Long.parseLong(range[0]);
        assertTrue(fields.get(4).startsWith("YCSBTS=") && (from - 1_735_689_600L) % 60 == 0
            && from < 1_735_689_600L + 3 * 60, fields.toString());
        assertEquals(from + 3600, Long.parseLong(range[1]), "querytimespan: an hour");
      }
      keysRead.addAll(db.readKeys);
    }
    assertTrue(keysRead.size() > 50 && List.of(UpstreamSeries.names(64, 8)).containsAll(keysRead),
        "reads over all 64 keys: " + keysRead.size());
    assertTrue(!w.checksValues(), "its reads name fields no insert writes: nothing to verify");
  }

  @Test
  void upstreamShape_badSettings_areClearErrors() throws Exception {
    TimeSeriesWorkload w = new TimeSeriesWorkload();
    w.init(upstream());
    assertEquals("fieldcount (64 metric keys with ts.shape=upstream) must be at least the thread count (65): each"
        + " thread writes whole metric keys, as upstream's",
        assertThrows(WorkloadException.class, () -> w.initThread(upstream(), 0, 65)).getMessage());
    assertEquals("tagcardinality must be 4 whole numbers separated by commas (one per tag), got '1,two,4,2'",
        assertThrows(WorkloadException.class, () -> new TimeSeriesWorkload().init(upstream("tagcardinality",
            "1,two,4,2"))).getMessage());
    assertEquals("ts.shape must be points (a record per point) or upstream (upstream YCSB's tsworkloada: metric"
        + " keys overwritten, tags as fields), got 'tsdb'",
        assertThrows(WorkloadException.class, () -> new TimeSeriesWorkload().init(upstream("ts.shape", "tsdb")))
            .getMessage());
  }
}
