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
    args = underEmulation(args);
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

  /** Commands of a RESP binding whose set-up replies {@link #underEmulation} gives more time. */
  private static final java.util.Set<String> PHASES = java.util.Set.of("load", "run", "capacity");

  /**
   * Under qemu ({@link CiPasses#emulated()}) a RESP binding's first replies of a cold JVM took more than its default
   * 2 s timeout to be read although the x86_64 server had answered ("did not answer within 2000 ms (Read timed
   * out)"): there, a load, run or capacity of the redis or dragonfly binding that sets no timeout of its own gets 20 s.
   */
  private static String[] underEmulation(String[] args) {
    if (!CiPasses.emulated() || args.length < 2 || !PHASES.contains(args[0])
        || !(args[1].equals("redis") || args[1].equals("dragonfly"))) {
      return args;
    }
    String key = args[1] + ".timeout=";
    for (String a : args) {
      if (a.startsWith(key)) {
        return args;
      }
    }
    java.util.List<String> all = new java.util.ArrayList<>(java.util.List.of(args));
    all.addAll(2, java.util.List.of("-p", key + "20000"));
    return all.toArray(new String[0]);
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
