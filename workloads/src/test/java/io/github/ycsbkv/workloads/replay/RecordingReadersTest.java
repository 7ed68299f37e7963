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

  /**
   * A recording whose lines are not in the order of their instants (Dragonfly's MONITOR writes each thread's lines as
   * it hands them over): its span is from the earliest instant to the latest, wherever their lines are, so that a
   * replay timed from it sends none of its commands early.
   */
  @Test
  void summary_spanFromTheEarliestInstantToTheLatest_notTheFirstLine() throws Exception {
    Path f = tmp.resolve("late");
    Files.writeString(f, String.join("\n", "OK",
        "100.400000 [0 127.0.0.1:1] \"SET\" \"a\" \"1\"",
        "100.000000 [0 127.0.0.1:2] \"SET\" \"b\" \"1\"",
        "100.875000 [0 127.0.0.1:1] \"GET\" \"a\"",
        "100.500000 [0 127.0.0.1:2] \"GET\" \"b\""), StandardCharsets.ISO_8859_1);
    RecordingSummary s = RecordingSummary.read(f, RecordingFormat.MONITOR);
    assertEquals(100_000_000L, s.firstMicros());
    assertEquals(100_875_000L, s.lastMicros());
    assertEquals(0.875, s.seconds(), 1e-9);
    assertEquals(4, s.commands());
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
  void csvOfOwnColumns_headerLeftOut_timesInTheirUnit_opsMapped() throws Exception {
    Path f = tmp.resolve("own.csv");
    Files.writeString(f, "ts_ms,key,size,who,op,extra\n1764031576604,a,10,c1,WRITE,x\n1764031576605,a,0,c2,read,x\n"
        + "1764031576607,a,0,c1,Del,x\n1764031576608,a,0,c1,stats,x\n");
    RecordingFormat csv = RecordingFormat.of("csv", "time_ms,key,value_size,client,op,-", f);
    java.util.Map<String, Long> skipped = new java.util.LinkedHashMap<>();
    List<Recorded> rs = all(f, csv, skipped);
    assertEquals(List.of(1764031576604000L, 1764031576605000L, 1764031576607000L),
        rs.stream().map(Recorded::micros).toList());
    assertEquals(List.of("SET", "a", "__bytes:10__"), words(rs.get(0)));
    assertEquals(List.of("GET", "a"), words(rs.get(1)));
    assertEquals(List.of("DEL", "a"), words(rs.get(2)));
    assertEquals(List.of("c1", "c2", "c1"), rs.stream().map(Recorded::client).toList());
    assertEquals(java.util.Map.of("a header line", 1L, "operations with no RESP command (stats)", 1L), skipped);

    Path seconds = tmp.resolve("s.csv");
    Files.writeString(seconds, "12.5,set,k,3,60\n12.000001,get,k,,0\n");
    rs = all(seconds, RecordingFormat.of("CSV", "time,op,key,value_size,ttl", seconds), skipped);
    assertEquals(List.of(12_500_000L, 12_000_001L), rs.stream().map(Recorded::micros).toList());
    assertEquals(List.of("SET", "k", "__bytes:3__", "EX", "60"), words(rs.get(0)));
    assertEquals("csv", rs.get(1).client(), "one client for the file without a client column");

    Path bad = tmp.resolve("bad.csv");
    Files.writeString(bad, "1,get,k\n2,get\n");
    MalformedRecording e = assertThrows(MalformedRecording.class, () -> all(bad, RecordingFormat.of("csv",
        "time,op,key", bad), new java.util.HashMap<>()));
    assertTrue(e.getMessage().contains("bad.csv:2: expected 3 fields"), e.getMessage());
    Files.writeString(bad, "1,get,k\nsoon,get,k\n");
    e = assertThrows(MalformedRecording.class, () -> all(bad, RecordingFormat.of("csv", "time,op,key", bad),
        new java.util.HashMap<>()));
    assertTrue(e.getMessage().contains("bad.csv:2: the time must be a number of seconds, got 'soon'"), e.getMessage());
  }

  @Test
  void csvColumns_needTimeOpAndKey_knownNamesOnce() {
    Path any = tmp.resolve("x.csv");
    assertTrue(assertThrows(IllegalArgumentException.class, () -> RecordingFormat.of("csv", null, any)).getMessage()
        .contains("replay.format=csv needs its columns in order: -p replay.csv.columns=time,op,key,value_size"));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> RecordingFormat.of("csv", "time,op,size", any))
        .getMessage().contains("unknown column 'size'"));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> RecordingFormat.of("csv", "time,op,-", any))
        .getMessage().contains("must name a time (time, time_ms or time_us), op and key column"));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> RecordingFormat.of("csv", "time,time_ms,op,key",
        any)).getMessage().contains("time is named twice"));
    assertTrue(assertThrows(IllegalArgumentException.class, () -> RecordingFormat.of("monitor", "time,op,key", any))
        .getMessage().contains("replay.csv.columns is for replay.format=csv"));
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
    assertEquals("k", KeyPositions.first("GET", bytes("GET", "k")));
    assertNull(KeyPositions.first("PING", bytes("PING")));
    assertNull(KeyPositions.first("INFO", bytes("INFO", "server")));
    assertEquals("k1", KeyPositions.first("EVAL", bytes("EVAL", "return 1", "1", "k1")));
    assertNull(KeyPositions.first("EVAL", bytes("EVAL", "return 1", "0")));
    assertNull(KeyPositions.first("PUBLISH", bytes("PUBLISH", "channel", "m")), "a channel is no key");
  }

  @Test
  void keyPrefix_onEveryKeyAndNothingElse() {
    byte[] p = "r:".getBytes(StandardCharsets.US_ASCII);
    assertWords(List.of("SET", "r:k", "v", "EX", "10"), KeyPositions.prefixed("SET", bytes("SET", "k", "v", "EX",
        "10"), p));
    assertWords(List.of("DEL", "r:a", "r:b", "r:c"), KeyPositions.prefixed("DEL", bytes("DEL", "a", "b", "c"), p));
    assertWords(List.of("MSET", "r:a", "1", "r:b", "2"), KeyPositions.prefixed("MSET", bytes("MSET", "a", "1", "b",
        "2"), p));
    assertWords(List.of("HSET", "r:h", "f", "v"), KeyPositions.prefixed("HSET", bytes("HSET", "h", "f", "v"), p));
    assertWords(List.of("BLPOP", "r:a", "r:b", "0"), KeyPositions.prefixed("BLPOP", bytes("BLPOP", "a", "b", "0"),
        p));
    assertWords(List.of("RENAME", "r:a", "r:b"), KeyPositions.prefixed("RENAME", bytes("RENAME", "a", "b"), p));
    assertWords(List.of("ZUNIONSTORE", "r:d", "2", "r:a", "r:b", "WEIGHTS", "1", "2"), KeyPositions.prefixed(
        "ZUNIONSTORE", bytes("ZUNIONSTORE", "d", "2", "a", "b", "WEIGHTS", "1", "2"), p));
    assertWords(List.of("EVAL", "return 1", "2", "r:a", "r:b", "x"), KeyPositions.prefixed("EVAL", bytes("EVAL",
        "return 1", "2", "a", "b", "x"), p));
    assertWords(List.of("ZINTER", "2", "r:a", "r:b"), KeyPositions.prefixed("ZINTER", bytes("ZINTER", "2", "a", "b"),
        p));
    assertWords(List.of("PING"), KeyPositions.prefixed("PING", bytes("PING"), p));
    byte[][] recorded = bytes("GET", "k");
    KeyPositions.prefixed("GET", recorded, p);
    assertEquals("k", new String(recorded[1], StandardCharsets.US_ASCII), "the recording's words are not changed");
  }

  private static void assertWords(List<String> expected, byte[][] words) {
    List<String> got = new java.util.ArrayList<>();
    for (byte[] w : words) {
      got.add(new String(w, StandardCharsets.US_ASCII));
    }
    assertEquals(expected, got);
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

  /** A Dragonfly traffic-log record: connection, time, database, flags, words. */
  private static void record(java.io.ByteArrayOutputStream out, int client, long nanos, String... words) {
    java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(1024).order(java.nio.ByteOrder.LITTLE_ENDIAN);
    b.putInt(client).putLong(nanos).putInt(0).putInt(0).putInt(words.length);
    for (String w : words) {
      b.putInt(w.length());
    }
    for (String w : words) {
      b.put(w.getBytes(StandardCharsets.ISO_8859_1));
    }
    out.write(b.array(), 0, b.position());
  }

  @Test
  void trafficLog_aSetOfFiles_mergedByTime_connectionCommandsLeftOut() throws Exception {
    java.io.ByteArrayOutputStream a = new java.io.ByteArrayOutputStream();
    a.write(3);
    a.write(1);
    record(a, 7, 1_000_000_000L, "SET", "k", "v");
    record(a, 7, 3_000_000_000L, "GET", "k");
    java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
    b.write(3);
    b.write(1);
    record(b, 9, 2_000_001_999L, "HELLO", "3");
    record(b, 9, 2_000_002_000L, "HSET", "h", "f", "v");
    Files.write(tmp.resolve("t-000.bin"), a.toByteArray());
    Files.write(tmp.resolve("t-001.bin"), b.toByteArray());
    Path any = tmp.resolve("t-001.bin");
    assertEquals(RecordingFormat.DRAGONFLY, RecordingFormat.of("auto", any));
    java.util.Map<String, Long> skipped = new java.util.HashMap<>();
    List<Recorded> rs = all(any, RecordingFormat.DRAGONFLY, skipped);
    assertEquals(List.of("SET", "HSET", "GET"), rs.stream().map(Recorded::name).toList(), "both files, by time");
    assertEquals(List.of(1_000_000L, 2_000_002L, 3_000_000L), rs.stream().map(Recorded::micros).toList());
    assertEquals(List.of("conn:7", "conn:9", "conn:7"), rs.stream().map(Recorded::client).toList());
    assertEquals(1L, skipped.values().iterator().next(), "HELLO is the connection's own");
  }

  @Test
  void trafficLog_cutRecordAndMemcachedListener_areOneLineEach() throws Exception {
    java.io.ByteArrayOutputStream a = new java.io.ByteArrayOutputStream();
    a.write(3);
    a.write(1);
    record(a, 7, 1_000_000_000L, "SET", "k", "v");
    byte[] whole = a.toByteArray();
    Path cut = tmp.resolve("cut.bin");
    Files.write(cut, java.util.Arrays.copyOf(whole, whole.length - 1));
    MalformedRecording e = assertThrows(MalformedRecording.class, () -> all(cut, RecordingFormat.DRAGONFLY,
        new java.util.HashMap<>()));
    assertEquals(cut + ": record 1: the file ends inside it", e.getMessage());
    Path memcached = tmp.resolve("mc.bin");
    Files.write(memcached, new byte[] {3, 2});
    e = assertThrows(MalformedRecording.class, () -> all(memcached, RecordingFormat.DRAGONFLY,
        new java.util.HashMap<>()));
    assertTrue(e.getMessage().contains("memcached port"), e.getMessage());
  }
}
