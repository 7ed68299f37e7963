package io.github.ycsbkv.internal.resp;

import io.github.ycsbkv.internal.resp.jedis.JedisClients;
import io.github.ycsbkv.results.sweep.SweepCell;
import io.github.ycsbkv.spi.Notices;
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
   * start) and says so in one line; a server that refuses one, or a cluster, is one line that says what to do.
   */
  void apply(RespSettings s, Notices notices) throws DBException {
    if (!given()) {
      return;
    }
    if (s.cluster()) {
      throw new DBException("-p " + MAXMEMORY + " and " + POLICY + " are set on a standalone server; on a cluster"
          + " set them on each node (CONFIG SET maxmemory ... on each primary) and drop them here");
    }
    StringBuilder said = new StringBuilder();
    if (policy != null) {
      set(s, "maxmemory-policy", policy, POLICY);
      said.append("maxmemory-policy ").append(policy);
    }
    if (maxmemory != null) {
      set(s, "maxmemory", maxmemory, MAXMEMORY);
      said.append(said.length() == 0 ? "" : ", ").append("maxmemory ").append(maxmemory);
    }
    notices.note("server: CONFIG SET " + said + " at " + s.where() + " (the server keeps it after"
        + " the run)");
  }

  private static void set(RespSettings s, String name, String value, String property) throws DBException {
    String refused = JedisClients.configSet(s.connection(), name, value);
    if (refused != null) {
      throw new DBException("-p " + property + "=" + value + ": the server at " + s.where() + " refused CONFIG SET "
          + name + " " + value + " (" + refused + ")" + (name.equals("maxmemory-policy")
          ? "; Dragonfly has no eviction policy: it evicts only in its cache mode, --cache_mode=true when it starts"
          : ""));
    }
  }
}
