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
 * every queue. Thread-safe: one writer (its thread), one reader per queue.
 */
final class ReplayFeed {

  /** Commands a thread may have waiting: enough for the reader to stay ahead of a thread's sends. */
  static final int QUEUE_CAPACITY = 4096;
  /** After a thread's last command. */
  static final Recorded END = new Recorded(Long.MAX_VALUE, "", new byte[0][]);

  private final BlockingQueue<Recorded>[] queues;
  private final Thread reader;
  private volatile String failure;

  @SuppressWarnings("unchecked")
  ReplayFeed(Path file, RecordingFormat format, int threads) {
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

  /** The next command of thread {@code thread}, or {@link #END}; waits for the reader. */
  Recorded take(int thread) {
    try {
      Recorded r = queues[thread].take();
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
    try (RecordingReader in = format.open(file)) {
      Recorded r;
      while ((r = in.next()) != null) {
        Integer index = clients.get(r.client());
        if (index == null) {
          index = clients.size();
          clients.put(r.client(), index);
        }
        queues[index % queues.length].put(r);
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
