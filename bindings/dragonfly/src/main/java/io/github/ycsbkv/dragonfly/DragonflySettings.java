package io.github.ycsbkv.dragonfly;

import io.github.ycsbkv.codec.RespUri;
import io.github.ycsbkv.config.BindingProperties;
import io.github.ycsbkv.config.ScanIndex;
import java.util.Locale;
import java.util.Properties;
import site.ycsb.DBException;

/**
 * The Dragonfly binding's configuration (every property and default is in
 * {@link DragonflyBinding#properties()} and {@code docs/bindings/dragonfly.md}). Immutable;
 * {@link #toString()} masks the password.
 */
record DragonflySettings(String host, int port, String user, String password, int database, int timeoutMillis,
    boolean tls, String caFile, boolean tlsInsecure, int connections, boolean hash,
    ScanIndex scanIndex, int indexShards, boolean requireDragonfly, int fieldCount, String fieldPrefix, int threads,
    boolean jedisLane, boolean engine, long reconnectIntervalMillis, long reconnectMaxMillis) {

  static final int DEFAULT_PORT = 6379;
  static final int DEFAULT_TIMEOUT_MILLIS = 2000;

  static DragonflySettings from(Properties p) throws DBException {
    String host = "127.0.0.1";
    int port = DEFAULT_PORT;
    String user = null;
    String password = null;
    int db = 0;
    boolean tls = false;
    String uriText = p.getProperty("dragonfly.uri");
    if (uriText != null && !uriText.isBlank()) {
      RespUri uri = RespUri.parse(uriText, "dragonfly.uri");
      tls = uri.tls();
      host = uri.host() == null ? host : uri.host();
      port = uri.port() > 0 ? uri.port() : port;
      user = uri.user();
      password = uri.password();
      db = Math.max(0, uri.database());
    }
    host = p.getProperty("dragonfly.host", host).trim();
    port = BindingProperties.integer(p, "dragonfly.port", port, 1);
    user = p.getProperty("dragonfly.user", user);
    password = p.getProperty("dragonfly.password", password);
    db = BindingProperties.integer(p, "dragonfly.db", db, 0);
    String datatype = p.getProperty("dragonfly.datatype", "hash").trim().toLowerCase(Locale.ROOT);
    if (!datatype.equals("hash") && !datatype.equals("string")) {
      throw new DBException("property 'dragonfly.datatype' must be one of hash, string, got '" + datatype + "'");
    }
    ScanIndex scanIndex = ScanIndex.from(p, "dragonfly.scanindex");
    // Lettuce's shared connections (dragonfly.asyncclient=lettuce): the engine's connections=client is one per
    // client thread; connections=N, N. The Jedis lanes (the default) open what the engine tells each instance.
    String shape = p.getProperty("connections", "client").trim().toLowerCase(Locale.ROOT);
    int threads = BindingProperties.integer(p, "threadcount", 1, 1);
    int lettuceConnections = shape.equals("client") ? threads : BindingProperties.integer(p, "connections", 1, 1);
    String asyncClient = p.getProperty("dragonfly.asyncclient", "netty").trim().toLowerCase(Locale.ROOT);
    boolean engine = io.github.ycsbkv.redis.RespEngine.wanted(asyncClient, "dragonfly.asyncclient", "jedis", "lettuce");
    return new DragonflySettings(host, port, user == null || user.isBlank() ? null : user, password, db,
        BindingProperties.integer(p, "dragonfly.timeout", DEFAULT_TIMEOUT_MILLIS, 1), BindingProperties.bool(p, "dragonfly.tls", tls),
        p.getProperty("dragonfly.tls.cafile"), BindingProperties.bool(p, "dragonfly.tls.insecure", false),
        lettuceConnections, datatype.equals("hash"), scanIndex, BindingProperties.integer(p, "dragonfly.scanindex.shards", 0, 0),
        BindingProperties.bool(p, "dragonfly.require", false), BindingProperties.integer(p, "fieldcount", 10, 1), p.getProperty("fieldnameprefix", "field"),
        threads, engine || asyncClient.equals("jedis"), engine,
        // The engine's reconnect.interval and reconnect.max (docs/faults.md), for Lettuce's own reconnection.
        Math.max(1, BindingProperties.integer(p, "reconnect.interval", 100, 0)),
        Math.max(1, Math.max(BindingProperties.integer(p, "reconnect.interval", 100, 0),
            BindingProperties.integer(p, "reconnect.max", 1000, 0))));
  }

  /**
   * The redis binding's properties for a {@link io.github.ycsbkv.redis.JedisLane} to this server: the same
   * address, user and password, database, timeout and TLS.
   */
  Properties laneProperties() {
    Properties p = new Properties();
    p.setProperty("redis.host", host);
    p.setProperty("redis.port", Integer.toString(port));
    if (user != null) {
      p.setProperty("redis.user", user);
    }
    if (password != null) {
      p.setProperty("redis.password", password);
    }
    p.setProperty("redis.db", Integer.toString(database));
    p.setProperty("redis.timeout", Integer.toString(timeoutMillis));
    p.setProperty("redis.tls", Boolean.toString(tls));
    if (caFile != null) {
      p.setProperty("redis.tls.cafile", caFile);
    }
    p.setProperty("redis.tls.insecure", Boolean.toString(tlsInsecure));
    return p;
  }

  /** Whether this run keeps the scan index: {@code on} (default), or {@code auto} and the workload scans. */
  boolean indexEnabled(Properties p) throws DBException {
    return scanIndex.enabled(p);
  }


  /** Identifies the shared client these settings need (the password is part of it, never printed). */
  String clientKey() {
    return host + "|" + port + "|" + user + "|" + password + "|" + database + "|" + timeoutMillis + "|" + tls + "|"
        + caFile + "|" + tlsInsecure + "|" + connections;
  }

  String where() {
    return host + ":" + port;
  }

  @Override
  public String toString() {
    return "DragonflySettings[" + where() + ", user=" + user + ", password=" + (password == null ? "none" : "*****")
        + ", tls=" + tls + ", connections=" + connections + "]";
  }
}
