package io.github.ycsbkv.workloads;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import site.ycsb.WorkloadException;

/**
 * One command of the {@code commands} workload, parsed once from its text: words separated by spaces, quoted and
 * escaped as memtier_benchmark and redis-cli read a command ({@link #split}), the first the command's name, the others literal or with placeholders, which
 * {@link #args} fills for each operation:
 * <ul>
 *   <li>{@code __key__}: the operation's key, its prefix and a key number drawn by the command's key pattern (the same
 *       key wherever it appears; on a cluster the command goes to that key's node); {@code __key2__},
 *       {@code __key3__}, ...: more keys of the command, each drawn on its own the same way (on a cluster they must
 *       share a hash slot, which a key prefix with a hash tag gives);
 *   <li>{@code __data__}: random letters of the value size;
 *   <li>{@code __field__}: {@code field0} .. {@code field<fieldcount-1>}, drawn uniformly;
 *   <li>{@code __int(A,B)__}: a whole number from A to B, drawn uniformly;
 *   <li>{@code __score__}: a number from 0 to 1, drawn uniformly (a sorted set's score).
 * </ul>
 * memtier_benchmark's {@code --command} names the first two the same way. Immutable.
 */
final class CommandTemplate {

  /** A piece of a word: literal bytes, or a placeholder to fill. */
  private record Piece(Kind kind, byte[] literal, long low, long high) {}

  private enum Kind { LITERAL, KEY, DATA, FIELD, INT, SCORE }

  private static final Pattern PLACEHOLDER = Pattern.compile("__([a-z]+)([2-9]?)(?:\\((-?\\d+),(-?\\d+)\\))?__");

  private final String text;
  private final String name;
  private final List<List<Piece>> words;
  /** Keys it has: 0, 1 ({@code __key__}) or N ({@code __keyN__} the highest). */
  private final int keys;

  private CommandTemplate(String text, String name, List<List<Piece>> words, int keys) {
    this.text = text;
    this.name = name;
    this.words = words;
    this.keys = keys;
  }

  /**
   * {@code text} parsed; {@code name}: the operation name its latency is recorded under (null: the command's own,
   * upper-case). {@code where} names the property in errors.
   */
  static CommandTemplate parse(String text, String name, String where) throws WorkloadException {
    return of(split(text, where).toArray(new byte[0][]), text, name, where);
  }

  /**
   * {@code text} parsed as memtier_benchmark reads a {@code --command} (protocol.cpp {@code format_arbitrary_command}):
   * a word holding {@code __key__} is a key, with the text before and after its first {@code __key__}, and each such
   * word draws a key of its own, in the words' order ({@code MGET __key__ __key__} two keys, as memtier sends it); a
   * word holding {@code __data__} must be only that; any other text is sent as it is ({@code __field__},
   * {@code __key2__} included).
   */
  static CommandTemplate parseMemtier(String text, String name, String where) throws WorkloadException {
    return ofMemtier(split(text, where).toArray(new byte[0][]), text, name, where);
  }

  /** As {@link #parseMemtier}, the words given as their bytes (memtier's {@code --monitor-input} lines). */
  static CommandTemplate ofMemtier(byte[][] raw, String text, String name, String where) throws WorkloadException {
    if (raw.length == 0) {
      throw new WorkloadException(where + " is empty: give a command, for example 'SET __key__ __data__'");
    }
    List<List<Piece>> words = new ArrayList<>();
    int keys = 0;
    for (int w = 0; w < raw.length; w++) {
      String word = new String(raw[w], StandardCharsets.ISO_8859_1);
      int at = w == 0 ? -1 : word.indexOf(MEMTIER_KEY);
      List<Piece> pieces = new ArrayList<>(3);
      if (at >= 0) {
        if (at > 0) {
          pieces.add(literal(word.substring(0, at)));
        }
        pieces.add(new Piece(Kind.KEY, null, ++keys, 0));
        if (at + MEMTIER_KEY.length() < word.length()) {
          pieces.add(literal(word.substring(at + MEMTIER_KEY.length())));
        }
      } else if (w > 0 && word.contains(MEMTIER_DATA)) {
        if (!word.equals(MEMTIER_DATA)) {
          throw new WorkloadException(where + ": '" + word + "': the data placeholder cannot be combined with other"
              + " data (as memtier_benchmark refuses it)");
        }
        pieces.add(new Piece(Kind.DATA, null, 0, 0));
      } else {
        pieces.add(literal(word));
      }
      words.add(List.copyOf(pieces));
    }
    String first = new String(raw[0], StandardCharsets.ISO_8859_1);
    String operation = name != null && !name.isBlank() ? name.trim() : first.toUpperCase(Locale.ROOT);
    return new CommandTemplate(text.trim(), operation, List.copyOf(words), keys);
  }

  private static final String MEMTIER_KEY = "__key__";
  private static final String MEMTIER_DATA = "__data__";

  /**
   * A command given as its words' bytes ({@code text} as said in messages): as {@link #parse}, placeholders filled in
   * the same way, every other byte sent as it is.
   */
  static CommandTemplate of(byte[][] words, String text, String name, String where) throws WorkloadException {
    List<String> raw = new ArrayList<>();
    for (byte[] w : words) {
      raw.add(new String(w, StandardCharsets.ISO_8859_1));
    }
    return of(raw, text, name, where);
  }

  /** The words as ISO-8859-1 text, one char per byte, so that each literal piece is sent as the bytes it was. */
  private static CommandTemplate of(List<String> raw, String text, String name, String where)
      throws WorkloadException {
    if (raw.isEmpty()) {
      throw new WorkloadException(where + " is empty: give a command, for example 'ZADD __key__ __score__ __field__'");
    }
    if (PLACEHOLDER.matcher(raw.get(0)).find()) {
      throw new WorkloadException(where + ": the command's name cannot be a placeholder, got '" + raw.get(0) + "'");
    }
    List<List<Piece>> words = new ArrayList<>();
    int keys = 0;
    boolean first = false;
    for (String word : raw) {
      List<Piece> pieces = new ArrayList<>();
      Matcher m = PLACEHOLDER.matcher(word);
      int at = 0;
      while (m.find()) {
        if (m.start() > at) {
          pieces.add(literal(word.substring(at, m.start())));
        }
        if (!m.group(2).isEmpty() && !m.group(1).equals("key")) {
          throw new WorkloadException(where + ": unknown placeholder '" + m.group() + "' (only __key__ is numbered:"
              + " __key2__, __key3__, ...)");
        }
        Kind kind = switch (m.group(1)) {
          case "key" -> Kind.KEY;
          case "data" -> Kind.DATA;
          case "field" -> Kind.FIELD;
          case "int" -> Kind.INT;
          case "score" -> Kind.SCORE;
          default -> throw new WorkloadException(where + ": unknown placeholder '" + m.group() + "' (known: __key__,"
              + " __data__, __field__, __int(A,B)__, __score__)");
        };
        boolean bounded = m.group(3) != null;
        if (kind == Kind.INT != bounded) {
          throw new WorkloadException(where + ": '" + m.group() + "': " + (bounded ? "only __int__ takes a range"
              : "__int__ needs its range, as __int(1,100)__"));
        }
        int keyNumber = m.group(2).isEmpty() ? 1 : Integer.parseInt(m.group(2));
        long low = bounded ? Long.parseLong(m.group(3)) : kind == Kind.KEY ? keyNumber : 0;
        long high = bounded ? Long.parseLong(m.group(4)) : 0;
        if (bounded && low > high) {
          throw new WorkloadException(where + ": '" + m.group() + "': the range's first number is larger than its"
              + " last");
        }
        keys = kind == Kind.KEY ? Math.max(keys, keyNumber) : keys;
        first |= kind == Kind.KEY && keyNumber == 1;
        pieces.add(new Piece(kind, null, low, high));
        at = m.end();
      }
      if (at < word.length() || pieces.isEmpty()) {
        pieces.add(literal(word.substring(at)));
      }
      words.add(List.copyOf(pieces));
    }
    if (keys > 1 && !first) {
      throw new WorkloadException(where + ": __key2__ and on need __key__ too (a cluster routes the command by it)");
    }
    String operation = name != null && !name.isBlank() ? name.trim() : raw.get(0).toUpperCase(Locale.ROOT);
    return new CommandTemplate(text.trim(), operation, List.copyOf(words), keys);
  }

  private static Piece literal(String s) {
    return new Piece(Kind.LITERAL, s.getBytes(StandardCharsets.ISO_8859_1), 0, 0);
  }

  /**
   * Words separated by spaces, as memtier_benchmark splits a {@code --command} (config_types.cpp
   * {@code split_command_to_args}) and redis-cli a line ({@code sdssplitargs}): a quote opens a word or joins the
   * one begun; in double quotes {@code \xHH} is that byte and {@code \n}, {@code \r}, {@code \t}, {@code \b},
   * {@code \a} their characters, any other character after a backslash itself ({@code \"}, {@code \\}); in single
   * quotes {@code \'} is a quote; a closing quote must end its word. Text is sent in UTF-8, an escaped byte as it is.
   */
  static List<byte[]> split(String text, String where) throws WorkloadException {
    return split(text, where, StandardCharsets.UTF_8);
  }

  /**
   * As above, the text's characters sent in {@code charset}: ISO-8859-1 for a line read one char per byte (memtier's
   * {@code --monitor-input} file, which memtier splits with the same rules), so that its bytes are sent as they were.
   */
  static List<byte[]> split(String text, String where, java.nio.charset.Charset charset) throws WorkloadException {
    List<byte[]> out = new ArrayList<>();
    Word word = new Word(charset);
    char quote = 0;
    int n = text.length();
    for (int i = 0; i < n; i++) {
      char c = text.charAt(i);
      if (quote == 0) {
        if (Character.isWhitespace(c)) {
          word.end(out);
        } else if (c == '"' || c == '\'') {
          quote = c;
          word.any = true;
        } else {
          word.text.append(c);
          word.any = true;
        }
      } else if (c == '\\' && i + 1 < n && (quote == '"' || text.charAt(i + 1) == '\'')) {
        char e = text.charAt(++i);
        if (quote == '\'') {
          word.text.append('\'');
        } else if (e == 'x' && i + 2 < n && Character.digit(text.charAt(i + 1), 16) >= 0
            && Character.digit(text.charAt(i + 2), 16) >= 0) {
          word.raw(Character.digit(text.charAt(i + 1), 16) * 16 + Character.digit(text.charAt(i + 2), 16));
          i += 2;
        } else {
          word.text.append(switch (e) {
            case 'n' -> '\n';
            case 'r' -> '\r';
            case 't' -> '\t';
            case 'b' -> '\b';
            case 'a' -> (char) 7;
            default -> e;
          });
        }
      } else if (c == quote) {
        if (i + 1 < n && !Character.isWhitespace(text.charAt(i + 1))) {
          throw new WorkloadException(where + ": a closing quote must be followed by a space (as memtier_benchmark"
              + " and redis-cli split a command), at column " + (i + 2) + " of '" + text.trim() + "'");
        }
        quote = 0;
        word.end(out);
      } else {
        word.text.append(c);
      }
    }
    if (quote != 0) {
      throw new WorkloadException(where + ": a " + (quote == '"' ? "double" : "single") + " quote is not closed in '"
          + text.trim() + "'");
    }
    word.end(out);
    return out;
  }

  /** A word being split: its bytes so far, the text after them, and whether it has begun (an empty quoted word). */
  private static final class Word {
    final java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
    final StringBuilder text = new StringBuilder();
    final java.nio.charset.Charset charset;
    boolean any;

    Word(java.nio.charset.Charset charset) {
      this.charset = charset;
    }

    /** A byte given by its escape, after the text before it in the charset. */
    void raw(int b) {
      flush();
      bytes.write(b);
    }

    private void flush() {
      bytes.writeBytes(text.toString().getBytes(charset));
      text.setLength(0);
    }

    /** The word, if one began, added to {@code out}; then a new one. */
    void end(List<byte[]> out) {
      if (any) {
        flush();
        out.add(bytes.toByteArray());
        bytes.reset();
        any = false;
      }
    }
  }

  /** The operation name its latency is recorded under. */
  String name() {
    return name;
  }

  String text() {
    return text;
  }

  /** How many words it sends, its name included. */
  int words() {
    return words.size();
  }

  /** Whether it has a key ({@code __key__}); one without goes to any node of a cluster. */
  boolean keyed() {
    return keys > 0;
  }

  /** The keys it has ({@code __key__} 1, {@code __keyN__} the highest N; in memtier's syntax, its key words). */
  int keys() {
    return keys;
  }

  /** What one operation fills in: its keys, the value size, the field count and the random source. */
  interface Fill {
    /** Key {@code n} of the operation (1: {@code __key__}). */
    String key(int n);

    byte[] data();

    int fieldCount();

    SplittableRandom random();
  }

  /** The words of one operation, placeholders filled. */
  byte[][] args(Fill fill) {
    byte[][] out = new byte[words.size()][];
    byte[][] keyBytes = new byte[keys + 1][];
    for (int w = 0; w < out.length; w++) {
      List<Piece> pieces = words.get(w);
      if (pieces.size() == 1) {
        out[w] = one(pieces.get(0), fill, keyBytes);
        continue;
      }
      java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
      for (Piece p : pieces) {
        b.writeBytes(one(p, fill, keyBytes));
      }
      out[w] = b.toByteArray();
    }
    return out;
  }

  private static byte[] one(Piece p, Fill fill, byte[][] keyBytes) {
    SplittableRandom r = fill.random();
    return switch (p.kind()) {
      case LITERAL -> p.literal();
      case KEY -> {
        int n = (int) p.low();
        if (keyBytes[n] == null) {
          keyBytes[n] = fill.key(n).getBytes(StandardCharsets.UTF_8);
        }
        yield keyBytes[n];
      }
      case DATA -> fill.data();
      case FIELD -> ("field" + r.nextInt(Math.max(1, fill.fieldCount()))).getBytes(StandardCharsets.US_ASCII);
      case INT -> Long.toString(p.low() == p.high() ? p.low() : p.low() + r.nextLong(p.high() - p.low() + 1))
          .getBytes(StandardCharsets.US_ASCII);
      case SCORE -> String.format(Locale.ROOT, "%.6f", r.nextDouble()).getBytes(StandardCharsets.US_ASCII);
    };
  }

  /** A command's weight in its mix ({@code where} names it in messages): a number, at least 0. */
  static double weight(String text, String where) throws WorkloadException {
    try {
      double w = Double.parseDouble(text.trim());
      if (w >= 0 && !Double.isInfinite(w)) {
        return w;
      }
    } catch (NumberFormatException e) {
      // below
    }
    throw new WorkloadException(where + " must be a number >= 0 (a command's weight), got '" + text.trim() + "'");
  }
}
