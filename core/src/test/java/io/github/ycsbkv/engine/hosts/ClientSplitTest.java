package io.github.ycsbkv.engine.hosts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbkv.config.UserError;
import io.github.ycsbkv.engine.time.RateSchedule;
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
      ClientSplit.Share share = new ClientSplit(3, i).share(true, 100, 1000, 1000, null, 0, 1);
      slices[i] = new long[] {share.insertStart(), share.records()};
      assertTrue(share.took().startsWith("client " + i + " of 3"), share.took());
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
    ClientSplit s1 = new ClientSplit(3, 1);
    ClientSplit.Share share = s1.share(false, 0, 0, 1000, null, 3000, 7);
    assertEquals(333, share.operations());
    assertEquals(1000.0, share.targetOpsPerSec());
    assertEquals("client 1 of 3 (clients.index=1): 333 of 1,000 operations, 1,000 of 3,000 ops/s", share.took());
    ClientSplit.Share other = new ClientSplit(3, 2).share(false, 0, 0, 1000, null, 3000, 7);
    assertTrue(share.arrivalsSeed() != other.arrivalsSeed(), share + " " + other);
    // 3,000 ops/s in all: one arrival every 333 us, client i's schedule starts i of those later.
    assertEquals(333_333, s1.scheduleOffsetNanos(1000.0));
    assertEquals(666_667, new ClientSplit(3, 2).scheduleOffsetNanos(1000.0));
    assertEquals(0, s1.scheduleOffsetNanos(0));
  }

  @Test
  void aSchedule_isSharedAsASchedule_atItsShareOfTheRate_neverAsText() {
    RateSchedule ramp = RateSchedule.parse("1000..20000@20s");
    ClientSplit.Share share = new ClientSplit(4, 3).share(false, 0, 0, 0, ramp, ramp.meanOpsPerSec(), 1);
    assertEquals(20_000_000_000L, share.schedule().durationNanos());
    assertEquals(250, share.schedule().opsPerSecAt(0), 1e-9);
    assertEquals(2625, share.schedule().opsPerSecAt(10), 1e-9);
    assertEquals(ramp.meanOpsPerSec() / 4, share.targetOpsPerSec(), 1e-9);
    assertTrue(share.took().contains("1/4 of the rate schedule (mean 2,625 of 10,500 ops/s)"), share.took());
    ClientSplit.Share alone = ClientSplit.ONE.share(false, 0, 0, 500, ramp, ramp.meanOpsPerSec(), 1);
    assertSame(ramp, alone.schedule(), "a process alone keeps the schedule it was given");
    assertEquals(500, alone.operations());
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
  }
}
