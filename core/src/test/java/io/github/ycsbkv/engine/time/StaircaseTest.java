package io.github.ycsbkv.engine.time;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.ycsbkv.config.UserError;
import java.time.Duration;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class StaircaseTest {

  private static Properties staircase(String value) {
    Properties p = new Properties();
    p.setProperty("staircase", value);
    return p;
  }

  @Test
  void startNanos_startAtOnce_thenStepMoreAfterEachDuration() {
    Staircase s = Staircase.of(staircase("2+3@1500ms"), 10, Duration.ofSeconds(30), false);
    long[] expected = {0, 0, 1_500_000_000L, 1_500_000_000L, 1_500_000_000L, 3_000_000_000L, 3_000_000_000L,
        3_000_000_000L, 4_500_000_000L, 4_500_000_000L};
    for (int i = 0; i < expected.length; i++) {
      assertEquals(expected[i], s.startNanos(i), "client " + i);
    }
    assertEquals(4_500_000_000L, s.fullNanos(10));
    assertEquals("2 client(s) at once, 3 more every 1.500 s up to 10 (all after 4.500 s)", s.describe(10));
    assertEquals(60_000_000_000L, Staircase.of(staircase("1+1@1m"), 2, Duration.ofMinutes(5), false).stepNanos());
    assertNull(Staircase.of(new Properties(), 10, Duration.ZERO, false));
  }

  @Test
  void malformedOrImpossible_isOneLine() {
    for (String bad : new String[] {"2+3", "0+1@1s", "2+0@1s", "10+1@1s", "a+1@1s", "2+1@0s"}) {
      UserError e = assertThrows(UserError.class, () -> Staircase.of(staircase(bad), 10, Duration.ofSeconds(30),
          false), bad);
      assertEquals(-1, e.getMessage().indexOf('\n'), e.getMessage());
    }
    assertThrows(UserError.class, () -> Staircase.of(staircase("2+1@1s"), 10, Duration.ZERO, false), "no time limit");
    assertThrows(UserError.class, () -> Staircase.of(staircase("2+1@1s"), 10, Duration.ofSeconds(5), true), "-target");
  }
}
