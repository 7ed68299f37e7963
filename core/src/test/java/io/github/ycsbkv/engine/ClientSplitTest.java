package io.github.ycsbkv.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbkv.config.UserError;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ClientSplitTest {

  private static Properties props(String... kv) {
    Properties p = new Properties();
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return p;
  }

  @ParameterizedTest
  @CsvSource({"1000, 3", "10, 4", "7, 7", "2, 5", "0, 3", "9223372036854775807, 1024"})
  void shares_coverEveryItemOnce_andDifferByOneAtMost(long total, int count) {
    long next = 0;
    long min = Long.MAX_VALUE;
    long max = 0;
    for (int i = 0; i < count; i++) {
      ClientSplit s = new ClientSplit(count, i);
      assertEquals(next, s.first(total), "slice " + i + " starts where " + (i - 1) + " ended");
      next += s.share(total);
      min = Math.min(min, s.share(total));
      max = Math.max(max, s.share(total));
    }
    assertEquals(total, next);
    assertTrue(max - min <= 1, min + " .. " + max);
  }

  @Test
  void load_eachProcessInsertsItsSlice_fromInsertStart() {
    long[][] slices = new long[3][];
    for (int i = 0; i < 3; i++) {
      Properties p = props("recordcount", "1100", "insertstart", "100", "clients.count", "3", "clients.index",
          Integer.toString(i));
      String took = ClientSplit.from(p, null).apply(Phase.LOAD, p);
      slices[i] = new long[] {Long.parseLong(p.getProperty("insertstart")), Long.parseLong(p.getProperty(
          "insertcount"))};
      assertTrue(took.startsWith("client " + i + " of 3"), took);
      assertEquals("1100", p.getProperty("recordcount"));
    }
    assertEquals(100, slices[0][0]);
    assertEquals(333, slices[0][1]);
    assertEquals(433, slices[1][0]);
    assertEquals(333, slices[1][1]);
    assertEquals(766, slices[2][0]);
    assertEquals(334, slices[2][1]);
  }

  @Test
  void run_operationsAndTargetShared_poissonSeedsDiffer_uniformSchedulesInterleave() {
    Properties p1 = props("operationcount", "1000", "target", "3000", "clients.count", "3", "clients.index", "1");
    ClientSplit s1 = ClientSplit.from(p1, null);
    String took = s1.apply(Phase.RUN, p1);
    assertEquals("333", p1.getProperty("operationcount"));
    assertEquals(1000.0, Double.parseDouble(p1.getProperty("target")));
    assertEquals("client 1 of 3 (clients.index=1): 333 of 1,000 operations, 1,000 of 3,000 ops/s", took);
    Properties p2 = props("operationcount", "1000", "target", "3000", "clients.count", "3", "clients.index", "2");
    ClientSplit.from(p2, null).apply(Phase.RUN, p2);
    assertTrue(!p1.getProperty("arrivals.seed").equals(p2.getProperty("arrivals.seed")));
    // 3,000 ops/s in all: one arrival every 333 us, client i's schedule starts i of those later.
    assertEquals(333_333, s1.scheduleOffsetNanos(1000.0));
    assertEquals(666_667, new ClientSplit(3, 2).scheduleOffsetNanos(1000.0));
    assertEquals(0, s1.scheduleOffsetNanos(0));
  }

  @Test
  void indexFromAnIndexedJob_whenNotGiven_andAGivenOneWins() {
    assertEquals(new ClientSplit(4, 2), ClientSplit.from(props("clients.count", "4"), "2"));
    assertEquals(new ClientSplit(4, 1), ClientSplit.from(props("clients.count", "4", "clients.index", "1"), "2"));
    assertSame(ClientSplit.ONE, ClientSplit.from(props(), "3"));
  }

  @Test
  void badSplits_areOneLineEach() {
    assertEquals("-p clients.count=3 needs this process's place among them: -p clients.index=0 to 2 (on Kubernetes an"
        + " Indexed Job's JOB_COMPLETION_INDEX gives it)",
        assertThrows(UserError.class, () -> ClientSplit.from(props("clients.count", "3"), null)).getMessage());
    assertEquals("-p clients.index must be a whole number from 0 to 2 (clients.count=3), got '3'",
        assertThrows(UserError.class, () -> ClientSplit.from(props("clients.count", "3", "clients.index", "3"),
            null)).getMessage());
    assertEquals("JOB_COMPLETION_INDEX must be a whole number from 0 to 2 (clients.count=3), got 'x'",
        assertThrows(UserError.class, () -> ClientSplit.from(props("clients.count", "3"), "x")).getMessage());
    assertTrue(assertThrows(UserError.class, () -> ClientSplit.from(props("clients.index", "2"), null))
        .getMessage().startsWith("-p clients.index=2 without -p clients.count"));
    Properties inserts = props("insertproportion", "0.05", "clients.count", "2", "clients.index", "0");
    assertTrue(assertThrows(UserError.class, () -> ClientSplit.from(inserts, null).apply(Phase.RUN, inserts))
        .getMessage().startsWith("insertproportion=0.05: a run that inserts cannot be split over clients.count=2"));
    Properties series = props("workload", "io.github.ycsbkv.workloads.TimeSeriesWorkload", "clients.count", "2",
        "clients.index", "1");
    assertEquals("workload io.github.ycsbkv.workloads.TimeSeriesWorkload cannot be split over clients.count=2 (its"
        + " records and series are not sliced by insertstart/insertcount): run it from one client process",
        assertThrows(UserError.class, () -> ClientSplit.from(series, null).apply(Phase.LOAD, series)).getMessage());
  }
}
