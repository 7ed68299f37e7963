package io.github.ycsbkv.internal.cli.study;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The published studies ycsb-kv reproduces ({@link #YCSB2025}, {@link #MEMTIER2025}, each citing its source): their
 * matrices, as {@code ycsb sweep} runs them, and the figures they published, which the report shows beside the
 * measured ones with the same statistic.
 */
public final class Studies {

  /** The label of a store's TLS cells: {@code redis+tls}. */
  public static final String TLS = "+tls";

  /**
   * One published figure: a workload, a store, the thread count the study names (its own threads or
   * connections), and the value with the unit as published.
   */
  public record Published(String workload, String store, int studyThreads, int ourThreads, String figure, double value,
      String unit) {}

  /**
   * A study: the workload files, the thread counts, the stores, the I/O threads it gave each server (0: the
   * servers' defaults), what differs from its method, its figures; {@code parts}: workloads with thread counts
   * and iterations of their own (not changed by --repeat); {@code tlsWorkloads}: the workloads {@code --tls}
   * runs again over TLS (empty: the study has no TLS pass); {@code properties}: KEY=VALUE pairs for every cell,
   * before the user's -p (which win), and STORE:KEY=VALUE for one store's cells (STORE, STORE+tls, ...) unless the
   * user gives KEY; {@code client}: the binding every store is run with (null: each store's own);
   * {@code operationsPerClient}: each cell of the matrix's workloads runs this many operations per client (0: the
   * workload file's operationcount in every cell); {@code pinnedCpus}: the servers were pinned to that many CPUs
   * (0: not pinned, or not said); {@code setup}: how the study ran, as it says, aspect by aspect ({@link #CORES},
   * {@link #CLIENT}, {@link #NETWORK}, {@link #VERSIONS}), which {@code study.json} sets beside this run's.
   */
  public record Study(String name, String title, String source, List<String> stores, List<String> workloads,
      List<Integer> threads, int defaultRepeat, int ioThreads, String method, List<Published> published,
      List<Part> parts, List<String> tlsWorkloads, List<String> properties, String client, long operationsPerClient,
      int pinnedCpus, Map<String, String> setup) {

    /** The I/O threads the study gave its servers for {@code workload} (0: the servers' defaults). */
    int ioThreads(String workload) {
      return parts.stream().filter(p -> p.workload().equals(workload) && p.ioThreads() > 0).mapToInt(Part::ioThreads)
          .findFirst().orElse(ioThreads);
    }

    /** Every workload file the study runs: its matrix's, then its parts'. */
    public List<String> allWorkloads() {
      List<String> all = new java.util.ArrayList<>(workloads);
      parts.forEach(p -> all.add(p.workload()));
      return all;
    }

    /** This study with only the workloads {@code names}, and only their published figures ({@code --workloads}). */
    public Study only(List<String> names) {
      for (String n : names) {
        if (!allWorkloads().contains(n)) {
          throw new io.github.ycsbkv.config.UserError("study " + name + " has no workload '" + n + "'; its workloads: "
              + String.join(",", allWorkloads()));
        }
      }
      return new Study(name, title, source, stores, workloads.stream().filter(names::contains).toList(), threads,
          defaultRepeat, ioThreads, method, published.stream().filter(p -> names.contains(p.workload())).toList(),
          parts.stream().filter(p -> names.contains(p.workload())).toList(),
          tlsWorkloads.stream().filter(names::contains).toList(), properties, client, operationsPerClient, pinnedCpus,
          setup);
    }
  }

  /** The aspects of a study's setup that {@code study.json} compares with this run's. */
  static final String CORES = "machine and cores";
  static final String CLIENT = "client";
  static final String NETWORK = "servers and networking";
  static final String VERSIONS = "server versions";

  /**
   * A workload of a study run at its own thread counts and iterations (memtier2025's object-cache test), on servers
   * with {@code ioThreads} I/O threads (0: the study's).
   */
  public record Part(String workload, List<Integer> threads, int iterations, int ioThreads) {}

  private static final String OPS = "ops/s";
  /** memtier_benchmark's P99 and average: over every operation (SETs and GETs together). */
  static final String P99_ALL = "P99 (all operations)";
  static final String AVERAGE_ALL = "average (all operations)";
  static final String P50_ALL = "P50 (all operations)";
  static final String P99_9_ALL = "P99.9 (all operations)";

  static final Study YCSB2025 = new Study("ycsb2025",
      "YCSB study of Redis, Aerospike and Dragonfly (Bodra & Khairnar, 2025; arXiv 2510.08863)",
      "D. Bodra and S. Khairnar, \"Comparative Performance Analysis of Modern NoSQL Data Technologies: Redis,"
          + " Aerospike, and Dragonfly\", 2025, arXiv 2510.08863, https://doi.org/10.57017/jorit.v4.2(8).05",
      List.of("redis", "aerospike", "dragonfly"),
      List.of("readheavy", "balanced", "writeheavy"), List.of(1, 2, 4, 8, 16, 32), 3, 0,
      "YCSB clients at 1 to 32 threads, Zipfian keys, 1,474,560 records (writeheavy: 2,949,120 operations, 90%"
          + " inserts). The study ran each store in a container on a 12-core laptop. Two readings of an ambiguous"
          + " text, assumed here: its P99 names no operation (compared with READ's P99, INSERT's for writeheavy), and"
          + " it is printed in \"ms\" at values implausible for loopback (read as microseconds). Here P99 is the"
          + " service time in microseconds, exact (HdrHistogram),"
          + " on this machine, against the servers given with -p or started here (a container of the pinned image, or the"
          + " binary on PATH) with their default settings. Each YCSB thread is a client with a connection of its own"
          + " and one request in flight on it, as the study's upstream YCSB clients (its redis binding keeps a"
          + " connection per thread; Aerospike's client a socket per command in flight): the default load shape,"
          + " served by one thread per core where the binding is asynchronous; every result states the connections"
          + " and commands per operation the server itself saw. --shape multiplexed runs each RESP store again as"
          + " STORE+multiplexed, its clients sharing 4 connections, side by side: what a client made for a"
          + " multi-threaded server changes. An insert is sent as upstream's redis binding sent it to Redis and"
          + " Dragonfly: the record (its HMSET, here HSET), then its scan-index entry (ZADD) once the record's reply"
          + " came, two round trips and no MULTI/EXEC (redis.scanindex.write=after; -p redis.scanindex.write=multi"
          + " for one transaction). writeheavy runs on Redis and Dragonfly as upstream's tsworkloada shapes it"
          + " (ts.shape=upstream): each insert goes to one of 64 metric keys of 8 characters with its 4 tags,"
          + " timestamp and value as 6 fields (16 tag combinations per key: 1,024 series), written over the same 64"
          + " hashes, and each read asks one key for tag pairs and a time range, fields no insert writes: every read"
          + " is a miss, as upstream's HMGET found nothing either. Aerospike's writeheavy stores one record per point"
          + " (1,024 series, 64 bins of 8 bytes, the data growing to about 2.8 times the load): upstream's shape fails"
          + " there: its reads name bins of 17 and 28 characters (Aerospike allows 15), and upstream's aerospike"
          + " binding creates each of the 64 records once and fails every later insert (docs/workloads.md).",
      List.of(
          p("readheavy", "aerospike", 436, 2_979, 3_348, 32_592), p("readheavy", "redis", 862, 4_447, 1_656, 17_158),
          p("readheavy", "dragonfly", 1_137, 4_883, 1_371, 16_328),
          p("balanced", "aerospike", 441, 2_409, 3_372, 33_741), p("balanced", "redis", 874, 4_017, 1_664, 17_004),
          p("balanced", "dragonfly", 1_187, 4_631, 1_278, 16_497),
          p("writeheavy", "aerospike", 410, 2_233, 3_562, 34_896), p("writeheavy", "redis", 808, 3_547, 1_757, 17_170),
          p("writeheavy", "dragonfly", 1_124, 3_859, 1_331, 16_925),
          // Table 1: the servers' memory before and after the run (how it was read is not said).
          memory("redis", 36.32, 2_610), memory("aerospike", 232.1, 772.3), memory("dragonfly", 58.98, 2_350))
          .stream().flatMap(List::stream).toList(),
      List.of(), List.of(), List.of("redis:redis.scanindex.write=after", "dragonfly:dragonfly.scanindex.write=after",
          "redis:ts.shape=upstream", "dragonfly:ts.shape=upstream"), null, 0,
      0, Map.of(
          CORES, "an Apple M3 Pro laptop, 12 cores, 36 GB, macOS Sequoia; client and servers on it",
          CLIENT, "upstream YCSB (its redis and aerospike bindings; version not named), a connection per YCSB thread",
          NETWORK, "each store in a Docker container on macOS (Docker's Linux virtual machine, ports forwarded to"
              + " the host)",
          VERSIONS, "not named"));

  /** memtier2025's requests per connection (memtier_benchmark's -n): 0.5 M operations at 1 thread, 4 M at 8. */
  static final long MEMTIER_REQUESTS_PER_CONNECTION = 5_000;

  static final Study MEMTIER2025 = new Study("memtier2025",
      "memtier-style study of Redis, KeyDB, Dragonfly and Valkey (a public benchmark repository, 2025)",
      "centminmod/redis-comparison-benchmarks, \"Redis vs KeyDB vs Dragonfly vs Valkey Performance Comparison\", v5"
          + " host-networked results of 7 June 2025 (Redis 8.0.2, KeyDB 6.3.4, Dragonfly 1.30.3, Valkey 8.1.1),"
          + " https://github.com/centminmod/redis-comparison-benchmarks",
      List.of("redis", "keydb", "dragonfly", "valkey"), List.of("memtier"),
      List.of(100, 200, 400, 800), 3, 4,
      "memtier_benchmark with 1, 2, 4 and 8 client threads of 100 connections each (one request in flight per"
          + " connection), 1:15 SET:GET, 512-byte values, Gaussian keys over 3,000,000, on a 4-vCPU runner with 4 I/O"
          + " threads per store. Here each connection is a closed-loop client: 100, 200, 400 and 800 clients (served by a"
          + " few threads where the binding is asynchronous), 5,000 operations per client as the study's 5,000"
          + " requests per connection (500,000 to 4,000,000 per cell), latency in microseconds. With --tls the memtier cells run again against each store"
          + " serving TLS only (a throw-away CA made for the run; Dragonfly also gets a random password, as it"
          + " refuses TLS without authentication), as STORE+tls. The object-cache test (WordPress-shaped: 70% GET,"
          + " 30% SETEX with TTLs of 300-86,400 s, 20% populate-on-miss, the study's 9 cache groups, 8 key formats"
          + " and 4 value kinds, a 0.1 ms pause every 1,000 operations) runs single-threaded, 13 iterations of"
          + " 100,000 operations 500 ms apart, each after 100 warm-up keys, as published, whatever --repeat says, on"
          + " each store's server started again with 1 I/O thread (the study's; with --flush emptied before the"
          + " first iteration only); its client was PHP's Redis extension, here the same binding as for the memtier"
          + " cells. memtier_benchmark is one client for every store, non-blocking, with"
          + " a connection per client: here every store is run with the same client, the dragonfly binding's,"
          + " whatever the store: its clients are served by one thread per core, each client with a connection of"
          + " its own (the default load shape, as memtier's -c) and one request in flight on it; request timeouts"
          + " are 30 s (memtier has none).",
      List.of(
          m("redis", 61_112, 1.64, 121_315, 1.65, 125_524, 3.18, 124_294, 6.52),
          m("keydb", 66_443, 1.50, 102_536, 1.94, 114_455, 3.51, 111_217, 7.25),
          m("dragonfly", 53_113, 2.06, 90_426, 2.70, 119_615, 3.39, 112_402, 7.30),
          m("valkey", 56_000, 1.79, 68_335, 3.06, 98_119, 4.15, 104_091, 7.90),
          m("redis+tls", 45_867, 2.21, 80_255, 2.50, 83_563, 4.85, 69_775, 11.75),
          m("keydb+tls", 48_303, 2.07, 75_470, 2.65, 79_803, 4.92, 68_785, 11.69),
          m("dragonfly+tls", 34_756, 3.08, 56_065, 4.02, 79_232, 4.87, 66_637, 11.98),
          m("valkey+tls", 40_158, 2.55, 47_790, 4.33, 68_654, 6.17, 69_007, 11.73),
          tail("redis", 3.04, 7.65, 16.19), tail("dragonfly", 3.52, 8.19, 17.92), tail("keydb", 3.23, 10.37, 17.92),
          tail("valkey", 3.99, 10.05, 24.19),
          // Section 3 at 4 threads: "all hit-rates ~5.15 %" (the GETs that found their key).
          List.of(hitRate("redis"), hitRate("keydb"), hitRate("dragonfly"), hitRate("valkey")),
          // Table 6.3: TLS's cost at 4 threads, the STORE+tls cell against the STORE cell.
          tlsImpact("redis", -33.4, 52), tlsImpact("keydb", -30.3, 40), tlsImpact("dragonfly", -33.8, 44),
          tlsImpact("valkey", -30.0, 49),
          // Table 8.2: the object-cache test's average, P95 and P99 (ms) and the CV of its throughput.
          objectCache("redis", 0.0597, 0.102, 0.130, 2.14), objectCache("keydb", 0.0705, 0.127, 0.146, 2.14),
          objectCache("dragonfly", 0.0861, 0.160, 0.186, 2.57), objectCache("valkey", 0.0598, 0.103, 0.131, 2.04),
          List.of(
          new Published("objectcache", "redis", 1, 1, "throughput", 16_605, OPS),
          new Published("objectcache", "valkey", 1, 1, "throughput", 16_561, OPS),
          new Published("objectcache", "keydb", 1, 1, "throughput", 14_054, OPS),
          new Published("objectcache", "dragonfly", 1, 1, "throughput", 11_507, OPS)))
          .stream().flatMap(List::stream).toList(),
      List.of(new Part("objectcache", List.of(1), 13, 1)), List.of("memtier"),
      // memtier_benchmark has no request timeout; 800 clients queueing on a small machine (and their TLS
      // handshakes) outlast the bindings' 2 s default, which would count them as errors.
      List.of("dragonfly.timeout=30000"), "dragonfly", MEMTIER_REQUESTS_PER_CONNECTION, 4, Map.of(
          CORES, "a GitHub Actions runner (Azure VM), Ubuntu, 4 vCPU, 16 GB; servers pinned to CPUs 0-3, the client on"
              + " the same runner",
          CLIENT, "memtier_benchmark (1 to 8 threads of 100 connections, one request in flight each); the object-cache"
              + " test: a single-threaded PHP 8.4.7 client with the Redis extension 6.2.0",
          NETWORK, "each store in a Docker container with host networking (no NAT); 4 I/O threads (proactors) per"
              + " store, 1 for the object-cache test",
          VERSIONS, "Redis 8.0.2, KeyDB 6.3.4, Dragonfly 1.30.3, Valkey 8.1.1"));

  public static final List<Study> ALL = List.of(YCSB2025, MEMTIER2025);

  private Studies() {}

  /** memtier2025's throughput and average latency (ms) of one store (or STORE+tls) at 1, 2, 4 and 8 threads. */
  private static List<Published> m(String store, double ops1, double avg1, double ops2, double avg2, double ops4,
      double avg4, double ops8, double avg8) {
    List<Published> out = new java.util.ArrayList<>();
    double[][] cells = {{1, ops1, avg1}, {2, ops2, avg2}, {4, ops4, avg4}, {8, ops8, avg8}};
    for (double[] c : cells) {
      out.add(new Published("memtier", store, (int) c[0], 100 * (int) c[0], "throughput", c[1], OPS));
      out.add(new Published("memtier", store, (int) c[0], 100 * (int) c[0], AVERAGE_ALL, c[2], "ms"));
    }
    return out;
  }

  /** memtier2025's latency breakdown at 4 threads (its table 6.2, ms): P50, P99 and P99.9 of one store. */
  private static List<Published> tail(String store, double p50, double p99, double p999) {
    return List.of(new Published("memtier", store, 4, 400, P50_ALL, p50, "ms"),
        new Published("memtier", store, 4, 400, P99_ALL, p99, "ms"),
        new Published("memtier", store, 4, 400, P99_9_ALL, p999, "ms"));
  }

  static final String HIT_RATE = "GET hit rate";
  public static final String TLS_THROUGHPUT = "TLS throughput impact";
  public static final String TLS_LATENCY = "TLS average latency impact";
  static final String P95_ALL = "P95 (all operations)";
  static final String CV = "CV of throughput";
  static final String MEMORY_BEFORE = "memory before the run";
  static final String MEMORY_AFTER = "memory after the run";

  /** memtier2025's hit rate at 4 threads, the same for every store (its section 3). */
  private static Published hitRate(String store) {
    return new Published("memtier", store, 4, 400, HIT_RATE, 5.15, "%");
  }

  /** memtier2025's table 6.3: throughput and average latency over TLS against plain, in percent, at 4 threads. */
  private static List<Published> tlsImpact(String store, double throughputPercent, double latencyPercent) {
    return List.of(new Published("memtier", store, 4, 400, TLS_THROUGHPUT, throughputPercent, "%"),
        new Published("memtier", store, 4, 400, TLS_LATENCY, latencyPercent, "%"));
  }

  /** memtier2025's table 8.2 (one thread, 13 iterations): average, P95 and P99 (ms), and the throughput's CV (%). */
  private static List<Published> objectCache(String store, double average, double p95, double p99, double cv) {
    return List.of(new Published("objectcache", store, 1, 1, AVERAGE_ALL, average, "ms"),
        new Published("objectcache", store, 1, 1, P95_ALL, p95, "ms"),
        new Published("objectcache", store, 1, 1, P99_ALL, p99, "ms"),
        new Published("objectcache", store, 1, 1, CV, cv, "%"));
  }

  /** ycsb2025's table 1: a server's memory before and after the run, in MB (the readheavy cells here). */
  private static List<Published> memory(String store, double before, double after) {
    return List.of(new Published("readheavy", store, 0, 0, MEMORY_BEFORE, before, "MB"),
        new Published("readheavy", store, 0, 0, MEMORY_AFTER, after, "MB"));
  }

  /** The study's published P99 (its "ms") and throughput at 1 and 32 threads for one workload and store. */
  private static List<Published> p(String workload, String store, double p99At1, double p99At32, double opsAt1,
      double opsAt32) {
    return List.of(new Published(workload, store, 1, 1, "P99", p99At1, "\"ms\" (likely us)"),
        new Published(workload, store, 32, 32, "P99", p99At32, "\"ms\" (likely us)"),
        new Published(workload, store, 1, 1, "throughput", opsAt1, OPS),
        new Published(workload, store, 32, 32, "throughput", opsAt32, OPS));
  }

  public static Study find(String name) {
    return ALL.stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow(() -> new io.github.ycsbkv.config
        .UserError("unknown study '" + name + "'; known: " + String.join(", ", ALL.stream().map(Study::name).toList())
        + " (ycsb study --list)"));
  }

  /** {@code --list}: every study, its matrix and source. */
  public static void list(PrintWriter stdout) {
    for (Studies.Study s : Studies.ALL) {
      stdout.printf(Locale.ROOT, "%s: %s%n  stores %s; workloads %s; threads %s; %d repetitions by default; source %s%n",
          s.name(), s.title(), String.join(",", s.stores()), String.join(",", s.workloads()),
          s.threads().stream().map(String::valueOf).collect(Collectors.joining(",")), s.defaultRepeat(), s.source());
      for (Studies.Part part : s.parts()) {
        stdout.printf(Locale.ROOT, "  and %s at %s thread(s), %d iterations%n", part.workload(),
            part.threads().stream().map(String::valueOf).collect(Collectors.joining(",")), part.iterations());
      }
      if (!s.tlsWorkloads().isEmpty()) {
        stdout.printf(Locale.ROOT, "  --tls: %s again over TLS%n", String.join(",", s.tlsWorkloads()));
      }
    }
    stdout.flush();
  }
}
