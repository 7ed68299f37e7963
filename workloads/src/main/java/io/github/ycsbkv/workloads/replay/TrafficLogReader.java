package io.github.ycsbkv.workloads.replay;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Dragonfly's traffic log, as {@code DEBUG TRAFFIC START <path>/<prefix>} writes it: a file per server thread
 * ({@code prefix-000.bin}, {@code prefix-001.bin}, ...), each a byte of format version (2, or 3 followed by a byte of
 * listener type: 1 the main RESP port, 2 memcached, 3 the admin RESP port), then records of little-endian fields: the
 * connection's id (u32), the time in nanoseconds since the epoch (u64), the database (u32), flags (u32: bit 0, more of
 * the same pipeline follows), the number of words (u32), each word's length (u32 each), then the words' bytes. Given
 * one file of such a set, the reader reads every file of the set and merges their records by time (each file is in
 * time order). Each connection is a client ({@code conn:ID}); the database and the pipeline flags are not kept (each
 * command is sent on its own). Layout read from Dragonfly's replay tool (dragonflydb/dragonfly, {@code
 * tools/replay/parsing.go} and {@code main.go}) and checked against Dragonfly 1.40.1's files.
 */
final class TrafficLogReader extends RecordingReader {

  /** A set's file: {@code prefix-NNN.bin}. */
  private static final Pattern SET_FILE = Pattern.compile("(.*)-(\\d+)\\.bin");
  /** Words per command and bytes per word beyond which a record is taken as corrupt. */
  private static final int MAX_WORDS = 1 << 20;
  private static final int MAX_WORD = 512 << 20;

  private final PriorityQueue<Head> heads = new PriorityQueue<>((a, b) -> Long.compare(a.next.micros(),
      b.next.micros()));
  private final List<DataInputStream> open = new ArrayList<>();

  /** A file of the set and its next record. */
  private final class Head {
    final Path file;
    final DataInputStream in;
    long records;
    Recorded next;

    Head(Path file, DataInputStream in) {
      this.file = file;
      this.in = in;
    }
  }

  TrafficLogReader(Path path) {
    super(path, false);
    try {
      for (Path f : set(path)) {
        DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(f), 1 << 16));
        open.add(in);
        Head h = new Head(f, in);
        header(h);
        if (advance(h)) {
          heads.add(h);
        }
      }
    } catch (IOException e) {
      close();
      throw new UncheckedIOException("cannot read recording " + path + ": " + e.getMessage(), e);
    }
  }

  /** {@code path} and the other files of its set, in name order; {@code path} alone when it is not of a set. */
  static List<Path> set(Path path) throws IOException {
    Matcher m = SET_FILE.matcher(path.getFileName().toString());
    if (!m.matches()) {
      return List.of(path);
    }
    Path dir = path.toAbsolutePath().getParent();
    List<Path> files = new ArrayList<>();
    try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, m.group(1).replace("*", "\\*") + "-*.bin")) {
      for (Path p : ds) {
        if (SET_FILE.matcher(p.getFileName().toString()).matches()) {
          files.add(p);
        }
      }
    }
    files.sort(null);
    return files;
  }

  /** Whether {@code first} (a file's first bytes) begins a traffic log: version 2, or 3 and a listener type. */
  static boolean looksLikeOne(byte[] first, int n) {
    return n >= 1 && (first[0] == 2 || first[0] == 3 && n >= 2 && first[1] >= 1 && first[1] <= 3);
  }

  private void header(Head h) throws IOException {
    int version = h.in.read();
    if (version == 3) {
      int listener = h.in.read();
      if (listener == 2) {
        throw new MalformedRecording(h.file.toString(), "its header", "a log of Dragonfly's memcached port; a replay"
            + " sends RESP (record the RESP port)");
      }
      if (listener != 1 && listener != 3) {
        throw new MalformedRecording(h.file.toString(), "its header", "unknown listener type " + listener);
      }
    } else if (version != 2) {
      throw new MalformedRecording(h.file.toString(), "its header", "not a Dragonfly traffic log (format version "
          + version + "; versions 2 and 3 are read)");
    }
  }

  /** Reads {@code h}'s next record into {@code h.next}; false at the end of its file. */
  private boolean advance(Head h) {
    try {
      long client;
      try {
        client = Integer.toUnsignedLong(Integer.reverseBytes(h.in.readInt()));
      } catch (EOFException e) {
        return false;
      }
      long nanos = Long.reverseBytes(h.in.readLong());
      h.in.readInt(); // the database: not kept
      h.in.readInt(); // flags: each command is sent on its own
      int words = Integer.reverseBytes(h.in.readInt());
      if (words <= 0 || words > MAX_WORDS) {
        throw new MalformedRecording(h.file.toString(), "record " + (h.records + 1), "a command of " + words
            + " words");
      }
      int[] lengths = new int[words];
      for (int i = 0; i < words; i++) {
        lengths[i] = Integer.reverseBytes(h.in.readInt());
        if (lengths[i] < 0 || lengths[i] > MAX_WORD) {
          throw new MalformedRecording(h.file.toString(), "record " + (h.records + 1), "a word of "
              + Integer.toUnsignedString(lengths[i]) + " bytes");
        }
      }
      byte[][] args = new byte[words][];
      for (int i = 0; i < words; i++) {
        args[i] = new byte[lengths[i]];
        h.in.readFully(args[i]);
      }
      h.records++;
      h.next = new Recorded(nanos / 1000, "conn:" + client, args);
      return true;
    } catch (EOFException e) {
      throw new MalformedRecording(h.file.toString(), "record " + (h.records + 1), "the file ends inside it");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read recording " + h.file + ": " + e.getMessage(), e);
    }
  }

  @Override
  Recorded next() {
    Head h;
    while ((h = heads.poll()) != null) {
      Recorded r = h.next;
      if (advance(h)) {
        heads.add(h);
      }
      if (!connectionsOwn(r)) {
        return r;
      }
    }
    return null;
  }

  @Override
  public void close() {
    for (InputStream in : open) {
      try {
        in.close();
      } catch (IOException e) {
        // read only: nothing to lose
      }
    }
  }
}
