package io.github.ycsbkv.engine;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/**
 * All measurements of one benchmark: one {@link OperationMetrics} per operation type, created on
 * first use. Recording is lock-free; draining and reading totals are serialised on this object.
 */
final class Metrics {

  /** Upstream's operation order, so summaries read as they always did. */
  private static final List<String> ORDER = List.of("READ", "UPDATE", "INSERT", "SCAN", "DELETE");

  private final ConcurrentHashMap<String, OperationMetrics> operations = new ConcurrentHashMap<>();
  private final boolean intended;

  Metrics(boolean intended) {
    this.intended = intended;
  }

  /** Whether response time from the intended start is measured (the run is throttled). */
  boolean intended() {
    return intended;
  }

  OperationMetrics operation(String name) {
    OperationMetrics m = operations.get(name);
    return m != null ? m : operations.computeIfAbsent(name, n -> new OperationMetrics(n, intended));
  }

  /** Drains every operation's recorders into its totals; returns the operations, in report order. */
  synchronized List<OperationMetrics> drain() {
    List<OperationMetrics> all = sorted();
    for (OperationMetrics m : all) {
      m.drain();
    }
    return all;
  }

  /** The operations measured so far, in report order. */
  synchronized List<OperationMetrics> sorted() {
    List<OperationMetrics> all = new ArrayList<>(operations.values());
    all.sort(Comparator.comparingInt((OperationMetrics m) -> {
      if (m.name().equals(TimedDB.CLEANUP)) {
        return Integer.MAX_VALUE;
      }
      int i = ORDER.indexOf(m.name());
      return i < 0 ? ORDER.size() : i;
    }).thenComparing(OperationMetrics::name));
    return all;
  }
}
