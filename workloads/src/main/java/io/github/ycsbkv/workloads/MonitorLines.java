package io.github.ycsbkv.workloads;

import io.github.ycsbkv.workloads.replay.MonitorWords;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import site.ycsb.WorkloadException;

/**
 * memtier_benchmark's {@code --monitor-input}: the commands of a {@code MONITOR} output file, each line that holds a
 * double quote read from its first quote on ({@code "SET" "key1" "value1"}; memtier's config_types.cpp), numbered 1, 2,
 * ... in the file's order. A command of the mix names one as {@code __monitor_line3__}, or any of them as
 * {@code __monitor_line@__}: each operation then sends the next line of the file (one sequence shared by every
 * connection, round again at its end, as memtier's {@code --monitor-pattern S}) or a random line ({@code R}), recorded
 * under the line's own command ({@code SET}, {@code HSET}, ...). A line's words are read as memtier reads them, and may
 * hold its placeholders ({@code __key__}, each a key of its own, and {@code __data__}: {@link
 * CommandTemplate#ofMemtier}). A line that cannot be read, or a number
 * past the file's last command, is refused before the run starts. Thread-safe.
 */
final class MonitorLines {

  /** The file ({@code command.monitor.file}). */
  static final String FILE = "command.monitor.file";
  /** {@code sequential} (default) or {@code random}: how {@link #ANY} picks a line. */
  static final String PATTERN = "command.monitor.pattern";
  static final String LINE = "__monitor_line";
  static final String ANY = "__monitor_line@__";

  private final String file;
  private final List<CommandTemplate> lines;
  private final boolean random;
  private final AtomicLong next = new AtomicLong();

  private MonitorLines(String file, List<CommandTemplate> lines, boolean random) {
    this.file = file;
    this.lines = lines;
    this.random = random;
  }

  /** The file {@code p} names, read; null when it names none. */
  static MonitorLines of(Properties p) throws WorkloadException {
    String file = p.getProperty(FILE);
    if (file == null || file.isBlank()) {
      return null;
    }
    String pattern = p.getProperty(PATTERN, "sequential").trim();
    if (!pattern.equals("sequential") && !pattern.equals("random")) {
      throw new WorkloadException("property '" + PATTERN + "' must be sequential or random, got '" + pattern + "'");
    }
    List<String> text;
    try {
      // One char per byte: a recorded word's bytes come back as they were.
      text = Files.readAllLines(Path.of(file.trim()), StandardCharsets.ISO_8859_1);
    } catch (IOException e) {
      throw new WorkloadException(FILE + ": cannot read " + file.trim() + " (" + e.getMessage() + ")");
    }
    List<CommandTemplate> lines = new ArrayList<>();
    for (int i = 0; i < text.size(); i++) {
      String line = text.get(i);
      int quote = line.indexOf('"');
      if (quote < 0) {
        continue; // memtier reads only the lines with a command
      }
      String at = file.trim() + ":" + (i + 1);
      String command = line.substring(quote).strip();
      // Split as memtier splits its --monitor-input lines: with the rules of its --command.
      byte[][] words = CommandTemplate.split(command, at, StandardCharsets.ISO_8859_1).toArray(new byte[0][]);
      lines.add(CommandTemplate.ofMemtier(words, command, null, at));
    }
    if (lines.isEmpty()) {
      throw new WorkloadException(FILE + ": no commands found in " + file.trim() + " (MONITOR output: lines with"
          + " quoted words, as \"SET\" \"key1\" \"value1\")");
    }
    return new MonitorLines(file.trim(), List.copyOf(lines), pattern.equals("random"));
  }

  /** Whether a command's text names a line of the file ({@code __monitor_line3__} or {@code __monitor_line@__}). */
  static boolean named(String text) {
    return text.trim().startsWith(LINE);
  }

  /** Whether the text asks for any line, one per operation. */
  static boolean any(String text) {
    return text.trim().equals(ANY);
  }

  /** The line {@code text} names ({@code __monitor_lineN__}); {@code where} names the property in messages. */
  CommandTemplate line(String text, String where) throws WorkloadException {
    String t = text.trim();
    String digits = t.endsWith("__") && t.length() > LINE.length() + 2
        ? t.substring(LINE.length(), t.length() - 2) : "";
    if (digits.matches("[0-9]{1,9}")) {
      int n = Integer.parseInt(digits);
      if (n >= 1 && n <= lines.size()) {
        return lines.get(n - 1);
      }
    }
    throw new WorkloadException(where + ": invalid monitor placeholder '" + t + "' (valid: __monitor_line1__ to"
        + " __monitor_line" + lines.size() + "__ for the commands of " + file + ", or " + ANY + ")");
  }

  /** The line an operation of {@link #ANY} sends: the file's next, or a random one drawn from {@code r}. */
  CommandTemplate pick(SplittableRandom r) {
    if (random) {
      return lines.get(r.nextInt(lines.size()));
    }
    return lines.get((int) Long.remainderUnsigned(next.getAndIncrement(), lines.size()));
  }

  /** The file's first command (what stands for {@link #ANY} in messages). */
  CommandTemplate first() {
    return lines.get(0);
  }

  /** Whether some line has a placeholder key ({@code __key__}). */
  boolean keyed() {
    return lines.stream().anyMatch(CommandTemplate::keyed);
  }
}
