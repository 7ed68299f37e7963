package io.github.ycsbkv.spi;

import java.util.concurrent.CompletionStage;

/**
 * Optional capability of a {@code site.ycsb.DB} whose clients start in steps ({@code staircase}, memtier_benchmark's
 * {@code --clients-start}): it opens only the connections of the clients that start at once, and each later client's
 * connection at its step, as memtier connects a client at its step. The engine tells the instance how many to open
 * in {@code init()} ({@link #openAtStart}), then asks for more at each step ({@link #openMore}) and starts those
 * clients once they are ready, so that connecting is in no operation's latency. Fallback, for a binding without it
 * or one that declines: every connection opened in {@code init()}, each idle until its client's step.
 */
public interface StagedConnections {

  /**
   * Called by the engine after {@code setProperties} and before {@code init()}: {@code init()} opens only the first
   * {@code n} (at least 1) of the instance's connections. Returns false when the instance cannot open the others
   * later (it then opens them all in {@code init()}).
   */
  boolean openAtStart(int n);

  /**
   * Opens {@code n} more of the instance's connections, without blocking, with their handshakes; the stage completes,
   * on any thread, once they are ready, or fails with why one is not.
   */
  CompletionStage<Void> openMore(int n);
}
