package io.github.ycsbkv.internal.resp.server;

import io.github.ycsbkv.internal.resp.jedis.JedisClients;
import io.github.ycsbkv.internal.resp.wire.RespConnection;
import io.github.ycsbkv.internal.resp.wire.RespException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import redis.clients.jedis.RedisClient;
import site.ycsb.DBException;

/**
 * Dragonfly's replicas' lag in journal records, for the probe: its primary gives no replica offsets in {@code INFO
 * replication}, so the lag is the primary's journal position ({@code DFLY REPLICAOFFSET}, one per shard, added up)
 * less each replica's own {@code slave_repl_offset}, read on a connection of the probe's to each replica the primary's
 * {@code ROLE} names, right after. Under writes the two reads are a moment apart: the figure is that close. Owns the
 * replicas' connections; used by the probe's thread; closing twice is harmless.
 */
final class DragonflyReplicas implements AutoCloseable {

  private final RespConnection connection;
  /** A cluster's announced addresses mapped to reachable ones, or null. */
  private final UnaryOperator<String> cluster;
  private final Map<String, RedisClient> clients = new LinkedHashMap<>();

  /** A primary's links to its replicas in its {@code CLIENT LIST}: Dragonfly names them so. */
  private static final java.util.regex.Pattern LINK = java.util.regex.Pattern.compile(" name=repl_(ctrl|flow)_");

  /**
   * The connections in a Dragonfly primary's {@code CLIENT LIST} reply that are its replicas' links ({@code
   * repl_ctrl_N}, {@code repl_flow_N}), which it counts among its clients as Redis does not.
   */
  static int links(String clientList) {
    return (int) clientList.lines().filter(l -> LINK.matcher(l).find()).count();
  }

  DragonflyReplicas(RespConnection connection, UnaryOperator<String> cluster) {
    this.connection = connection;
    this.cluster = cluster;
  }

  /**
   * The most records a replica of one primary is behind, from the primary's replies to {@code DFLY REPLICAOFFSET} and
   * {@code ROLE}; -1 when no replica answers.
   */
  long lagRecords(Object replicaOffsets, Object role) {
    long primary = 0;
    if (replicaOffsets instanceof List<?> shards) {
      for (Object o : shards) {
        primary += o instanceof Long n ? n : 0;
      }
    }
    long lag = -1;
    for (String announced : RespStates.roleReplicas(role)) {
      String address = cluster == null ? announced : cluster.apply(announced);
      try {
        RedisClient replica = clients.computeIfAbsent(address, this::client);
        long offset = RespStates.count(RespInfo.parse(replica.info("replication")), "slave_repl_offset");
        if (offset >= 0) {
          lag = Math.max(lag, Math.max(0, primary - offset));
        }
      } catch (RuntimeException e) {
        RedisClient lost = clients.remove(address); // a replica that does not answer is left out this time
        if (lost != null) {
          lost.close();
        }
      }
    }
    return lag;
  }

  private RedisClient client(String address) {
    try {
      return JedisClients.at(connection, address, "replica");
    } catch (DBException e) {
      throw new RespException(e.getMessage());
    }
  }

  @Override
  public void close() {
    for (RedisClient c : clients.values()) {
      try {
        c.close();
      } catch (RuntimeException ignored) {
        // best effort
      }
    }
    clients.clear();
  }
}
