package io.github.ycsbkv.engine;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
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
 * interval maximum in milliseconds, the convention HdrHistogram's {@code HistogramLogProcessor} reads), and per series the full percentile spectrum
 * ({@code READ.hgrm}, {@code READ-FAILED.hgrm}, {@code Intended-READ.hgrm}: HdrHistogram's
 * {@code outputPercentileDistribution}, values in microseconds).
 *
 * <p>Used by the sampler thread and then by the engine once the clients finished, never at the same
 * time. A file that cannot be written becomes a warning, not a failed run.
 */
final class HistogramExports implements AutoCloseable {

  private final Path dir;
  private final long startEpochMillis;
  private final Map<String, HistogramLogWriter> logs = new LinkedHashMap<>();
  private String failure;

  HistogramExports(Path dir, long startEpochMillis) {
    this.dir = dir;
    this.startEpochMillis = startEpochMillis;
  }

  /** Appends one interval of every operation to its {@code .hlog}. */
  void intervals(List<Metrics.Totals> operations, double startSeconds, double endSeconds) {
    for (Metrics.Totals t : operations) {
      if (t.name.equals(TimedDB.CLEANUP)) {
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

  /** Writes the {@code .hgrm} percentile spectrum of every series measured. */
  void totals(List<Metrics.Totals> operations) {
    for (Metrics.Totals t : operations) {
      write(t.name, t.total(OperationRecorder.Series.OK));
      write(t.name + "-FAILED", t.total(OperationRecorder.Series.FAILED));
      write("Intended-" + t.name, t.total(OperationRecorder.Series.OK_INTENDED));
      write("Intended-" + t.name + "-FAILED", t.total(OperationRecorder.Series.FAILED_INTENDED));
    }
  }

  private void write(String name, Histogram h) {
    if (h == null || h.getTotalCount() == 0) {
      return;
    }
    try {
      Files.createDirectories(dir);
      try (PrintStream out = new PrintStream(Files.newOutputStream(dir.resolve(name + ".hgrm")), false,
          StandardCharsets.UTF_8)) {
        out.println("# ycsb-kv " + name + ": values in microseconds");
        h.outputPercentileDistribution(out, 1000.0);
      }
    } catch (IOException | RuntimeException e) {
      failure = "cannot write " + name + ".hgrm in " + dir + ": " + e.getMessage();
    }
  }

  /** The last write failure, or null. */
  String failure() {
    return failure;
  }

  @Override
  public void close() {
    logs.values().forEach(HistogramLogWriter::close);
    logs.clear();
  }
}
