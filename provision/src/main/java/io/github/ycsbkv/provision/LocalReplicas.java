package io.github.ycsbkv.provision;

import io.github.ycsbkv.internal.provision.Provisioner.Provisioned;
import io.github.ycsbkv.internal.provision.Provisioner.Request;
import io.github.ycsbkv.internal.provision.Provisioner.Way;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A primary with replicas on this host, each a server of its own from the store's binary (Redis, Valkey, KeyDB:
 * {@code --replicaof HOST PORT}; Dragonfly: {@code --replicaof=HOST:PORT}), ready once every replica says its link to
 * the primary is up and its first sync has ended ({@code INFO replication}). The client is given the primary: its
 * reads go to the replicas with {@code -p readfrom=replica|any}. No TLS, no containers, no cluster.
 */
final class LocalReplicas {

  private static final long READY_SECONDS = 60;
  /**
   * How long a replica may take to answer a command that changes its role or empties it, or a look at its sync: it
   * answers once it applied what came before (a primary's FLUSHALL of gigabytes took KeyDB 6.3 over 5 s here).
   */
  private static final int SLOW_COMMAND_MILLIS = 300_000;

  private LocalReplicas() {}

  /** Why a primary with {@code request.replicas()} replicas cannot be started here, or null. */
  static String unavailable(ServerKind kind, Request request) {
    if (kind == ServerKind.AEROSPIKE) {
      return "an Aerospike replica is a copy on another node of a cluster: start a cluster (--cluster N, replication"
          + " factor 2) instead of --replicas";
    }
    if (request.tls()) {
      return "a primary with replicas over TLS is not started here; start them yourself and give the primary";
    }
    if (request.way() == Way.CONTAINER) {
      return "a primary with replicas is started from the binary on PATH only (--servers binary)";
    }
    return LocalServers.onPath(kind.binary()) == null ? kind.binary() + " is not on PATH (replicas start from it)"
        : null;
  }

  /** The primary (pinned to {@code cpus}, null: not) and {@code n} replicas of it; stops them all when that fails. */
  static Provisioned start(ServerKind kind, int n, int ioThreads, String prefix, String cpus) throws IOException {
    List<Running> servers = new ArrayList<>();
    try {
      Running primary = LocalServers.binary(kind, ioThreads, false, prefix, LocalServers.freePort(), List.of(), null,
          cpus);
      servers.add(primary);
      for (int i = 0; i < n; i++) {
        List<String> replicaOf = kind == ServerKind.DRAGONFLY ? List.of("--replicaof=127.0.0.1:" + primary.port())
            : List.of("--replicaof", "127.0.0.1", Integer.toString(primary.port()));
        servers.add(LocalServers.binary(kind, ioThreads, false, prefix, LocalServers.freePort(), replicaOf, null));
      }
      for (Running replica : servers.subList(1, servers.size())) {
        awaitSynced(kind, replica);
      }
    } catch (IOException | RuntimeException e) {
      servers.forEach(Running::close);
      throw e;
    }
    return new WithReplicas(servers);
  }

  /**
   * Until {@code replica} says its link to its primary is up and its first sync has ended: given up after {@value
   * #READY_SECONDS} s in which its {@code INFO replication} did not change (a sync of gigabytes moves its counters on).
   */
  static void awaitSynced(ServerKind kind, Running replica) throws IOException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(READY_SECONDS);
    String info = "";
    while (System.nanoTime() < deadline) {
      String now = String.valueOf(Probes.command("127.0.0.1", replica.port(), SLOW_COMMAND_MILLIS, "INFO",
          "replication"));
      if (now.contains("master_link_status:up") && !now.contains("master_sync_in_progress:1")) {
        return;
      }
      if (!now.equals(info)) {
        deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(READY_SECONDS);
        info = now;
      }
      try {
        Thread.sleep(100);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException("interrupted while the replica synced");
      }
    }
    throw new IOException(kind.binary() + " on 127.0.0.1:" + replica.port() + " did not finish its sync with its"
        + " primary (nothing changed in " + READY_SECONDS + " s): " + info.strip().replace("\r\n", ", "));
  }

  /** The primary and its replicas, the client given the primary, stopped together. */
  private static final class WithReplicas implements Provisioned {
    private final List<Running> servers;

    WithReplicas(List<Running> servers) {
      this.servers = List.copyOf(servers);
    }

    @Override
    public Map<String, String> properties() {
      return servers.get(0).properties();
    }

    @Override
    public String description() {
      List<String> at = new ArrayList<>();
      for (Running r : servers.subList(1, servers.size())) {
        at.add("127.0.0.1:" + r.port());
      }
      return servers.get(0).description() + "; with " + at.size() + " replica(s) of it on " + String.join(", ", at)
          + " (REPLICAOF; reads go to them with -p readfrom=replica or any)";
    }

    @Override
    public int replicas() {
      return servers.size() - 1;
    }

    @Override
    public void detachReplicas() throws IOException {
      for (Running r : servers.subList(1, servers.size())) {
        reply(r, Probes.command("127.0.0.1", r.port(), SLOW_COMMAND_MILLIS, "REPLICAOF", "NO", "ONE"),
            "REPLICAOF NO ONE");
        reply(r, Probes.command("127.0.0.1", r.port(), SLOW_COMMAND_MILLIS, "FLUSHALL"), "FLUSHALL");
      }
    }

    @Override
    public void attachReplicas() throws IOException {
      Running primary = servers.get(0);
      for (Running r : servers.subList(1, servers.size())) {
        reply(r, Probes.command("127.0.0.1", r.port(), SLOW_COMMAND_MILLIS, "REPLICAOF", "127.0.0.1",
            Integer.toString(primary.port())), "REPLICAOF");
      }
      for (Running r : servers.subList(1, servers.size())) {
        awaitSynced(r.kind, r);
      }
    }

    private static void reply(Running r, String reply, String command) throws IOException {
      if (!"OK".equalsIgnoreCase(reply)) {
        throw new IOException(r.kind.binary() + " on 127.0.0.1:" + r.port() + " answered " + command + " with "
            + reply);
      }
    }

    @Override
    public String stopped() {
      return servers.stream().map(Running::stopped).filter(java.util.Objects::nonNull).findFirst().orElse(null);
    }

    @Override
    public List<java.nio.file.Path> keepLogs(java.nio.file.Path into) throws java.io.IOException {
      return Running.keepLogs(servers, into);
    }

    @Override
    public void close() {
      for (int i = servers.size() - 1; i >= 0; i--) {
        servers.get(i).close();
      }
    }
  }
}
