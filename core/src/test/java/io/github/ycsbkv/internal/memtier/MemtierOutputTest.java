package io.github.ycsbkv.internal.memtier;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** memtier's Time-Serie from the engine's interval logs, as {@code HistogramExports} writes them. */
class MemtierOutputTest {

  private static final long START = 1_796_000_000_123L;

  @TempDir
  Path dir;

  /** An interval log of {@code name}: each interval [from, to) seconds with its latencies in nanoseconds. */
  private void log(String name, double[][] intervals, long[][] nanos) throws Exception {
    try (java.io.PrintStream out = new java.io.PrintStream(Files.newOutputStream(dir.resolve(name + ".hlog")))) {
      HistogramLogWriter w = new HistogramLogWriter(out);
      w.outputLogFormatVersion();
      w.outputStartTime(START);
      w.setBaseTime(START);
      w.outputLegend();
      for (int i = 0; i < intervals.length; i++) {
        Histogram h = new Histogram(3);
        for (long v : nanos[i]) {
          h.recordValue(v);
        }
        h.setStartTimeStamp(START + (long) (intervals[i][0] * 1000));
        h.setEndTimeStamp(START + (long) (intervals[i][1] * 1000));
        w.outputIntervalHistogram(intervals[i][0], intervals[i][1], h, 1_000_000.0);
      }
    }
  }

  @Test
  void seconds_eachIntervalInTheSecondItStarted_everyTypeTogetherInTotals() throws Exception {
    // GET from the start; an interval that began a little before its second (0.9996 s) is that second's; a last,
    // short interval (2.0 to 2.4 s) is the third second's.
    log("GET", new double[][] {{0, 0.9996}, {0.9996, 2.0}, {2.0, 2.4}},
        new long[][] {{1_000_000, 3_000_000}, {2_000_000}, {5_000_000, 5_000_000, 5_000_000}});
    // SET only from the second second on.
    log("SET", new double[][] {{1.001, 2.0}, {2.0, 2.4}}, new long[][] {{8_000_000}, {}});
    Files.writeString(dir.resolve("histograms.hlog"), "not an interval log: the whole run's, left alone\n");

    Map<String, SortedMap<Integer, MemtierOutput.Second>> s = MemtierSeconds.seconds(dir, List.of(50.0, 100.0));

    SortedMap<Integer, MemtierOutput.Second> get = s.get("GET");
    assertEquals(List.of(0, 1, 2), List.copyOf(get.keySet()));
    assertEquals(2, get.get(0).count());
    assertEquals(2.0, get.get(0).averageMs(), 0.01);
    assertEquals(4, get.get(0).accumulatedMs());
    assertEquals(1.0, get.get(0).minMs(), 0.01);
    assertEquals(3.0, get.get(0).maxMs(), 0.01);
    assertArrayEquals(new double[] {1.0, 3.0}, get.get(0).percentilesMs(), 0.01);
    assertEquals(1, get.get(1).count());
    assertEquals(3, get.get(2).count());
    assertEquals(List.of(1, 2), List.copyOf(s.get("SET").keySet()));
    assertEquals(0, s.get("SET").get(2).count());
    SortedMap<Integer, MemtierOutput.Second> totals = s.get(MemtierOutput.TOTALS);
    assertEquals(List.of(0, 1, 2), List.copyOf(totals.keySet()));
    assertEquals(2, totals.get(1).count());
    assertEquals(5.0, totals.get(1).averageMs(), 0.01);
    assertArrayEquals(new double[] {2.0, 8.0}, totals.get(1).percentilesMs(), 0.01);
    assertEquals(3, totals.get(2).count());
  }

  @Test
  void seconds_withoutLogs_none() throws Exception {
    assertEquals(Map.of(), MemtierSeconds.seconds(dir.resolve("absent"), List.of(50.0)));
  }
}
