package io.github.ycsbkv.internal.memtier;

import io.github.ycsbkv.results.SeriesHistograms;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/** memtier's {@code Time-Serie} read from a run's one-second interval logs, for {@link MemtierOutput}. */
final class MemtierSeconds {

  private MemtierSeconds() {}

  /**
   * Each operation's seconds from the one-second interval logs in {@code dir} ({@code NAME.hlog}, nanoseconds; the
   * engine's {@code status.interval=1}), by the second from the phase's start, and every operation's together under
   * {@link MemtierOutput#TOTALS}. An interval belongs to the second it started in; the logs are read side by side, so that only
   * one second's histograms are held at a time.
   */
  static Map<String, SortedMap<Integer, MemtierOutput.Second>> seconds(Path dir, List<Double> percentiles) throws IOException {
    Map<String, SortedMap<Integer, MemtierOutput.Second>> out = new LinkedHashMap<>();
    List<Path> logs = new ArrayList<>();
    if (Files.isDirectory(dir)) {
      try (Stream<Path> files = Files.list(dir)) {
        files.filter(f -> f.getFileName().toString().endsWith(".hlog"))
            .filter(f -> !f.getFileName().toString().equals(SeriesHistograms.FILE_NAME)).sorted().forEach(logs::add);
      }
    }
    List<IntervalLog> readers = new ArrayList<>();
    try {
      for (Path log : logs) {
        String name = log.getFileName().toString();
        readers.add(new IntervalLog(name.substring(0, name.length() - ".hlog".length()), log));
      }
      Histogram total = new Histogram(3);
      while (true) {
        int second = Integer.MAX_VALUE;
        for (IntervalLog r : readers) {
          second = Math.min(second, r.nextSecond());
        }
        if (second == Integer.MAX_VALUE) {
          break;
        }
        total.reset();
        for (IntervalLog r : readers) {
          Histogram own = r.take(second);
          if (own != null) {
            out.computeIfAbsent(r.name, k -> new TreeMap<>()).put(second, MemtierOutput.Second.of(own, percentiles));
            total.add(own);
          }
        }
        out.computeIfAbsent(MemtierOutput.TOTALS, k -> new TreeMap<>()).put(second, MemtierOutput.Second.of(total, percentiles));
      }
    } finally {
      for (IntervalLog r : readers) {
        r.in.close();
      }
    }
    return out;
  }

  /** One operation's interval log, read ahead by one interval. */
  private static final class IntervalLog {
    final String name;
    final InputStream in;
    final HistogramLogReader reader;
    final double startMillis;
    Histogram next;

    IntervalLog(String name, Path file) throws IOException {
      this.name = name;
      this.in = Files.newInputStream(file);
      this.reader = new HistogramLogReader(in);
      this.next = read();
      this.startMillis = reader.getStartTimeSec() * 1000.0;
    }

    private Histogram read() throws IOException {
      try {
        EncodableHistogram e = reader.nextIntervalHistogram();
        return e == null ? null : (Histogram) e;
      } catch (RuntimeException e) {
        throw new IOException("cannot read " + name + ".hlog: " + e.getMessage(), e);
      }
    }

    /**
     * The second its next interval started in, MAX_VALUE at its end. The engine's sampler starts them on the second
     * (give or take its wake-up), and the log keeps whole milliseconds: 50 ms of slack keep a second's interval that
     * began at 999.4 ms in its own second.
     */
    int nextSecond() {
      return next == null ? Integer.MAX_VALUE
          : (int) Math.floor((next.getStartTimeStamp() - startMillis + 50) / 1000.0);
    }

    /** Its intervals that started in {@code second}, together, in microseconds; null: none. */
    Histogram take(int second) throws IOException {
      Histogram micros = null;
      while (next != null && nextSecond() == second) {
        micros = micros == null ? new Histogram(3) : micros;
        MemtierOutput.toMicros(next, micros);
        next = read();
      }
      return micros;
    }
  }

}
