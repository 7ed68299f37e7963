package io.github.ycsbkv.redis;

import io.github.ycsbkv.codec.RespUri;
import io.github.ycsbkv.config.BindingProperties;
import io.github.ycsbkv.config.ScanIndex;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import site.ycsb.DBException;

/**
 * The Redis binding's configuration, read from the benchmark properties. Every property and default
 * is listed in {@link RedisBinding#properties()} and {@code docs/bindings/redis.md}.
 *
 * <p>{@code redis.uri} supplies host, port, user, password, database and TLS; the individual
 * properties win over the URI's parts. Immutable; {@link #toString()} masks the password.
 */
record RedisSettings(List<Endpoint> endpoints, String user, String password, int database, int timeoutMillis,
    boolean cluster, Map<Endpoint, Endpoint> hostMap, boolean tls, String caFile, String trustStore,
    String trustStorePassword, boolean tlsInsecure, DataType dataType, ScanIndex scanIndex, int indexShards,
    int poolSize, int fieldCount, String fieldPrefix, boolean poolConnections) {

  static final String DEFAULT_HOST = "127.0.0.1";
  static final int DEFAULT_PORT = 6379;
  static final int DEFAULT_TIMEOUT_MILLIS = 2000;
  static final int DEFAULT_CLUSTER_INDEX_SHARDS = 16;

  /** A host and port. */
  record Endpoint(String host, int port) {
    @Override
    public String toString() {
      return host + ":" + port;
    }
  }

  /** How a record is stored. */
  enum DataType {
    /** One hash per record, one hash field per YCSB field. */
    HASH,
    /** One string per record: the field's raw bytes when the workload has one field, else an encoded map. */
    STRING
  }

  static RedisSettings from(Properties p) throws DBException {
    String uriText = p.getProperty("redis.uri");
    RespUri uri = uriText == null || uriText.isBlank() ? new RespUri(null, -1, null, null, -1, false)
        : RespUri.parse(uriText, "redis.uri");
    String uriHost = uri.host();
    int uriPort = uri.port();

    boolean cluster = BindingProperties.bool(p, "redis.cluster", false);
    int defaultPort = uriPort > 0 ? uriPort : BindingProperties.integer(p, "redis.port", DEFAULT_PORT, 1);
    String hosts = p.getProperty("redis.host", uriHost != null ? uriHost : DEFAULT_HOST);
    List<Endpoint> endpoints = new ArrayList<>();
    for (String h : hosts.split(",")) {
      if (!h.isBlank()) {
        endpoints.add(endpoint(h.trim(), p.containsKey("redis.port") ? BindingProperties.integer(p, "redis.port", DEFAULT_PORT, 1)
            : defaultPort, "redis.host"));
      }
    }
    if (endpoints.isEmpty()) {
      throw new DBException("redis.host is empty");
    }
    if (!cluster && endpoints.size() > 1) {
      throw new DBException("redis.host lists " + endpoints.size() + " servers; set redis.cluster=true for a cluster,"
          + " or give one host");
    }

    Map<Endpoint, Endpoint> hostMap = new LinkedHashMap<>();
    String map = p.getProperty("redis.cluster.hostmap", "");
    for (String pair : map.split(",")) {
      if (pair.isBlank()) {
        continue;
      }
      int eq = pair.indexOf('=');
      if (eq < 0) {
        throw new DBException("redis.cluster.hostmap expects announced:port=reachable:port pairs, got '" + pair + "'");
      }
      hostMap.put(endpoint(pair.substring(0, eq).trim(), -1, "redis.cluster.hostmap"),
          endpoint(pair.substring(eq + 1).trim(), -1, "redis.cluster.hostmap"));
    }

    int database = p.containsKey("redis.db") ? BindingProperties.integer(p, "redis.db", 0, 0) : Math.max(0, uri.database());
    if (cluster && database != 0) {
      throw new DBException("redis.db must be 0 with redis.cluster=true (Redis Cluster has one database)");
    }
    String user = p.getProperty("redis.user", uri.user());
    String password = p.getProperty("redis.password", uri.password());
    if (user != null && user.isBlank()) {
      user = null;
    }
    boolean tls = BindingProperties.bool(p, "redis.tls", uri.tls());
    String caFile = p.getProperty("redis.tls.cafile");
    String trustStore = p.getProperty("redis.tls.truststore");
    boolean insecure = BindingProperties.bool(p, "redis.tls.insecure", false);

    DataType dataType = enumValue(p, "redis.datatype", DataType.HASH, DataType.class);
    ScanIndex scanIndex = ScanIndex.from(p, "redis.scanindex");
    int shards = BindingProperties.integer(p, "redis.scanindex.shards", cluster ? DEFAULT_CLUSTER_INDEX_SHARDS : 1, 1);
    int threads = BindingProperties.integer(p, "threadcount", 1, 1);
    int pool = BindingProperties.integer(p, "redis.poolsize", threads, 1);
    String connections = p.getProperty("redis.connections", "thread").trim();
    if (!connections.equals("thread") && !connections.equals("pool")) {
      throw new DBException("redis.connections must be thread or pool, got '" + connections + "'");
    }
    int fieldCount = BindingProperties.integer(p, "fieldcount", 10, 1);
    return new RedisSettings(List.copyOf(endpoints), user, password, database,
        BindingProperties.integer(p, "redis.timeout", DEFAULT_TIMEOUT_MILLIS, 1), cluster, Map.copyOf(hostMap), tls, caFile, trustStore,
        p.getProperty("redis.tls.truststore.password"), insecure, dataType, scanIndex, shards, pool, fieldCount,
        p.getProperty("fieldnameprefix", "field"), connections.equals("pool"));
  }

  /**
   * Whether each client thread has a connection of its own (redis.connections=thread, the default; standalone
   * only: Jedis's cluster client keeps a pool per node).
   */
  boolean threadConnections() {
    return !poolConnections && !cluster;
  }

  /** Whether this run keeps the scan index: {@code on} (default), or {@code auto} and the workload scans. */
  boolean indexEnabled(Properties p) throws DBException {
    return scanIndex.enabled(p);
  }


  /** Identifies the shared client these settings need (the password is part of it, never printed). */
  String clientKey() {
    return endpoints + "|" + user + "|" + password + "|" + database + "|" + timeoutMillis + "|" + cluster + "|"
        + hostMap + "|" + tls + "|" + caFile + "|" + trustStore + "|" + tlsInsecure + "|" + poolSize;
  }

  /** The first address, for messages. */
  String where() {
    return cluster ? "Redis Cluster seeds " + endpoints : endpoints.get(0).toString();
  }

  @Override
  public String toString() {
    return "RedisSettings[" + where() + ", user=" + user + ", password=" + (password == null ? "none" : "*****")
        + ", db=" + database + ", tls=" + tls + ", datatype=" + dataType + ", pool=" + poolSize
        + ", connections=" + (threadConnections() ? "thread" : "pool") + "]";
  }

  private static Endpoint endpoint(String text, int defaultPort, String property) throws DBException {
    String host = text;
    int port = defaultPort;
    int colon = text.lastIndexOf(':');
    if (colon > 0 && text.indexOf(':') == colon) {
      host = text.substring(0, colon);
      try {
        port = Integer.parseInt(text.substring(colon + 1));
      } catch (NumberFormatException e) {
        throw new DBException(property + ": '" + text + "' has no valid port");
      }
    }
    if (port <= 0 || port > 65535) {
      throw new DBException(property + ": '" + text + "' needs a port between 1 and 65535");
    }
    return new Endpoint(host, port);
  }

  private static <E extends Enum<E>> E enumValue(Properties p, String name, E defaultValue, Class<E> type)
      throws DBException {
    String raw = p.getProperty(name);
    if (raw == null || raw.isBlank()) {
      return defaultValue;
    }
    try {
      return Enum.valueOf(type, raw.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      List<String> known = new ArrayList<>();
      for (E c : type.getEnumConstants()) {
        known.add(c.name().toLowerCase(Locale.ROOT));
      }
      throw new DBException("property '" + name + "' must be one of " + String.join(", ", known) + ", got '" + raw + "'");
    }
  }
}
