package io.github.ycsbkv.results.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SweepCellTest {

  @Test
  void bytes_readsSizesAsRedisDoes() {
    assertEquals(64.0 * 1024 * 1024, SweepCell.bytes("64mb"));
    assertEquals(64e6, SweepCell.bytes("64m"));
    assertEquals(1024.0 * 1024 * 1024, SweepCell.bytes(" 1GB "));
    assertEquals(1000.0, SweepCell.bytes("1k"));
    assertEquals(1024.0, SweepCell.bytes("1kb"));
    assertEquals(123456.0, SweepCell.bytes("123456"));
    assertTrue(Double.isNaN(SweepCell.bytes("10xb")));
    assertTrue(Double.isNaN(SweepCell.bytes("-5mb")));
  }
}
