package io.github.ycsbkv.engine.stop;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.ycsbkv.spi.Unavailable;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import site.ycsb.Status;

/** What a failed operation makes its client do next: wait (the store unreachable) or go on (one node of it lost). */
class ClientFailuresTest {

  private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);

  private static ClientFailures failures() {
    return new ClientFailures("test", new StopSignal(), 0, new Reconnect(100 * MS, 1000 * MS), null);
  }

  @Test
  void unavailable_holdsTheClientForTheReconnectInterval() {
    ClientFailures f = failures();
    f.failed(new Unavailable("connection to 127.0.0.1:6379 lost"), 0, 10 * MS);
    assertEquals(110 * MS, f.takeHold());
    assertEquals(-1, f.takeHold(), "taken once");
    assertEquals(1, f.failedOps());
  }

  @Test
  void partialUnavailable_aClusterNodeLost_countsButDoesNotHoldTheClient() {
    ClientFailures f = failures();
    f.failed(Unavailable.partial("cannot connect to 127.0.0.1:7002: Connection refused"), 0, 10 * MS);
    assertEquals(-1, f.takeHold(), "its next operation may go to a node that serves");
    f.failed(Unavailable.partial("cannot connect to 127.0.0.1:7002: Connection refused"), 20 * MS, 30 * MS);
    assertEquals(2, f.failedOps());
    assertEquals(true, Unavailable.is(Unavailable.partial("x")), "still a failure for a connection reason");
  }

  @Test
  void plainError_neverHolds() {
    ClientFailures f = failures();
    f.failed(new Status("ERROR", "WRONGTYPE"), 0, 10 * MS);
    assertEquals(-1, f.takeHold());
  }
}
