package io.github.ycsbkv.workloads.replay;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RecordingReadersTest {

  @TempDir
  Path tmp;

  private List<Recorded> all(Path file, RecordingFormat format, Map<String, Long> skipped) {
    List<Recorded> out = new ArrayList<>();
    try (RecordingReader in = format.open(file)) {
      Recorded r;
      while ((r = in.next()) != null) {
        out.add(r);
      }
      skipped.putAll(in.skipped());
    }
    return out;
  }

  @Test
  void monitor_redisAndDragonflyLines_timesClientsAndEscapedWords() throws Exception {
    Path f = tmp.resolve("m");
    Files.writeString(f, String.join("\n", "OK",
        "1795855950.013794 [0 127.0.0.1:60768] \"set\" \"a b\" \"x\\\"y\\\\z\\nnl\"",
        "1795855950.023467 [0 lua] \"set\" \"k\" \"v\"",
        "1795855949.7056226 [0 127.0.0.1:56594] \"SET\" \"bin\" \"\\x01\\xff\"",
        "1795855949.8 [3 unix:/tmp/r.sock] \"AUTH\" \"(redacted)\"",
        "[ proxy49 ] 1764031576.604009 [0 172.16.10.147:51682] \"GET\" \"key1\""), StandardCharsets.ISO_8859_1);
    java.util.Map<String, Long> skipped = new java.util.LinkedHashMap<>();
    List<Recorded> rs = all(f, RecordingFormat.MONITOR, skipped);
    assertEquals(3, rs.size());
    assertEquals(1795855950013794L, rs.get(0).micros());
    assertEquals("127.0.0.1:60768", rs.get(0).client());
    assertEquals("SET", rs.get(0).name());
    assertArrayEquals("x\"y\\z\nnl".getBytes(StandardCharsets.ISO_8859_1), rs.get(0).args()[2]);
    assertEquals(1795855949705622L, rs.get(1).micros(), "seven digits: microseconds kept, the rest dropped");
    assertArrayEquals(new byte[] {1, (byte) 0xff}, rs.get(1).args()[2]);
    assertEquals("172.16.10.147:51682", rs.get(2).client());
    assertEquals(3, skipped.size(), skipped.toString());
    assertEquals(RecordingFormat.MONITOR, RecordingFormat.of("auto", f));
  }

  @Test
  void monitor_malformedLine_namesFileAndLine() throws Exception {
    Path f = tmp.resolve("bad");
    Files.writeString(f, "1.5 [0 c] \"GET\" \"k\"\n1.6 [0 c] \"GET\" \"\\q\"\n");
    MalformedRecording e = assertThrows(MalformedRecording.class, () -> all(f, RecordingFormat.MONITOR,
        new java.util.HashMap<>()));
    assertEquals(f + ":2: unknown escape '\\q' at column 18", e.getMessage());
  }

  @Test
  void cacheTrace_oneSecondSpreadEvenly_operationsMapped() throws Exception {
    Path f = tmp.resolve("t.csv");
    Files.writeString(f, "10,a,1,5,7,set,30\n10,a,1,0,7,get,0\n10,b,1,0,8,delete,0\n10,b,1,0,8,verbosity,0\n"
        + "11,c,1,3,8,add,0\n");
    java.util.Map<String, Long> skipped = new java.util.HashMap<>();
    List<Recorded> rs = all(f, RecordingFormat.TWITTER, skipped);
    assertEquals(List.of(10_000_000L, 10_333_333L, 10_666_666L, 11_000_000L),
        rs.stream().map(Recorded::micros).toList(), "three requests in second 10 spread over it");
    assertEquals(List.of("SET", "a", "__bytes:5__", "EX", "30"), words(rs.get(0)));
    assertEquals(List.of("GET", "a"), words(rs.get(1)));
    assertEquals(List.of("DEL", "b"), words(rs.get(2)));
    assertEquals(List.of("SET", "c", "__bytes:3__", "NX"), words(rs.get(3)));
    assertEquals("8", rs.get(3).client());
    assertEquals(1L, skipped.values().iterator().next());
    assertEquals(RecordingFormat.TWITTER, RecordingFormat.of("auto", f));
  }

  @Test
  void sizePlaceholders_becomeThatManyGeneratedBytes() {
    byte[][] args = {"SET".getBytes(), "k".getBytes(), Recorded.sizedValue(12).getBytes()};
    byte[][] sent = ReplayWorkload.values(args, new SplittableRandom(1));
    assertEquals(12, sent[2].length);
    assertTrue(new String(sent[2], StandardCharsets.US_ASCII).matches("[a-z]{12}"));
    assertEquals(Recorded.sizedValue(12), new String(args[2]), "the recording's words are not changed");
    assertEquals(-1, Recorded.sizeOf("__bytes:x__".getBytes()));
    assertEquals(0, Recorded.sizeOf("__bytes:0__".getBytes()));
  }

  @Test
  void routingKey_firstKeyOrTheScriptsOrNone() {
    assertEquals("k", ReplayWorkload.key(new Recorded(0, "c", bytes("GET", "k"))));
    assertNull(ReplayWorkload.key(new Recorded(0, "c", bytes("PING"))));
    assertNull(ReplayWorkload.key(new Recorded(0, "c", bytes("INFO", "server"))));
    assertEquals("k1", ReplayWorkload.key(new Recorded(0, "c", bytes("EVAL", "return 1", "1", "k1"))));
    assertNull(ReplayWorkload.key(new Recorded(0, "c", bytes("EVAL", "return 1", "0"))));
  }

  private static byte[][] bytes(String... words) {
    byte[][] out = new byte[words.length][];
    for (int i = 0; i < words.length; i++) {
      out[i] = words[i].getBytes(StandardCharsets.US_ASCII);
    }
    return out;
  }

  private static List<String> words(Recorded r) {
    List<String> out = new ArrayList<>();
    for (byte[] w : r.args()) {
      out.add(new String(w, StandardCharsets.ISO_8859_1));
    }
    return out;
  }
}
