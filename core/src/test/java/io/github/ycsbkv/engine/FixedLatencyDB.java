package io.github.ycsbkv.engine;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;

/**
 * A DB whose every operation takes exactly {@link #serviceNanos} on the test's {@link FakeClock}
 * (it advances the clock instead of sleeping). Tests set the static fields before a run.
 */
public class FixedLatencyDB extends DB {

  static volatile FakeClock clock;
  static volatile long serviceNanos;

  private Status spend() {
    clock.advance(serviceNanos);
    return Status.OK;
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    return spend();
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    return spend();
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    return spend();
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    return spend();
  }

  @Override
  public Status delete(String table, String key) {
    return spend();
  }
}
