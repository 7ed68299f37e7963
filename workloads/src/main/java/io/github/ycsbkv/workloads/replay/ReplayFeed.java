package io.github.ycsbkv.workloads.replay;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * Streams a recording to the client threads: one reader thread reads the file in order and hands each command to the
 * thread that serves its recorded client (the clients numbered in the order they first appear, client {@code i} on
 * thread {@code i % threads}), in its recorded order. Commands go over in chunks of up to {@value #CHUNK}, a bounded
 * queue of chunks per thread, so that memory does not grow with the file and a hand-off (a lock and maybe a wake-up)
 * is paid per chunk, not per command. A chunk not yet full goes over as soon as the reader would otherwise wait on a
 * full queue (a thread whose commands are sparse never waits for a chunk to fill). The end of the file (or a failure
 * to read it) is {@link #END} for every thread; a run with a time limit reads the file again from its start until
 * stopped ({@code periodMicros}). Thread-safe: one writer (its thread), one reader per thread's queue.
 */
final class ReplayFeed {

  /** Commands handed over at once. */
  static final int CHUNK = 256;
  /** Chunks a thread may have waiting: enough for the reader to stay ahead of a thread's sends. */
  static final int QUEUE_CHUNKS = 16;
  /** After a thread's last command. */
  static final Recorded END = new Recorded(Long.MAX_VALUE, "", new byte[0][]);

  private final BlockingQueue<Recorded[]>[] queues;
  /** The reader's chunk being filled for each thread, and how full it is. */
  private final Recorded[][] filling;
  private final int[] filled;
  /** Each thread's chunk being sent, and the next command in it (the thread's own fields). */
  private final Recorded[][] sending;
  private final int[] next;
  private final Thread reader;
  private volatile String failure;
  private final long periodMicros;

  /**
   * {@code periodMicros > 0}: the recording again from its start when it ends, each pass's instants that much later
   * than the last's, until stopped; 0: once.
   */
  @SuppressWarnings("unchecked")
  ReplayFeed(Path file, RecordingFormat format, int threads, long periodMicros) {
    this.periodMicros = periodMicros;
    this.queues = new BlockingQueue[threads];
    for (int i = 0; i < threads; i++) {
      queues[i] = new ArrayBlockingQueue<>(QUEUE_CHUNKS);
    }
    this.filling = new Recorded[threads][];
    this.filled = new int[threads];
    this.sending = new Recorded[threads][];
    this.next = new int[threads];
    this.reader = new Thread(() -> read(file, format), "ycsb-replay-reader");
    reader.setDaemon(true);
  }

  void start() {
    reader.start();
  }

  /** Stops the reader (the run ended before the recording did). */
  void stop() {
    reader.interrupt();
  }

  /**
   * The next command of thread {@code thread}, or {@link #END}; waits for the reader, and gives {@link #END} once
   * {@code stopping} says the run is stopping (the reader may be waiting on the full queue of a thread that stopped).
   * Called only by that thread.
   */
  Recorded take(int thread, BooleanSupplier stopping) {
    Recorded[] chunk = sending[thread];
    if (chunk == null || next[thread] == chunk.length || chunk[next[thread]] == null) {
      try {
        while ((chunk = queues[thread].poll(20, TimeUnit.MILLISECONDS)) == null) {
          if (stopping.getAsBoolean()) {
            return END;
          }
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return END;
      }
      sending[thread] = chunk;
      next[thread] = 0;
    }
    Recorded r = chunk[next[thread]];
    if (r == END) {
      if (failure != null) {
        throw new IllegalStateException(failure);
      }
      return END; // stays: every later call gives END too
    }
    chunk[next[thread]++] = null; // sent: not kept alive by the chunk
    return r;
  }

  private void read(Path file, RecordingFormat format) {
    Map<String, Integer> clients = new HashMap<>();
    try {
      for (long pass = 0; pass == 0 || periodMicros > 0; pass++) {
        long shift = pass * periodMicros;
        try (RecordingReader in = format.open(file)) {
          Recorded r;
          while ((r = in.next()) != null) {
            Integer index = clients.get(r.client());
            if (index == null) {
              index = clients.size();
              clients.put(r.client(), index);
            }
            add(index % queues.length, shift == 0 ? r : new Recorded(r.micros() + shift, r.client(), r.args(),
                r.name()));
          }
        }
        if (Thread.currentThread().isInterrupted()) {
          return;
        }
      }
    } catch (InterruptedException e) {
      return; // stopped: the threads are gone or going
    } catch (RuntimeException e) {
      failure = "reading " + file + " failed: " + e.getMessage();
    }
    try {
      for (int t = 0; t < queues.length; t++) {
        add(t, END);
        hand(t);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Adds {@code r} to thread {@code t}'s chunk, handing the chunk over when full. */
  private void add(int t, Recorded r) throws InterruptedException {
    if (filling[t] == null) {
      filling[t] = new Recorded[CHUNK];
    }
    filling[t][filled[t]++] = r;
    if (filled[t] == CHUNK) {
      hand(t);
    }
  }

  /** Hands thread {@code t}'s chunk over; before waiting on its full queue, hands every other thread's partial one. */
  private void hand(int t) throws InterruptedException {
    if (filled[t] == 0) {
      return;
    }
    if (!queues[t].offer(filling[t])) {
      for (int o = 0; o < queues.length; o++) {
        if (o != t && filled[o] > 0 && queues[o].offer(filling[o])) {
          filling[o] = null;
          filled[o] = 0;
        }
      }
      queues[t].put(filling[t]);
    }
    filling[t] = null;
    filled[t] = 0;
  }
}
