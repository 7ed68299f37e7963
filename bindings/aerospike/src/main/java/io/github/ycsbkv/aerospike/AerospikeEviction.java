package io.github.ycsbkv.aerospike;

import com.aerospike.client.AerospikeClient;
import com.aerospike.client.AerospikeException;
import com.aerospike.client.Info;
import com.aerospike.client.cluster.Node;
import io.github.ycsbkv.config.BindingProperties;
import io.github.ycsbkv.results.sweep.SweepCell;
import io.github.ycsbkv.spi.Notices;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import site.ycsb.DBException;

/**
 * The memory limit of a run on Aerospike ({@code -p server.maxmemory=64mb}, as on the RESP bindings, and so each cell
 * of {@code sweep --maxmemory}; issue #53), set on every node before the clients connect. Aerospike's limit is not a
 * size but its namespace's {@code evict-used-pct}: past that share of the namespace's {@code data-size} (fixed when
 * the server starts), its namespace supervisor evicts the records nearest to their expiry, every
 * {@code nsup-period} seconds, at most {@code evict-tenths-pct} tenths of a percent of them a round, whole buckets of
 * expiry time at a time (its log: "no records below eviction void-time ... count > target" where a bucket is larger).
 * So the limit is taken as a whole percent of {@code data-size}, rounded down, and said as the bytes it means; it
 * must be at least 1% and below the namespace's {@code stop-writes-used-pct} (past which writes stop instead).
 * Aerospike evicts only records that expire: where the namespace's {@code default-ttl} is 0 (never), it is set to a
 * day ({@value #TTL_SECONDS} s); where its expiry histogram has fewer buckets than that time to live has seconds, it
 * gets one a second (at most 10,000,000); its supervisor runs a round a second ({@code nsup-period} 1: at 0 it evicts
 * nothing, at the 120 s of an Aerospike started by {@code provision} a limit would hold only that often). Each is
 * said. {@code server.evict-tenths-pct} sets the share a round may evict. There is no policy to choose:
 * {@code server.maxmemory-policy} is one line. The server keeps every setting after the run. Immutable.
 *
 * @param bytes the limit asked for, in bytes, or 0 for none
 * @param tenthsPct {@code evict-tenths-pct} to set, or -1 to leave the server's
 */
record AerospikeEviction(double bytes, int tenthsPct) {

  /** The property of the limit (the RESP bindings' too). */
  static final String MAXMEMORY = SweepCell.MAXMEMORY_PROPERTY;
  /** The RESP bindings' eviction policy, which Aerospike has no choice of. */
  static final String POLICY = "server.maxmemory-policy";
  /** The share of records a supervisor round may evict, in tenths of a percent (Aerospike's own name). */
  static final String TENTHS_PCT = "server.evict-tenths-pct";
  /** The time to live given to records written without one, where the namespace gives none: a day. */
  static final long TTL_SECONDS = 24L * 3600;
  /** Aerospike's largest {@code evict-hist-buckets}. */
  static final long MAX_BUCKETS = 10_000_000;

  /** {@link #MAXMEMORY} of a run, or none; a malformed size, or a policy, is one line. */
  static AerospikeEviction from(Properties p) throws DBException {
    String policy = p.getProperty(POLICY);
    if (policy != null && !policy.isBlank()) {
      throw new DBException("-p " + POLICY + "=" + policy.trim() + ": Aerospike has no eviction policy to choose (it"
          + " evicts the records nearest to their expiry first); drop it, and give the limit alone with -p "
          + MAXMEMORY);
    }
    int tenths = BindingProperties.integer(p, TENTHS_PCT, -1, 0);
    if (tenths > 1000) {
      throw new DBException("-p " + TENTHS_PCT + "=" + tenths + ": tenths of a percent, 0 to 1000");
    }
    String limit = p.getProperty(MAXMEMORY);
    if (limit == null || limit.isBlank()) {
      if (tenths >= 0) {
        throw new DBException("-p " + TENTHS_PCT + " goes with -p " + MAXMEMORY + " (the limit it evicts down to)");
      }
      return new AerospikeEviction(0, -1);
    }
    double bytes = SweepCell.bytes(limit);
    if (!(bytes >= 1)) {
      throw new DBException("-p " + MAXMEMORY + "=" + limit.trim() + " is not a size (64mb, 1gb, or bytes)");
    }
    return new AerospikeEviction(bytes, tenths);
  }

  /** Whether the run sets a limit. */
  boolean given() {
    return bytes > 0;
  }

  /** The whole percent of {@code dataSize} that {@link #bytes} is, rounded down. */
  int percentOf(long dataSize) {
    return (int) Math.floor(bytes * 100 / dataSize + 1e-6); // a byte short of a percent is that percent
  }

  /**
   * Sets the limit on every node of {@code client}'s cluster, in namespace {@code namespace}, and says it in one note;
   * a limit the namespace cannot take (under 1% of its data-size, or where writes stop) is one line that says what to
   * do.
   */
  void apply(AerospikeClient client, String namespace, String where, Notices notices) throws DBException {
    if (!given()) {
      return;
    }
    Set<String> also = new LinkedHashSet<>();
    int percent = 0;
    long dataSize = 0;
    try {
      for (Node node : client.getNodes()) {
        Map<String, String> config = AerospikeProbe.pairs(Info.request(node,
            "get-config:context=namespace;id=" + namespace));
        dataSize = number(config, "storage-engine.data-size", where);
        long stopWrites = number(config, "storage-engine.stop-writes-used-pct", where);
        percent = percentOf(dataSize);
        if (percent < 1 || percent >= stopWrites) {
          throw new DBException(String.format(Locale.US, "-p %s=%.1f MB: Aerospike's limit is a whole percent of its"
              + " namespace's data-size (%.0f MB at %s, set when it starts: storage-engine memory { data-size }),"
              + " from 1%% (%.1f MB) to below its stop-writes-used-pct (%d%%); give a limit in that range, or start"
              + " Aerospike with a data-size that fits it", MAXMEMORY, bytes / MB, dataSize / MB, where,
              dataSize / 100.0 / MB, stopWrites));
        }
        set(node, namespace, "evict-used-pct", Integer.toString(percent), where);
        long period = number(config, "nsup-period", where);
        if (period != 1) {
          set(node, namespace, "nsup-period", "1", where);
          also.add("; nsup-period 1 s (it was " + period + (period == 0 ? ": no eviction)" : " s: eviction only that"
              + " often)"));
        }
        long ttl = number(config, "default-ttl", where);
        if (ttl == 0) {
          ttl = TTL_SECONDS;
          set(node, namespace, "default-ttl", Long.toString(ttl), where);
          also.add("; default-ttl " + ttl + " s for records written without a time to live (it was 0:"
              + " records that never expire are never evicted)");
        }
        long buckets = Math.min(MAX_BUCKETS, ttl);
        if (number(config, "evict-hist-buckets", where) < buckets) {
          set(node, namespace, "evict-hist-buckets", Long.toString(buckets), where);
          also.add("; evict-hist-buckets " + buckets + " (a bucket a second of expiry time)");
        }
        if (tenthsPct >= 0) {
          set(node, namespace, "evict-tenths-pct", Integer.toString(tenthsPct), where);
          also.add("; evict-tenths-pct " + tenthsPct);
        }
      }
    } catch (AerospikeException e) {
      throw new DBException("-p " + MAXMEMORY + ": cannot set the namespace's eviction at " + where + " ("
          + e.getMessage() + ")");
    }
    notices.note(String.format(Locale.US, "server: namespace %s evicts above %d%% of its data-size (%.1f MB of %.0f MB"
        + " for %.1f MB asked) at %s%s (the server keeps it after the run)", namespace, percent,
        dataSize * percent / 100.0 / MB, dataSize / MB, bytes / MB, where, String.join("", also)));
  }

  private static final double MB = 1024.0 * 1024;

  private static long number(Map<String, String> config, String key, String where) throws DBException {
    String v = config.get(key);
    try {
      return Long.parseLong(v == null ? "" : v.trim());
    } catch (NumberFormatException e) {
      throw new DBException("-p " + MAXMEMORY + ": the namespace at " + where + " has no " + key + " (" + v + "):"
          + " its eviction is set on an in-memory namespace (storage-engine memory) of Aerospike 7 or later");
    }
  }

  private static void set(Node node, String namespace, String name, String value, String where)
      throws DBException {
    String command = "set-config:context=namespace;id=" + namespace + ";" + name + "=" + value;
    String reply = Info.request(node, command).trim();
    if (!reply.equalsIgnoreCase("ok")) {
      throw new DBException("-p " + MAXMEMORY + ": the server at " + where + " refused " + command + " (" + reply
          + ")");
    }
  }
}
