package io.github.ycsbkv.workloads.replay;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The recording formats a replay reads, by the name {@code replay.format} gives, each with its reader; {@code auto}
 * tells them apart by the file's first bytes (a traffic log's version byte, MONITOR's quoted words, a trace's seven
 * fields).
 */
enum RecordingFormat {
  /** Redis's MONITOR output (Redis, Valkey, KeyDB, Dragonfly; memtier's --monitor-input). */
  MONITOR(MonitorReader::new),
  /** Twitter's cache traces (CSV). */
  TWITTER(CacheTraceReader::new),
  /** Dragonfly's traffic log ({@code DEBUG TRAFFIC}), a set of binary files. */
  DRAGONFLY(TrafficLogReader::new);

  private final Function<Path, RecordingReader> open;

  RecordingFormat(Function<Path, RecordingReader> open) {
    this.open = open;
  }

  RecordingReader open(Path file) {
    return open.apply(file);
  }

  /** The format named {@code name}; {@code auto} (or none) reads it from the file's first line that is not blank. */
  static RecordingFormat of(String name, Path file) {
    String n = name == null ? "auto" : name.trim().toLowerCase(Locale.ROOT);
    if (n.equals("auto")) {
      return detect(file);
    }
    for (RecordingFormat f : values()) {
      if (f.name().toLowerCase(Locale.ROOT).equals(n)) {
        return f;
      }
    }
    throw new IllegalArgumentException("replay.format must be auto or one of " + names() + ", got '" + name + "'");
  }

  static String names() {
    return Arrays.stream(values()).map(f -> f.name().toLowerCase(Locale.ROOT)).collect(Collectors.joining(", "));
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
