package io.github.ycsbkv.workloads.replay;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a recording holds, read once before it is replayed (so that a malformed line fails the run before anything is
 * sent): its commands by name, its clients, its first and last instants, and the lines left out by why. Memory grows
 * with the number of clients and command names, not with the file. Immutable once read.
 */
record RecordingSummary(Path file, RecordingFormat format, long commands, Map<String, Long> byCommand, int clients,
    long firstMicros, long lastMicros, Map<String, Long> skipped) {

  static RecordingSummary read(Path file, RecordingFormat format) {
    Map<String, Long> byCommand = new TreeMap<>();
    Map<String, Boolean> clients = new java.util.HashMap<>();
    long commands = 0;
    // The earliest and the latest instants, wherever their lines are: Dragonfly's MONITOR writes each thread's lines as
    // that thread hands them over, so a later line may hold an earlier instant (a replay timed from the first line
    // sent such a command at once and ended its span early: 502 ms for a recording of 875).
    long first = Long.MAX_VALUE;
    long last = Long.MIN_VALUE;
    try (RecordingReader in = format.open(file)) {
      Recorded r;
      while ((r = in.next()) != null) {
        commands++;
        byCommand.merge(r.name(), 1L, Long::sum);
        clients.putIfAbsent(r.client(), Boolean.TRUE);
        first = Math.min(first, r.micros());
        last = Math.max(last, r.micros());
      }
      return new RecordingSummary(file, format, commands, byCommand, clients.size(), commands == 0 ? 0 : first,
          commands == 0 ? 0 : last,
          new LinkedHashMap<>(in.skipped()));
    }
  }

  /** From the earliest recorded instant to the latest, in seconds. */
  double seconds() {
    return commands == 0 ? 0 : (lastMicros - firstMicros) / 1e6;
  }

  /** One line: the commands, clients and span, each command's count, and what was left out. */
  String describe() {
    StringBuilder b = new StringBuilder();
    b.append(String.format(Locale.US, "%s (%s): %d commands from %d client(s) over %.3f s", file,
        format.name(), commands, clients, seconds()));
    if (!byCommand.isEmpty()) {
      b.append(" (");
      int i = 0;
      for (Map.Entry<String, Long> e : byCommand.entrySet()) {
        b.append(i++ == 0 ? "" : ", ").append(e.getKey()).append(' ').append(e.getValue());
      }
      b.append(')');
    }
    skipped.forEach((why, n) -> b.append("; left out ").append(n).append(": ").append(why));
    return b.toString();
  }
}
