package io.github.ycsbkv.workloads.replay;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A CSV of the user's own columns ({@code replay.format=csv}, {@code replay.csv.columns=time,op,key,value_size}): one
 * request a line, comma-separated, no quoting. Each column is named in order ({@link Columns#NAMES}; {@code -} leaves
 * one out): {@code time} (seconds, with a fraction: {@code 1764031576.604009}), {@code time_ms} or {@code time_us}
 * (whole milliseconds or microseconds), {@code op}, {@code key}, and optionally {@code value_size} (bytes, generated),
 * {@code client} (default: one client for the file) and {@code ttl} (seconds, 0: none). {@code op} is a cache's
 * operation, mapped to RESP as Twitter's traces are ({@link CacheTraceReader#command}: get, gets, set, add, replace,
 * cas, append, prepend, delete, incr, decr, touch), with {@code read}, {@code write}, {@code update}, {@code insert}
 * and {@code del} besides, in any case. A first line whose time is not a number is a header, left out.
 */
final class CsvReader extends RecordingReader {

  /** The columns of a CSV: the index of each field, or -1 when it has none. */
  record Columns(int time, long timeUnitsPerSecond, int op, int key, int valueSize, int client, int ttl, int count) {

    static final List<String> NAMES = List.of("time", "time_ms", "time_us", "op", "key", "value_size", "client",
        "ttl", "-");

    /** {@code text}'s columns, in order; an unknown or repeated name, or a missing time, op or key, is refused. */
    static Columns parse(String text) {
      String[] names = text.split(",", -1);
      int time = -1;
      long unit = 0;
      int op = -1;
      int key = -1;
      int valueSize = -1;
      int client = -1;
      int ttl = -1;
      List<String> seen = new ArrayList<>();
      for (int i = 0; i < names.length; i++) {
        String n = names[i].trim().toLowerCase(Locale.ROOT);
        if (!NAMES.contains(n)) {
          throw new IllegalArgumentException(RecordingFormat.CSV_COLUMNS + ": unknown column '" + names[i].trim()
              + "'; the names are " + String.join(", ", NAMES) + " (- for a column to leave out)");
        }
        if (!n.equals("-")) {
          String as = n.startsWith("time") ? "time" : n;
          if (seen.contains(as)) {
            throw new IllegalArgumentException(RecordingFormat.CSV_COLUMNS + ": " + as + " is named twice");
          }
          seen.add(as);
        }
        switch (n) {
          case "time" -> {
            time = i;
            unit = 1;
          }
          case "time_ms" -> {
            time = i;
            unit = 1_000;
          }
          case "time_us" -> {
            time = i;
            unit = 1_000_000;
          }
          case "op" -> op = i;
          case "key" -> key = i;
          case "value_size" -> valueSize = i;
          case "client" -> client = i;
          case "ttl" -> ttl = i;
          default -> {
            // left out
          }
        }
      }
      if (time < 0 || op < 0 || key < 0) {
        throw new IllegalArgumentException(RecordingFormat.CSV_COLUMNS + " must name a time (time, time_ms or"
            + " time_us), op and key column, got '" + text + "'");
      }
      return new Columns(time, unit, op, key, valueSize, client, ttl, names.length);
    }
  }

  private final Columns columns;

  CsvReader(Path path, Columns columns) {
    super(path);
    this.columns = columns;
  }

  @Override
  Recorded next() {
    String line;
    while ((line = line()) != null) {
      if (line.isBlank()) {
        skip("blank lines");
        continue;
      }
      String[] f = line.split(",", -1);
      if (f.length != columns.count()) {
        throw malformed("expected " + columns.count() + " fields as " + RecordingFormat.CSV_COLUMNS + " names them,"
            + " got " + f.length);
      }
      String t = f[columns.time()].trim();
      if (lineNumber() == 1 && !t.isEmpty() && !Character.isDigit(t.charAt(0))) {
        skip("a header line");
        continue;
      }
      long micros = micros(t);
      String op = f[columns.op()].trim().toLowerCase(Locale.ROOT);
      long size = columns.valueSize() < 0 || f[columns.valueSize()].isBlank() ? 0
          : number(f[columns.valueSize()], "value_size");
      if (size > Integer.MAX_VALUE) {
        throw malformed("value_size " + size + " is over 2 GiB");
      }
      long ttl = columns.ttl() < 0 || f[columns.ttl()].isBlank() ? 0 : number(f[columns.ttl()], "ttl");
      byte[][] args = CacheTraceReader.command(alias(op), f[columns.key()].trim().getBytes(StandardCharsets.ISO_8859_1),
          (int) size, ttl);
      if (args == null) {
        skip("operations with no RESP command (" + op + ")");
        continue;
      }
      return new Recorded(micros, columns.client() < 0 ? "csv" : f[columns.client()].trim(), args);
    }
    return null;
  }

  /** The cache operation {@code op} stands for. */
  private static String alias(String op) {
    return switch (op) {
      case "read" -> "get";
      case "write", "update", "insert" -> "set";
      case "del" -> "delete";
      default -> op;
    };
  }

  /** A time field in microseconds. */
  private long micros(String t) {
    try {
      if (columns.timeUnitsPerSecond() == 1) {
        return new BigDecimal(t).movePointRight(6).setScale(0, java.math.RoundingMode.HALF_UP).longValueExact();
      }
      long v = Long.parseLong(t);
      return Math.multiplyExact(v, 1_000_000 / columns.timeUnitsPerSecond());
    } catch (NumberFormatException | ArithmeticException e) {
      throw malformed("the time must be a number" + (columns.timeUnitsPerSecond() == 1 ? " of seconds" : " (whole "
          + (columns.timeUnitsPerSecond() == 1_000 ? "milliseconds" : "microseconds") + ")") + ", got '" + t + "'");
    }
  }

}
