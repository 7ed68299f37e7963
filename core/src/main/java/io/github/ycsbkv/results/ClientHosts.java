package io.github.ycsbkv.results;

import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;

/**
 * The client processes a run was made of ({@code -p clients.count=N}, docs/distributed.md): in one process's result
 * its own index, in a merged result every index merged, with how closely their measured phases started. Immutable.
 *
 * @param count the client processes the run was given ({@code clients.count})
 * @param indexes the processes this result holds, ascending
 * @param startAt the instant the barrier announced for every measured phase to start, or null without a barrier (or,
 *     merged, when the results announce different instants)
 * @param startSpreadMicros one process: how much later than {@code startAt} its measured phase started; merged: the
 *     latest start minus the earliest over the processes merged; -1 when not known (no barrier)
 * @param barrier the barrier's address ({@code clients.barrier}), or null
 */
public record ClientHosts(int count, List<Integer> indexes, Instant startAt, long startSpreadMicros,
    String barrier) {

  public ClientHosts {
    indexes = List.copyOf(new TreeSet<>(indexes));
  }

  /** The indexes of {@code 0..count-1} this result lacks (a process that failed or was not merged). */
  public List<Integer> missing() {
    TreeSet<Integer> out = new TreeSet<>();
    for (int i = 0; i < count; i++) {
      out.add(i);
    }
    out.removeAll(indexes);
    return List.copyOf(out);
  }

  /** One line for people: {@code client 1 of 3, started 42 us after the barrier's instant}. */
  public String describe() {
    StringBuilder sb = new StringBuilder();
    if (indexes.size() == 1) {
      sb.append(String.format(Locale.ROOT, "client %d of %d", indexes.get(0), count));
      if (startAt != null && startSpreadMicros >= 0) {
        sb.append(String.format(Locale.ROOT, ", its measured phase started %d us after the barrier's instant (%s)",
            startSpreadMicros, startAt));
      } else {
        sb.append(", without a barrier (no clients.barrier): its measured phase started when it was ready");
      }
      return sb.toString();
    }
    sb.append(String.format(Locale.ROOT, "%d of %d client processes merged", indexes.size(), count));
    if (startSpreadMicros >= 0) {
      sb.append(String.format(Locale.ROOT, ", their measured phases started within %d us", startSpreadMicros));
    }
    List<Integer> missing = missing();
    if (!missing.isEmpty()) {
      sb.append(", missing client(s) ").append(missing.toString().replaceAll("[\\[\\]]", ""));
    }
    return sb.toString();
  }
}
