package io.github.ycsbkv.workloads.replay;

import java.io.ByteArrayOutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Redis's {@code MONITOR} output, as Redis, Valkey, KeyDB and Dragonfly print it and {@code redis-cli monitor} saves
 * it: {@code 1764031576.604009 [0 127.0.0.1:51682] "SET" "key1" "value1"}, each word quoted with the escapes of
 * Redis's {@code sdscatrepr} ({@code \"}, {@code \\}, {@code \n}, {@code \r}, {@code \t}, {@code \a}, {@code \b},
 * {@code \xHH}). Also memtier_benchmark's {@code --monitor-input} lines, which may begin with a {@code [ proxy ]}
 * tag. The client is the address in brackets (the database number is not kept). Left out, and counted: the
 * {@code OK} that {@code redis-cli monitor} prints first, blank lines, commands a script ran ({@code [0 lua]}: the
 * script's {@code EVAL} is replayed and runs them again), and the connection's own commands ({@link
 * RecordingReader#CONNECTION}), which the binding's connection makes for itself.
 */
final class MonitorReader extends RecordingReader {

  MonitorReader(Path path) {
    super(path);
  }

  @Override
  Recorded next() {
    String line;
    while ((line = line()) != null) {
      Recorded r = parse(line);
      if (r != null) {
        return r;
      }
    }
    return null;
  }

  private Recorded parse(String line) {
    int n = line.length();
    int i = 0;
    if (line.isBlank() || line.equals("OK")) {
      skip("blank lines and redis-cli's OK");
      return null;
    }
    if (line.charAt(0) == '[') { // memtier's tag: "[ proxy49 ] 1764031576.604009 [0 ...] ..."
      int close = line.indexOf(']');
      if (close < 0) {
        throw malformed("a '[' tag without its ']'");
      }
      i = close + 1;
      while (i < n && line.charAt(i) == ' ') {
        i++;
      }
    }
    int space = line.indexOf(' ', i);
    if (space < 0) {
      throw malformed("expected 'SECONDS.MICROS [DB CLIENT] \"COMMAND\" ...', got: " + abbreviate(line));
    }
    long micros = micros(line, i, space);
    i = space + 1;
    if (i >= n || line.charAt(i) != '[') {
      throw malformed("expected '[DB CLIENT]' after the time, got: " + abbreviate(line));
    }
    int close = line.indexOf(']', i);
    int dbEnd = line.indexOf(' ', i);
    if (close < 0 || dbEnd < 0 || dbEnd > close) {
      throw malformed("expected '[DB CLIENT]' after the time, got: " + abbreviate(line));
    }
    String client = line.substring(dbEnd + 1, close);
    List<byte[]> words = new ArrayList<>();
    i = close + 1;
    while (i < n) {
      char c = line.charAt(i);
      if (c == ' ') {
        i++;
      } else if (c == '"') {
        i = word(line, i + 1, words);
      } else {
        throw malformed("expected a quoted word at column " + (i + 1) + ", got: " + abbreviate(line));
      }
    }
    if (words.isEmpty()) {
      throw malformed("a command without words: " + abbreviate(line));
    }
    Recorded r = new Recorded(micros, client, words.toArray(new byte[0][]));
    if (client.equals("lua")) {
      skip("commands a script ran (its EVAL is replayed)");
      return null;
    }
    return connectionsOwn(r) ? null : r;
  }

  /** {@code SECONDS.FRACTION} (any number of digits) as microseconds. */
  private long micros(String line, int from, int to) {
    long seconds = 0;
    long fraction = 0;
    int digits = -1;
    for (int k = from; k < to; k++) {
      char c = line.charAt(k);
      if (c == '.' && digits < 0) {
        digits = 0;
      } else if (c >= '0' && c <= '9' && k - from < 19) {
        if (digits < 0) {
          seconds = seconds * 10 + (c - '0');
        } else if (digits < 6) {
          fraction = fraction * 10 + (c - '0');
          digits++;
        }
      } else {
        throw malformed("expected the time as SECONDS.MICROS, got '" + line.substring(from, to) + "'");
      }
    }
    if (to == from) {
      throw malformed("expected the time as SECONDS.MICROS at the line's start");
    }
    for (int d = Math.max(digits, 0); d < 6; d++) {
      fraction *= 10;
    }
    return seconds * 1_000_000L + fraction;
  }

  /** Reads a quoted word from {@code i} (after its opening quote); returns the index after its closing quote. */
  private int word(String line, int i, List<byte[]> words) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(16);
    int n = line.length();
    while (i < n) {
      char c = line.charAt(i);
      if (c == '"') {
        words.add(out.toByteArray());
        return i + 1;
      }
      if (c == '\\') {
        if (i + 1 >= n) {
          break;
        }
        char e = line.charAt(i + 1);
        switch (e) {
          case 'n' -> out.write('\n');
          case 'r' -> out.write('\r');
          case 't' -> out.write('\t');
          case 'a' -> out.write(7);
          case 'b' -> out.write('\b');
          case '"', '\\' -> out.write(e);
          case 'x' -> {
            if (i + 3 >= n || Character.digit(line.charAt(i + 2), 16) < 0
                || Character.digit(line.charAt(i + 3), 16) < 0) {
              throw malformed("'\\x' without two hex digits at column " + (i + 1));
            }
            out.write(Character.digit(line.charAt(i + 2), 16) * 16 + Character.digit(line.charAt(i + 3), 16));
            i += 2;
          }
          default -> throw malformed("unknown escape '\\" + e + "' at column " + (i + 1));
        }
        i += 2;
      } else {
        out.write(c & 0xff);
        i++;
      }
    }
    throw malformed("a quoted word without its closing quote");
  }

  private static String abbreviate(String line) {
    return line.length() <= 80 ? line : line.substring(0, 77) + "...";
  }
}
