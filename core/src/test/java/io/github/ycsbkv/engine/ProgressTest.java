package io.github.ycsbkv.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ProgressTest {

  @Test
  void line_withAnOperationCount_showsShareRateEtaAndFailures() {
    assertEquals("run redis: 45% (450,000 of 1,000,000 ops), 0:05, 90,000 ops/s, ETA 0:07, 3 failed",
        Progress.line("run redis", 450_000, 3, 5_200_000_000L, 90_000, 1_000_000, 0));
  }

  @Test
  void line_withATimeLimit_showsElapsedOfTheLimit() {
    assertEquals("run dragonfly: 1,200,000 ops, 1:00 of 10:00, 20,000 ops/s, ETA 9:00, 0 failed",
        Progress.line("run dragonfly", 1_200_000, 0, 60_000_000_000L, 20_000, 0, 600_000_000_000L));
  }

  @Test
  void line_withNeitherLimit_saysHowToStop() {
    assertEquals("load memory: 10 ops, 1:01:01, 0 ops/s, 0 failed (Ctrl-C stops)",
        Progress.line("load memory", 10, 0, 3_661_000_000_000L, Double.NaN, 0, 0));
  }
}
