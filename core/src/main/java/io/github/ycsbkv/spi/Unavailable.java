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

  /** @param description what failed, as for any error (for example {@code connection to host:port lost}) */
  public Unavailable(String description) {
    super("ERROR", description);
  }

  /** Whether {@code status} says the store could not be reached. */
  public static boolean is(Status status) {
    return status instanceof Unavailable;
  }
}
