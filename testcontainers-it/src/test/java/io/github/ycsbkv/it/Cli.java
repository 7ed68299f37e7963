package io.github.ycsbkv.it;

import io.github.ycsbkv.internal.cli.Main;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * Runs the {@code ycsb} command line in this JVM, as a user would type it, and keeps what it printed
 * (stderr includes what the bindings print to {@code System.err}). Not for concurrent use.
 */
public record Cli(int exitCode, String out, String err) {

  /** Runs the command line made of {@code parts} in order ({@code List.of("run", "redis")}, the options, ...). */
  @SafeVarargs
  public static Cli run(java.util.List<String>... parts) {
    java.util.List<String> all = new java.util.ArrayList<>();
    for (java.util.List<String> p : parts) {
      all.addAll(p);
    }
    return run(all.toArray(new String[0]));
  }

  public static Cli run(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code;
    PrintStream systemErr = System.err;
    try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
         PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
      // Bindings print their notes to System.err, which a user sees beside the command's own lines.
      System.setErr(e);
      code = Main.execute(args, o, e);
    } finally {
      System.setErr(systemErr);
    }
    return new Cli(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  /** The value of a summary line {@code [SECTION], Metric, value}, or null. */
  public String summary(String section, String metric) {
    String prefix = "[" + section + "], " + metric + ", ";
    for (String line : out.split("\n")) {
      if (line.startsWith(prefix)) {
        return line.substring(prefix.length()).trim();
      }
    }
    return null;
  }

  /** A summary value as a number, 0 when the line is absent. */
  public long count(String section, String metric) {
    String v = summary(section, metric);
    return v == null ? 0 : Long.parseLong(v);
  }

  /** The last line on stderr. */
  public String lastErrLine() {
    String[] lines = err.strip().split("\n");
    return lines[lines.length - 1];
  }
}
