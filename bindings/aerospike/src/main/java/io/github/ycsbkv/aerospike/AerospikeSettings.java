package io.github.ycsbkv.aerospike;

import com.aerospike.client.Host;
import com.aerospike.client.policy.Replica;
import io.github.ycsbkv.config.BindingProperties;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import site.ycsb.DBException;

/**
 * The Aerospike binding's configuration (every property and default is in
 * {@link AerospikeBinding#properties()} and {@code docs/bindings/aerospike.md}). Immutable;
 * {@link #toString()} masks the password.
 */
record AerospikeSettings(List<Host> seeds, String namespace, String set, String user, String password,
    int totalTimeoutMillis, int socketTimeoutMillis, int maxRetries, boolean sendKey, boolean tls, String tlsName,
    List<String> tlsProtocols, List<String> tlsCiphers, int threads, int fieldCount, String fieldPrefix, boolean async,
    int eventLoops, String eventLoopType, int pipeline, Replica readReplica) {

  /** The property that says where reads go ({@code readfrom}, as on the RESP bindings). */
  static final String READ_FROM = "readfrom";

  static final int DEFAULT_PORT = 3000;
  static final String DEFAULT_NAMESPACE = "test";
  /**
   * Upstream YCSB's aerospike binding's default ({@code as.timeout=10000}): a slow operation is a
   * latency to measure, not an error. (2 s and 1 s made a few operations of a loaded 2-core run with
   * 512 in flight fail as client-side timeouts.)
   */
  static final int DEFAULT_TOTAL_TIMEOUT_MILLIS = 10000;
  static final int DEFAULT_SOCKET_TIMEOUT_MILLIS = 10000;
  /** Retries hide latency: none unless asked for. */
  static final int DEFAULT_MAX_RETRIES = 0;
  /** Aerospike's limit on bin names. */
  static final int MAX_BIN_NAME_LENGTH = 15;

  static AerospikeSettings from(Properties p) throws DBException {
    int port = BindingProperties.integer(p, "as.port", DEFAULT_PORT, 1);
    List<Host> seeds = new ArrayList<>();
    String tlsName = p.getProperty("as.tls.name");
    for (String h : p.getProperty("as.host", "127.0.0.1").split(",")) {
      if (h.isBlank()) {
        continue;
      }
      String host = h.trim();
      int hostPort = port;
      int colon = host.lastIndexOf(':');
      if (colon > 0 && host.indexOf(':') == colon) {
        try {
          hostPort = Integer.parseInt(host.substring(colon + 1));
        } catch (NumberFormatException e) {
          throw new DBException("as.host: '" + h.trim() + "' has no valid port");
        }
        host = host.substring(0, colon);
      }
      seeds.add(new Host(host, tlsName, hostPort));
    }
    if (seeds.isEmpty()) {
      throw new DBException("as.host is empty");
    }
    String table = p.getProperty("table", "usertable");
    return new AerospikeSettings(List.copyOf(seeds), p.getProperty("as.namespace", DEFAULT_NAMESPACE).trim(),
        p.getProperty("as.set", table).trim(), blankToNull(p.getProperty("as.user")), p.getProperty("as.password"),
        BindingProperties.integer(p, "as.timeout", DEFAULT_TOTAL_TIMEOUT_MILLIS, 0),
        BindingProperties.integer(p, "as.socketTimeout", DEFAULT_SOCKET_TIMEOUT_MILLIS, 0),
        BindingProperties.integer(p, "as.maxRetries", DEFAULT_MAX_RETRIES, 0), BindingProperties.bool(p, "as.sendKey", false),
        BindingProperties.bool(p, "as.tls", false), tlsName, list(p.getProperty("as.tls.protocols")),
        list(p.getProperty("as.tls.ciphers")), BindingProperties.integer(p, "threadcount", 1, 1),
        BindingProperties.integer(p, "fieldcount", 10, 1), p.getProperty("fieldnameprefix", "field"),
        BindingProperties.bool(p, "as.async", false),
        BindingProperties.integer(p, "as.eventLoops", Runtime.getRuntime().availableProcessors(), 1),
        p.getProperty("as.eventLoopType", "direct").trim(), BindingProperties.integer(p, "pipeline", 1, 1),
        readReplica(p));
  }

  /**
   * {@code readfrom}: {@code primary} (the default) leaves the client's read policy (SEQUENCE: a partition's master,
   * its replica only on a retry, and {@code as.maxRetries} is 0), {@code any} reads each partition from its master
   * and its replicas in turn (MASTER_PROLES). Aerospike's client has no policy that reads from replicas only: {@code
   * replica} is one line that says so.
   */
  private static Replica readReplica(Properties p) throws DBException {
    String v = p.getProperty(READ_FROM, "primary").trim().toLowerCase(java.util.Locale.ROOT);
    return switch (v) {
      case "", "primary" -> null;
      case "any" -> Replica.MASTER_PROLES;
      case "replica", "replicas" -> throw new DBException("-p " + READ_FROM + "=replica: Aerospike's client has no"
          + " policy that reads from replicas only; -p " + READ_FROM + "=any reads each partition from its master and"
          + " its replicas in turn (MASTER_PROLES)");
      default -> throw new DBException("-p " + READ_FROM + "=" + p.getProperty(READ_FROM) + " is not one of primary"
          + " (the default) or any (on Aerospike)");
    };
  }

  /**
   * These settings with the requests in flight per client thread the engine planned ({@link
   * io.github.ycsbkv.spi.InstancePlan#pipeline()}: {@code -p pipeline}, or the clients a thread serves).
   */
  AerospikeSettings withPipeline(int planned) {
    return new AerospikeSettings(seeds, namespace, set, user, password, totalTimeoutMillis, socketTimeoutMillis,
        maxRetries, sendKey, tls, tlsName, tlsProtocols, tlsCiphers, threads, fieldCount, fieldPrefix, async,
        eventLoops, eventLoopType, planned, readReplica);
  }

  /** Whether operations go through the asynchronous client: {@code as.async=true}, or pipelining. */
  boolean usesEventLoops() {
    return async || pipeline > 1;
  }

  private static List<String> list(String csv) {
    List<String> out = new ArrayList<>();
    if (csv != null) {
      for (String s : csv.split(",")) {
        if (!s.isBlank()) {
          out.add(s.trim());
        }
      }
    }
    return List.copyOf(out);
  }

  /** Fails when a field name of the workload is longer than Aerospike's 15-character bin names. */
  void checkBinNames() throws DBException {
    String longest = fieldPrefix + (fieldCount - 1);
    if (longest.length() > MAX_BIN_NAME_LENGTH) {
      throw new DBException("field name '" + longest + "' has " + longest.length() + " characters; Aerospike bin"
          + " names have at most " + MAX_BIN_NAME_LENGTH + " (shorten fieldnameprefix or lower fieldcount)");
    }
  }

  /** Identifies the shared client these settings need (the password is part of it, never printed). */
  String clientKey() {
    return seeds + "|" + user + "|" + password + "|" + tls + "|" + tlsName + "|" + tlsProtocols + "|" + tlsCiphers + "|"
        + (usesEventLoops() ? eventLoops + "|" + eventLoopType : "sync");
  }

  String where() {
    List<String> hosts = new ArrayList<>();
    for (Host h : seeds) {
      hosts.add(h.name + ":" + h.port);
    }
    return String.join(",", hosts);
  }

  @Override
  public String toString() {
    return "AerospikeSettings[" + where() + ", namespace=" + namespace + ", set=" + set + ", user=" + user
        + ", password=" + (password == null ? "none" : "*****") + "]";
  }

  private static String blankToNull(String s) {
    return s == null || s.isBlank() ? null : s.trim();
  }
}
