package io.github.ycsbkv.engine.states;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.github.ycsbkv.results.ServerStates;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class EventWindowsTest {

  private static final long S = 1_000_000_000L;

  private static Histogram latencies(long micros, int count) {
    Histogram h = new Histogram(3);
    h.recordValueWithCount(micros * 1000, count);
    return h;
  }

  @Test
  void intervals_insideTheWindowOrOutside_eachCountedOnce() {
    EventWindows w = new EventWindows(new EventPlan(List.of(new EventPlan.Event("bgsave", null, 2000, "bgsave@2s"))));
    w.start(0);
    w.interval(0, S, latencies(100, 1000), 1000, 0);
    w.interval(S, 2 * S, latencies(100, 1000), 1000, 0);
    // Opened as the interval [1 s, 2 s] was being taken: the interval that ended as it began is outside.
    w.opened(0, 2 * S + 1_000_000);
    w.interval(2 * S, 3 * S, latencies(900, 400), 400, 2);
    w.closed(0, 3 * S + 500_000_000L, Map.of("forkMicros", 1200.0), null);
    w.interval(3 * S, 4 * S, latencies(900, 500), 500, 0);
    w.interval(4 * S, 5 * S, latencies(100, 1000), 1000, 0);
    ServerStates.EventWindow e = w.windows().get(0);
    assertEquals(2001, e.startMillis());
    assertEquals(3500, e.endMillis());
    assertEquals(Map.of("forkMicros", 1200.0), e.figures());
    assertEquals(2.0, e.inside().seconds(), 1e-9);
    assertEquals(900, e.inside().operations());
    assertEquals(2, e.inside().failedOperations());
    assertEquals(450, e.inside().opsPerSec(), 1e-9);
    assertEquals(900, e.inside().p99Micros(), 1);
    assertEquals(3000, e.outside().operations());
    assertEquals(3.0, e.outside().seconds(), 1e-9);
    assertEquals(100, e.outside().p99Micros(), 1);
  }

  @Test
  void shortWindowInsideOneInterval_countsThatInterval() {
    EventWindows w = new EventWindows(new EventPlan(List.of(new EventPlan.Event("bgsave", null, 1000, "bgsave@1s"))));
    w.start(0);
    w.opened(0, 1_200_000_000L);
    w.closed(0, 1_210_000_000L, Map.of(), null);
    w.interval(0, S, latencies(100, 10), 10, 0);
    w.interval(S, 2 * S, latencies(300, 10), 10, 0);
    assertEquals(10, w.windows().get(0).inside().operations());
    assertEquals(10, w.windows().get(0).outside().operations());
  }

  @Test
  void closedAfterThePhasesEnd_stillOpenAtTheEnd() {
    EventWindows w = new EventWindows(new EventPlan(List.of(new EventPlan.Event("bgsave", null, 1000, "bgsave@1s"))));
    w.start(0);
    w.opened(0, S);
    w.interval(0, 2 * S, latencies(100, 10), 10, 0);
    w.end(2 * S);
    w.closed(0, 2 * S + 100_000_000L, Map.of(), null);
    assertEquals(-1, w.windows().get(0).endMillis());
    assertEquals(10, w.windows().get(0).inside().operations());
  }

  @Test
  void refusedOrNeverBegun_saysWhy_noFigures() {
    EventWindows w = new EventWindows(new EventPlan(List.of(new EventPlan.Event("bgsave", null, 1000, "bgsave@1s"),
        new EventPlan.Event("bgsave", null, 9000, "bgsave@9s"))));
    w.start(0);
    w.opened(0, S);
    w.failed(0, "refused: ERR filename is not specified");
    w.interval(0, 2 * S, latencies(100, 10), 10, 0);
    List<ServerStates.EventWindow> out = w.windows();
    assertEquals("refused: ERR filename is not specified", out.get(0).failure());
    assertNull(out.get(0).inside());
    assertEquals("not begun: the phase ended first", out.get(1).failure());
    assertEquals(-1, out.get(1).startMillis());
  }
}
