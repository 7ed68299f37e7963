package io.github.ycsbkv.engine.states;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbkv.config.UserError;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class EventPlanTest {

  private static EventPlan parse(String events, long maxSeconds) {
    Properties p = new Properties();
    p.setProperty(EventPlan.EVENTS, events);
    return EventPlan.parse(p, Duration.ofSeconds(maxSeconds));
  }

  @Test
  void parse_unitsAndOrder_sortedByTimeInMillis() {
    EventPlan plan = parse("bgrewriteaof@2m, bgsave@1500ms,BGSAVE@20,bgsave@2.5s", 0);
    assertEquals(List.of(1500L, 2500L, 20_000L, 120_000L), plan.events().stream().map(EventPlan.Event::atMillis)
        .toList());
    assertEquals(List.of("bgsave", "bgsave", "bgsave", "bgrewriteaof"), plan.events().stream()
        .map(EventPlan.Event::kind).toList());
    assertTrue(plan.any());
  }

  @Test
  void parse_argument_keptForTheBinding() {
    EventPlan.Event e = parse("reshard:2000@10s", 0).events().get(0);
    assertEquals("reshard", e.kind());
    assertEquals("2000", e.argument());
    assertEquals(10_000, e.atMillis());
    assertEquals(null, parse("bgsave@1s", 0).events().get(0).argument());
  }

  @Test
  void parse_none_isEmpty() {
    assertFalse(EventPlan.parse(new Properties(), Duration.ZERO).any());
  }

  @Test
  void parse_malformed_oneLineNamingThePart() {
    UserError e = assertThrows(UserError.class, () -> parse("bgsave@1s,bgsave 20s", 0));
    assertTrue(e.getMessage().contains("'bgsave 20s' is not KIND[:ARG]@TIME"), e.getMessage());
    assertThrows(UserError.class, () -> parse("bgsave@", 0));
    assertThrows(UserError.class, () -> parse("@3s", 0));
    assertThrows(UserError.class, () -> parse("bgsave@3h", 0));
  }

  @Test
  void parse_atOrPastMaxExecutionTime_refused() {
    UserError e = assertThrows(UserError.class, () -> parse("bgsave@10s", 10));
    assertTrue(e.getMessage().contains("at or past the phase's end (maxexecutiontime=10 s)"), e.getMessage());
    assertEquals(9_999L, parse("bgsave@9999ms", 10).events().get(0).atMillis());
  }
}
