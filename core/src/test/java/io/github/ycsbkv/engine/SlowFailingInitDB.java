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
  static final AtomicInteger ATTEMPTS = new AtomicInteger();
  static volatile long timeoutMillis = 500;
  static volatile boolean fail = true;
  static volatile CountDownLatch holdAfterFirst;
  private static final Object LOCK = new Object();

  @Override
  public void init() throws DBException {
    synchronized (LOCK) {
      int attempt = ATTEMPTS.incrementAndGet();
      CountDownLatch hold = holdAfterFirst;
      try {
        if (attempt > 1 && hold != null) {
          hold.await();
        } else {
          TimeUnit.MILLISECONDS.sleep(timeoutMillis);
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      if (fail) {
        throw new DBException("the server at 127.0.0.1:6390 closed or did not answer (Read timed out)");
      }
    }
  }
}
