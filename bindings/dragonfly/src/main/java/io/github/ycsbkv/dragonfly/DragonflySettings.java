package io.github.ycsbkv.dragonfly;

import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Properties;
import site.ycsb.DBException;

/**
 * The Dragonfly binding's configuration (every property and default is in
 * {@link DragonflyBinding#properties()} and {@code docs/bindings/dragonfly.md}). Immutable;
 * {@link #toString()} masks the password.
 */
record DragonflySettings(String host, int port, String user, String password, int database, int timeoutMillis,
    boolean tls, String caFile, boolean tlsInsecure, int connections, int connectionsPerThread, boolean hash,
    String scanIndex, int indexShards, boolean requireDragonfly, int fieldCount, String fieldPrefix, int threads) {

  static final int DEFAULT_PORT = 6379;
  static final int DEFAULT_TIMEOUT_MILLIS = 2000;
  /** Connections per server thread when {@code dragonfly.connections} is not set. */
  static final int DEFAULT_CONNECTIONS_PER_SERVER_THREAD = 2;
  static final int MIN_CONNECTIONS = 2;

  static DragonflySettings from(Properties p) throws DBException {
    String host = "127.0.0.1";
    int port = DEFAULT_PORT;
    String user = null;
    String password = null;
    int db = 0;
    boolean tls = false;
    String uriText = p.getProperty("dragonfly.uri");
    if (uriText != null && !uriText.isBlank()) {
      URI uri;
      try {
        uri = new URI(uriText.trim());
      } catch (URISyntaxException e) {
        throw new DBException("dragonfly.uri is not a valid URI (expected redis://[user:password@]host:port[/db])");
      }
      String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
      if (!scheme.equals("redis") && !scheme.equals("rediss")) {
        throw new DBException("dragonfly.uri must start with redis:// or rediss://, got '" + scheme + "://'");
      }
      tls = scheme.equals("rediss");
      host = uri.getHost() == null ? host : uri.getHost();
      port = uri.getPort() > 0 ? uri.getPort() : port;
      if (uri.getRawUserInfo() != null) {
        String info = uri.getRawUserInfo();
        int colon = info.indexOf(':');
        user = colon <= 0 ? null : URLDecoder.decode(info.substring(0, colon), StandardCharsets.UTF_8);
        password = URLDecoder.decode(colon < 0 ? info : info.substring(colon + 1), StandardCharsets.UTF_8);
      }
      if (uri.getPath() != null && uri.getPath().length() > 1) {
        db = parse(uri.getPath().substring(1), "dragonfly.uri database");
      }
    }
    host = p.getProperty("dragonfly.host", host).trim();
    port = integer(p, "dragonfly.port", port, 1);
    user = p.getProperty("dragonfly.user", user);
    password = p.getProperty("dragonfly.password", password);
    db = integer(p, "dragonfly.db", db, 0);
    String datatype = p.getProperty("dragonfly.datatype", "hash").trim().toLowerCase(Locale.ROOT);
    if (!datatype.equals("hash") && !datatype.equals("string")) {
      throw new DBException("property 'dragonfly.datatype' must be one of hash, string, got '" + datatype + "'");
    }
    String scanIndex = p.getProperty("dragonfly.scanindex", "auto").trim().toLowerCase(Locale.ROOT);
    if (!scanIndex.equals("auto") && !scanIndex.equals("on") && !scanIndex.equals("off")) {
      throw new DBException("property 'dragonfly.scanindex' must be one of auto, on, off, got '" + scanIndex + "'");
    }
    return new DragonflySettings(host, port, user == null || user.isBlank() ? null : user, password, db,
        integer(p, "dragonfly.timeout", DEFAULT_TIMEOUT_MILLIS, 1), bool(p, "dragonfly.tls", tls),
        p.getProperty("dragonfly.tls.cafile"), bool(p, "dragonfly.tls.insecure", false),
        integer(p, "dragonfly.connections", 0, 0),
        integer(p, "dragonfly.connections.perthread", DEFAULT_CONNECTIONS_PER_SERVER_THREAD, 1),
        datatype.equals("hash"), scanIndex, integer(p, "dragonfly.scanindex.shards", 0, 0),
        bool(p, "dragonfly.require", false), integer(p, "fieldcount", 10, 1), p.getProperty("fieldnameprefix", "field"),
        integer(p, "threadcount", 1, 1));
  }

  /** Whether this run keeps the scan index: {@code on}, or {@code auto} and the workload scans. */
  boolean indexEnabled(Properties p) throws DBException {
    if (scanIndex.equals("on")) {
      return true;
    }
    if (scanIndex.equals("off")) {
      return false;
    }
    String raw = p.getProperty("scanproportion", "0").trim();
    try {
      return Double.parseDouble(raw) > 0;
    } catch (NumberFormatException e) {
      throw new DBException("property 'scanproportion' must be a number, got '" + raw + "'");
    }
  }

  /** Identifies the shared client these settings need (the password is part of it, never printed). */
  String clientKey() {
    return host + "|" + port + "|" + user + "|" + password + "|" + database + "|" + timeoutMillis + "|" + tls + "|"
        + caFile + "|" + tlsInsecure + "|" + connections + "|" + connectionsPerThread;
  }

  String where() {
    return host + ":" + port;
  }

  @Override
  public String toString() {
    return "DragonflySettings[" + where() + ", user=" + user + ", password=" + (password == null ? "none" : "*****")
        + ", tls=" + tls + ", connections=" + (connections == 0 ? "auto" : connections) + "]";
  }

  private static int parse(String raw, String what) throws DBException {
    try {
      return Integer.parseInt(raw.trim());
    } catch (NumberFormatException e) {
      throw new DBException(what + " must be a whole number, got '" + raw + "'");
    }
  }

  private static int integer(Properties p, String name, int defaultValue, int min) throws DBException {
    String raw = p.getProperty(name);
    if (raw == null || raw.isBlank()) {
      return defaultValue;
    }
    int v = parse(raw, "property '" + name + "'");
    if (v < min) {
      throw new DBException("property '" + name + "' must be at least " + min + ", got " + v);
    }
    return v;
  }

  private static boolean bool(Properties p, String name, boolean defaultValue) throws DBException {
    String raw = p.getProperty(name);
    if (raw == null || raw.isBlank()) {
      return defaultValue;
    }
    if (raw.trim().equalsIgnoreCase("true") || raw.trim().equalsIgnoreCase("false")) {
      return Boolean.parseBoolean(raw.trim());
    }
    throw new DBException("property '" + name + "' must be true or false, got '" + raw + "'");
  }
}
