package io.github.ycsbkv.internal.memtier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** memtier's {@code --hdr-file-prefix} files: their names as memtier 2.3 gives them, and what they hold. */
class MemtierHdrFilesTest {

  @TempDir
  Path dir;

  private static Histogram micros(long... values) {
    Histogram h = new Histogram(3);
    for (long v : values) {
      h.recordValue(v);
    }
    return h;
  }

  private static MemtierOutput.Row row(String type, String command, Histogram h) {
    return new MemtierOutput.Row(type, h.getTotalCount(), h.getTotalCount(), 0, 0, h, false, new TreeMap<>(), command);
  }

  private static MemtierOutput.Run run(MemtierOutput.Row... rows) {
    Histogram all = new Histogram(3);
    for (MemtierOutput.Row r : rows) {
      all.add(r.micros());
    }
    List<MemtierOutput.Row> list = new java.util.ArrayList<>(List.of(rows));
    list.add(row("Totals", "", all));
    return new MemtierOutput.Run(list, 1_700_000_000_000L, 1_700_000_002_500L, false);
  }

  @Test
  void names_asMemtierSavesThem_fullRunAndEachCommandWithRequests() {
    MemtierOutput.Run setGet = run(row("Sets", "SET", micros(100, 200)), row("Gets", "GET", micros(300)),
        row("Waits", "WAIT", micros()));
    assertEquals(List.of("p_FULL_RUN_2", "p_GET_command_run_2", "p_SET_command_run_2"),
        List.copyOf(MemtierHdrFiles.files("p", 2, setGet, true).keySet()));
    MemtierOutput.Run commands = run(row("Lpushs", "LPUSH", micros(5)), row("Scan 0s", "SCAN 0", micros(7)),
        row("Rpops", "RPOP", micros()));
    assertEquals(List.of("out/x_FULL_RUN_1", "out/x_LPUSH_command_run_1", "out/x_SCAN 0_command_run_1"),
        List.copyOf(MemtierHdrFiles.files("out/x", 1, commands, false).keySet()));
    assertEquals("SCAN <cursor>", MemtierOutput.commandName("SCAN-CURSOR"));
    assertEquals("HSET", MemtierOutput.commandName("HSET"));
  }

  @Test
  void files_holdTheHistogram_textInMillisecondsAndTheLogInMicroseconds() throws Exception {
    long[] values = new long[1000];
    for (int i = 0; i < values.length; i++) {
      values[i] = 50 + i * 3L; // 50 us .. 3,047 us
    }
    Histogram set = micros(values);
    MemtierOutput.Run r = run(row("Sets", "SET", set), row("Gets", "GET", micros(400, 900)));
    String prefix = dir.resolve("lat").toString();
    MemtierArgs a = MemtierArgs.parse(List.of("--hdr-file-prefix", prefix, "--ratio", "1:1"));
    StringWriter err = new StringWriter();
    assertTrue(MemtierHdrFiles.write(a, 1, r, new PrintWriter(err, true)));
    assertTrue(err.toString().contains("Writing SET command HDR latency histogram results to " + prefix
        + "_SET_command_run_1.txt..."), err.toString());
    assertTrue(err.toString().contains("Writing Full Run command HDR latency histogram results in"
        + " HistogramLogProcessor format to " + prefix + "_FULL_RUN_1.hgrm..."), err.toString());

    List<String> text = Files.readAllLines(Path.of(prefix + "_SET_command_run_1.txt"));
    // HdrHistogram_c's classic table, as memtier's: the head, a blank line, the percentiles, the footer.
    assertEquals("       Value   Percentile   TotalCount 1/(1-Percentile)", text.get(0));
    assertEquals("", text.get(1));
    assertEquals(String.format(Locale.ROOT, "%12.3f %12f %12d %12s", 0.05, 0.0, 1, "1.00"), text.get(2));
    String median = String.format(Locale.ROOT, "%12.3f %12f %12d %12s", set.getValueAtPercentile(50) / 1000.0, 0.5,
        set.getCountBetweenValues(0, set.getValueAtPercentile(50)), "2.00");
    assertTrue(text.contains(median), median + " in " + text);
    assertTrue(text.stream().anyMatch(l -> l.endsWith(" 1.000000         1000          inf")), String.join("\n",
        text));
    assertEquals(String.format(Locale.ROOT, "#[Max     = %12.3f, Total count    = %12d]", set.getMaxValue() / 1000.0,
        1000), text.get(text.size() - 2));
    assertTrue(text.get(text.size() - 1).startsWith("#[Buckets = "), text.get(text.size() - 1));

    List<String> log = Files.readAllLines(Path.of(prefix + "_FULL_RUN_1.hgrm"));
    assertEquals("#[Full Run command HDR latency histogram results]", log.get(0));
    assertEquals("#[Histogram log format version 1.2]", log.get(1));
    assertTrue(log.get(2).startsWith("#[StartTime: 1700000000.000 (seconds since epoch), "), log.get(2));
    assertEquals("\"StartTimestamp\",\"EndTimestamp\",\"Interval_Max\",\"Interval_Compressed_Histogram\"",
        log.get(3));
    String[] interval = log.get(4).split(",");
    assertEquals(List.of("1700000000.000", "1700000002.500", set.getMaxValue() + ".0"), List.of(interval[0],
        interval[1], interval[2]));
    Histogram read = Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder()
        .decode(interval[3])), 0);
    assertEquals(1002, read.getTotalCount());
    assertEquals(set.getValueAtPercentile(99), read.getValueAtPercentile(99));
    assertTrue(Files.readString(Path.of(prefix + "_GET_command_run_1.hgrm"))
        .startsWith("#[GET command HDR latency histogram results]\n"));
    assertFalse(err.toString().contains("share their command's file"), err.toString());
  }

  @Test
  void linesOfOneCommand_shareItsFile_andSaySo() throws Exception {
    MemtierOutput.Run r = run(row("Sets", "SET", micros(10, 20)));
    MemtierArgs a = MemtierArgs.parse(List.of("--hdr-file-prefix", dir.resolve("q").toString(), "--command",
        "SET __key__ a", "--command", "\"set\" __key__ b", "--command", "GET __key__"));
    assertEquals(List.of("SET"), MemtierHdrFiles.sharedNames(a));
    StringWriter err = new StringWriter();
    assertTrue(MemtierHdrFiles.write(a, 1, r, new PrintWriter(err, true)));
    assertTrue(err.toString().contains("--command lines of SET share their command's file"), err.toString());
    StringWriter second = new StringWriter();
    assertTrue(MemtierHdrFiles.write(a, 2, r, new PrintWriter(second, true)));
    assertFalse(second.toString().contains("share their command's file"), "said once: " + second);
    assertTrue(Files.isRegularFile(dir.resolve("q_SET_command_run_2.hgrm")));
  }

  @Test
  void aPrefixWhoseDirectoryIsMissing_isOneLineAndFalse() {
    MemtierOutput.Run r = run(row("Sets", "SET", micros(10)));
    MemtierArgs a = MemtierArgs.parse(List.of("--hdr-file-prefix", dir.resolve("no/such/dir/p").toString()));
    StringWriter err = new StringWriter();
    assertFalse(MemtierHdrFiles.write(a, 1, r, new PrintWriter(err, true)));
    assertTrue(err.toString().contains("ycsb: cannot write --hdr-file-prefix file '" + dir.resolve("no/such/dir/p")
        + "_FULL_RUN_1.txt': its directory does not exist"), err.toString());
    assertFalse(err.toString().contains("Exception"), err.toString());
  }
}
