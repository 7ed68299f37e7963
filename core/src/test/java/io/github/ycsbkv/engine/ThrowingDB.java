package io.github.ycsbkv.engine;

import java.util.Map;
import java.util.Set;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/** A DB whose reads throw, as a binding that does not catch its client's exceptions. */
public class ThrowingDB extends FixedLatencyDB {
  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    throw new IllegalStateException("server closed the connection");
  }
}
