package io.github.ycsbkv.engine;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.function.BiConsumer;

/**
 * A staircase on a {@link DrivenLoop} whose later clients' connections the binding opens at each step ({@link
 * io.github.ycsbkv.spi.StagedConnections}): the steps' times, the clients each starts, the next step, and the clients
 * not started yet, none free until its step's connections are ready. Confined to the loop's completion thread but for
 * {@link #nextAt()}, which the waiting thread reads through the loop's own volatile.
 */
final class StagedSteps {
  private final long[] times;
  private final int[] clients;
  private int next;
  private int notStarted;

  private StagedSteps(long[] times, int[] clients, int notStarted) {
    this.times = times;
    this.clients = clients;
    this.notStarted = notStarted;
  }

  /** No steps: every client from the start. */
  static StagedSteps none() {
    return new StagedSteps(new long[0], new int[0], 0);
  }

  /**
   * The steps of {@code slots} clients starting {@code after[i]} after {@code start} (one for all when {@code after}
   * has a single entry), grouped by their time; a client with nothing to wait for starts at once.
   */
  static StagedSteps of(long start, long[] after, int slots) {
    TreeMap<Long, Integer> steps = new TreeMap<>();
    int later = 0;
    for (int i = 0; i < slots; i++) {
      long at = after[after.length == slots ? i : 0];
      if (at > 0) {
        steps.merge(start + at, 1, Integer::sum);
        later++;
      }
    }
    long[] times = new long[steps.size()];
    int[] clients = new int[steps.size()];
    int k = 0;
    for (Map.Entry<Long, Integer> e : steps.entrySet()) {
      times[k] = e.getKey();
      clients[k++] = e.getValue();
    }
    return new StagedSteps(times, clients, later);
  }

  /** The next step's time, or Long.MAX_VALUE: none left. */
  long nextAt() {
    return next < times.length ? times[next] : Long.MAX_VALUE;
  }

  /** Clients whose step's connections are not ready yet. */
  int notStarted() {
    return notStarted;
  }

  /** A step's {@code started} clients may go on (their connections opened, or failed to). */
  void started(int started) {
    notStarted -= started;
  }

  /**
   * The steps whose time came by {@code now}: their connections asked of {@code timed}; {@code opened} hears, on any
   * thread, each step's clients and why its connections failed (or null). Once the run stopped ({@code stop}), the
   * steps left are dropped and nothing is opened.
   */
  void open(long now, boolean stop, TimedDB timed, BiConsumer<Integer, Throwable> opened) {
    while (next < times.length && (stop || times[next] <= now)) {
      int ofStep = clients[next++];
      if (stop) {
        continue;
      }
      CompletionStage<Void> ready;
      try {
        ready = timed.openMore(ofStep);
      } catch (RuntimeException e) {
        ready = CompletableFuture.failedFuture(e);
      }
      ready.whenComplete((x, e) -> opened.accept(ofStep,
          e instanceof CompletionException && e.getCause() != null ? e.getCause() : e));
    }
  }
}
