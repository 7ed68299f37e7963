package io.github.ycsbkv.spi;

/**
 * What the engine decided for one binding instance (one serving thread's {@code site.ycsb.DB}), handed to a binding
 * that implements {@link Planned} after {@code setProperties} and before {@code init}: the connections it opens, the
 * closed-loop clients it serves, the requests in flight on a connection, and whether it serves an open loop. A
 * binding used without the engine (a library user's own harness) keeps {@link #SINGLE}: one connection, one client,
 * one request in flight, a closed loop.
 *
 * @param connections the connections the instance opens: 1 for a client thread of its own, one per client when its
 *     thread serves several, its share of {@code -p connections=N}
 * @param clients the closed-loop clients the instance serves from its one thread (1: a client thread of its own)
 * @param pipeline the requests in flight on each connection of a client thread ({@code -p pipeline}), or, when the
 *     instance's thread serves several clients, the requests in flight over all of them
 * @param openLoop whether the instance serves an open loop ({@code -target} on its completion thread): its operations
 *     arrive on a schedule, so it offers asynchronous operations whatever its client count, and that thread wakes
 *     for each arrival
 * @param maxInFlight the requests the open loop keeps in flight on one connection at most ({@code -p maxinflight}), or
 *     the {@code pipeline} of each connection when the instance's thread serves several pipelined clients; the
 *     instance writes each on a connection that has fewer
 */
public record InstancePlan(int connections, int clients, int pipeline, boolean openLoop, int maxInFlight) {

  /** One connection, one client, one request in flight, a closed loop: what an instance is without the engine. */
  public static final InstancePlan SINGLE = new InstancePlan(1, 1, 1, false, 1);

  /** Every count at least 1. */
  public InstancePlan {
    if (connections < 1 || clients < 1 || pipeline < 1 || maxInFlight < 1) {
      throw new IllegalArgumentException("an instance plan's counts are at least 1: connections " + connections
          + ", clients " + clients + ", pipeline " + pipeline + ", maxInFlight " + maxInFlight);
    }
  }

  /**
   * Whether the instance serves the engine's asynchronous operations: several clients from its thread, several
   * connections, a pipeline, or an open loop. A client thread of its own otherwise, which may block on its one
   * connection.
   */
  public boolean servesAsync() {
    return openLoop || pipeline > 1 || clients > 1 || connections > 1;
  }

  /** Optional capability of a {@code site.ycsb.DB}: takes the engine's {@link InstancePlan} for the instance. */
  public interface Planned {

    /** Called by the engine once, after {@code setProperties} and before {@code connectionModel} and {@code init}. */
    void plan(InstancePlan plan);
  }
}
