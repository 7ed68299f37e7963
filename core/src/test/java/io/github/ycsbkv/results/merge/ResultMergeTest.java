package io.github.ycsbkv.results.merge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbkv.results.BenchmarkResult;
import io.github.ycsbkv.results.ClientCpu;
import io.github.ycsbkv.results.ClientHosts;
import io.github.ycsbkv.results.EnvironmentInfo;
import io.github.ycsbkv.results.IntervalSample;
import io.github.ycsbkv.results.LatencyStats;
import io.github.ycsbkv.results.LoadShape;
import io.github.ycsbkv.results.OpenLoop;
import io.github.ycsbkv.results.OperationResult;
import io.github.ycsbkv.results.ResultJson;
import io.github.ycsbkv.results.SeriesHistograms;
import io.github.ycsbkv.spi.ServerSample;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultMergeTest {

  private static final List<Double> PERCENTILES = List.of(50.0, 99.0, 99.9);

  @TempDir
  Path tmp;

  private static Histogram histogram(long... valuesNanos) {
    Histogram h = new Histogram(3);
    h.setAutoResize(true);
    for (long v : valuesNanos) {
      h.recordValue(v);
    }
    return h;
  }

  /** A run result with READ statuses, the given window and a straight cumulative line of operations. */
  private static BenchmarkResult result(String host, Instant start, long runtimeMillis, long ops, long ok,
      long notFound, Histogram read) {
    EnvironmentInfo env = new EnvironmentInfo("t", "17", "v", "vm", "", 1, "Linux", "6", "amd64", 2, host);
    OperationResult op = OperationResult.of("READ", Map.of("OK", ok, "NOT_FOUND", notFound), read, null, null, null,
        PERCENTILES);
    ServerSample sample = new ServerSample(start, "redis", "7.0", 1, 10, 1000, 2000, "INFO", Map.of());
    return new BenchmarkResult("run", "redis", "RedisDB", "CoreWorkload", null, 2, 0, start,
        start.plusMillis(runtimeMillis), runtimeMillis, ops, ops * 1000.0 / runtimeMillis, "completed", null, List.of(),
        PERCENTILES, List.of(op), Map.of("VERIFY", Map.of("Operations", 5, "Return=OK", 5, "AverageLatency(us)", 3.0)),
        List.of(new IntervalSample(runtimeMillis / 2, ops / 2, 0, Double.NaN)), Map.of(), env,
        Map.of("recordcount", "100", "insertstart", host.equals("a") ? "0" : "50"),
        Map.of("before", sample, "after", sample));
  }

  @Test
  void merge_addsHistogramsExactly_neverAveragesPercentiles() {
    Histogram a = histogram(1_000, 2_000, 3_000, 4_000, 100_000);
    Histogram b = histogram(5_000, 6_000, 7_000_000);
    Histogram union = histogram(1_000, 2_000, 3_000, 4_000, 100_000, 5_000, 6_000, 7_000_000);
    Instant t0 = Instant.parse("2026-01-01T00:00:00Z");
    BenchmarkResult ra = result("a", t0, 10_000, 1000, 4, 1, a);
    BenchmarkResult rb = result("b", t0, 10_000, 3000, 3, 0, b);

    ResultMerge.Merged m = ResultMerge.merge(List.of(ra, rb), List.of(Map.of("READ", a), Map.of("READ", b)));

    OperationResult read = m.result().operation("READ");
    assertEquals(8, read.count());
    assertEquals(Map.of("OK", 7L, "NOT_FOUND", 1L), read.statuses());
    assertEquals(LatencyStats.ofNanos(union, PERCENTILES), read.serviceOk(), "the histogram of the union");
    assertEquals(union, m.series().get("READ"));
    // The percentiles of the union, not the mean of the two: P50 of {a} is 3 us, of {b} 6 us (mean 4.5),
    // of the eight values together 4 us.
    assertEquals(4.0, read.serviceOk().percentileMicros(50.0), 0.01);
    assertEquals(4000, m.result().operations());
    assertEquals(4, m.result().threads());
    assertEquals(400.0, m.result().throughputOpsPerSec(), 1e-9, "same window: the sum of both rates");
    assertEquals(Map.of("Operations", 10L, "Return=OK", 10L), m.result().workloadMeasurements().get("VERIFY"));
    assertEquals("(differs per client)", m.result().configuration().get("insertstart"));
    assertEquals("100", m.result().configuration().get("recordcount"));
    assertEquals("a,b", m.result().environment().host());
  }

  @Test
  void mergedClientCpu_addsTheProcessesUp_perOperationOfThemAll() {
    Instant t0 = Instant.parse("2026-01-01T00:00:00Z");
    BenchmarkResult a = withCpu(result("a", t0, 10_000, 1000, 1, 0, histogram(1_000)), new ClientCpu(30, 30.0));
    BenchmarkResult b = withCpu(result("b", t0, 10_000, 3000, 1, 0, histogram(1_000)), new ClientCpu(10, 3.33));
    assertEquals(new ClientCpu(40, 10.0), ResultMerge.mergedClientCpu(List.of(a, b)));
    assertNull(ResultMerge.mergedClientCpu(List.of(a, result("c", t0, 10_000, 10, 1, 0, histogram(1)))),
        "a process that did not measure it leaves the sum unknown");
  }

  @Test
  void wireBytes_addedWhereEveryClientCountedThem_writtenAndReadBack() throws Exception {
    Instant t0 = Instant.parse("2026-01-01T00:00:00Z");
    BenchmarkResult a = withWire(result("a", t0, 10_000, 1000, 4, 1, histogram(1_000)),
        new OperationResult.Wire(5, 200, 1_000));
    BenchmarkResult b = withWire(result("b", t0, 10_000, 3000, 3, 0, histogram(2_000)),
        new OperationResult.Wire(3, 120, 600));
    ResultMerge.Merged m = ResultMerge.merge(List.of(a, b), List.of(Map.of("READ", histogram(1_000)),
        Map.of("READ", histogram(2_000))));
    OperationResult.Wire sum = m.result().operation("READ").wire();
    assertEquals(new OperationResult.Wire(8, 320, 1_600), sum);
    assertEquals(40.0, sum.sentPerRequest(), 1e-9);
    assertEquals(200.0, sum.receivedPerRequest(), 1e-9);
    BenchmarkResult uncounted = result("c", t0, 10_000, 10, 1, 0, histogram(1_000));
    assertNull(ResultMerge.merge(List.of(a, uncounted), List.of(Map.of("READ", histogram(1_000)),
        Map.of("READ", histogram(1_000)))).result().operation("READ").wire(),
        "a client that did not count them leaves the sum unknown, never a part of it");

    ResultJson.write(a, tmp.resolve("wire"));
    BenchmarkResult read = ResultJson.readResult(tmp.resolve("wire").resolve("result.json"));
    assertEquals(new OperationResult.Wire(5, 200, 1_000), read.operation("READ").wire());
    ResultJson.write(uncounted, tmp.resolve("none"));
    assertNull(ResultJson.readResult(tmp.resolve("none").resolve("result.json")).operation("READ").wire());
  }

  /** {@code r} with its operations' bytes on the wire {@code wire}. */
  private static BenchmarkResult withWire(BenchmarkResult r, OperationResult.Wire wire) {
    return new BenchmarkResult(r.command(), r.binding(), r.dbClass(), r.workload(), r.label(), r.threads(),
        r.targetOpsPerSec(), r.start(), r.end(), r.runtimeMillis(), r.operations(), r.throughputOpsPerSec(),
        r.stopReason(), r.error(), r.warnings(), r.percentiles(),
        r.operationResults().stream().map(o -> o.withWire(wire)).toList(), r.workloadMeasurements(),
        r.intervals(), r.gc(), r.environment(), r.configuration(), r.server(), r.load(), r.stalls(), r.outages(),
        r.warmup(), r.clientCpu());
  }

  private static BenchmarkResult withCpu(BenchmarkResult r, ClientCpu cpu) {
    return new BenchmarkResult(r.command(), r.binding(), r.dbClass(), r.workload(), r.label(), r.threads(),
        r.targetOpsPerSec(), r.start(), r.end(), r.runtimeMillis(), r.operations(), r.throughputOpsPerSec(),
        r.stopReason(), r.error(), r.warnings(), r.percentiles(), r.operationResults(), r.workloadMeasurements(),
        r.intervals(), r.gc(), r.environment(), r.configuration(), r.server(), r.load(), r.stalls(), r.outages(),
        r.warmup(), cpu);
  }

  /** {@code r} with the load shape {@code load}. */
  private static BenchmarkResult withLoad(BenchmarkResult r, LoadShape load) {
    return new BenchmarkResult(r.command(), r.binding(), r.dbClass(), r.workload(), r.label(), r.threads(),
        r.targetOpsPerSec(), r.start(), r.end(), r.runtimeMillis(), r.operations(), r.throughputOpsPerSec(),
        r.stopReason(), r.error(), r.warnings(), r.percentiles(), r.operationResults(), r.workloadMeasurements(),
        r.intervals(), r.gc(), r.environment(), r.configuration(), r.server(), load, r.stalls(), r.outages(),
        r.warmup(), r.clientCpu());
  }

  private static BenchmarkResult withOpenLoop(BenchmarkResult r, double target, double offered, LatencyStats lag,
      Histogram latency, double cpuShare, String clientBound) {
    OpenLoop o = new OpenLoop("uniform", target, offered, 1, OpenLoop.EVENT_LOOPS, (long) offered * 10, 0.5, 1.0,
        0.0, 0, lag, LatencyStats.ofNanos(latency, PERCENTILES), cpuShare, clientBound);
    LoadShape load = new LoadShape(2, 2, 1, 1, LoadShape.Model.UNKNOWN, null, "netty-epoll", o);
    return withLoad(r, load);
  }

  /**
   * Open-loop clients (-target split over processes, and capacity steps across hosts): the rates add up, the latency
   * from the intended starts is the added histograms' (CLEANUP left out), client-bound when any client was.
   */
  @Test
  void mergedOpenLoop_addsRates_latencyFromTheAddedIntendedSeries_clientBoundIfAnyIs() {
    Instant t0 = Instant.parse("2026-01-01T00:00:00Z");
    Histogram ia = histogram(1_000, 2_000, 3_000);
    Histogram ib = histogram(4_000, 900_000);
    Histogram failed = histogram(50_000);
    LatencyStats smallLag = LatencyStats.ofNanos(histogram(10_000), PERCENTILES);
    LatencyStats bigLag = LatencyStats.ofNanos(histogram(70_000), PERCENTILES);
    BenchmarkResult a = withOpenLoop(result("a", t0, 10_000, 1000, 3, 0, histogram(500, 600, 700)), 500, 499.5,
        smallLag, ia, 0.4, null);
    BenchmarkResult b = withOpenLoop(result("b", t0, 10_000, 1000, 2, 0, histogram(800, 900)), 500, 500.5, bigLag,
        ib, 0.95, "its CPU was saturated (95%)");
    Map<String, Histogram> sa = Map.of("READ", histogram(500, 600, 700), "Intended-READ", ia);
    Map<String, Histogram> sb = Map.of("READ", histogram(800, 900), "Intended-READ", ib, "Intended-READ-FAILED",
        failed, "Intended-CLEANUP", histogram(9_000_000));

    OpenLoop o = ResultMerge.merge(List.of(a, b), List.of(sa, sb)).result().load().openLoop();

    assertEquals(1000.0, o.targetOpsPerSec(), 1e-9);
    assertEquals(1000.0, o.offeredOpsPerSec(), 1e-9);
    Histogram all = histogram(1_000, 2_000, 3_000, 4_000, 900_000, 50_000);
    assertEquals(LatencyStats.ofNanos(all, PERCENTILES), o.latency(), "intended READ ok and failed; no CLEANUP");
    assertEquals(6, o.latency().count());
    assertEquals(bigLag, o.scheduleLag(), "the worst client's lag");
    assertEquals(0.95, o.clientCpuShare(), 1e-9);
    assertEquals("client 2 (b): its CPU was saturated (95%)", o.clientBound());
    assertNull(ResultMerge.merge(List.of(a, result("c", t0, 10_000, 10, 1, 0, histogram(1))),
        List.of(sa, Map.of("READ", histogram(1)))).result().load(), "a client without a load shape: none merged");
  }

  private static BenchmarkResult sharing(BenchmarkResult r, int index, LoadShape.ServerView view) {
    LoadShape load = new LoadShape(2, 2, 1, 1, LoadShape.Model.UNKNOWN, view, "netty-epoll", null, 1,
        new ClientHosts(2, List.of(index), r.start(), 100, "h0:7000"));
    return withLoad(r, load);
  }

  /**
   * The processes of one run shared a server: each left its per-operation figures out (the server served the
   * others too); the merge divides the first process's totals by every process's operations.
   */
  @Test
  void processesOfOneRun_theServersTotalsOverEveryOperation() {
    Instant t0 = Instant.parse("2026-01-01T00:00:00Z");
    LoadShape.ServerView seenBy0 = new LoadShape.ServerView(3, 1, 9, Double.NaN, "INFO", Double.NaN, List.of(),
        8_000, 40_000);
    LoadShape.ServerView seenBy1 = new LoadShape.ServerView(3, 1, 9, Double.NaN, "INFO", Double.NaN, List.of(),
        8_100, 41_000);
    BenchmarkResult a = sharing(result("a", t0, 10_000, 1000, 1, 0, histogram(1_000)), 1, seenBy1);
    BenchmarkResult b = sharing(result("b", t0, 10_000, 3000, 1, 0, histogram(1_000)), 0, seenBy0);

    LoadShape.ServerView v = ResultMerge.merge(List.of(a, b), List.of(Map.of("READ", histogram(1_000)),
        Map.of("READ", histogram(1_000)))).result().load().server();

    assertEquals(2.0, v.commandsPerOperation(), 1e-9, "client 0's 8,000 commands over 4,000 operations");
    assertEquals(10.0, v.cpuMicrosPerOperation(), 1e-9, "client 0's 40 ms of server CPU over 4,000 operations");
    assertEquals(9, v.connectionsMax());
    assertTrue(v.source().endsWith("client 0's view of the server, per operation of every client"), v.source());
  }

  /** {@code r} with a sample every second of a straight line at {@code opsPerSec}, {@code failedPerSec} failing. */
  private static BenchmarkResult everySecond(BenchmarkResult r, long opsPerSec, long failedPerSec) {
    return everySecond(r, opsPerSec, failedPerSec, Double.NaN);
  }

  /** The same, each sample saying that {@code -target} offered {@code offered} operations a second (NaN: none). */
  private static BenchmarkResult everySecond(BenchmarkResult r, long opsPerSec, long failedPerSec, double offered) {
    List<IntervalSample> samples = new java.util.ArrayList<>();
    for (long t = 1000; t <= r.runtimeMillis(); t += 1000) {
      samples.add(new IntervalSample(t, opsPerSec * t / 1000, opsPerSec, 100.0, failedPerSec * t / 1000, offered));
    }
    return new BenchmarkResult(r.command(), r.binding(), r.dbClass(), r.workload(), r.label(), r.threads(),
        r.targetOpsPerSec(), r.start(), r.end(), r.runtimeMillis(), r.operations(), r.throughputOpsPerSec(),
        r.stopReason(), r.error(), r.warnings(), r.percentiles(), r.operationResults(), r.workloadMeasurements(),
        samples, r.gc(), r.environment(), r.configuration(), r.server(), r.load(), r.stalls(), r.outages(),
        r.warmup(), r.clientCpu());
  }

  /**
   * The timeline's lookups by binary search give what reading the samples from the start gives (its earlier way,
   * quadratic over a merge): at every millisecond of a run with uneven sample spacing, past its end and before it.
   */
  @Test
  void timelineLookups_matchAWalkFromTheStart() {
    Instant t0 = Instant.parse("2026-01-01T00:00:00Z");
    BenchmarkResult base = result("a", t0, 10_000, 5_000, 1, 0, histogram(1_000));
    java.util.Random random = new java.util.Random(7);
    List<IntervalSample> samples = new java.util.ArrayList<>();
    long t = 0;
    long ops = 0;
    while (true) {
      t += 1 + random.nextInt(700);
      if (t >= 9_800) {
        break;
      }
      ops += random.nextInt(400);
      samples.add(new IntervalSample(t, ops, 0, Double.NaN, 0, 100 + random.nextInt(900)));
    }
    BenchmarkResult r = new BenchmarkResult(base.command(), base.binding(), base.dbClass(), base.workload(),
        base.label(), base.threads(), base.targetOpsPerSec(), base.start(), base.end(), base.runtimeMillis(), ops + 50,
        base.throughputOpsPerSec(), base.stopReason(), base.error(), base.warnings(), base.percentiles(),
        base.operationResults(), base.workloadMeasurements(), samples, base.gc(), base.environment(),
        base.configuration(), base.server(), base.load(), base.stalls(), base.outages(), base.warmup(),
        base.clientCpu());
    for (long m = -5; m <= 10_100; m++) {
      // The walk: the first sample at or after m, between it and the one before.
      double expected;
      if (m <= 0) {
        expected = 0;
      } else if (m >= r.runtimeMillis()) {
        expected = r.operations();
      } else {
        long a = 0;
        double na = 0;
        expected = Double.NaN;
        for (IntervalSample s : samples) {
          if (s.elapsedMillis() >= m) {
            expected = na + (s.operations() - na) * (m - a) / (s.elapsedMillis() - a);
            break;
          }
          a = s.elapsedMillis();
          na = s.operations();
        }
        if (Double.isNaN(expected)) {
          expected = na + (r.operations() - na) * (m - a) / (r.runtimeMillis() - a);
        }
      }
      assertEquals(expected, MergedTimeline.at(r, m, IntervalSample::operations, BenchmarkResult::operations), 1e-6,
          "operations at " + m + " ms");
      double offered = 0;
      long a = 0;
      for (IntervalSample s : samples) {
        if (m > a) {
          offered += s.offeredOpsPerSec() * (Math.min(s.elapsedMillis(), m) - a) / 1000.0;
        }
        a = s.elapsedMillis();
      }
      assertEquals(offered, MergedTimeline.offeredBy(r, m), 1e-6, "offered by " + m + " ms");
    }
  }

  @Test
  void mergedTimeline_addsTheClientsUpByWallClock_overTheCommonWindow() {
    Instant t0 = Instant.parse("2026-01-01T00:00:00Z");
    // a runs 0-10 s at 100 ops/s; b 2.5-12.5 s at 300 ops/s (their samples half a second apart on the wall clock).
    BenchmarkResult ra = everySecond(result("a", t0, 10_000, 1000, 1, 0, histogram(1000)), 100, 0);
    BenchmarkResult rb = everySecond(result("b", t0.plusMillis(2500), 10_000, 3000, 1, 0, histogram(2000)), 300, 30);
    ResultMerge.Merged m = ResultMerge.merge(List.of(ra, rb),
        List.of(Map.of("READ", histogram(1000)), Map.of("READ", histogram(2000))));
    List<IntervalSample> merged = m.result().intervals();
    assertEquals(8, merged.size(), "the window 2.5-10 s in whole seconds, then the half second left: " + merged);
    for (int i = 0; i < 7; i++) {
      IntervalSample s = merged.get(i);
      assertEquals(1000L * (i + 1), s.elapsedMillis());
      assertEquals(400.0, s.opsPerSec(), 1e-9, "both clients' rates added: " + s);
      assertEquals(400L * (i + 1), s.operations(), "counted from the window's start");
      assertEquals(30L * (i + 1), s.failedOperations());
      assertTrue(Double.isNaN(s.p99Micros()), "percentiles do not add up");
    }
    assertEquals(7500, merged.get(7).elapsedMillis());
    assertEquals(3000, merged.get(7).operations());
    assertTrue(merged.stream().allMatch(s -> Double.isNaN(s.offeredOpsPerSec())), "no -target: nothing offered");
  }

  @Test
  void mergedTimeline_addsUpWhatTheClientsTargetsOffered() {
    Instant t0 = Instant.parse("2026-01-01T00:00:00Z");
    // a offers 110 ops/s for 0-10 s; b 330 ops/s for 2.5-12.5 s: 440 a second together over the common window.
    BenchmarkResult ra = everySecond(result("a", t0, 10_000, 1000, 1, 0, histogram(1000)), 100, 0, 110);
    BenchmarkResult rb = everySecond(result("b", t0.plusMillis(2500), 10_000, 3000, 1, 0, histogram(2000)), 300, 0,
        330);
    List<IntervalSample> merged = ResultMerge.merge(List.of(ra, rb),
        List.of(Map.of("READ", histogram(1000)), Map.of("READ", histogram(2000)))).result().intervals();
    assertEquals(8, merged.size(), merged.toString());
    for (IntervalSample s : merged) {
      assertEquals(440.0, s.offeredOpsPerSec(), 1e-9, "both clients' offered rates added: " + s);
    }
  }

  @Test
  void merge_throughputCountsOnlyTheOverlappingWindow() {
    Instant t0 = Instant.parse("2026-01-01T00:00:00Z");
    // a runs 0-10 s at 100 ops/s; b runs 5-15 s at 300 ops/s. Overlap 5-10 s: 500 + 1500 ops in 5 s.
    BenchmarkResult ra = result("a", t0, 10_000, 1000, 1, 0, histogram(1000));
    BenchmarkResult rb = result("b", t0.plusSeconds(5), 10_000, 3000, 1, 0, histogram(2000));
    ResultMerge.Merged m = ResultMerge.merge(List.of(ra, rb),
        List.of(Map.of("READ", histogram(1000)), Map.of("READ", histogram(2000))));
    assertEquals(400.0, m.result().throughputOpsPerSec(), 1e-9);
    assertEquals(5000, m.result().runtimeMillis());
    assertEquals(t0.plusSeconds(5), m.result().start());
    assertTrue(m.result().warnings().get(0).contains("2000 operations completed while all of them ran"),
        m.result().warnings().get(0));
  }

  @Test
  void merge_refusesRunsThatDoNotOverlap_orDifferentBenchmarks() {
    Instant t0 = Instant.parse("2026-01-01T00:00:00Z");
    BenchmarkResult ra = result("a", t0, 1000, 10, 1, 0, histogram(1));
    BenchmarkResult late = result("b", t0.plusSeconds(5), 1000, 10, 1, 0, histogram(1));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ResultMerge.merge(List.of(ra, late), List.of(Map.of(), Map.of())));
    assertTrue(e.getMessage().startsWith("the clients' runs do not overlap in time"), e.getMessage());
  }

  @Test
  void filesRoundTrip_resultJsonAndHistograms() throws Exception {
    Instant t0 = Instant.parse("2026-01-01T00:00:00Z");
    Histogram h = histogram(1_500, 2_500, 9_000_000);
    BenchmarkResult r = result("a", t0, 10_000, 1000, 2, 1, h);
    ResultJson.write(r, tmp);
    SeriesHistograms.write(tmp, Map.of("READ", h), t0.toEpochMilli(), t0.toEpochMilli() + 10_000);
    assertEquals(ResultJson.toJson(r), ResultJson.toJson(ResultJson.readResult(tmp.resolve("result.json"))));
    Map<String, Histogram> back = SeriesHistograms.read(tmp);
    assertEquals(List.of("READ"), List.copyOf(back.keySet()));
    assertEquals(h, back.get("READ"));
  }
}
