package io.github.ycsbkv.internal.host;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class MachineCpuTest {

  @Test
  void othersSince_theMachinesBusyCoresLessThisProcessAndTheStore() {
    // 2 s on 2 cores (400 ticks): 360 busy (1.8 cores), this process 1.0 core, the store 0.3: others 0.5.
    MachineCpu before = new MachineCpu(1_000, 5_000, 10_000_000_000L);
    MachineCpu after = new MachineCpu(1_360, 5_400, 12_000_000_000L);
    assertArrayEquals(new double[] {0.5, 2.0, 1.8}, after.othersSince(before, 2_000_000_000L, 0.3), 1e-9);
    assertEquals(0.8, after.othersSince(before, 2_000_000_000L, Double.NaN)[0], 1e-9, "the store not known: 0");
    assertEquals("0.5 of its 2 cores", MachineCpu.describe(after.othersSince(before, 2_000_000_000L, 0.3)));
    assertNull(after.othersSince(new MachineCpu(-1, -1, 0), 2_000_000_000L, 0), "not Linux: not known");
  }

  @Test
  void now_onLinux_readsTheMachineAndThisProcess() {
    MachineCpu a = MachineCpu.now();
    assertTrue(a.busyTicks() > 0 && a.allTicks() >= a.busyTicks() && a.processNanos() > 0, a.toString());
  }
}
