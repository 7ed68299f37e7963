package io.github.ycsbkv.results;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class MicrosTest {

  @Test
  void human_picksTheUnitThatSuitsEachValue() {
    assertEquals("2.13 us", Micros.human(2.134));
    assertEquals("37.2 us", Micros.human(37.24));
    assertEquals("812 us", Micros.human(812.4));
    assertEquals("1.20 ms", Micros.human(1204));
    assertEquals("1.93 s", Micros.human(1_930_000));
  }
}
