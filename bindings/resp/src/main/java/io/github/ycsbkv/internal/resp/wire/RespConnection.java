package io.github.ycsbkv.internal.resp.wire;

import io.github.ycsbkv.config.BindingProperties;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import site.ycsb.DBException;

/**
 * Where a RESP binding connects and how, read once from that binding's properties ({@code redis.*} or
 * {@code dragonfly.*}): the server's address, the ACL user and password, the database, the timeout of a connection
 * attempt and of a reply, and TLS. Every connection a binding opens (the engine's, the Jedis lanes', the probe's)
 * is made from one of these; the modules pass it, never the properties re-keyed.
 *
 * <p>{@code <binding>.uri} ({@code redis://[user:password@]host:port[/db]}, {@code rediss://} for TLS) supplies
 * parts that the individual properties override. Immutable; {@link #toString()} masks the password.
 *
 * @param binding the properties' prefix ({@code redis}, {@code dragonfly}), which messages use to name a property
 * @param endpoints the servers: one, or a cluster's seed nodes
 * @param user the ACL user, or null for the default user
 * @param password the password, or null
 * @param database the database number ({@code SELECT})
 * @param timeoutMillis how long a connection attempt, and a reply, may take
 * @param minimalHandshake whether a connection sends only what memtier_benchmark sends when it connects ({@code AUTH},
 *     {@code SELECT}), not the client's name, protocol negotiation and library info ({@code <binding>.handshake})
 */
public record RespConnection(String binding, List<Endpoint> endpoints, String user, String password, int database,
    int timeoutMillis, Tls tls, boolean minimalHandshake) {

  /**
   * Property, under the binding's prefix: {@code full} (default: each connection named ycsb-kv, its protocol
   * negotiated, its library said) or {@code minimal} (only AUTH and SELECT, as memtier_benchmark connects).
   */
  public static final String HANDSHAKE = "handshake";

  /** The host when none is given. */
  public static final String DEFAULT_HOST = "127.0.0.1";
  /** The port when none is given. */
  public static final int DEFAULT_PORT = 6379;
  /** The connect and reply timeout when none is given, in milliseconds. */
  public static final int DEFAULT_TIMEOUT_MILLIS = 2000;

  /** A host and port. */
  public record Endpoint(String host, int port) {
    @Override
    public String toString() {
      return host + ":" + port;
    }
  }

  /**
   * TLS: off, or on with the JVM's CAs, a PEM file of CAs ({@code caFile}), a trust store, or (insecure) any
   * certificate and no host name check. {@link #toString()} masks the trust store's password.
   */
  public record Tls(boolean enabled, String caFile, String trustStore, String trustStorePassword, boolean insecure) {
    @Override
    public String toString() {
      return enabled ? "Tls[caFile=" + caFile + ", trustStore=" + trustStore + ", trustStorePassword="
          + (trustStorePassword == null ? "none" : "*****") + ", insecure=" + insecure + "]" : "Tls[off]";
    }
  }

  public RespConnection {
    endpoints = List.copyOf(endpoints);
  }

  /**
   * Reads {@code <binding>.uri}, {@code .host} (one {@code host} or {@code host:port}, or several comma-separated),
   * {@code .port}, {@code .user}, {@code .password}, {@code .db}, {@code .timeout} and {@code .tls},
   * {@code .tls.cafile}, {@code .tls.truststore}, {@code .tls.truststore.password}, {@code .tls.insecure}.
   * Whether several hosts are allowed is the binding's to check.
   */
  public static RespConnection parse(Properties p, String binding) throws DBException {
    String uriText = p.getProperty(binding + ".uri");
    RespUri uri = uriText == null || uriText.isBlank() ? new RespUri(null, -1, null, null, -1, false)
        : RespUri.parse(uriText, binding + ".uri");
    int port = p.containsKey(binding + ".port")
        ? BindingProperties.integer(p, binding + ".port", DEFAULT_PORT, 1)
        : uri.port() > 0 ? uri.port() : DEFAULT_PORT;
    String hosts = p.getProperty(binding + ".host", uri.host() != null ? uri.host() : DEFAULT_HOST);
    List<Endpoint> endpoints = new ArrayList<>();
    for (String h : hosts.split(",")) {
      if (!h.isBlank()) {
        endpoints.add(endpoint(h.trim(), port, binding + ".host"));
      }
    }
    if (endpoints.isEmpty()) {
      throw new DBException(binding + ".host is empty");
    }
    int database = p.containsKey(binding + ".db") ? BindingProperties.integer(p, binding + ".db", 0, 0)
        : Math.max(0, uri.database());
    String user = p.getProperty(binding + ".user", uri.user());
    Tls tls = new Tls(BindingProperties.bool(p, binding + ".tls", uri.tls()), p.getProperty(binding + ".tls.cafile"),
        p.getProperty(binding + ".tls.truststore"), p.getProperty(binding + ".tls.truststore.password"),
        BindingProperties.bool(p, binding + ".tls.insecure", false));
    String handshake = p.getProperty(binding + "." + HANDSHAKE, "full").trim().toLowerCase(java.util.Locale.ROOT);
    if (!handshake.equals("full") && !handshake.equals("minimal")) {
      throw new DBException(binding + "." + HANDSHAKE + " must be full or minimal, got '" + handshake + "'");
    }
    return new RespConnection(binding, endpoints, user == null || user.isBlank() ? null : user,
        p.getProperty(binding + ".password", uri.password()), database,
        BindingProperties.integer(p, binding + ".timeout", DEFAULT_TIMEOUT_MILLIS, 1), tls,
        handshake.equals("minimal"));
  }

  /** {@code host}, or {@code host:port} (then that port), with the port checked; {@code property} for messages. */
  public static Endpoint endpoint(String text, int defaultPort, String property) throws DBException {
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

  /** The same connection settings, to {@code server} alone (a cluster's node). */
  public RespConnection at(Endpoint server) {
    return new RespConnection(binding, List.of(server), user, password, database, timeoutMillis, tls,
        minimalHandshake);
  }

  /** The (first) server. */
  public Endpoint endpoint() {
    return endpoints.get(0);
  }

  /** The first server's address, for messages. */
  public String where() {
    return endpoint().toString();
  }

  /** The name of this binding's property {@code suffix} ({@code tls.cafile} gives {@code redis.tls.cafile}). */
  public String property(String suffix) {
    return binding + "." + suffix;
  }

  /**
   * Identifies the connections these settings open, for clients shared per process (the password is part of it,
   * and it is never printed).
   */
  public String key() {
    return binding + "|" + endpoints + "|" + user + "|" + password + "|" + database + "|" + timeoutMillis + "|"
        + tls.enabled() + "|" + tls.caFile() + "|" + tls.trustStore() + "|" + tls.trustStorePassword() + "|"
        + tls.insecure();
  }

  @Override
  public String toString() {
    return "RespConnection[" + endpoints + ", user=" + user + ", password=" + (password == null ? "none" : "*****")
        + ", db=" + database + ", timeout=" + timeoutMillis + " ms, " + tls + "]";
  }
}
