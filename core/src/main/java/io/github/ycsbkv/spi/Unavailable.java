package io.github.ycsbkv.spi;

import site.ycsb.Status;

/**
 * A failed operation whose cause is that the store could not be reached or said it cannot serve now: the
 * connection could not be opened, broke or timed out, or the server answered that it is loading, that its
 * cluster is down or that it is a replica. A binding returns one instead of a plain {@code ERROR} for such a
 * failure; the engine then waits before that client's next operation ({@code reconnect.interval}, doubling up
 * to {@code reconnect.max}) and counts the failure into an outage (docs/faults.md). The status name stays
 * {@code ERROR}, so counts, causes and {@code errors.tolerance} treat it as every other error.
 */
public final class Unavailable extends Status {

  private final boolean partial;

  /** @param description what failed, as for any error (for example {@code connection to host:port lost}) */
  public Unavailable(String description) {
    this(description, false);
  }

  private Unavailable(String description, boolean partial) {
    super("ERROR", description);
    this.partial = partial;
  }

  /**
   * A failure for a connection reason of one part of the store while the others serve: a cluster node the client
   * cannot reach, whose keys fail while the other nodes' keys succeed. The engine counts it into the outage as any
   * other, but does not make the client wait before its next operation (which may go to another node): the binding
   * paces its own attempts to reach the lost node, and the share of failed operations is the measurement.
   */
  public static Unavailable partial(String description) {
    return new Unavailable(description, true);
  }

  /** Whether only a part of the store (a cluster node) could not be reached ({@link #partial(String)}). */
  public boolean isPartial() {
    return partial;
  }

  /** Whether {@code status} says the store could not be reached. */
  public static boolean is(Status status) {
    return status instanceof Unavailable;
  }
}
