package io.github.ycsbkv.internal.cli;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.locks.LockSupport;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;

/**
 * A store of known capacity for the capacity commands' tests without a server: every operation of every client waits
 * its turn and then takes 2 ms (a real wait on the real clock), so the store serves about 500 operations a second
 * whatever the client count.
 */
public class OneAtATimeDB extends DB {

  static final long SERVICE_NANOS = 2_000_000;
  private static final Object TURN = new Object();

  private static Status serve() {
    synchronized (TURN) {
      long until = System.nanoTime() + SERVICE_NANOS;
      long left;
      while ((left = until - System.nanoTime()) > 0) {
        LockSupport.parkNanos(left);
      }
    }
    return Status.OK;
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    return serve();
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    return serve();
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    return serve();
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    return serve();
  }

  @Override
  public Status delete(String table, String key) {
    return serve();
  }
}
