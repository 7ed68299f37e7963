package io.github.ycsbkv.engine.hosts;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbkv.capacity.CapacitySearch;
import io.github.ycsbkv.config.UserError;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * The channel of a capacity search across hosts on loopback: client 0 and the others are threads here, each with a
 * {@link StepCoordinator} of its own, over real sockets as processes on several hosts would be.
 */
class StepCoordinatorTest {

  private static int freePortBelowTheTop() throws Exception {
    while (true) {
      try (ServerSocket s = new ServerSocket(0); ServerSocket above = new ServerSocket(s.getLocalPort() + 1)) {
        return s.getLocalPort();
      } catch (java.io.IOException taken) {
        // another pair
      }
    }
  }

  private static StepCoordinator client(int count, int index, int port, String settings) {
    Properties p = new Properties();
    p.setProperty("clients.count", Integer.toString(count));
    p.setProperty("clients.index", Integer.toString(index));
    p.setProperty("clients.barrier", "127.0.0.1:" + port);
    p.setProperty("clients.barrier.timeout", "10");
    ClientSplit split = ClientSplit.from(p, null);
    return StepCoordinator.of(split, Meeting.of(split, p), settings, "capacity");
  }

  /** Client 1 and 2 follow two steps and send their files back byte for byte; then client 0 ends the search. */
  @Test
  void twoSteps_announcedToAll_reportsComeBackByteForByte_thenDone() throws Exception {
    int port = freePortBelowTheTop();
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      List<Future<List<StepCoordinator.Step>>> followers = new ArrayList<>();
      for (int i : new int[] {1, 2}) {
        followers.add(pool.submit(() -> {
          List<StepCoordinator.Step> seen = new ArrayList<>();
          try (StepCoordinator c = client(3, i, port, "--slo p99=1ms")) {
            c.join();
            StepCoordinator.Step s;
            while ((s = c.next(Duration.ofSeconds(5))) != null) {
              seen.add(s);
              if (s.number() == 2 && i == 2) {
                c.reportFailure(2, "the store went away (Connection refused)");
              } else {
                c.report(s.number(), ("result of " + i + " step " + s.number()).getBytes(StandardCharsets.UTF_8),
                    new byte[] {(byte) i, 0, (byte) 255, '\n', 'x'});
              }
            }
          }
          return seen;
        }));
      }
      try (StepCoordinator leader = client(3, 0, port, "--slo p99=1ms")) {
        assertTrue(leader.leads());
        leader.gather();
        leader.announce(new StepCoordinator.Step(1, CapacitySearch.Kind.RAISE, 1500.5, 1));
        List<StepCoordinator.Report> first = leader.collect(1, Duration.ofSeconds(5));
        assertEquals(2, first.size());
        assertEquals(1, first.get(0).index());
        assertEquals("result of 1 step 1", new String(first.get(0).result(), StandardCharsets.UTF_8));
        assertArrayEquals(new byte[] {2, 0, (byte) 255, '\n', 'x'}, first.get(1).histograms());
        assertNull(first.get(1).failure());
        leader.announce(new StepCoordinator.Step(2, CapacitySearch.Kind.CONFIRM, 1400, 3));
        List<StepCoordinator.Report> second = leader.collect(2, Duration.ofSeconds(5));
        assertEquals("the store went away (Connection refused)", second.get(1).failure());
        assertNull(second.get(1).result());
        leader.finish(null);
      }
      for (Future<List<StepCoordinator.Step>> f : followers) {
        assertEquals(List.of(new StepCoordinator.Step(1, CapacitySearch.Kind.RAISE, 1500.5, 1),
            new StepCoordinator.Step(2, CapacitySearch.Kind.CONFIRM, 1400, 3)), f.get());
      }
    } finally {
      pool.shutdownNow();
    }
  }

  /** A client started with another budget is refused with one line naming both, and client 0 stops. */
  @Test
  void aClientWithOtherSettings_isRefused_sayingWhich() throws Exception {
    int port = freePortBelowTheTop();
    ExecutorService pool = Executors.newFixedThreadPool(1);
    try {
      Future<String> follower = pool.submit(() -> {
        try (StepCoordinator c = client(2, 1, port, "--slo p99=5ms")) {
          c.join();
          return assertThrows(UserError.class, () -> c.next(Duration.ofSeconds(5))).getMessage();
        }
      });
      try (StepCoordinator leader = client(2, 0, port, "--slo p99=1ms")) {
        UserError e = assertThrows(UserError.class, leader::gather);
        assertEquals("clients.barrier: client 1 was started with other settings (--slo p99=5ms) than client 0"
            + " (--slo p99=1ms): give every client the same command", e.getMessage());
      }
      assertEquals("client 0 stopped the search: client 1 was started with other settings (--slo p99=5ms) than"
          + " client 0 (--slo p99=1ms): give every client the same command", follower.get());
    } finally {
      pool.shutdownNow();
    }
  }

  /** A client that goes away during a step fails the search, named; the others hear why. */
  @Test
  void aClientGoneDuringAStep_failsTheSearchNamingIt_andTheOthersAreTold() throws Exception {
    int port = freePortBelowTheTop();
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      Future<?> leaving = pool.submit(() -> {
        StepCoordinator c = client(3, 1, port, "s");
        c.join();
        c.next(Duration.ofSeconds(5));
        c.close(); // gone without a report
        return null;
      });
      Future<String> staying = pool.submit(() -> {
        try (StepCoordinator c = client(3, 2, port, "s")) {
          c.join();
          StepCoordinator.Step s = c.next(Duration.ofSeconds(5));
          // Told as it reports (client 0 may have ended the search and closed first) or as it waits for the next step.
          return assertThrows(UserError.class, () -> {
            c.report(s.number(), new byte[] {'{', '}'}, new byte[0]);
            c.next(Duration.ofSeconds(5));
          }).getMessage();
        }
      });
      try (StepCoordinator leader = client(3, 0, port, "s")) {
        leader.gather();
        leader.announce(new StepCoordinator.Step(1, CapacitySearch.Kind.RAISE, 100, 1));
        UserError e = assertThrows(UserError.class, () -> leader.collect(1, Duration.ofSeconds(5)));
        assertTrue(e.getMessage().startsWith("client 1 went away during step 1 ("), e.getMessage());
      }
      leaving.get();
      assertTrue(staying.get().startsWith("client 0 stopped the search: client 1 went away during step 1"),
          staying.get());
    } finally {
      pool.shutdownNow();
    }
  }

  /** Without clients.barrier the followers could not find client 0: refused at once, saying what to give. */
  @Test
  void manyClientsWithoutABarrierAddress_areRefused_andOneProcessNeedsNone() {
    Properties p = new Properties();
    p.setProperty("clients.count", "3");
    p.setProperty("clients.index", "1");
    ClientSplit split = ClientSplit.from(p, null);
    UserError e = assertThrows(UserError.class, () -> StepCoordinator.of(split, Meeting.of(split, p), "s",
        "capacity"));
    assertTrue(e.getMessage().startsWith("capacity with clients.count=3 needs -p clients.barrier=HOST:PORT"),
        e.getMessage());
    assertNull(StepCoordinator.of(ClientSplit.ONE, null, "s", "capacity"), "a process alone: no coordinator");
  }
}
