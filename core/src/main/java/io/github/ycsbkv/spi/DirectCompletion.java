package io.github.ycsbkv.spi;

import site.ycsb.Status;

/**
 * Optional capability of a stage that {@link AsyncOperations} returns: it tells one listener its status
 * when it completes, directly, on the thread that completes it, without the objects a
 * {@code CompletionStage} callback costs (a callback node and its lambdas per operation). The engine uses
 * it for clients served on the binding's completion thread ({@link AsyncOperations#completionExecutor()});
 * a stage without it is handled through {@code whenComplete} as before.
 */
public interface DirectCompletion {

  /**
   * Calls {@code listener} exactly once with the stage's status: when it completes, or at once (on the
   * calling thread) when it already has. At most one listener per stage.
   */
  void whenDone(Listener listener);

  /** Takes a stage's status (never null: a failure is an {@code ERROR} status with its reason). */
  @FunctionalInterface
  interface Listener {
    void done(Status status);
  }
}
