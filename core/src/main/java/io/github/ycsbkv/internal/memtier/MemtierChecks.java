package io.github.ycsbkv.internal.memtier;

import java.util.List;
import java.util.Map;

/**
 * Conditions of memtier_benchmark's options that span several of them, checked as memtier checks them (its
 * memtier_benchmark.cpp): the MONITOR input's, the staircase ramp's. A condition not met is a {@code UserError} naming
 * the options (exit 2). Stateless.
 */
final class MemtierChecks {

  private MemtierChecks() {}

  /**
   * {@code --monitor-pattern} (default S), checked as memtier checks it, with {@code --monitor-input}'s conditions: a
   * file that exists, a standalone server, and a file wherever a {@code --command} names its lines.
   */
  static char monitorPattern(Map<String, String> o, List<MemtierArgs.Command> commands, String file,
      boolean cluster) {
    String pattern = o.getOrDefault("monitor-pattern", "S");
    if (pattern.length() != 1) {
      throw MemtierArgs.usage("--monitor-pattern must be a single character: 'S' (sequential) or 'R' (random), got '"
          + pattern + "'");
    }
    char p = Character.toUpperCase(pattern.charAt(0));
    if (p != 'S' && p != 'R') {
      throw MemtierArgs.usage("--monitor-pattern must be 'S' (sequential) or 'R' (random), got '" + pattern + "'");
    }
    boolean named = commands.stream().anyMatch(c -> c.text().trim().startsWith("__monitor_line"));
    if (file == null) {
      if (named) {
        throw MemtierArgs.usage("a --command names a line of a MONITOR file (__monitor_line...__): give the file with"
            + " --monitor-input FILE");
      }
      return p;
    }
    if (cluster) {
      throw MemtierArgs.usage("--monitor-input is not supported in cluster mode (as in memtier_benchmark)");
    }
    if (!java.nio.file.Files.isReadable(java.nio.file.Path.of(file))) {
      throw MemtierArgs.usage("--monitor-input: cannot read " + file + ": give a MONITOR output file (redis-cli"
          + " monitor > FILE)");
    }
    return p;
  }

  /** The staircase's conditions, as memtier_benchmark checks them. */
  static void staircase(Map<String, String> o, MemtierArgs a) {
    if (a.clientsStart == 0 && a.clientsStep == 0 && a.stepDuration == 0) {
      return;
    }
    if (a.clientsStart == 0 || a.clientsStep == 0 || a.stepDuration == 0) {
      throw MemtierArgs.usage("--clients-start, --clients-step, and --step-duration must all be specified"
          + " together (as in memtier_benchmark)");
    }
    if (o.containsKey("requests")) {
      throw MemtierArgs.usage("--requests cannot be used with client staircase mode. Use --test-time instead (as in"
          + " memtier_benchmark)");
    }
    if (a.clientsStart >= a.clients) {
      throw MemtierArgs.usage("--clients-start (" + a.clientsStart + ") must be less than --clients (" + a.clients
          + ") (as in memtier_benchmark)");
    }
    if (a.testTime == 0) {
      throw MemtierArgs.usage("--test-time is required when using client staircase mode (as in memtier_benchmark)");
    }
  }
}
