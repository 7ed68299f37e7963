package io.github.ycsbkv.engine;

import java.util.Map;
import java.util.Set;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/** A DB talking to a server that died: every read fails after 1 ms of the test clock. */
public class DeadServerDB extends FixedLatencyDB {

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    FixedLatencyDB.clock.advance(1_000_000L);
    return Status.ERROR;
  }
}
