package io.github.ycsbkv.engine;

/** A first-in first-out queue of longs on a growable ring: no boxing on the open loop's path. Not thread-safe. */
final class LongQueue {

  private long[] ring = new long[64];
  private int head;
  private int size;

  void add(long v) {
    if (size == ring.length) {
      long[] bigger = new long[ring.length * 2];
      for (int i = 0; i < size; i++) {
        bigger[i] = ring[(head + i) & (ring.length - 1)];
      }
      ring = bigger;
      head = 0;
    }
    ring[(head + size) & (ring.length - 1)] = v;
    size++;
  }

  /** Takes the oldest value; the queue must not be empty. */
  long poll() {
    long v = ring[head];
    head = (head + 1) & (ring.length - 1);
    size--;
    return v;
  }

  int size() {
    return size;
  }

  boolean isEmpty() {
    return size == 0;
  }

  void clear() {
    head = 0;
    size = 0;
  }
}
