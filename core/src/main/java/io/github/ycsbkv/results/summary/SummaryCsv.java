package io.github.ycsbkv.results.summary;

import io.github.ycsbkv.results.BenchmarkResult;
import io.github.ycsbkv.results.LatencyStats;
import io.github.ycsbkv.results.OperationResult;
import io.github.ycsbkv.results.PercentileValue;
import io.github.ycsbkv.results.ResultJson;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

/**
 * {@code summary.csv}: one row per operation, outcome and kind of latency, with stable column names
 * that carry their unit. Columns: {@code operation, outcome (ok|failed), latency (service|response),
 * count, errors, meanMicros, minMicros, maxMicros, stdDevMicros}, then one {@code p<percentile>Micros}
 * per configured percentile (as in {@code result.json}). {@code errors} is the operation's, on its
 * {@code ok}/{@code service} row. Stateless and thread-safe.
 */
public final class SummaryCsv {

  /** The file name inside {@code export.dir}. */
  public static final String FILE_NAME = "summary.csv";

  private SummaryCsv() {}

  /** The CSV text. */
  public static String format(BenchmarkResult r) {
    StringBuilder sb = new StringBuilder("operation,outcome,latency,count,errors,meanMicros,minMicros,maxMicros,"
        + "stdDevMicros");
    for (double p : r.percentiles()) {
      sb.append(',').append(ResultJson.percentileField(p));
    }
    sb.append('\n');
    for (OperationResult op : r.operationResults()) {
      Map<String, LatencyStats> rows = new java.util.LinkedHashMap<>();
      rows.put("ok,service", op.serviceOk());
      rows.put("failed,service", op.serviceFailed());
      rows.put("ok,response", op.responseOk());
      rows.put("failed,response", op.responseFailed());
      for (Map.Entry<String, LatencyStats> row : rows.entrySet()) {
        LatencyStats s = row.getValue();
        if (s == null) {
          continue;
        }
        sb.append(op.operation()).append(',').append(row.getKey()).append(',').append(s.count()).append(',')
            .append(row.getKey().equals("ok,service") ? op.errors() : 0);
        for (double v : new double[] {s.meanMicros(), s.minMicros(), s.maxMicros(), s.stdDevMicros()}) {
          sb.append(',').append(num(v));
        }
        for (PercentileValue p : s.percentiles()) {
          sb.append(',').append(num(p.micros()));
        }
        sb.append('\n');
      }
    }
    return sb.toString();
  }

  /** Writes {@code dir/summary.csv}. */
  public static Path write(BenchmarkResult r, Path dir) throws IOException {
    Files.createDirectories(dir);
    Path file = dir.resolve(FILE_NAME);
    Files.writeString(file, format(r), StandardCharsets.UTF_8);
    return file;
  }

  private static String num(double v) {
    return String.format(Locale.US, "%.3f", v);
  }
}
