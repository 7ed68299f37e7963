package io.github.ycsbkv.internal.cli;

import java.util.List;

/**
 * The published studies ycsb-kv reproduces (../shared/SEEDS.md): their matrices, as {@code ycsb sweep}
 * runs them, and the figures they published, which the report shows beside the measured ones.
 */
final class Studies {

  /**
   * One published figure: a workload, a store, the thread count the study names (its own threads or
   * connections), and the value with the unit as published.
   */
  record Published(String workload, String store, int studyThreads, int ourThreads, String figure, double value,
      String unit) {}

  /**
   * A study: the workload files, the thread counts, the stores, the I/O threads it gave each server (0: the
   * servers' defaults), what differs from its method, its figures; {@code parts}: workloads with thread counts
   * and iterations of their own (not changed by --repeat); {@code tlsWorkloads}: the workloads {@code --tls}
   * runs again over TLS (empty: the study has no TLS pass); {@code properties}: KEY=VALUE pairs for every cell,
   * before the user's -p (which win); {@code client}: the binding every store is run with (null: each store's own).
   */
  record Study(String name, String title, String source, List<String> stores, List<String> workloads,
      List<Integer> threads, int defaultRepeat, int ioThreads, String method, List<Published> published,
      List<Part> parts, List<String> tlsWorkloads, List<String> properties, String client) {

    /** Every workload file the study runs: its matrix's, then its parts'. */
    List<String> allWorkloads() {
      List<String> all = new java.util.ArrayList<>(workloads);
      parts.forEach(p -> all.add(p.workload()));
      return all;
    }
  }

  /** A workload of a study run at its own thread counts and iterations (memtier2025's object-cache test). */
  record Part(String workload, List<Integer> threads, int iterations) {}

  private static final String OPS = "ops/s";

  static final Study YCSB2025 = new Study("ycsb2025",
      "YCSB study of Redis, Aerospike and Dragonfly (Bodra & Khairnar, 2025; arXiv 2510.08863)",
      "../shared/SEEDS.md, study 1", List.of("redis", "aerospike", "dragonfly"),
      List.of("readheavy", "balanced", "writeheavy"), List.of(1, 2, 4, 8, 16, 32), 3, 0,
      "YCSB clients at 1 to 32 threads, Zipfian keys, 1,474,560 records (writeheavy: 2,949,120 inserts). The study"
          + " ran each store in a container on a 12-core laptop and published P99 in \"ms\" that are implausible for"
          + " loopback (most likely microseconds); here P99 is the service time in microseconds, exact (HdrHistogram),"
          + " on this machine, against the servers given with -p or started here (a container of the pinned image, or the"
          + " binary on PATH) with their default settings. Each YCSB thread is a client with a connection of its own"
          + " and one request in flight on it, as the study's upstream YCSB clients (its redis binding keeps a"
          + " connection per thread; Aerospike's client a socket per command in flight): the default load shape,"
          + " served by one thread per core where the binding is asynchronous; every result states the connections"
          + " and commands per operation the server itself saw. --shape multiplexed runs each RESP store again as"
          + " STORE+multiplexed, its clients sharing 4 connections, side by side: what a client made for a"
          + " multi-threaded server changes.",
      List.of(
          p("readheavy", "aerospike", 436, 2_979, 3_348, 32_592), p("readheavy", "redis", 862, 4_447, 1_656, 17_158),
          p("readheavy", "dragonfly", 1_137, 4_883, 1_371, 16_328),
          p("balanced", "aerospike", 441, 2_409, 3_372, 33_741), p("balanced", "redis", 874, 4_017, 1_664, 17_004),
          p("balanced", "dragonfly", 1_187, 4_631, 1_278, 16_497),
          p("writeheavy", "aerospike", 410, 2_233, 3_562, 34_896), p("writeheavy", "redis", 808, 3_547, 1_757, 17_170),
          p("writeheavy", "dragonfly", 1_124, 3_859, 1_331, 16_925)).stream().flatMap(List::stream).toList(),
      List.of(), List.of(), List.of(), null);

  static final Study MEMTIER2025 = new Study("memtier2025",
      "memtier-style study of Redis, KeyDB, Dragonfly and Valkey (a public benchmark repository, 2025)",
      "../shared/SEEDS.md, study 2", List.of("redis", "keydb", "dragonfly", "valkey"), List.of("memtier"),
      List.of(100, 400, 800), 3, 4,
      "memtier_benchmark with 1, 4 and 8 client threads of 100 connections each (one request in flight per"
          + " connection), 1:15 SET:GET, 512-byte values, Gaussian keys over 3,000,000, on a 4-vCPU runner with 4 I/O"
          + " threads per store. Here each connection is a closed-loop client: 100, 400 and 800 clients (served by a"
          + " few threads where the binding is asynchronous), 2,000,000 operations per cell (the study: 5,000 per"
          + " connection), latency in microseconds. With --tls the memtier cells run again against each store"
          + " serving TLS only (a throw-away CA made for the run; Dragonfly also gets a random password, as it"
          + " refuses TLS without authentication), as STORE+tls. The object-cache test (WordPress-shaped: 70% GET,"
          + " 30% SETEX, 20% populate-on-miss) runs single-threaded, 13 iterations of 100,000 operations, as"
          + " published, whatever --repeat says. memtier_benchmark is one client for every store, non-blocking, with"
          + " a connection per client: here every store is run with the same client, the dragonfly binding's,"
          + " whatever the store: its clients are served by one thread per core, each client with a connection of"
          + " its own (the default load shape, as memtier's -c) and one request in flight on it; request timeouts"
          + " are 30 s (memtier has none).",
      List.of(
          new Published("memtier", "redis", 1, 100, "throughput", 61_112, OPS),
          new Published("memtier", "redis", 4, 400, "throughput", 125_524, OPS),
          new Published("memtier", "redis", 8, 800, "throughput", 124_294, OPS),
          new Published("memtier", "keydb", 1, 100, "throughput", 66_443, OPS),
          new Published("memtier", "keydb", 4, 400, "throughput", 114_455, OPS),
          new Published("memtier", "keydb", 8, 800, "throughput", 111_217, OPS),
          new Published("memtier", "dragonfly", 1, 100, "throughput", 53_113, OPS),
          new Published("memtier", "dragonfly", 4, 400, "throughput", 119_615, OPS),
          new Published("memtier", "dragonfly", 8, 800, "throughput", 112_402, OPS),
          new Published("memtier", "valkey", 1, 100, "throughput", 56_000, OPS),
          new Published("memtier", "valkey", 4, 400, "throughput", 98_119, OPS),
          new Published("memtier", "valkey", 8, 800, "throughput", 104_091, OPS),
          new Published("memtier", "redis", 4, 400, "P99", 7.65, "ms"),
          new Published("memtier", "dragonfly", 4, 400, "P99", 8.19, "ms"),
          new Published("memtier", "keydb", 4, 400, "P99", 10.37, "ms"),
          new Published("memtier", "valkey", 4, 400, "P99", 10.05, "ms"),
          new Published("objectcache", "redis", 1, 1, "throughput", 16_605, OPS),
          new Published("objectcache", "valkey", 1, 1, "throughput", 16_561, OPS),
          new Published("objectcache", "keydb", 1, 1, "throughput", 14_054, OPS),
          new Published("objectcache", "dragonfly", 1, 1, "throughput", 11_507, OPS)),
      List.of(new Part("objectcache", List.of(1), 13)), List.of("memtier"),
      // memtier_benchmark has no request timeout; 800 clients queueing on a small machine (and their TLS
      // handshakes) outlast the bindings' 2 s default, which would count them as errors.
      List.of("dragonfly.timeout=30000"), "dragonfly");

  static final List<Study> ALL = List.of(YCSB2025, MEMTIER2025);

  private Studies() {}

  /** The study's published P99 (its "ms") and throughput at 1 and 32 threads for one workload and store. */
  private static List<Published> p(String workload, String store, double p99At1, double p99At32, double opsAt1,
      double opsAt32) {
    return List.of(new Published(workload, store, 1, 1, "P99", p99At1, "\"ms\" (likely us)"),
        new Published(workload, store, 32, 32, "P99", p99At32, "\"ms\" (likely us)"),
        new Published(workload, store, 1, 1, "throughput", opsAt1, OPS),
        new Published(workload, store, 32, 32, "throughput", opsAt32, OPS));
  }

  static Study find(String name) {
    return ALL.stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow(() -> new io.github.ycsbkv.config
        .UserError("unknown study '" + name + "'; known: " + String.join(", ", ALL.stream().map(Study::name).toList())
        + " (ycsb study --list)"));
  }
}
