package io.github.ycsbkv.workloads.replay;

import java.nio.file.Path;

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
      throw malformed("expected 'SECONDS.MICROS [DB CLIENT] \"COMMAND\" ...', got: " + MonitorWords.abbreviate(line));
    }
    long micros = micros(line, i, space);
    i = space + 1;
    if (i >= n || line.charAt(i) != '[') {
      throw malformed("expected '[DB CLIENT]' after the time, got: " + MonitorWords.abbreviate(line));
    }
    int close = line.indexOf(']', i);
    int dbEnd = line.indexOf(' ', i);
    if (close < 0 || dbEnd < 0 || dbEnd > close) {
      throw malformed("expected '[DB CLIENT]' after the time, got: " + MonitorWords.abbreviate(line));
    }
    String client = line.substring(dbEnd + 1, close);
    byte[][] words;
    try {
      words = MonitorWords.strict(line, close + 1);
    } catch (MonitorWords.Malformed e) {
      throw malformed(e.getMessage());
    }
    if (words.length == 0) {
      throw malformed("a command without words: " + MonitorWords.abbreviate(line));
    }
    Recorded r = new Recorded(micros, client, words);
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
}
