package io.github.ycsbkv.spi;

/**
 * Optional capability of a {@code site.ycsb.DB}: says how the binding opens its connections, so that
 * the engine can state the load shape in every result (docs/engine.md, "Load shape").
 *
 * <p>{@link Model#FOLLOWS_ENGINE}: one connection per closed-loop client with one request in flight on
 * it (the default, as upstream YCSB's redis binding and memtier_benchmark's {@code -c}), N connections
 * shared by the clients with {@code -p connections=N}, and one connection per client thread with
 * {@code pipeline} requests in flight with {@code -p pipeline=P}. {@link Model#SOCKET_PER_COMMAND}: the
 * client library takes a socket from its pool for each command in flight (Aerospike's client), so
 * there are as many connections in use as commands in flight. A binding without this interface makes
 * no claim; the result then says the connections are unknown and shows only the server's view.
 */
public interface ConnectionShape {

  /** How a binding's connections relate to the engine's clients. */
  enum Model {
    /** Connections as the engine's {@code connections} and {@code pipeline} properties say. */
    FOLLOWS_ENGINE,
    /** A pooled socket for each command in flight; {@code connections} cannot share them. */
    SOCKET_PER_COMMAND
  }

  /**
   * This configuration's model, or null when it makes no claim (a cluster's per-node pools, say). Called
   * after {@code setProperties} and before {@code init}; the same for every instance of one run.
   */
  Model connectionModel();

  /**
   * How this instance's connections do their I/O, for the run's header and result (for example
   * {@code "netty io_uring (ring 256)"}), or null when there is nothing to say. Called after {@code init}.
   */
  default String transport() {
    return null;
  }

  /**
   * The servers each of the model's connections is opened to, once connected (called after {@code init}): 1 for a
   * standalone server; a cluster's primaries when the binding gives every client a connection to each primary and
   * sends each request to its key's node (memtier_benchmark's {@code --cluster-mode}), so that the load shape
   * counts them all.
   */
  default int nodes() {
    return 1;
  }
}
