package io.github.ycsbkv.workloads;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Properties;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import site.ycsb.WorkloadException;

class WaitInterleaveTest {

  private static Properties props(String... kv) {
    Properties p = new Properties();
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return p;
  }

  @Test
  void due_firstOfAll_thenWhenSetsOverWaitsPassTheRatio_wholeDivisions() throws Exception {
    WaitInterleave w = WaitInterleave.of(props(WaitInterleave.RATIO, "3:2"));
    assertTrue(w.due(0, 0), "a WAIT first");
    // 3/2 is 1 in whole numbers: a WAIT once SETs / WAITs reaches 2.
    assertTrue(!w.due(1, 1) && w.due(2, 1) && !w.due(3, 2) && w.due(4, 2));
    assertNull(WaitInterleave.of(props(WaitInterleave.RATIO, "1:0")), "memtier's default: no WAIT");
    assertNull(WaitInterleave.of(new Properties()));
    assertThrows(WorkloadException.class, () -> WaitInterleave.of(props(WaitInterleave.RATIO, "1/2")));
    assertThrows(WorkloadException.class, () -> WaitInterleave.of(props(WaitInterleave.RATIO, "1:1",
        WaitInterleave.TIMEOUT, "5")));
  }

  @Test
  void args_replicasUniform_timeoutNormalOverItsRange() throws Exception {
    WaitInterleave w = WaitInterleave.of(props(WaitInterleave.RATIO, "1:1", WaitInterleave.REPLICAS, "2-0",
        WaitInterleave.TIMEOUT, "5-20"));
    SplittableRandom r = new SplittableRandom(7);
    long[] replicas = new long[3];
    long[] timeouts = new long[21];
    int n = 30_000;
    for (int i = 0; i < n; i++) {
      byte[][] args = w.args(r);
      assertEquals("WAIT", new String(args[0], StandardCharsets.US_ASCII));
      replicas[Integer.parseInt(new String(args[1], StandardCharsets.US_ASCII))]++;
      timeouts[Integer.parseInt(new String(args[2], StandardCharsets.US_ASCII))]++;
    }
    for (long c : replicas) {
      assertEquals(n / 3.0, c, n * 0.02, "each of 0, 1, 2 replicas a third of the time");
    }
    for (int t = 0; t < 5; t++) {
      assertEquals(0, timeouts[t], "no timeout below the range's 5");
    }
    // Normal around 12.5 with deviation 2.5: 12 the most drawn, 5 and 20 the least.
    assertTrue(timeouts[12] > 4 * timeouts[7] && timeouts[12] > 4 * timeouts[18], java.util.Arrays.toString(timeouts));
    assertEquals(12, WaitInterleave.normal(r, 12, 12));
  }
}
