package io.github.ycsbkv.engine.hosts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbkv.config.UserError;
import java.net.ServerSocket;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * The barrier on loopback: the processes of one run are threads here, each with a {@link StartBarrier} of its own,
 * meeting over a real socket as processes on several hosts would.
 */
class StartBarrierTest {

  private static int freePort() throws Exception {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  private static StartBarrier barrier(int count, int index, int port, Duration timeout, String phase) {
    return new StartBarrier(new Meeting(new ClientSplit(count, index), "127.0.0.1:" + port, timeout), phase);
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
      String failure = "cannot initialize binding 'redis': connection refused (127.0.0.1:1)";
      long t0 = System.nanoTime();
      barrier(3, 2, port, Duration.ofSeconds(60), "run").tellFailure(failure);
      String why = "client 2 failed: " + failure;
      assertEquals("clients.barrier: " + why, leader.get());
      assertEquals("clients.barrier: client 0 ended the barrier: " + why, waiting.get());
      assertTrue(System.nanoTime() - t0 < 30_000_000_000L, "before the 60 s timeout");

      // Client 0 failed: the others that come hear it.
      int other = freePort();
      Future<String> told = pool.submit(() -> assertThrows(UserError.class,
          () -> barrier(2, 1, other, Duration.ofSeconds(60), "run").await(() -> false)).getMessage());
      barrier(2, 0, other, Duration.ofSeconds(60), "run").tellFailure(failure);
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
}
