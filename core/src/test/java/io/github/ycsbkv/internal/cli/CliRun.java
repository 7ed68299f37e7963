package io.github.ycsbkv.internal.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** One command line run through {@link Main#execute}, with what it printed. */
record CliRun(int exitCode, String out, String err) {

  static CliRun of(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code;
    try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
         PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
      code = Main.execute(args, o, e);
    }
    return new CliRun(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  /** The value of a YCSB summary line such as {@code [READ], Operations, 42}, or null. */
  String summary(String section, String metric) {
    String prefix = "[" + section + "], " + metric + ", ";
    for (String line : out.split("\n")) {
      if (line.startsWith(prefix)) {
        return line.substring(prefix.length()).trim();
      }
    }
    return null;
  }
}
