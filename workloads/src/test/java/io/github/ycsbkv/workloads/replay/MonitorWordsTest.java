package io.github.ycsbkv.workloads.replay;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class MonitorWordsTest {

  private static List<String> words(byte[][] w) {
    return Arrays.stream(w).map(b -> new String(b, StandardCharsets.ISO_8859_1)).toList();
  }

  @Test
  void lenient_readsAsSdssplitargs_quotedBareAndSingleQuoted() {
    assertEquals(List.of("SET", "k\"q w", "v\u0001\u00ff\n", "bare", "it's"),
        words(MonitorWords.lenient("\"SET\" \"k\\\"q w\" \"v\\x01\\xff\\n\" bare 'it\\'s'", 0)));
    // An unknown escape is the character itself, as redis-cli and memtier read it; \x without hex digits too.
    assertEquals(List.of("aqb", "xz"), words(MonitorWords.lenient("\"a\\qb\" \"\\xz\"", 0)));
    assertEquals(List.of(), words(MonitorWords.lenient("   ", 0)));
  }

  @Test
  void strict_onlyQuotedWordsAndKnownEscapes_asARecordingHoldsThem() {
    assertArrayEquals(new byte[] {1, (byte) 0xff}, MonitorWords.strict("x \"\\x01\\xff\"", 1)[0]);
    assertEquals("unknown escape '\\q' at column 2", assertThrows(MonitorWords.Malformed.class,
        () -> MonitorWords.strict("\"\\q\"", 0)).getMessage());
    assertThrows(MonitorWords.Malformed.class, () -> MonitorWords.strict("\"GET\" key", 0));
  }

  @Test
  void unclosedQuotes_andAQuoteInsideAWord_areMalformed_eitherWay() {
    for (String line : List.of("\"GET", "'GET", "\"GET\"x", "ab\"c\"")) {
      assertThrows(MonitorWords.Malformed.class, () -> MonitorWords.lenient(line, 0), line);
    }
    assertThrows(MonitorWords.Malformed.class, () -> MonitorWords.strict("\"GET\"\"k\"", 0));
  }
}
