package io.github.ycsbkv.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbkv.config.UserError;
import io.github.ycsbkv.memory.MemoryDB;
import io.github.ycsbkv.results.BenchmarkResult;
import io.github.ycsbkv.results.ClientHosts;
import io.github.ycsbkv.results.ResultMerge;
import java.net.ServerSocket;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * The barrier on loopback: the processes of one run are threads here, each with a {@link StartBarrier} (or a whole
 * {@link Benchmark}) of its own, meeting over a real socket as processes on several hosts would.
 */
class StartBarrierTest {

  private static int freePort() throws Exception {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  private static StartBarrier barrier(int count, int index, int port, Duration timeout, String phase) {
    return new StartBarrier(new ClientSplit(count, index), "127.0.0.1:" + port, timeout, phase);
  }

  @Test
  void threeClients_oneInstant_eachWakesWithinAFewMillisecondsOfIt() throws Exception {
    int port = freePort();
    ExecutorService pool = Executors.newFixedThreadPool(3);
    try {
      List<Future<Instant[]>> all = new ArrayList<>();
      // The followers first: they retry until client 0 listens.
      for (int i : new int[] {2, 1, 0}) {
        all.add(pool.submit(() -> {
          Instant at = barrier(3, i, port, Duration.ofSeconds(20), "run").await(() -> false);
          return new Instant[] {at, Instant.now()};
        }));
        Thread.sleep(50);
      }
      Instant at = all.get(0).get()[0];
      for (Future<Instant[]> f : all) {
        Instant[] r = f.get();
        assertEquals(at, r[0], "one instant for all");
        long lateMicros = ChronoUnit.MICROS.between(r[0], r[1]);
        assertTrue(lateMicros >= 0 && lateMicros < 50_000, "woke " + lateMicros + " us after the instant");
      }
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void aClientThatNeverComes_failsClientZero_namingIt_andTheOthersHearWhy() throws Exception {
    int port = freePort();
    ExecutorService pool = Executors.newSingleThreadExecutor();
    try {
      Future<String> follower = pool.submit(() -> assertThrows(UserError.class,
          () -> barrier(3, 1, port, Duration.ofSeconds(20), "run").await(() -> false)).getMessage());
      UserError e = assertThrows(UserError.class,
          () -> barrier(3, 0, port, Duration.ofSeconds(2), "run").await(() -> false));
      assertTrue(e.getMessage().startsWith("clients.barrier: client(s) 2 of 3 did not reach the barrier at port " + port
          + " within 2 s"), e.getMessage());
      assertEquals("clients.barrier: client 0 ended the barrier: client(s) 2 of 3 did not reach the barrier at port "
          + port + " within 2 s", follower.get());
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void aClientAtAnotherPhaseOrCount_orAnIndexTwice_isTurnedAway() throws Exception {
    int port = freePort();
    ExecutorService pool = Executors.newFixedThreadPool(3);
    try {
      Future<Instant> leader = pool.submit(() -> barrier(2, 0, port, Duration.ofSeconds(20), "run").await(() -> false));
      UserError phase = assertThrows(UserError.class,
          () -> barrier(2, 1, port, Duration.ofSeconds(20), "load").await(() -> false));
      assertEquals("clients.barrier: client 0 ended the barrier: client 1 is at its load, client 0 at its run",
          phase.getMessage());
      UserError count = assertThrows(UserError.class,
          () -> barrier(3, 1, port, Duration.ofSeconds(20), "run").await(() -> false));
      assertEquals("clients.barrier: client 0 ended the barrier: client 1 has clients.count=3, client 0 2",
          count.getMessage());
      assertNotNull(barrier(2, 1, port, Duration.ofSeconds(20), "run").await(() -> false));
      assertNotNull(leader.get());

      int other = freePort();
      Future<Instant> three = pool.submit(() -> barrier(3, 0, other, Duration.ofSeconds(20), "run")
          .await(() -> false));
      Future<Instant> one = pool.submit(() -> barrier(3, 1, other, Duration.ofSeconds(20), "run").await(() -> false));
      Thread.sleep(500); // client 1 has arrived
      UserError twice = assertThrows(UserError.class,
          () -> barrier(3, 1, other, Duration.ofSeconds(20), "run").await(() -> false));
      assertEquals("clients.barrier: client 0 ended the barrier: clients.index=1 came twice: give each client its own",
          twice.getMessage());
      Instant at = barrier(3, 2, other, Duration.ofSeconds(20), "run").await(() -> false);
      assertEquals(at, one.get());
      assertEquals(at, three.get());
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void aClientThatFailedBeforeTheBarrier_endsItForAll_atOnce_namingItsReason() throws Exception {
    int port = freePort();
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      Future<String> leader = pool.submit(() -> assertThrows(UserError.class,
          () -> barrier(3, 0, port, Duration.ofSeconds(60), "run").await(() -> false)).getMessage());
      Future<String> waiting = pool.submit(() -> assertThrows(UserError.class,
          () -> barrier(3, 1, port, Duration.ofSeconds(60), "run").await(() -> false)).getMessage());
      Thread.sleep(300);
      StopSignal failed = new StopSignal();
      failed.stop(StopReason.FAILED, "cannot initialize binding 'redis': connection refused (127.0.0.1:1)");
      long t0 = System.nanoTime();
      assertNull(barrier(3, 2, port, Duration.ofSeconds(60), "run").await(failed, new Warnings(null)));
      String why = "client 2 failed: cannot initialize binding 'redis': connection refused (127.0.0.1:1)";
      assertEquals("clients.barrier: " + why, leader.get());
      assertEquals("clients.barrier: client 0 ended the barrier: " + why, waiting.get());
      assertTrue(System.nanoTime() - t0 < 10_000_000_000L, "at once, not at the 60 s timeout");

      // Client 0 failed: the others that come hear it.
      int other = freePort();
      Future<String> told = pool.submit(() -> assertThrows(UserError.class,
          () -> barrier(2, 1, other, Duration.ofSeconds(60), "run").await(() -> false)).getMessage());
      assertNull(barrier(2, 0, other, Duration.ofSeconds(60), "run").await(failed, new Warnings(null)));
      assertEquals("clients.barrier: client 0 ended the barrier: client 0 failed: cannot initialize binding 'redis':"
          + " connection refused (127.0.0.1:1)", told.get());
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void clientZeroNeverStarted_theOthersSaySoInOneLine() throws Exception {
    int port = freePort();
    UserError e = assertThrows(UserError.class,
        () -> barrier(2, 1, port, Duration.ofSeconds(1), "run").await(() -> false));
    assertTrue(e.getMessage().startsWith("clients.barrier: cannot reach client 0 at 127.0.0.1:" + port + " within 1 s"),
        e.getMessage());
    assertTrue(e.getMessage().endsWith("is client 0 started, and its port reachable from this host?"), e.getMessage());
    assertNull(barrier(2, 1, port, Duration.ofSeconds(5), "run").await(() -> true), "a stop ends the wait");
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
}
