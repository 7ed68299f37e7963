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
 *
 * <p>Batching: an implementation may hold submitted operations back and send them together, as one
 * write, when {@link #flush()} is called. The engine calls {@code flush()} whenever it is about to
 * wait (for a completion, for the next operation's scheduled start, or for the end of the run), so an
 * operation is never held longer than it takes the client thread to submit the next ones; its time
 * still counts from its submission.
 */
public interface AsyncOperations {

  /**
   * The result map the engine hands to {@link #readAsync} (a pipelined client's, or one served on the
   * completion thread): the workload cannot look at those values (the call returned before they arrived),
   * so this map keeps nothing, and an implementation that checks for it ({@code result == DISCARDED}) may
   * skip copying the values; the status must still say whether the record was found.
   */
  Map<String, ByteIterator> DISCARDED = new DiscardedResult();

  CompletionStage<Status> readAsync(String table, String key, Set<String> fields, Map<String, ByteIterator> result);

  CompletionStage<Status> updateAsync(String table, String key, Map<String, ByteIterator> values);

  CompletionStage<Status> insertAsync(String table, String key, Map<String, ByteIterator> values);

  CompletionStage<Status> deleteAsync(String table, String key);

  /**
   * Sends every operation submitted since the last call that the implementation held back. The
   * default sends nothing: operations go out as they are submitted.
   */
  default void flush() {}

  /**
   * The executor of the one thread on which the stages this instance returns complete (a client
   * library's event loop, after {@code init()}), or null when they may complete on several threads
   * (the default). With one, the engine's {@code drivers} mode runs this instance's clients on that
   * thread: the completion of a client's operation submits the client's next operation at once, with
   * no hand-off between threads. Submitting on that thread must not block; a stage that completes on
   * another thread (a timeout timer) is moved onto it by the engine. Blocking operations (scans,
   * {@link ExpiringWrites}) are not called there.
   */
  default java.util.concurrent.Executor completionExecutor() {
    return null;
  }

  /**
   * Asked of an instance given the run's properties (before {@code init()}): why its clients, as these
   * properties configure it, should each have a thread of their own rather than several be served by one
   * ({@code drivers=auto}), or null (the default) when they may share. An explicit {@code drivers=D} still wins.
   */
  default String sharedThreadsDeclined() {
    return null;
  }

  /**
   * Asked as {@link #sharedThreadsDeclined()} is, for a pipelined run ({@code -p pipeline=P}: P requests in flight on
   * each client's connection): whether one thread may serve several such clients, the instance opening a connection
   * per client ({@link InstancePlan#connections()}) and writing each request on one of them with fewer than P in
   * flight ({@link InstancePlan#maxInFlight()}). The default is no: a thread per pipelined client.
   */
  default boolean sharesPipelines() {
    return false;
  }
}
