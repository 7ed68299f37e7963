package io.github.ycsbkv.spi;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletionStage;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/**
 * Optional capability of a {@code site.ycsb.DB}: operations that return before the store answered.
 * With {@code -p pipeline=N} (N > 1) the engine calls these instead of the blocking methods and keeps
 * up to N operations in flight per client thread, like memtier_benchmark's {@code --pipeline}; each
 * operation is still timed from its own start to its own completion. Scans stay blocking.
 *
 * <p>A stage must complete exactly once, with a status or exceptionally; a {@code result} map is
 * filled before the stage completes. Implementations must be safe to call from one client thread
 * while stages complete on the client library's threads.
 */
public interface AsyncOperations {

  CompletionStage<Status> readAsync(String table, String key, Set<String> fields, Map<String, ByteIterator> result);

  CompletionStage<Status> updateAsync(String table, String key, Map<String, ByteIterator> values);

  CompletionStage<Status> insertAsync(String table, String key, Map<String, ByteIterator> values);

  CompletionStage<Status> deleteAsync(String table, String key);
}
