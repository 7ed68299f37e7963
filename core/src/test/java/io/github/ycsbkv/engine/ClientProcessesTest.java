package io.github.ycsbkv.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbkv.config.UserError;
import io.github.ycsbkv.engine.hosts.ClientSplit;
import io.github.ycsbkv.engine.hosts.Meeting;
import io.github.ycsbkv.engine.hosts.StartBarrier;
import io.github.ycsbkv.memory.MemoryDB;
import io.github.ycsbkv.results.BenchmarkResult;
import io.github.ycsbkv.results.ClientHosts;
import io.github.ycsbkv.results.merge.ResultMerge;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * The client processes of one run as whole {@link Benchmark}s (threads here), meeting at their barrier over a real
 * socket as processes on several hosts would: each its slice and share, one instant, one merged result; one that fails
 * before the barrier ends it for all.
 */
class ClientProcessesTest {

  private static int freePort() throws Exception {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  @Test
  void threeProcessesOfOneRun_loadTheirSlices_runTogether_andMergeAsOne() throws Exception {
    MemoryDB.clearAll();
    int port = freePort();
    List<BenchmarkResult> loads = phaseOfThree(Phase.LOAD, port);
    long loaded = 0;
    for (BenchmarkResult r : loads) {
      loaded += r.operations();
    }
    assertEquals(999, loaded, "every record once: 333 each");
    assertEquals(List.of(333L, 333L, 333L), loads.stream().map(BenchmarkResult::operations).toList());
    List<BenchmarkResult> runs = phaseOfThree(Phase.RUN, port);
    for (int i = 0; i < 3; i++) {
      ClientHosts h = runs.get(i).load().hosts();
      assertEquals(3, h.count());
      assertEquals(List.of(i), h.indexes());
      assertEquals(runs.get(0).load().hosts().startAt(), h.startAt(), "one instant");
      assertTrue(h.startSpreadMicros() >= 0 && h.startSpreadMicros() < 100_000, h.describe());
      assertEquals(0, runs.get(i).totalErrors(), "every record was loaded by one of them");
    }
    assertEquals(List.of(300L, 300L, 300L), runs.stream().map(BenchmarkResult::operations).toList());
    List<Map<String, org.HdrHistogram.Histogram>> none = List.of(Map.of(), Map.of(), Map.of());
    ClientHosts merged = ResultMerge.merge(runs, none).result().load().hosts();
    assertEquals(List.of(0, 1, 2), merged.indexes());
    assertEquals(List.of(), merged.missing());
    ClientHosts two = ResultMerge.merge(runs.subList(0, 2), none.subList(0, 2)).result().load().hosts();
    assertEquals(List.of(2), two.missing());
    assertTrue(ResultMerge.merge(runs.subList(0, 2), none.subList(0, 2)).result().warnings().stream()
        .anyMatch(w -> w.startsWith("the run had 3 client processes (clients.count), but client(s) 2 are not merged")));
    assertEquals("client 1 of the run is given twice: give each client's export.dir once", assertThrows(
        IllegalArgumentException.class, () -> ResultMerge.merge(List.of(runs.get(1), runs.get(1)),
            none.subList(0, 2))).getMessage());
  }

  /** One phase of three processes of a run (threads here), each its own Benchmark, meeting at the barrier. */
  private List<BenchmarkResult> phaseOfThree(Phase phase, int port) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(3);
    try {
      List<Future<BenchmarkResult>> all = new ArrayList<>();
      for (int i = 0; i < 3; i++) {
        Properties p = new Properties();
        p.setProperty("table", "split");
        p.setProperty("recordcount", "999");
        p.setProperty("operationcount", "900");
        p.setProperty("readproportion", "1");
        p.setProperty("updateproportion", "0");
        p.setProperty("dataintegrity", "true");
        p.setProperty("threadcount", "2");
        p.setProperty("clients.count", "3");
        p.setProperty("clients.index", Integer.toString(i));
        p.setProperty("clients.barrier", "127.0.0.1:" + port);
        all.add(pool.submit(() -> new Benchmark(phase, p, "memory", MemoryDB.class, getClass().getClassLoader())
            .run()));
      }
      List<BenchmarkResult> out = new ArrayList<>();
      for (Future<BenchmarkResult> f : all) {
        BenchmarkResult r = f.get();
        assertNull(r.error(), r.error());
        out.add(r);
      }
      return out;
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void aProcessThatFailsBeforeTheBarrier_tellsTheOthersAtOnce() throws Exception {
    int port = freePort();
    ExecutorService pool = Executors.newSingleThreadExecutor();
    try {
      Future<String> leader = pool.submit(() -> assertThrows(UserError.class, () -> new StartBarrier(new Meeting(
          new ClientSplit(2, 0), "127.0.0.1:" + port, Duration.ofSeconds(60)), "run").await(() -> false))
          .getMessage());
      Properties p = new Properties();
      p.setProperty("operationcount", "10");
      p.setProperty("clients.count", "2");
      p.setProperty("clients.index", "1");
      p.setProperty("clients.barrier", "127.0.0.1:" + port);
      BenchmarkResult r = new Benchmark(Phase.RUN, p, "failing", FailingInitDB.class, getClass().getClassLoader())
          .run();
      assertTrue(r.error() != null && r.error().contains("cannot connect to 127.0.0.1:6390"), r.error());
      String told = leader.get();
      assertTrue(told.startsWith("clients.barrier: client 1 failed: ") && told.contains("127.0.0.1:6390"), told);
    } finally {
      pool.shutdownNow();
    }
  }
}
