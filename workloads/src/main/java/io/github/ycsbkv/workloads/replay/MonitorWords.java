package io.github.ycsbkv.workloads.replay;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * The words of a command as {@code MONITOR} prints them: each in double quotes with the escapes of Redis's
 * {@code sdscatrepr} ({@code \"}, {@code \\}, {@code \n}, {@code \r}, {@code \t}, {@code \a}, {@code \b},
 * {@code \xHH}), read back as bytes (a line read one char per byte, ISO-8859-1, gives the bytes it held). Only quoted
 * words and known escapes, as a recording holds them: replay says a line it cannot read. (memtier's
 * {@code --monitor-input} lines are split as its {@code --command}s are, by the commands workload.) A closing quote
 * must end its word. Stateless.
 */
public final class MonitorWords {

  private MonitorWords() {}

  /** A line that cannot be split: {@link #getMessage} says what and at which column. */
  public static final class Malformed extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    Malformed(String message) {
      super(message);
    }
  }

  /** The quoted words of {@code line} from index {@code from}, as a recording holds them. */
  static byte[][] strict(String line, int from) {
    List<byte[]> words = new ArrayList<>();
    int n = line.length();
    int i = from;
    while (i < n) {
      char c = line.charAt(i);
      if (Character.isWhitespace(c)) {
        i++;
      } else if (c == '"') {
        i = quoted(line, i + 1, words);
      } else {
        throw new Malformed("expected a quoted word at column " + (i + 1) + ", got: " + abbreviate(line));
      }
    }
    return words.toArray(new byte[0][]);
  }

  /** A double-quoted word from {@code i} (after its opening quote); the index after its closing quote. */
  private static int quoted(String line, int i, List<byte[]> words) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(16);
    int n = line.length();
    while (i < n) {
      char c = line.charAt(i);
      if (c == '"') {
        closed(line, i);
        words.add(out.toByteArray());
        return i + 1;
      }
      if (c != '\\' || i + 1 >= n) {
        out.write(c & 0xff);
        i++;
        continue;
      }
      char e = line.charAt(i + 1);
      boolean hex = e == 'x' && i + 3 < n && Character.digit(line.charAt(i + 2), 16) >= 0
          && Character.digit(line.charAt(i + 3), 16) >= 0;
      switch (e) {
        case 'n' -> out.write('\n');
        case 'r' -> out.write('\r');
        case 't' -> out.write('\t');
        case 'a' -> out.write(7);
        case 'b' -> out.write('\b');
        case '"', '\\' -> out.write(e);
        default -> {
          if (hex) {
            out.write(Character.digit(line.charAt(i + 2), 16) * 16 + Character.digit(line.charAt(i + 3), 16));
            i += 2;
          } else {
            throw new Malformed(e == 'x' ? "'\\x' without two hex digits at column " + (i + 1)
                : "unknown escape '\\" + e + "' at column " + (i + 1));
          }
        }
      }
      i += 2;
    }
    throw new Malformed("a quoted word without its closing quote");
  }

  /** A closing quote at {@code i} must end its word (a space or the line's end after it), as sdssplitargs says. */
  private static void closed(String line, int i) {
    if (i + 1 < line.length() && !Character.isWhitespace(line.charAt(i + 1))) {
      throw new Malformed("a closing quote must be followed by a space, at column " + (i + 2) + ": "
          + abbreviate(line));
    }
  }

  static String abbreviate(String line) {
    return line.length() <= 80 ? line : line.substring(0, 77) + "...";
  }
}
