package io.github.ycsbkv.internal.resp.server;

import io.github.ycsbkv.internal.resp.jedis.JedisClients;
import io.github.ycsbkv.internal.resp.wire.RespConnection;
import io.github.ycsbkv.spi.ServerState;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import site.ycsb.DBException;

/**
 * The replicas a run reads from ({@code readfrom=replica|any}), as the probe reads them, each on a connection of the
 * probe's own: their part of the run's load and of its reads' hits and misses. A replica counts the writes its primary
 * sends it as commands, and (Redis, Valkey, KeyDB) its link to the primary as a client, so its load is its clients
 * but that link (flag {@code M} in {@code CLIENT LIST}) and its calls of the read commands ({@code INFO
 * commandstats}). Used by the probe's thread; closing twice is harmless.
 */
final class ReadReplicas implements AutoCloseable {

  private final List<ServerNode> nodes = new ArrayList<>();
  private final List<String> addresses = new ArrayList<>();

  /** None: the run reads from the primary. */
  ReadReplicas() {}

  /** Connects to the replicas at {@code at} ({@code host:port}), with {@code connection}'s settings. */
  ReadReplicas(RespConnection connection, List<String> at) throws DBException {
    for (String address : at) {
      nodes.add(ServerNode.of(JedisClients.at(connection, address, "replica")));
      addresses.add(address);
    }
  }

  /** Their addresses ({@code host:port}). */
  List<String> addresses() {
    return addresses;
  }

  int size() {
    return nodes.size();
  }

  /**
   * Their clients but their links to the primary, their reads and (with {@code cpu}) their CPU time, added up, as
   * {@code {clients, reads, cpuMicros}}; -1 for a figure one of them does not give.
   */
  long[] load(boolean cpu) {
    long[] sum = {0, 0, 0};
    for (ServerNode node : nodes) {
      Map<String, String> info = RespInfo.parse(node.info().apply("clients") + "\n"
          + (cpu ? node.info().apply("cpu") + "\n" : "") + node.info().apply("commandstats"));
      long links = node.text("CLIENT", "LIST").lines().filter(l -> l.matches(".* flags=[A-Za-z]*M .*")).count();
      long clients = RespStates.count(info, "connected_clients");
      sum[0] = RespStates.sum(sum[0], clients < 0 ? -1 : clients - links);
      sum[1] += ReplicaReads.readCalls(info);
      sum[2] = cpu ? RespStates.sum(sum[2], RespInfo.cpuMicros(info)) : 0;
    }
    return sum;
  }

  /** {@code s} with their hits and misses added ({@link RespStates#withReadsOf}); {@code s} without replicas. */
  ServerState withReads(ServerState s) {
    if (nodes.isEmpty()) {
      return s;
    }
    List<Map<String, String>> stats = new ArrayList<>();
    for (ServerNode node : nodes) {
      stats.add(RespInfo.parse(node.info().apply("stats")));
    }
    return RespStates.withReadsOf(s, stats);
  }

  @Override
  public void close() {
    for (ServerNode n : nodes) {
      try {
        n.closer().run();
      } catch (RuntimeException ignored) {
        // best effort
      }
    }
    nodes.clear();
    addresses.clear();
  }
}
