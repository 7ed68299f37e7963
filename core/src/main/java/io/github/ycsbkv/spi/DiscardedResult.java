package io.github.ycsbkv.spi;

import java.util.AbstractMap;
import java.util.Collections;
import java.util.Set;
import site.ycsb.ByteIterator;

/** {@link AsyncOperations#DISCARDED}: a result map that keeps nothing. */
final class DiscardedResult extends AbstractMap<String, ByteIterator> {

  @Override
  public ByteIterator put(String key, ByteIterator value) {
    return null;
  }

  @Override
  public Set<Entry<String, ByteIterator>> entrySet() {
    return Collections.emptySet();
  }
}
