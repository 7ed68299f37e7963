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
  void strict_onlyQuotedWordsAndKnownEscapes_asARecordingHoldsThem() {
    assertArrayEquals(new byte[] {1, (byte) 0xff}, MonitorWords.strict("x \"\\x01\\xff\"", 1)[0]);
    assertEquals("unknown escape '\\q' at column 2", assertThrows(MonitorWords.Malformed.class,
        () -> MonitorWords.strict("\"\\q\"", 0)).getMessage());
    assertThrows(MonitorWords.Malformed.class, () -> MonitorWords.strict("\"GET\" key", 0));
  }

  @Test
  void unclosedQuotes_bareWords_andAWordAfterAClosingQuote_areMalformed() {
    for (String line : List.of("\"GET", "'GET'", "\"GET\"x", "ab\"c\"", "\"GET\"\"k\"")) {
      assertThrows(MonitorWords.Malformed.class, () -> MonitorWords.strict(line, 0), line);
    }
    assertEquals(List.of("SET", "k"), words(MonitorWords.strict(" \"SET\"  \"k\" ", 0)));
  }
}
