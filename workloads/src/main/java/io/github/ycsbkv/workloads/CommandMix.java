package io.github.ycsbkv.workloads;

import static io.github.ycsbkv.workloads.CommandWorkload.COMMAND;
import static io.github.ycsbkv.workloads.CommandWorkload.DEFAULT_KEY_PREFIX;
import static io.github.ycsbkv.workloads.CommandWorkload.FILE;
import static io.github.ycsbkv.workloads.CommandWorkload.MONITOR_FILE;
import static io.github.ycsbkv.workloads.CommandWorkload.SEQUENCE;

import io.github.ycsbkv.config.EngineProperties;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import site.ycsb.WorkloadException;

/**
 * The commands of {@link CommandWorkload}'s mix as the properties give them ({@code commands.file}'s lines, then
 * {@code command.1}, {@code command.2}, ...), each parsed and checked once: its template (or the MONITOR lines it
 * names, {@link MonitorLines}), how its keys are drawn and named, and its weight. Immutable once read.
 */
final class CommandMix {

  /**
   * One command of the mix: its template, how its keys are drawn and named, and its weight; {@code parallel}: each
   * connection walks its own part of the key range in order (memtier's P); {@code lines}: the MONITOR lines it sends
   * one of per operation ({@code __monitor_line@__}), else null.
   */
  record Entry(CommandTemplate template, KeyPattern keys, String prefix, double weight, boolean parallel,
      MonitorLines lines) {}

  private final Properties p;
  private final long keys;
  private final String defaultPattern;
  /** The MONITOR lines commands may name, or null. */
  private final MonitorLines monitor;
  /** The gaussian pattern's median as a number of 1..keys, and its deviation; NaN for the defaults. */
  private final double median;
  private final double stddev;
  /** The zipfian pattern's exponent (memtier's Z), NaN for YCSB's generator; and the keys' numbers above 1..keys. */
  private final double exponent;
  private final long offset;

  /** The mix {@code p} gives over {@code keys} keys, drawn by {@code defaultPattern} where a command names none. */
  CommandMix(Properties p, long keys, String defaultPattern) throws WorkloadException {
    this.p = p;
    this.keys = keys;
    this.defaultPattern = defaultPattern;
    this.monitor = MonitorLines.of(p);
    long offset = Long.parseLong(p.getProperty(CommandWorkload.KEY_MINIMUM, "1").trim()) - 1;
    this.median = number(p, CommandWorkload.GAUSSIAN_MEDIAN) - offset;
    this.stddev = number(p, CommandWorkload.GAUSSIAN_STDDEV);
    this.exponent = number(p, CommandWorkload.ZIPFIAN_EXPONENT);
    this.offset = offset;
  }

  /** The number property {@code name} holds, NaN when not given. */
  private static double number(Properties p, String name) throws WorkloadException {
    String v = p.getProperty(name);
    if (v == null || v.isBlank()) {
      return Double.NaN;
    }
    try {
      return Double.parseDouble(v.trim());
    } catch (NumberFormatException e) {
      throw new WorkloadException("property '" + name + "' must be a number, got '" + v + "'");
    }
  }

  /** The mix's commands, at least one. */
  List<Entry> commands() throws WorkloadException {
    List<Entry> mix = new ArrayList<>();
    String file = p.getProperty(FILE);
    if (file != null && !file.isBlank()) {
      fromFile(Path.of(file.trim()), mix);
    }
    for (int n = 1; p.getProperty(COMMAND + n) != null; n++) {
      String at = COMMAND + n;
      double weight = CommandTemplate.weight(p.getProperty(at + ".ratio", "1"), at + ".ratio");
      mix.add(entry(at, p.getProperty(at), defaultPattern, weight));
    }
    if (mix.isEmpty()) {
      throw new WorkloadException("the commands workload has no command: give -p command.1='ZADD __key__ __score__"
          + " __field__' (and command.2, ...), or -p " + FILE + "=PATH");
    }
    return List.copyOf(mix);
  }

  /** The command at property {@code at}, its text {@code text}. */
  Entry entry(String at, String text, String pattern, double weight) throws WorkloadException {
    MonitorLines lines = MonitorLines.named(text) ? monitorLines(at, text) : null;
    String syntax = p.getProperty(at + ".syntax", "ycsb").trim();
    if (!syntax.equals("ycsb") && !syntax.equals("memtier")) {
      throw new WorkloadException("property '" + at + ".syntax' must be ycsb or memtier, got '" + syntax + "'");
    }
    CommandTemplate t = lines == null ? (syntax.equals("memtier")
        ? CommandTemplate.parseMemtier(text, p.getProperty(at + ".name"), at)
        : CommandTemplate.parse(text, p.getProperty(at + ".name"), at))
        : MonitorLines.any(text) ? lines.first() : lines.line(text, at);
    String patternName = p.getProperty(at + ".keypattern", pattern).trim();
    boolean parallel = patternName.equalsIgnoreCase("parallel");
    KeyPattern keyPattern = KeyPattern.of(parallel ? "sequential" : patternName, keys, median, stddev, exponent,
        offset);
    String prefix = p.getProperty(at + ".keyprefix", DEFAULT_KEY_PREFIX);
    checkSlots(p, t, prefix, at);
    return new Entry(t, keyPattern, prefix, weight, parallel, lines != null && MonitorLines.any(text) ? lines : null);
  }

  /** The MONITOR lines a command names, checked: a file given, and no cluster (memtier refuses one too). */
  private MonitorLines monitorLines(String at, String text) throws WorkloadException {
    if (monitor == null) {
      throw new WorkloadException(at + ": '" + text.trim() + "' names a line of a MONITOR file: give it as -p "
          + MONITOR_FILE + "=PATH (memtier's --monitor-input)");
    }
    if (cluster(p)) {
      throw new WorkloadException(at + ": a MONITOR file's commands have their own keys, which a cluster client"
          + " cannot route: run them on a standalone server (memtier refuses --monitor-input in cluster mode too)");
    }
    return monitor;
  }

  /**
   * Whether the server is a cluster that routes keys by hash slot, as the engine says it
   * ({@link EngineProperties#SERVER_CLUSTER}, from the binding's own settings).
   */
  static boolean cluster(Properties p) {
    return "true".equalsIgnoreCase(p.getProperty(EngineProperties.SERVER_CLUSTER, "").trim());
  }

  /**
   * A command of several keys ({@code __key2__} ...) on a cluster ({@link #cluster}) needs them in one hash slot: its
   * prefix must have a hash tag ({@code {tag}}), else it is refused here rather than failing every operation with
   * CROSSSLOT.
   */
  static void checkSlots(Properties p, CommandTemplate t, String prefix, String at) throws WorkloadException {
    int open = prefix.indexOf('{');
    boolean tagged = open >= 0 && prefix.indexOf('}', open + 1) > open + 1;
    if (cluster(p) && t.keys() > 1 && !tagged) {
      String tag = "{" + prefix.replaceAll("[^A-Za-z0-9]", "") + "}:";
      throw new WorkloadException(at + ": '" + t.text() + "' has " + t.keys() + " keys, which a cluster serves only in"
          + " one hash slot: give its keys a hash tag, for example " + ("memtier".equals(p.getProperty(at + ".syntax"))
          ? "--key-prefix '" + tag + "'" : (at.startsWith(COMMAND) ? at : COMMAND + "N") + ".keyprefix=" + tag));
    }
  }

  private void fromFile(Path file, List<Entry> mix) throws WorkloadException {
    List<String> lines;
    try {
      lines = Files.readAllLines(file);
    } catch (IOException e) {
      throw new WorkloadException(FILE + ": cannot read " + file + " (" + e.getMessage() + ")");
    }
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i).strip();
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      String at = file + " line " + (i + 1);
      int space = line.indexOf(' ');
      if (space < 0) {
        throw new WorkloadException(at + " must be 'WEIGHT COMMAND ...', got '" + line + "'");
      }
      CommandTemplate t = CommandTemplate.parse(line.substring(space + 1), null, at);
      checkSlots(p, t, DEFAULT_KEY_PREFIX, at);
      boolean parallel = defaultPattern.equals("parallel");
      mix.add(new Entry(t, KeyPattern.of(parallel ? "sequential" : defaultPattern, keys, median, stddev, exponent,
          offset),
          DEFAULT_KEY_PREFIX, CommandTemplate.weight(line.substring(0, space), at + "'s weight"), parallel, null));
    }
  }

  /**
   * The mix's cumulative weights, checked: some weight above 0, and whole ones where commands go in sequence
   * ({@code inRatioSequence}).
   */
  static double[] cumulative(List<Entry> mix, boolean inRatioSequence) throws WorkloadException {
    double total = 0;
    double[] cumulative = new double[mix.size()];
    for (int i = 0; i < mix.size(); i++) {
      total += mix.get(i).weight();
      cumulative[i] = total;
    }
    if (!(total > 0)) {
      throw new WorkloadException("every command's ratio is 0: give at least one a positive ratio");
    }
    if (inRatioSequence) {
      for (Entry e : mix) {
        if (e.weight() != Math.rint(e.weight())) {
          throw new WorkloadException(SEQUENCE + "=ratio sends each command its ratio's times in a row: ratios must be"
              + " whole numbers, got " + e.weight() + " for '" + e.template().text() + "'");
        }
      }
    }
    return cumulative;
  }
}
