package io.github.ycsbkv.results;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class SummaryTableTest {

  @Test
  void human_picksTheUnitThatSuitsEachValue() {
    assertEquals("2.13 us", SummaryTable.human(2.134));
    assertEquals("37.2 us", SummaryTable.human(37.24));
    assertEquals("812 us", SummaryTable.human(812.4));
    assertEquals("1.20 ms", SummaryTable.human(1204));
    assertEquals("1.93 s", SummaryTable.human(1_930_000));
  }
}
