package io.github.ycsbkv.workloads.replay;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * Streams a recording to the client threads: one reader thread reads the file in order and hands each command to the
 * queue of the thread that serves its recorded client (the clients numbered in the order they first appear, client
 * {@code i} on thread {@code i % threads}). Each queue is bounded, so memory does not grow with the file; a thread's
 * commands come in its clients' recorded order. The end of the file (or a failure to read it) is {@link #END} on
 * every queue; a run with a time limit reads the file again from its start until stopped ({@code periodMicros}).
 * Thread-safe: one writer (its thread), one reader per queue.
 */
final class ReplayFeed {

  /** Commands a thread may have waiting: enough for the reader to stay ahead of a thread's sends. */
  static final int QUEUE_CAPACITY = 4096;
  /** After a thread's last command. */
  static final Recorded END = new Recorded(Long.MAX_VALUE, "", new byte[0][]);

  private final BlockingQueue<Recorded>[] queues;
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
      queues[i] = new ArrayBlockingQueue<>(QUEUE_CAPACITY);
    }
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
   */
  Recorded take(int thread, java.util.function.BooleanSupplier stopping) {
    try {
      Recorded r;
      while ((r = queues[thread].poll(20, java.util.concurrent.TimeUnit.MILLISECONDS)) == null) {
        if (stopping.getAsBoolean()) {
          return END;
        }
      }
      if (r == END && failure != null) {
        throw new IllegalStateException(failure);
      }
      return r;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return END;
    }
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
            queues[index % queues.length].put(shift == 0 ? r : new Recorded(r.micros() + shift, r.client(), r.args()));
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
      for (BlockingQueue<Recorded> q : queues) {
        q.put(END);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
