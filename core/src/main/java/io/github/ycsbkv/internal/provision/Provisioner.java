package io.github.ycsbkv.internal.provision;

import java.io.IOException;
import java.util.Map;

/**
 * Starts a store's server for a command that needs one ({@code ycsb study}), found with
 * {@link java.util.ServiceLoader} (module {@code ycsb-kv-provision}). Servers listen on loopback, keep
 * nothing on disk, and are stopped by {@link Provisioned#close()}.
 */
public interface Provisioner {

  /** How a server is started: a container of the store's pinned image, or its binary on PATH. */
  enum Way {
    /** A container when a Docker engine answers, else the binary on PATH. */
    AUTO,
    /** Only a container of the pinned image. */
    CONTAINER,
    /** Only the binary on PATH. */
    BINARY
  }

  /**
   * What to start: {@code store} with {@code ioThreads} I/O threads where the server has such a setting (0: its
   * default); with {@code tls}, serving TLS only with a certificate of a throw-away CA that
   * {@link Provisioned#properties()} names for the client; {@code way}: how; {@code binding}: the binding that will
   * connect, whose keys {@link Provisioned#properties()} uses (null: the store's own); {@code nodes}: 1 for one
   * server, more for a cluster of that many primaries on this host (Redis, Valkey, KeyDB: {@code cluster-enabled},
   * the slots split evenly; Dragonfly: {@code --cluster_mode=yes} with the slot map sent to each node; Aerospike: a
   * mesh with replication factor 2), from binaries only; {@code cpus}: the CPUs one server is pinned to, as {@code
   * taskset -c} and Docker's {@code --cpuset-cpus} take them ({@code 0-3}), or null for none (a cluster's nodes are
   * not pinned); {@code replicas}: replicas of the one server, each a server of its own started from the same binary
   * and made a replica of it ({@code REPLICAOF}; Redis, Valkey, KeyDB and Dragonfly, not pinned), 0 for none.
   */
  record Request(String store, int ioThreads, boolean tls, Way way, String binding, int nodes, String cpus,
      int replicas) {

    /** One server. */
    public Request(String store, int ioThreads, boolean tls, Way way, String binding) {
      this(store, ioThreads, tls, way, binding, 1, null, 0);
    }

    /** Not pinned. */
    public Request(String store, int ioThreads, boolean tls, Way way, String binding, int nodes) {
      this(store, ioThreads, tls, way, binding, nodes, null, 0);
    }

    /** Without replicas. */
    public Request(String store, int ioThreads, boolean tls, Way way, String binding, int nodes, String cpus) {
      this(store, ioThreads, tls, way, binding, nodes, cpus, 0);
    }
  }

  /**
   * Why the request cannot be met here (for example, no Docker engine answers and the binary is not on PATH,
   * or with {@code tls} the server was built without TLS), or null when it can.
   */
  String unavailable(Request request);

  /** Starts the server. */
  Provisioned start(Request request) throws IOException;

  /** A running server. */
  interface Provisioned extends AutoCloseable {

    /** The properties of the request's binding that point at it ({@code redis.host}, {@code redis.port}, ...). */
    Map<String, String> properties();

    /** One line: what runs where, with which flags. */
    String description();

    /**
     * Null while every server it started still runs; else one line saying which stopped and how (its exit status or
     * signal, the last line of its log), for a run that finds its server gone.
     */
    default String stopped() {
      return null;
    }

    /**
     * Copies each of its servers' own logs that it keeps in a file into {@code into} (created when needed), before
     * {@link #close()} removes them, for a run that found a server stopped; returns the files written (none: its
     * servers keep no log file here).
     */
    default java.util.List<java.nio.file.Path> keepLogs(java.nio.file.Path into) throws java.io.IOException {
      return java.util.List.of();
    }

    /** How many replicas of a standalone primary it started (0: none, or a cluster's). */
    default int replicas() {
      return 0;
    }

    /**
     * Its replicas made primaries of their own and emptied ({@code REPLICAOF NO ONE}, {@code FLUSHALL}), so that what
     * the primary is sent now reaches no replica: a suite's {@code preload_before_replica}. No-op without replicas.
     */
    default void detachReplicas() throws java.io.IOException {}

    /**
     * Its replicas made replicas of its primary again ({@code REPLICAOF}), returning once each says its sync ended: the
     * primary's data set, whatever its size, in one full sync. No-op without replicas.
     */
    default void attachReplicas() throws java.io.IOException {}

    /** Stops the server and removes its directory. */
    @Override
    void close();
  }
}
