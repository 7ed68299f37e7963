package io.github.ycsbkv.internal.memtier;

import io.github.ycsbkv.config.UserError;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * memtier_benchmark's {@code --hdr-file-prefix} files of one run, as memtier 2.3's {@code run_stats::save_hdr_*}
 * names and fills them: for the whole run {@code PREFIX_FULL_RUN_N}, and for each command {@code
 * PREFIX_NAME_command_run_N} (in the SET/GET mode {@code SET} and {@code GET}), each as {@code .txt}, the percentile
 * distribution in milliseconds (ten steps per halving of the remaining tail, memtier's granularity), and {@code
 * .hgrm}, the histogram in microseconds as one interval of HdrHistogram's log format (the run's start and end). A
 * histogram without a request gets no file, as memtier's.
 *
 * <p>Both are laid out as the C library memtier uses (HdrHistogram_c) writes them, from HdrHistogram's own iteration
 * and encoding; the values have three significant digits where memtier's have two. memtier keeps a histogram per
 * {@code --command} line and writes each to its command's file, so of two lines of one command the last line's file
 * is kept; ycsb-kv counts a command's requests together (memtier's default {@code --command-stats-breakdown=command})
 * and writes them all to the one file.
 */
final class MemtierHdrFiles {

  /** memtier's {@code LATENCY_HDR_GRANULARITY}: percentile ticks per half distance. */
  static final int TICKS_PER_HALF_DISTANCE = 10;

  private MemtierHdrFiles() {}

  /** The files' base names (before {@code .txt} and {@code .hgrm}) of run {@code number}, with their histograms. */
  static Map<String, Row> files(String prefix, int number, MemtierOutput.Run run, boolean setGet) {
    Map<String, Row> out = new LinkedHashMap<>();
    MemtierOutput.Row totals = run.totals();
    out.put(prefix + "_FULL_RUN_" + number, new Row("Full Run", totals.micros()));
    List<MemtierOutput.Row> rows = new ArrayList<>(run.rows());
    rows.remove(totals);
    if (setGet) {
      // memtier's order: GET, then SET; no file of its waits.
      rows.removeIf(r -> !r.command().equals("SET") && !r.command().equals("GET"));
      rows.sort((x, y) -> x.command().compareTo(y.command()));
    }
    for (MemtierOutput.Row r : rows) {
      out.put(prefix + "_" + r.command() + "_command_run_" + number, new Row(r.command(), r.micros()));
    }
    out.values().removeIf(r -> r.micros().getTotalCount() == 0);
    return out;
  }

  /** A file's histogram (microseconds) and the name its header gives it. */
  record Row(String name, Histogram micros) {}

  /**
   * Writes run {@code number}'s files, saying each as memtier does (and, after the first run's, which commands share a
   * file); false (after one line on {@code err}) when one could not be written.
   */
  static boolean write(MemtierArgs a, int number, MemtierOutput.Run run, PrintWriter err) {
    for (Map.Entry<String, Row> f : files(a.hdrFilePrefix, number, run, a.commands.isEmpty()).entrySet()) {
      String header = f.getValue().name() + " command HDR latency histogram results";
      Path txt = Path.of(f.getKey() + ".txt");
      Path hgrm = Path.of(f.getKey() + ".hgrm");
      try {
        err.println("Writing " + f.getValue().name() + " command HDR latency histogram results to " + txt + "...");
        writeText(txt, f.getValue().micros());
        err.println("Writing " + f.getValue().name() + " command HDR latency histogram results in"
            + " HistogramLogProcessor format to " + hgrm + "...");
        writeLog(hgrm, header, f.getValue().micros(), run.startMillis(), run.finishMillis());
      } catch (java.nio.file.NoSuchFileException e) {
        err.println("ycsb: cannot write --hdr-file-prefix file '" + e.getFile() + "': its directory does not exist"
            + " (memtier does not make it either); give a prefix in an existing directory");
        return false;
      } catch (IOException e) {
        err.println("ycsb: cannot write --hdr-file-prefix file '" + f.getKey() + "': " + UserError.describe(e));
        return false;
      }
    }
    List<String> shared = sharedNames(a);
    if (!shared.isEmpty() && number == 1) {
      err.println("ycsb-kv memtier: --hdr-file-prefix: the --command lines of " + String.join(", ", shared)
          + " share their command's file, with all their requests (memtier writes each line's to it in turn, the"
          + " last line's kept)");
    }
    return true;
  }

  /** Command names that more than one {@code --command} line has, upper case (memtier's, as the rows name them). */
  static List<String> sharedNames(MemtierArgs a) {
    List<String> seen = new ArrayList<>();
    List<String> shared = new ArrayList<>();
    for (String name : a.commandTypes()) {
      if (seen.contains(name) && !shared.contains(name)) {
        shared.add(name);
      }
      seen.add(name);
    }
    return shared;
  }

  /**
   * The percentile distribution in milliseconds, as memtier's {@code .txt} (HdrHistogram_c's classic table: {@code
   * %12.Nf %12f %12d %12.2f} a line, N the histogram's significant digits, {@code inf} on the last), the percentiles
   * HdrHistogram's own iteration.
   */
  static String text(Histogram micros) {
    StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "%12s %12s %12s %12s%n%n", "Value", "Percentile",
        "TotalCount", "1/(1-Percentile)"));
    String line = "%12." + micros.getNumberOfSignificantValueDigits() + "f %12f %12d %12s%n";
    for (HistogramIterationValue v : micros.percentiles(TICKS_PER_HALF_DISTANCE)) {
      double percentile = v.getPercentileLevelIteratedTo() / 100.0;
      String inverted = percentile >= 1.0 ? "inf" : String.format(Locale.ROOT, "%.2f", 1.0 / (1.0 - percentile));
      sb.append(String.format(Locale.ROOT, line, v.getValueIteratedTo() / 1000.0, percentile,
          v.getTotalCountToThisValue(), inverted));
    }
    sb.append(String.format(Locale.ROOT, "#[Mean    = %12.3f, StdDeviation   = %12.3f]%n", micros.getMean() / 1000.0,
        micros.getStdDeviation() / 1000.0));
    sb.append(String.format(Locale.ROOT, "#[Max     = %12.3f, Total count    = %12d]%n",
        micros.getMaxValue() / 1000.0, micros.getTotalCount()));
    // The buckets: HdrHistogram's own line (its layout is not public otherwise).
    ByteArrayOutputStream own = new ByteArrayOutputStream();
    micros.outputPercentileDistribution(new PrintStream(own, true, StandardCharsets.UTF_8), 1, 1000.0);
    own.toString(StandardCharsets.UTF_8).lines().filter(l -> l.startsWith("#[Buckets")).findFirst()
        .ifPresent(l -> sb.append(l).append(System.lineSeparator()));
    return sb.toString();
  }

  static void writeText(Path file, Histogram micros) throws IOException {
    Files.writeString(file, text(micros), StandardCharsets.UTF_8);
  }

  /**
   * One interval of HdrHistogram's log format, in microseconds, as memtier's {@code .hgrm} (HdrHistogram_c's log
   * writer: the header in brackets, its version line, the start, the columns {@code StartTimestamp},
   * {@code EndTimestamp}, {@code Interval_Max} and the compressed histogram).
   */
  static String log(String header, Histogram micros, long startMillis, long endMillis) {
    String started = DateTimeFormatter.ofPattern("EEE MMM HH:mm:ss zzz yyyy", Locale.ROOT)
        .format(Instant.ofEpochMilli(startMillis).atZone(ZoneId.systemDefault()));
    return "#[" + header + "]\n"
        + "#[Histogram log format version 1.2]\n"
        + String.format(Locale.ROOT, "#[StartTime: %.3f (seconds since epoch), %s]%n", startMillis / 1000.0, started)
        + "\"StartTimestamp\",\"EndTimestamp\",\"Interval_Max\",\"Interval_Compressed_Histogram\"\n"
        + String.format(Locale.ROOT, "%.3f,%.3f,%d.0,%s%n", startMillis / 1000.0,
        Math.max(startMillis, endMillis) / 1000.0, micros.getMaxValue(), MemtierOutput.compressed(micros));
  }

  static void writeLog(Path file, String header, Histogram micros, long startMillis, long endMillis)
      throws IOException {
    Files.writeString(file, log(header, micros, startMillis, endMillis), StandardCharsets.UTF_8);
  }
}
