package io.github.ycsbkv.internal.resp;

import io.github.ycsbkv.internal.resp.jedis.JedisClients;
import io.github.ycsbkv.internal.resp.server.ClusterSlots;
import io.github.ycsbkv.internal.resp.wire.RespConnection;
import io.github.ycsbkv.internal.resp.wire.RespException;
import io.github.ycsbkv.results.sweep.SweepCell;
import io.github.ycsbkv.spi.Notices;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import site.ycsb.DBException;

/**
 * The server's memory limit and eviction policy, set by the run ({@code -p server.maxmemory=64mb}, {@code -p
 * server.maxmemory-policy=allkeys-lru}, issue #53): sent as {@code CONFIG SET} by a binding's first instance, before
 * its clients connect, so that a load and a run (and each cell of {@code sweep --maxmemory}) start under the limit
 * they name. The server keeps it after the run. Dragonfly takes {@code maxmemory} but has no policy: it evicts only in
 * its cache mode, set when it starts ({@code --cache_mode=true}).
 *
 * @param maxmemory the limit as the server takes it ({@code 64mb}, {@code 1gb}, bytes), or null
 * @param policy the eviction policy ({@code allkeys-lru}, ...), or null
 */
public record MemoryLimit(String maxmemory, String policy) {

  /** The property of the limit. */
  public static final String MAXMEMORY = "server.maxmemory";
  /** The property of the policy. */
  public static final String POLICY = "server.maxmemory-policy";

  /** {@link #MAXMEMORY} and {@link #POLICY} of a run, each null when not given; a malformed limit is one line. */
  public static MemoryLimit from(Properties p) throws DBException {
    String limit = blankToNull(p.getProperty(MAXMEMORY));
    if (limit != null && !(SweepCell.bytes(limit) >= 1)) {
      throw new DBException("-p " + MAXMEMORY + "=" + limit + " is not a size the server takes (64mb, 1gb, or"
          + " bytes)");
    }
    return new MemoryLimit(limit, blankToNull(p.getProperty(POLICY)));
  }

  private static String blankToNull(String v) {
    return v == null || v.isBlank() ? null : v.trim();
  }

  /** Whether the run sets anything. */
  public boolean given() {
    return maxmemory != null || policy != null;
  }

  /**
   * Sends the settings to the server {@code s} describes (the policy first, so that the limit evicts by it from the
   * start), on a cluster to every node its map names (primaries and replicas: each holds its share of the keys under
   * the limit), and says so in one line; a node that refuses one is one line that says what to do.
   */
  void apply(RespSettings s, Notices notices) throws DBException {
    if (!given()) {
      return;
    }
    List<RespConnection> nodes = new ArrayList<>();
    if (s.cluster()) {
      ClusterSlots map;
      try {
        map = ClusterSlots.read(s.connection(), s::mapAddress);
      } catch (RespException e) {
        throw new DBException("-p " + MAXMEMORY + ": cannot read the cluster's nodes at " + s.where() + " ("
            + e.getMessage() + ")");
      }
      List<String> addresses = new ArrayList<>(map.primaries());
      addresses.addAll(map.allReplicas());
      for (String address : addresses) {
        nodes.add(s.connection().at(RespConnection.endpoint(address, -1, "cluster node")));
      }
    } else {
      nodes.add(s.connection());
    }
    StringBuilder said = new StringBuilder();
    if (policy != null) {
      said.append("maxmemory-policy ").append(policy);
    }
    if (maxmemory != null) {
      said.append(said.length() == 0 ? "" : ", ").append("maxmemory ").append(maxmemory);
    }
    for (RespConnection node : nodes) {
      if (policy != null) {
        set(node, "maxmemory-policy", policy, POLICY);
      }
      if (maxmemory != null) {
        set(node, "maxmemory", maxmemory, MAXMEMORY);
      }
    }
    notices.note("server: CONFIG SET " + said + " at " + (s.cluster() ? "each of the cluster's " + nodes.size()
        + " nodes (" + s.where() + ", each node's limit for its own keys)" : s.where()) + " (the server keeps it"
        + " after the run)");
  }

  private static void set(RespConnection c, String name, String value, String property) throws DBException {
    String refused = JedisClients.configSet(c, name, value);
    if (refused != null) {
      throw new DBException("-p " + property + "=" + value + ": the server at " + c.where() + " refused CONFIG SET "
          + name + " " + value + " (" + refused + ")" + (name.equals("maxmemory-policy")
          ? "; Dragonfly has no eviction policy: it evicts only in its cache mode, --cache_mode=true when it starts"
          : ""));
    }
  }
}
