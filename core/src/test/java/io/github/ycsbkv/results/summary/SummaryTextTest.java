package io.github.ycsbkv.results.summary;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.ycsbkv.results.ResultJson;
import org.junit.jupiter.api.Test;

class SummaryTextTest {

  @Test
  void ordinal_namesPercentilesAsUpstreamDoes() {
    assertEquals("50th", SummaryText.ordinal(50));
    assertEquals("95th", SummaryText.ordinal(95));
    assertEquals("99th", SummaryText.ordinal(99));
    assertEquals("91st", SummaryText.ordinal(91));
    assertEquals("92nd", SummaryText.ordinal(92));
    assertEquals("11th", SummaryText.ordinal(11));
    assertEquals("99.9", SummaryText.ordinal(99.9));
    assertEquals("99.99", SummaryText.ordinal(99.99));
  }

  @Test
  void percentileField_carriesTheUnit() {
    assertEquals("p99Micros", ResultJson.percentileField(99));
    assertEquals("p99_9Micros", ResultJson.percentileField(99.9));
    assertEquals("p50Micros", ResultJson.percentileField(50.0));
  }
}
