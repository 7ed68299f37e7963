package io.github.ycsbkv.engine.states;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbkv.config.UserError;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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

  @TempDir
  Path tmp;

  @Test
  void parse_fromAFile_linesCommasAndComments_sortedLikeTheProperty() throws Exception {
    Path file = tmp.resolve("events.txt");
    Files.writeString(file, "# a save, then a rewrite and a move\nbgsave@20s   # the snapshot\n\n"
        + "bgrewriteaof@40s, reshard:500@30s\n");
    EventPlan plan = parse("@" + file, 60);
    assertEquals(List.of("bgsave@20s", "reshard:500@30s", "bgrewriteaof@40s"), plan.events().stream()
        .map(EventPlan.Event::text).toList());
    assertEquals(List.of(20_000L, 30_000L, 40_000L), plan.events().stream().map(EventPlan.Event::atMillis).toList());
  }

  @Test
  void parse_fromAFile_aBadLineNamedByFileAndLine_aMissingFileOneLine() throws Exception {
    Path file = tmp.resolve("events.txt");
    Files.writeString(file, "bgsave@1s\nbgsave 20s\n");
    UserError e = assertThrows(UserError.class, () -> parse("@" + file, 0));
    assertTrue(e.getMessage().startsWith(file + ":2: 'bgsave 20s' is not KIND[:ARG]@TIME"), e.getMessage());
    Files.writeString(file, "bgsave@1s\n\nbgsave@12s\n");
    e = assertThrows(UserError.class, () -> parse("@" + file, 10));
    assertTrue(e.getMessage().startsWith(file + ":3: bgsave@12s is at or past the phase's end"), e.getMessage());
    Path missing = tmp.resolve("none.txt");
    e = assertThrows(UserError.class, () -> parse("@" + missing, 0));
    assertEquals("events=@" + missing + ": cannot read " + missing + " (no such file): give a file of events, one or"
        + " more per line (bgsave@20s), or list them in the property", e.getMessage());
  }
}
