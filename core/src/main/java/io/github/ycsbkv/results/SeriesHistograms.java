package io.github.ycsbkv.results;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.HdrHistogram.HistogramLogWriter;

/**
 * The whole-run histogram of every latency series ({@code READ}, {@code READ-FAILED},
 * {@code Intended-READ}, ...), in nanoseconds: the lossless record that {@code merge} adds up and
 * {@code report} draws percentile spectra from.
 *
 * <p>{@code histograms.hlog} is an HdrHistogram log with one tagged histogram per series
 * ({@code Tag=READ,...}), readable by HdrHistogram's own {@code HistogramLogReader}; the {@code .hgrm}
 * files are each series' percentile spectrum as {@code outputPercentileDistribution} prints it, in
 * microseconds.
 */
public final class SeriesHistograms {

  /** The file name of the tagged log in an export directory. */
  public static final String FILE_NAME = "histograms.hlog";

  private SeriesHistograms() {}

  /** Writes {@code series} (empty histograms left out) to {@code dir/histograms.hlog}. */
  public static Path write(Path dir, Map<String, ? extends AbstractHistogram> series, long startEpochMillis,
      long endEpochMillis) throws IOException {
    Files.createDirectories(dir);
    Path file = dir.resolve(FILE_NAME);
    Path tmp = dir.resolve(FILE_NAME + ".tmp");
    try (PrintStream out = new PrintStream(Files.newOutputStream(tmp), false, StandardCharsets.UTF_8)) {
      HistogramLogWriter w = new HistogramLogWriter(out);
      w.outputComment("ycsb-kv: the whole-run histogram of each latency series, tagged with its name; values in"
          + " nanoseconds");
      w.outputLogFormatVersion();
      w.outputStartTime(startEpochMillis);
      w.setBaseTime(startEpochMillis);
      w.outputLegend();
      for (Map.Entry<String, ? extends AbstractHistogram> e : series.entrySet()) {
        AbstractHistogram h = e.getValue();
        if (h == null || h.getTotalCount() == 0) {
          continue;
        }
        AbstractHistogram copy = h.copy();
        copy.setTag(e.getKey());
        copy.setStartTimeStamp(startEpochMillis);
        copy.setEndTimeStamp(Math.max(startEpochMillis, endEpochMillis));
        w.outputIntervalHistogram(0.0, Math.max(0, endEpochMillis - startEpochMillis) / 1000.0, copy, 1_000_000.0);
      }
    }
    Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
        java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    return file;
  }

  /** Reads {@code dir/histograms.hlog}: series name to histogram, in file order. */
  public static Map<String, Histogram> read(Path dir) throws IOException {
    Map<String, Histogram> out = new LinkedHashMap<>();
    try (InputStream in = Files.newInputStream(dir.resolve(FILE_NAME))) {
      HistogramLogReader reader = new HistogramLogReader(in);
      EncodableHistogram e;
      while ((e = reader.nextIntervalHistogram()) != null) {
        if (!(e instanceof Histogram h) || h.getTag() == null) {
          throw new IOException(dir.resolve(FILE_NAME) + " holds a histogram without a series tag");
        }
        Histogram previous = out.get(h.getTag());
        if (previous == null) {
          out.put(h.getTag(), h);
        } else {
          previous.add(h);
        }
      }
    } catch (RuntimeException e) {
      throw new IOException("cannot read " + dir.resolve(FILE_NAME) + ": " + e.getMessage(), e);
    }
    return out;
  }

  /** Writes {@code dir/<series>.hgrm} for every non-empty series. */
  public static void writeSpectra(Path dir, Map<String, ? extends AbstractHistogram> series) throws IOException {
    Files.createDirectories(dir);
    for (Map.Entry<String, ? extends AbstractHistogram> e : series.entrySet()) {
      AbstractHistogram h = e.getValue();
      if (h == null || h.getTotalCount() == 0) {
        continue;
      }
      try (PrintStream out = new PrintStream(Files.newOutputStream(dir.resolve(e.getKey() + ".hgrm")), false,
          StandardCharsets.UTF_8)) {
        out.println("# ycsb-kv " + e.getKey() + ": values in microseconds");
        h.outputPercentileDistribution(out, 1000.0);
      }
    }
  }
}
