package io.github.ycsbkv.internal.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ChartsTest {

  /** Regression: every latency axis was in ms, even for values of a few microseconds (".01 ms"). */
  @Test
  void latencyUnit_suitsTheLargestValue() {
    assertEquals("latency (us)", Charts.latencyUnit(12));
    assertEquals("latency (us)", Charts.latencyUnit(999.9));
    assertEquals("latency (ms)", Charts.latencyUnit(1_000));
    assertEquals("latency (ms)", Charts.latencyUnit(250_000));
    assertEquals("latency (s)", Charts.latencyUnit(1_000_000));
    assertEquals(1_000, Charts.latencyDivisor("latency (ms)"));
    assertEquals(1, Charts.latencyDivisor("latency (us)"));
    assertEquals(1_000_000, Charts.latencyDivisor("latency (s)"));
  }
}
