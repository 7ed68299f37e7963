package io.github.ycsbkv.results;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class LoadShapeModelTest {

  /** result.json says each model in the words it always did, and reads them back; words it does not know, unknown. */
  @Test
  void model_isWrittenAndReadInItsWords_otherWordsAreUnknown() {
    for (LoadShape.Model m : LoadShape.Model.values()) {
      assertEquals(m, LoadShape.Model.of(m.toString()));
    }
    assertEquals("connection-per-client", LoadShape.Model.PER_CLIENT.toString());
    assertEquals("shared-connections", LoadShape.Model.SHARED.toString());
    assertEquals("pipelined", LoadShape.Model.PIPELINED.toString());
    assertEquals("socket-per-command", LoadShape.Model.PER_COMMAND.toString());
    assertEquals(LoadShape.Model.UNKNOWN, LoadShape.Model.of("event-loops"));
    assertEquals(LoadShape.Model.UNKNOWN, LoadShape.Model.of(""));
  }
}
