package io.github.ycsbkv.engine;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.locks.LockSupport;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;

/** A blocking DB (no asynchronous operations) whose every operation takes at least 1 ms of real time. */
public class SleepingDB extends DB {

  private static Status op() {
    long until = System.nanoTime() + 1_000_000;
    long left;
    while ((left = until - System.nanoTime()) > 0) {
      LockSupport.parkNanos(left);
    }
    return Status.OK;
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    return op();
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    return op();
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    return op();
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    return op();
  }

  @Override
  public Status delete(String table, String key) {
    return op();
  }
}
