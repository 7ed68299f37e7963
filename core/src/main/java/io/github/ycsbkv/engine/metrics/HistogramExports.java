package io.github.ycsbkv.engine.metrics;

import io.github.ycsbkv.results.OperationResult;
import io.github.ycsbkv.results.SeriesHistograms;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * The histogram files of {@code export.dir}: per operation an HdrHistogram interval log
 * ({@code READ.hlog}: service time of every outcome per status interval, values in nanoseconds and the
 * interval maximum in milliseconds, the convention HdrHistogram's {@code HistogramLogProcessor} reads),
 * and, through {@link SeriesHistograms}, the whole-run histogram of every series
 * ({@code histograms.hlog}) and its percentile spectrum ({@code READ.hgrm}, {@code READ-FAILED.hgrm},
 * {@code Intended-READ.hgrm}: HdrHistogram's {@code outputPercentileDistribution}, in microseconds).
 *
 * <p>Used by the sampler thread and then by the engine once the clients finished, never at the same
 * time. A file that cannot be written becomes a warning, not a failed run.
 */
public final class HistogramExports implements AutoCloseable {

  private final Path dir;
  private final long startEpochMillis;
  private final Map<String, HistogramLogWriter> logs = new LinkedHashMap<>();
  private String failure;

  public HistogramExports(Path dir, long startEpochMillis) {
    this.dir = dir;
    this.startEpochMillis = startEpochMillis;
  }

  /** Appends one interval of every operation to its {@code .hlog}. */
  public void intervals(List<Metrics.Totals> operations, double startSeconds, double endSeconds) {
    for (Metrics.Totals t : operations) {
      if (t.name.equals(OperationRecorder.CLEANUP)) {
        continue;
      }
      try {
        HistogramLogWriter w = logs.get(t.name);
        if (w == null && t.intervalCount == 0) {
          continue; // no log for an operation the workload has not used (yet)
        }
        if (w == null) {
          Files.createDirectories(dir);
          w = new HistogramLogWriter(dir.resolve(t.name + ".hlog").toFile());
          w.outputComment("ycsb-kv " + t.name + ": service time of every outcome per status interval; values in"
              + " nanoseconds, the Interval_Max column in milliseconds, as HdrHistogram's log tools expect");
          w.outputLogFormatVersion();
          w.outputStartTime(startEpochMillis);
          w.setBaseTime(startEpochMillis);
          w.outputLegend();
          logs.put(t.name, w);
        }
        t.interval.setStartTimeStamp(startEpochMillis + (long) (startSeconds * 1000));
        t.interval.setEndTimeStamp(startEpochMillis + (long) (endSeconds * 1000));
        w.outputIntervalHistogram(startSeconds, endSeconds, t.interval, 1_000_000.0);
      } catch (IOException | RuntimeException e) {
        failure = "cannot write " + t.name + ".hlog in " + dir + ": " + e.getMessage();
      }
    }
  }

  /** Writes every series measured: {@code histograms.hlog} and one {@code .hgrm} spectrum each. */
  public void totals(List<Metrics.Totals> operations, long endEpochMillis) {
    Map<String, Histogram> series = new LinkedHashMap<>();
    for (Metrics.Totals t : operations) {
      for (OperationRecorder.Series s : OperationRecorder.Series.values()) {
        Histogram h = t.total(s);
        if (h != null && h.getTotalCount() > 0) {
          boolean failed = s == OperationRecorder.Series.FAILED || s == OperationRecorder.Series.FAILED_INTENDED;
          series.put(OperationResult.seriesName(t.name, failed, s.intended()), h);
        }
      }
    }
    try {
      SeriesHistograms.write(dir, series, startEpochMillis, endEpochMillis);
      SeriesHistograms.writeSpectra(dir, series);
    } catch (IOException | RuntimeException e) {
      failure = "cannot write the histogram files in " + dir + ": " + e.getMessage();
    }
  }

  /** The last write failure, or null. */
  public String failure() {
    return failure;
  }

  @Override
  public void close() {
    logs.values().forEach(HistogramLogWriter::close);
    logs.clear();
  }
}
