package io.github.ycsbkv.workloads.replay;

import java.io.BufferedReader;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reads a recording line by line, streamed (memory does not grow with the file): {@link #next} gives each command to
 * replay, in the file's order, and counts the lines it leaves out by why ({@link #skipped}). A line it cannot read is
 * a {@link MalformedRecording} naming the file and line. Not thread-safe: one reader per thread.
 */
abstract class RecordingReader implements Closeable {

  private final BufferedReader in;
  private final String file;
  private long lineNumber;
  private final Map<String, Long> skipped = new LinkedHashMap<>();

  /** A reader of text lines from {@code path}. */
  RecordingReader(Path path) {
    this(path, true);
  }

  /** {@code text}: lines are read through {@link #line}; else the subclass reads the file itself. */
  RecordingReader(Path path, boolean text) {
    this.file = path.toString();
    if (!text) {
      this.in = null;
      return;
    }
    try {
      // One char per byte: the bytes a recording holds come back as they were (ISO-8859-1 is one to one).
      this.in = Files.newBufferedReader(path, StandardCharsets.ISO_8859_1);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read recording " + file + ": " + e.getMessage(), e);
    }
  }

  /** The file's name as said in messages. */
  final String file() {
    return file;
  }

  /** The next command, or null at the end of the file. */
  abstract Recorded next();

  /** The next line, or null at the end; {@link #lineNumber} is then its number. */
  final String line() {
    try {
      String line = in.readLine();
      if (line != null) {
        lineNumber++;
      }
      return line;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read recording " + file + " after line " + lineNumber + ": "
          + e.getMessage(), e);
    }
  }

  final long lineNumber() {
    return lineNumber;
  }

  final MalformedRecording malformed(String what) {
    return new MalformedRecording(file, lineNumber, what);
  }

  /** A field that must be a whole number, at least 0 ({@code name} in the message of a malformed line). */
  final long number(String field, String name) {
    String t = field.trim();
    try {
      long v = Long.parseLong(t);
      if (v < 0) {
        throw malformed(name + " must not be negative, got " + t);
      }
      return v;
    } catch (NumberFormatException e) {
      throw malformed(name + " must be a whole number, got '" + t + "'");
    }
  }
  /** Commands about the connection itself, which a replay's own connections make for themselves. */
  static final java.util.Set<String> CONNECTION = java.util.Set.of("AUTH", "HELLO", "SELECT", "CLIENT", "QUIT",
      "RESET", "MONITOR", "SYNC", "PSYNC", "REPLCONF", "READONLY", "READWRITE");
  private static final String CONNECTION_SKIPPED = "the connection's own commands ("
      + String.join(", ", new java.util.TreeSet<>(CONNECTION)) + ")";

  /** Whether {@code r} is one of the connection's own commands, which a replay leaves out: counted if so. */
  final boolean connectionsOwn(Recorded r) {
    if (CONNECTION.contains(r.name())) {
      skip(CONNECTION_SKIPPED);
      return true;
    }
    return false;
  }

  /** Counts a line left out, by why. */
  final void skip(String why) {
    skipped.merge(why, 1L, Long::sum);
  }

  /** The lines left out so far, by why, in the order each reason was first met. */
  final Map<String, Long> skipped() {
    return skipped;
  }

  @Override
  public void close() {
    if (in == null) {
      return;
    }
    try {
      in.close();
    } catch (IOException e) {
      // nothing was written; nothing to lose
    }
  }
}
