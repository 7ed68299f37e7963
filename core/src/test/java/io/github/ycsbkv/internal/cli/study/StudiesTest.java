package io.github.ycsbkv.internal.cli.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The published figures in {@link Studies} against the studies' own result tables, carried here as the documents
 * print them (the memtier repository's README tables 2.1, 2.2, 6.2, 6.3 and 8.2 and its hit rate; the paper's 1- and
 * 32-client figures and its memory table): every
 * number of those tables is in the definitions, with its store, threads, statistic and unit, and none that is not.
 */
class StudiesTest {

  /**
   * memtier2025, tables 2.1 (plain) and 2.2 (TLS): threads, then ops/s (avg ms) for Redis, KeyDB, Dragonfly, Valkey.
   */
  private static final String MEMTIER_PLAIN = """
      1 61,112 1.64 66,443 1.50 53,113 2.06 56,000 1.79
      2 121,315 1.65 102,536 1.94 90,426 2.70 68,335 3.06
      4 125,524 3.18 114,455 3.51 119,615 3.39 98,119 4.15
      8 124,294 6.52 111,217 7.25 112,402 7.30 104,091 7.90""";
  private static final String MEMTIER_TLS = """
      1 45,867 2.21 48,303 2.07 34,756 3.08 40,158 2.55
      2 80,255 2.50 75,470 2.65 56,065 4.02 47,790 4.33
      4 83,563 4.85 79,803 4.92 79,232 4.87 68,654 6.17
      8 69,775 11.75 68,785 11.69 66,637 11.98 69,007 11.73""";
  /** memtier2025, table 6.2 (4 threads, plain): store, avg, p50, p99, p99.9 (ms); avg is table 2.1's. */
  private static final String MEMTIER_TAILS = """
      redis 3.04 7.65 16.19
      dragonfly 3.52 8.19 17.92
      keydb 3.23 10.37 17.92
      valkey 3.99 10.05 24.19""";
  /** memtier2025, table 6.3 (4 threads): store, throughput impact (%), latency impact (+%, the 1.4-1.5x). */
  private static final String MEMTIER_TLS_IMPACT = """
      redis -33.4 52
      keydb -30.3 40
      dragonfly -33.8 44
      valkey -30.0 49""";
  /** memtier2025, table 8.2 (non-TLS): store, avg ops/s, avg, P95, P99 (ms), CV (%). */
  private static final String MEMTIER_OBJECT_CACHE = """
      redis 16,605 0.0597 0.102 0.130 2.14
      keydb 14,054 0.0705 0.127 0.146 2.14
      dragonfly 11,507 0.0861 0.160 0.186 2.57
      valkey 16,561 0.0598 0.103 0.131 2.04""";
  /** ycsb2025, table 1: store, memory before and after the run (MB). */
  private static final String YCSB_MEMORY = """
      redis 36.32 2610
      aerospike 232.1 772.3
      dragonfly 58.98 2350""";
  /** ycsb2025: workload, store, P99 at 1 and 32 clients (its "ms"), ops/s at 1 and 32 clients. */
  private static final String YCSB = """
      readheavy aerospike 436 2,979 3,348 32,592
      readheavy redis 862 4,447 1,656 17,158
      readheavy dragonfly 1,137 4,883 1,371 16,328
      balanced aerospike 441 2,409 3,372 33,741
      balanced redis 874 4,017 1,664 17,004
      balanced dragonfly 1,187 4,631 1,278 16,497
      writeheavy aerospike 410 2,233 3,562 34,896
      writeheavy redis 808 3,547 1,757 17,170
      writeheavy dragonfly 1,124 3,859 1,331 16,925""";

  private static double n(String s) {
    return Double.parseDouble(s.replace(",", ""));
  }

  private static String row(String workload, String store, int studyThreads, int ours, String figure, double value,
      String unit) {
    return String.join("|", workload, store, Integer.toString(studyThreads), Integer.toString(ours), figure,
        Double.toString(value), unit);
  }

  private static TreeSet<String> defined(Studies.Study s) {
    TreeSet<String> out = new TreeSet<>();
    for (Studies.Published p : s.published()) {
      out.add(row(p.workload(), p.store(), p.studyThreads(), p.ourThreads(), p.figure(), p.value(), p.unit()));
    }
    return out;
  }

  @Test
  void memtier2025_everyFigureOfItsTables_andNoOther() {
    List<String> stores = List.of("redis", "keydb", "dragonfly", "valkey");
    TreeSet<String> expected = new TreeSet<>();
    for (String[] table : new String[][] {{MEMTIER_PLAIN, ""}, {MEMTIER_TLS, "+tls"}}) {
      for (String line : table[0].strip().split("\n")) {
        String[] f = line.strip().split(" ");
        int threads = Integer.parseInt(f[0]);
        for (int i = 0; i < 4; i++) {
          String store = stores.get(i) + table[1];
          expected.add(row("memtier", store, threads, 100 * threads, "throughput", n(f[1 + 2 * i]), "ops/s"));
          expected.add(row("memtier", store, threads, 100 * threads, Studies.AVERAGE_ALL, n(f[2 + 2 * i]), "ms"));
        }
      }
    }
    for (String line : MEMTIER_TAILS.strip().split("\n")) {
      String[] f = line.strip().split(" ");
      expected.add(row("memtier", f[0], 4, 400, Studies.P50_ALL, n(f[1]), "ms"));
      expected.add(row("memtier", f[0], 4, 400, Studies.P99_ALL, n(f[2]), "ms"));
      expected.add(row("memtier", f[0], 4, 400, Studies.P99_9_ALL, n(f[3]), "ms"));
    }
    for (String line : MEMTIER_OBJECT_CACHE.strip().split("\n")) {
      String[] f = line.strip().split(" ");
      expected.add(row("objectcache", f[0], 1, 1, "throughput", n(f[1]), "ops/s"));
      expected.add(row("objectcache", f[0], 1, 1, Studies.AVERAGE_ALL, n(f[2]), "ms"));
      expected.add(row("objectcache", f[0], 1, 1, Studies.P95_ALL, n(f[3]), "ms"));
      expected.add(row("objectcache", f[0], 1, 1, Studies.P99_ALL, n(f[4]), "ms"));
      expected.add(row("objectcache", f[0], 1, 1, Studies.CV, n(f[5]), "%"));
    }
    for (String line : MEMTIER_TLS_IMPACT.strip().split("\n")) {
      String[] f = line.strip().split(" ");
      expected.add(row("memtier", f[0], 4, 400, Studies.TLS_THROUGHPUT, n(f[1]), "%"));
      expected.add(row("memtier", f[0], 4, 400, Studies.TLS_LATENCY, n(f[2]), "%"));
    }
    // Section 3's caption: "all hit-rates ~5.15 %" at 4 threads (not TLS: "unchanged" gives no number).
    for (String store : stores) {
      expected.add(row("memtier", store, 4, 400, Studies.HIT_RATE, 5.15, "%"));
    }
    assertEquals(expected, defined(Studies.MEMTIER2025));
    assertEquals(List.of(100, 200, 400, 800), Studies.MEMTIER2025.threads(), "1, 2, 4 and 8 threads x 100");
  }

  @Test
  void ycsb2025_everyFigureOfItsTable_andNoOther() {
    TreeSet<String> expected = new TreeSet<>();
    String unit = "\"ms\" (likely us)";
    for (String line : YCSB.strip().split("\n")) {
      String[] f = line.strip().split(" ");
      expected.add(row(f[0], f[1], 1, 1, "P99", n(f[2]), unit));
      expected.add(row(f[0], f[1], 32, 32, "P99", n(f[3]), unit));
      expected.add(row(f[0], f[1], 1, 1, "throughput", n(f[4]), "ops/s"));
      expected.add(row(f[0], f[1], 32, 32, "throughput", n(f[5]), "ops/s"));
    }
    for (String line : YCSB_MEMORY.strip().split("\n")) {
      String[] f = line.strip().split(" ");
      expected.add(row("readheavy", f[0], 0, 0, Studies.MEMORY_BEFORE, n(f[1]), "MB"));
      expected.add(row("readheavy", f[0], 0, 0, Studies.MEMORY_AFTER, n(f[2]), "MB"));
    }
    assertEquals(expected, defined(Studies.YCSB2025));
  }

  @Test
  void sources_areCitations_neverPaths() {
    List<String> sources = new ArrayList<>();
    Studies.ALL.forEach(s -> sources.add(s.source()));
    for (String s : sources) {
      assertFalse(s.contains("../") || s.contains(".md"), s);
    }
    assertEquals(true, sources.get(0).contains("https://doi.org/10.57017/jorit.v4.2(8).05"), sources.get(0));
    assertEquals(true, sources.get(1).contains("https://github.com/centminmod/redis-comparison-benchmarks"),
        sources.get(1));
  }

  /** {@code --workloads}: one of a study's workloads, its part and its published figures only. */
  @Test
  void only_keepsTheChosenWorkloads_theirPartsAndFigures() {
    Studies.Study oc = Studies.MEMTIER2025.only(List.of("objectcache"));
    assertEquals(List.of(), oc.workloads());
    assertEquals(List.of("objectcache"), oc.allWorkloads());
    assertEquals(1, oc.ioThreads("objectcache"), "the object-cache test's 1 I/O thread stays");
    assertEquals(List.of(), oc.tlsWorkloads(), "no TLS pass left");
    assertEquals(4 * 5, oc.published().size(), "throughput, average, P95, P99 and CV per store");
    assertEquals(List.of("objectcache"), oc.published().stream().map(Studies.Published::workload).distinct().toList());
    Studies.Study wh = Studies.YCSB2025.only(List.of("writeheavy"));
    assertEquals(List.of("writeheavy"), wh.workloads());
    assertEquals(3 * 4, wh.published().size(), "P99 and ops/s at 1 and 32 threads per store");
    assertEquals(Studies.YCSB2025.properties(), wh.properties(), "the study's settings stay");
    assertEquals("study ycsb2025 has no workload 'objectcache'; its workloads: readheavy,balanced,writeheavy",
        org.junit.jupiter.api.Assertions.assertThrows(io.github.ycsbkv.config.UserError.class,
            () -> Studies.YCSB2025.only(List.of("objectcache"))).getMessage());
  }
}
