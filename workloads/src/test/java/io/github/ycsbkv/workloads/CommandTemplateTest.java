package io.github.ycsbkv.workloads;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import site.ycsb.WorkloadException;

/** The commands workload's templates (#43): parsed once, filled per operation. */
class CommandTemplateTest {

  private static final class Fill implements CommandTemplate.Fill {
    final SplittableRandom random = new SplittableRandom(7);

    @Override
    public String key(int n) {
      return n == 1 ? "board:42" : "board:" + (100 + n);
    }

    @Override
    public byte[] data() {
      return "abcd".getBytes(StandardCharsets.US_ASCII);
    }

    @Override
    public int fieldCount() {
      return 3;
    }

    @Override
    public SplittableRandom random() {
      return random;
    }
  }

  private static List<String> words(CommandTemplate t, CommandTemplate.Fill fill) {
    List<String> out = new ArrayList<>();
    for (byte[] w : t.args(fill)) {
      out.add(new String(w, StandardCharsets.UTF_8));
    }
    return out;
  }

  @Test
  void placeholders_areFilled_theKeyTheSameWhereverItAppears() throws Exception {
    CommandTemplate t = CommandTemplate.parse("zadd __key__ __score__ __field__", null, "command.1");
    assertEquals("ZADD", t.name());
    assertTrue(t.keyed());
    Fill fill = new Fill();
    for (int i = 0; i < 50; i++) {
      List<String> w = words(t, fill);
      assertEquals("zadd", w.get(0), "the name as written");
      assertEquals("board:42", w.get(1));
      double score = Double.parseDouble(w.get(2));
      assertTrue(score >= 0 && score < 1, w.toString());
      assertTrue(List.of("field0", "field1", "field2").contains(w.get(3)), w.toString());
    }
    CommandTemplate copy = CommandTemplate.parse("COPY __key__ backup:__key__ \"two words\" __data__", "COPY_KEY", "x");
    assertEquals(List.of("COPY", "board:42", "backup:board:42", "two words", "abcd"), words(copy, new Fill()));
    assertEquals("COPY_KEY", copy.name());
  }

  /**
   * Quotes and escapes as memtier_benchmark splits a {@code --command}: the specification's rate-limiting suite's
   * script, whose inner quotes are escaped ({@code \"BITCOUNT\"}: sent with backslashes, Lua refused it), single
   * quotes, a byte by {@code \xHH}, UTF-8 text, an empty word, a quote that opens mid-word; a closing quote with a
   * character after it is refused, as memtier refuses it.
   */
  @Test
  void quotesAndEscapes_areReadAsMemtierBenchmarkReadsACommand() throws Exception {
    CommandTemplate eval = CommandTemplate.parse("EVAL \"local k=KEYS[1];local c=redis.call(\\\"BITCOUNT\\\",k);"
        + "return c\" 1 __key__ 2000000", null, "command.1");
    assertEquals(List.of("EVAL", "local k=KEYS[1];local c=redis.call(\"BITCOUNT\",k);return c", "1", "board:42",
        "2000000"), words(eval, new Fill()));
    CommandTemplate t = CommandTemplate.parse("SET 'it\\'s two' \"a\\x41\\n\\\\\" \"\" caf\u00e9 pre\"fix x\"", null, "c");
    assertEquals(List.of("SET", "it's two", "aA\n\\", "", "caf\u00e9", "prefix x"), words(t, new Fill()));
    byte[][] raw = CommandTemplate.parse("SET k \"\\xff\\x00\"", null, "c").args(new Fill());
    assertArrayEquals(new byte[] {(byte) 0xff, 0}, raw[2], "an escaped byte as it is, not in UTF-8");
    assertTrue(assertThrows(WorkloadException.class, () -> CommandTemplate.parse("SET \"a\"b", null, "command.2"))
        .getMessage().contains("a closing quote must be followed by a space"));
    assertTrue(assertThrows(WorkloadException.class, () -> CommandTemplate.parse("SET 'a b", null, "command.2"))
        .getMessage().contains("a single quote is not closed"));
  }

  /**
   * A {@code --monitor-input} line, which memtier splits with its {@code --command}'s rules: quoted, bare and
   * single-quoted words, a quote opening inside a word joins it, an unknown escape is the character itself, and each
   * char of a line read one per byte (ISO-8859-1) is that byte, not its UTF-8.
   */
  @Test
  void monitorLines_splitAsACommand_byteForByte() throws Exception {
    List<byte[]> w = CommandTemplate.split("\"SET\" \"k\\\"q w\" \"v\\x01\\xff\\n\" bare 'it\\'s' ab\"c d\" \"a\\qb\" "
        + "\"\u00e9\"", "f:1", java.nio.charset.StandardCharsets.ISO_8859_1);
    assertEquals(List.of("SET", "k\"q w", "v\u0001\u00ff\n", "bare", "it's", "abc d", "aqb", "\u00e9"),
        w.stream().map(b -> new String(b, java.nio.charset.StandardCharsets.ISO_8859_1)).toList());
    assertArrayEquals(new byte[] {(byte) 0xe9}, w.get(7), "one byte, as the file held it");
    for (String bad : List.of("\"GET", "'GET", "\"GET\"x")) {
      assertTrue(assertThrows(WorkloadException.class, () -> CommandTemplate.split(bad, "f:3",
          java.nio.charset.StandardCharsets.ISO_8859_1)).getMessage().startsWith("f:3: "), bad);
    }
  }

  /**
   * memtier's syntax: each word holding {@code __key__} is a key of its own, numbered in the words' order (an MGET of
   * three keys draws three), with the text around its first {@code __key__}; {@code __data__} only alone; every other
   * text literal, ycsb-kv's own placeholders included; the command's name is never a placeholder.
   */
  @Test
  void memtierSyntax_eachKeyWordItsOwnKey_onlyKeyAndData() throws Exception {
    CommandTemplate mget = CommandTemplate.parseMemtier("MGET __key__ __key__ __key__", null, "command.1");
    assertEquals(3, mget.keys());
    assertEquals(List.of("MGET", "board:42", "board:102", "board:103"), words(mget, new Fill()));
    CommandTemplate hset = CommandTemplate.parseMemtier("HSET s:__key__ name \"User __key__ __key__\" f __field__ v"
        + " __data__ n __int(1,2)__ k2 __key2__", null, "c");
    assertEquals(List.of("HSET", "s:board:42", "name", "User board:102 __key__", "f", "__field__", "v", "abcd", "n",
        "__int(1,2)__", "k2", "__key2__"), words(hset, new Fill()), "ycsb-kv's placeholders are text to memtier");
    assertEquals("__KEY__", CommandTemplate.parseMemtier("__key__ x", null, "c").name(), "the name is text");
    assertTrue(assertThrows(WorkloadException.class, () -> CommandTemplate.parseMemtier("SET k x__data__", null,
        "command.1")).getMessage().contains("the data placeholder cannot be combined with other data"));
  }

  @Test
  void intRange_staysInItsBounds_andCoversThem() throws Exception {
    CommandTemplate t = CommandTemplate.parse("INCRBY __key__ __int(-2,2)__", null, "command.1");
    Fill fill = new Fill();
    boolean[] seen = new boolean[5];
    for (int i = 0; i < 500; i++) {
      long v = Long.parseLong(words(t, fill).get(2));
      assertTrue(v >= -2 && v <= 2, Long.toString(v));
      seen[(int) v + 2] = true;
    }
    for (boolean s : seen) {
      assertTrue(s, "every value of the range drawn");
    }
  }

  @Test
  void withoutAKey_itGoesToAnyNode() throws Exception {
    assertFalse(CommandTemplate.parse("PING", null, "command.1").keyed());
  }

  @Test
  void mistakes_areOneLine_namingTheProperty() {
    assertEquals("command.2: unknown placeholder '__value__' (known: __key__, __data__, __field__, __int(A,B)__,"
        + " __score__)", assertThrows(WorkloadException.class,
            () -> CommandTemplate.parse("SET __key__ __value__", null, "command.2")).getMessage());
    assertEquals("command.1: '__int__': __int__ needs its range, as __int(1,100)__",
        assertThrows(WorkloadException.class, () -> CommandTemplate.parse("INCRBY k __int__", null, "command.1"))
            .getMessage());
    assertTrue(assertThrows(WorkloadException.class, () -> CommandTemplate.parse("INCRBY k __int(5,1)__", null,
        "command.1")).getMessage().endsWith("the range's first number is larger than its last"));
    assertTrue(assertThrows(WorkloadException.class, () -> CommandTemplate.parse("__key__ x", null, "command.1"))
        .getMessage().contains("the command's name cannot be a placeholder"));
    assertTrue(assertThrows(WorkloadException.class, () -> CommandTemplate.parse("SET \"a b", null, "command.1"))
        .getMessage().contains("a double quote is not closed"));
    assertTrue(assertThrows(WorkloadException.class, () -> CommandTemplate.parse("  ", null, "command.3"))
        .getMessage().startsWith("command.3 is empty"));
  }

  @Test
  void moreKeys_eachItsOwn_andOnAClusterOnlyWithAHashTag() throws Exception {
    CommandTemplate t = CommandTemplate.parse("SMOVE __key__ __key2__ __field__", null, "command.1");
    assertEquals(2, t.keys());
    List<String> w = words(t, new Fill());
    assertEquals(List.of("SMOVE", "board:42", "board:102"), w.subList(0, 3));
    assertTrue(assertThrows(WorkloadException.class, () -> CommandTemplate.parse("SMOVE __key2__ x y", null,
        "command.1")).getMessage().contains("need __key__ too"));
    assertTrue(assertThrows(WorkloadException.class, () -> CommandTemplate.parse("GET __data2__", null, "command.1"))
        .getMessage().contains("only __key__ is numbered"));
    java.util.Properties cluster = new java.util.Properties();
    cluster.setProperty(io.github.ycsbkv.config.EngineProperties.SERVER_CLUSTER, "true");
    assertEquals("command.1: 'SMOVE __key__ __key2__ __field__' has 2 keys, which a cluster serves only in one hash"
        + " slot: give its keys a hash tag, for example command.1.keyprefix={set}:", assertThrows(
            WorkloadException.class, () -> CommandMix.checkSlots(cluster, t, "set:", "command.1")).getMessage());
    CommandMix.checkSlots(cluster, t, "{set}:", "command.1"); // one slot: allowed
    CommandMix.checkSlots(new java.util.Properties(), t, "set:", "command.1"); // one server: allowed
    // A memtier command line's: the hint is memtier's option.
    cluster.setProperty("command.1.syntax", "memtier");
    CommandTemplate mget = CommandTemplate.parseMemtier("MGET __key__ __key__", null, "command.1");
    assertTrue(assertThrows(WorkloadException.class, () -> CommandMix.checkSlots(cluster, mget, "memtier-",
        "command.1")).getMessage().endsWith("give its keys a hash tag, for example --key-prefix '{memtier}:'"));
  }

  @Test
  void gaussianMedianAndDeviation_inTheRangesNumbers_drawAroundTheMedian() throws Exception {
    java.util.Properties p = new java.util.Properties();
    p.setProperty("command.1", "GET __key__");
    p.setProperty(CommandWorkload.KEY_MINIMUM, "101");
    p.setProperty(CommandWorkload.GAUSSIAN_MEDIAN, "300");
    p.setProperty(CommandWorkload.GAUSSIAN_STDDEV, "10");
    KeyPattern keys = new CommandMix(p, 1000, "gaussian").commands().get(0).keys();
    // Key numbers 101..1100 are the pattern's 1..1000: the median 300 is its 200th.
    assertEquals(200.0, keys.median());
    assertEquals(10.0, keys.stddev());
    SplittableRandom random = new SplittableRandom(7);
    int near = 0;
    for (int i = 0; i < 10_000; i++) {
      long k = keys.next(random, new long[1]);
      near += Math.abs(k - 200) <= 20 ? 1 : 0;
    }
    assertTrue(near > 9_400 && near < 9_700, near + " of 10,000 within two deviations (95.4% expected)");
    java.util.Properties defaults = new java.util.Properties();
    defaults.setProperty("command.1", "GET __key__");
    KeyPattern middle = new CommandMix(defaults, 1200, "gaussian").commands().get(0).keys();
    assertEquals(600.5, middle.median());
    assertEquals(200.0, middle.stddev());
    p.setProperty(CommandWorkload.GAUSSIAN_STDDEV, "wide");
    assertEquals("property 'command.gaussian.stddev' must be a number, got 'wide'", assertThrows(
        WorkloadException.class, () -> new CommandMix(p, 1000, "gaussian")).getMessage());
  }
}
