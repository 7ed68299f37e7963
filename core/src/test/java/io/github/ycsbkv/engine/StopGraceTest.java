package io.github.ycsbkv.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.ycsbkv.config.UserError;
import io.github.ycsbkv.engine.hosts.ClientSplit;
import io.github.ycsbkv.memory.MemoryDB;
import java.time.Duration;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** {@code stop.grace}: how long stopped clients get to finish what they have in flight; 10 s unless given. */
class StopGraceTest {

  private static PhaseSettings parse(String... kv) {
    Properties p = new Properties();
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return PhaseSettings.parse(Phase.RUN, p, "memory", MemoryDB.class, new Warnings(null), new ClientSplit(1, 0));
  }

  @Test
  void defaultsToTenSeconds_andTakesWholeSecondsOfAtLeastOne() {
    assertEquals(Duration.ofSeconds(10), parse("operationcount", "10").stopGrace());
    assertEquals(Duration.ofSeconds(65), parse("operationcount", "10", "stop.grace", "65").stopGrace());
    UserError zero = assertThrows(UserError.class, () -> parse("operationcount", "10", "stop.grace", "0"));
    assertEquals("property 'stop.grace' must be at least 1, got 0", zero.getMessage());
    UserError text = assertThrows(UserError.class, () -> parse("operationcount", "10", "stop.grace", "1m"));
    assertEquals("property 'stop.grace' must be a whole number, got '1m'", text.getMessage());
  }
}
