package io.github.ycsbkv.workloads.replay;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * The recording formats a replay reads, by the name {@code replay.format} gives, each with its reader; {@code auto}
 * tells them apart by the file's first bytes (a traffic log's version byte, MONITOR's quoted words, a trace's seven
 * fields). A CSV of the user's own columns ({@code csv}) is named, never guessed: its columns are given in
 * {@value #CSV_COLUMNS}.
 */
final class RecordingFormat {
  /** Redis's MONITOR output (Redis, Valkey, KeyDB, Dragonfly; memtier's --monitor-input). */
  static final RecordingFormat MONITOR = new RecordingFormat("monitor", MonitorReader::new);
  /** Twitter's cache traces (CSV). */
  static final RecordingFormat TWITTER = new RecordingFormat("twitter", CacheTraceReader::new);
  /** Dragonfly's traffic log ({@code DEBUG TRAFFIC}), a set of binary files. */
  static final RecordingFormat DRAGONFLY = new RecordingFormat("dragonfly", TrafficLogReader::new);
  /** The property that names a CSV's columns, in order ({@code time,op,key,value_size}). */
  static final String CSV_COLUMNS = "replay.csv.columns";
  private static final List<String> NAMES = List.of("monitor", "twitter", "dragonfly", "csv");

  private final String name;
  private final Function<Path, RecordingReader> open;

  private RecordingFormat(String name, Function<Path, RecordingReader> open) {
    this.name = name;
    this.open = open;
  }

  /** A CSV whose columns {@code columns} names ({@link CsvReader.Columns}). */
  static RecordingFormat csv(String columns) {
    CsvReader.Columns c = CsvReader.Columns.parse(columns);
    return new RecordingFormat("csv", path -> new CsvReader(path, c));
  }

  /** Its name, as {@code replay.format} gives it. */
  String name() {
    return name;
  }

  RecordingReader open(Path file) {
    return open.apply(file);
  }

  /** {@link #of(String, String, Path)} without CSV columns. */
  static RecordingFormat of(String name, Path file) {
    return of(name, null, file);
  }

  /**
   * The format named {@code name} ({@code csv} with its {@code columns}); {@code auto} (or none) reads it from the
   * file's first line that is not blank.
   */
  static RecordingFormat of(String name, String columns, Path file) {
    String n = name == null ? "auto" : name.trim().toLowerCase(Locale.ROOT);
    if (columns != null && !columns.isBlank() && !n.equals("csv")) {
      throw new IllegalArgumentException(CSV_COLUMNS + " is for replay.format=csv; add it, or drop " + CSV_COLUMNS);
    }
    switch (n) {
      case "auto":
        return detect(file);
      case "monitor":
        return MONITOR;
      case "twitter":
        return TWITTER;
      case "dragonfly":
        return DRAGONFLY;
      case "csv":
        if (columns == null || columns.isBlank()) {
          throw new IllegalArgumentException("replay.format=csv needs its columns in order: -p " + CSV_COLUMNS
              + "=time,op,key,value_size (names: " + CsvReader.Columns.NAMES + "; - for a column to leave out)");
        }
        return csv(columns);
      default:
        throw new IllegalArgumentException("replay.format must be auto or one of " + names() + ", got '" + name
            + "'");
    }
  }

  static String names() {
    return String.join(", ", NAMES);
  }

  @Override
  public String toString() {
    return name;
  }

  private static RecordingFormat detect(Path file) {
    try (java.io.InputStream raw = Files.newInputStream(file)) {
      byte[] first = raw.readNBytes(2);
      if (TrafficLogReader.looksLikeOne(first, first.length)) {
        return DRAGONFLY;
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read recording " + file + ": " + e.getMessage(), e);
    }
    try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.ISO_8859_1)) {
      String line;
      while ((line = in.readLine()) != null) {
        if (line.isBlank() || line.equals("OK")) {
          continue;
        }
        if (line.contains("\"") && line.contains("[")) {
          return MONITOR;
        }
        if (line.split(",", -1).length == 7) {
          return TWITTER;
        }
        throw new IllegalArgumentException(file + ":1: neither a MONITOR line nor a 7-field cache-trace line;"
            + " name the format with replay.format=" + names().replace(", ", "|"));
      }
      throw new IllegalArgumentException("recording " + file + " holds no commands");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read recording " + file + ": " + e.getMessage(), e);
    }
  }
}
