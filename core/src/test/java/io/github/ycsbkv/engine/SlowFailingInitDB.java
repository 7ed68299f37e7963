package io.github.ycsbkv.engine;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import site.ycsb.DBException;

/**
 * A DB whose {@code init()} connects as a client library does to a server that accepts and never
 * answers: one client at a time (the bindings share their client under a lock), each waiting out its
 * timeout ({@link #timeoutMillis}) and then failing; or, with {@link #fail} false, still waiting. With
 * {@link #holdAfterFirst} set, every client after the first waits for that latch instead of its timeout: a run that
 * waited for more than the first client's failure would never end.
 */
public class SlowFailingInitDB extends FixedLatencyDB {
  static volatile AtomicInteger ATTEMPTS = new AtomicInteger();
  static volatile long timeoutMillis = 500;
  static volatile boolean fail = true;
  static volatile CountDownLatch holdAfterFirst;
  private static volatile Object LOCK = new Object();

  // Each instance keeps the settings of the test that made it: a test that stops its run while clients connect
  // leaves their threads behind, still queued for the lock, and one that read the next test's latch (and locked
  // the next test's clients out) hung that test under qemu-user's slower threads.
  private final AtomicInteger attempts = ATTEMPTS;
  private final long timeout = timeoutMillis;
  private final boolean failing = fail;
  private final CountDownLatch hold = holdAfterFirst;
  private final Object lock = LOCK;

  /** A new test's attempt counter and lock; the settings are set by the test after this. */
  static void reset() {
    ATTEMPTS = new AtomicInteger();
    LOCK = new Object();
  }

  @Override
  public void init() throws DBException {
    synchronized (lock) {
      int attempt = attempts.incrementAndGet();
      try {
        if (attempt > 1 && hold != null) {
          hold.await();
        } else {
          TimeUnit.MILLISECONDS.sleep(timeout);
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      if (failing) {
        throw new DBException("the server at 127.0.0.1:6390 closed or did not answer (Read timed out)");
      }
    }
  }
}
