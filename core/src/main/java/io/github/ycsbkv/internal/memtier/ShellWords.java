package io.github.ycsbkv.internal.memtier;

import io.github.ycsbkv.config.UserError;
import java.util.ArrayList;
import java.util.List;

/**
 * A command line written as a POSIX shell would split it into words: spaces separate words, single quotes keep
 * everything literally, double quotes keep spaces (a backslash escapes {@code "} and {@code \} inside them), a
 * backslash outside quotes escapes the next character, and {@code ""} is an empty word. The specification writes its
 * tools' arguments and init commands this way.
 */
final class ShellWords {

  private ShellWords() {}

  static List<String> split(String line, String where) {
    List<String> words = new ArrayList<>();
    StringBuilder w = new StringBuilder();
    boolean inWord = false;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (Character.isWhitespace(c)) {
        if (inWord) {
          words.add(w.toString());
          w.setLength(0);
          inWord = false;
        }
      } else if (c == '\'') {
        int end = line.indexOf('\'', i + 1);
        if (end < 0) {
          throw new UserError(where + ": a single quote is not closed: " + line);
        }
        w.append(line, i + 1, end);
        i = end;
        inWord = true;
      } else if (c == '"') {
        int j = i + 1;
        for (; j < line.length() && line.charAt(j) != '"'; j++) {
          char d = line.charAt(j);
          if (d == '\\' && j + 1 < line.length() && (line.charAt(j + 1) == '"' || line.charAt(j + 1) == '\\')) {
            d = line.charAt(++j);
          }
          w.append(d);
        }
        if (j >= line.length()) {
          throw new UserError(where + ": a double quote is not closed: " + line);
        }
        i = j;
        inWord = true;
      } else if (c == '\\' && i + 1 < line.length()) {
        w.append(line.charAt(++i));
        inWord = true;
      } else {
        w.append(c);
        inWord = true;
      }
    }
    if (inWord) {
      words.add(w.toString());
    }
    return words;
  }
}
