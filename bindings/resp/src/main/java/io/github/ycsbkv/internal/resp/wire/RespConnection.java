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
 * @param resp3 whether the load's connections speak RESP3 ({@code HELLO 3}; on the RESP engine after AUTH and SELECT,
 *     as memtier_benchmark's {@code --protocol resp3}: {@code <binding>.protocol=resp3}); else RESP2; ycsb-kv's own
 *     connections beside the load take {@link #observer()}
 */
public record RespConnection(String binding, List<Endpoint> endpoints, String user, String password, int database,
    int timeoutMillis, Tls tls, boolean minimalHandshake, boolean resp3) {

  /** RESP2. */
  public RespConnection(String binding, List<Endpoint> endpoints, String user, String password, int database,
      int timeoutMillis, Tls tls, boolean minimalHandshake) {
    this(binding, endpoints, user, password, database, timeoutMillis, tls, minimalHandshake, false);
  }

  /** Property, under the binding's prefix: {@code resp2} (default) or {@code resp3}, the RESP engine's protocol. */
  public static final String PROTOCOL = "protocol";

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
   * certificate and no host name check; a client certificate and its key (PEM files, for a server that asks for
   * one: Redis's {@code tls-auth-clients}), the name sent as SNI and checked against the server's certificate
   * instead of the host, and the protocol versions allowed (null for the TLS library's). {@link #toString()} masks
   * the trust store's password.
   */
  public record Tls(boolean enabled, String caFile, String trustStore, String trustStorePassword, boolean insecure,
      String certFile, String keyFile, String sni, List<String> protocols) {

    /** Without a client certificate, SNI or protocol versions. */
    public Tls(boolean enabled, String caFile, String trustStore, String trustStorePassword, boolean insecure) {
      this(enabled, caFile, trustStore, trustStorePassword, insecure, null, null, null, null);
    }

    public Tls {
      protocols = protocols == null ? null : List.copyOf(protocols);
    }

    @Override
    public String toString() {
      return enabled ? "Tls[caFile=" + caFile + ", trustStore=" + trustStore + ", trustStorePassword="
          + (trustStorePassword == null ? "none" : "*****") + ", insecure=" + insecure
          + (certFile == null ? "" : ", cert=" + certFile + ", key=" + keyFile) + (sni == null ? "" : ", sni=" + sni)
          + (protocols == null ? "" : ", protocols=" + protocols) + "]" : "Tls[off]";
    }
  }

  /** The TLS protocol versions {@code <binding>.tls.protocols} may name, as memtier_benchmark's --tls-protocols. */
  public static final List<String> TLS_PROTOCOLS = List.of("TLSv1", "TLSv1.1", "TLSv1.2", "TLSv1.3");

  public RespConnection {
    endpoints = List.copyOf(endpoints);
  }

  /**
   * Reads {@code <binding>.uri}, {@code .host} (one {@code host} or {@code host:port}, or several comma-separated),
   * {@code .port}, {@code .user}, {@code .password}, {@code .db}, {@code .timeout} and {@code .tls},
   * {@code .tls.cafile}, {@code .tls.truststore}, {@code .tls.truststore.password}, {@code .tls.insecure},
   * {@code .tls.cert}, {@code .tls.key}, {@code .tls.sni}, {@code .tls.protocols}.
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
        BindingProperties.bool(p, binding + ".tls.insecure", false), blankIsNull(p, binding + ".tls.cert"),
        blankIsNull(p, binding + ".tls.key"), blankIsNull(p, binding + ".tls.sni"), protocols(p, binding));
    if (tls.sni() != null) {
      try {
        new javax.net.ssl.SNIHostName(tls.sni());
      } catch (IllegalArgumentException e) {
        throw new DBException(binding + ".tls.sni must be a host name, got '" + tls.sni() + "'");
      }
    }
    if ((tls.certFile() == null) != (tls.keyFile() == null)) {
      throw new DBException(binding + ".tls.cert and " + binding + ".tls.key go together: give the client"
          + " certificate's PEM file and its private key's, or neither");
    }
    String handshake = p.getProperty(binding + "." + HANDSHAKE, "full").trim().toLowerCase(java.util.Locale.ROOT);
    if (!handshake.equals("full") && !handshake.equals("minimal")) {
      throw new DBException(binding + "." + HANDSHAKE + " must be full or minimal, got '" + handshake + "'");
    }
    String protocol = p.getProperty(binding + "." + PROTOCOL, "resp2").trim().toLowerCase(java.util.Locale.ROOT);
    if (!protocol.equals("resp2") && !protocol.equals("resp3")) {
      throw new DBException(binding + "." + PROTOCOL + " must be resp2 or resp3, got '" + protocol + "'");
    }
    return new RespConnection(binding, endpoints, user == null || user.isBlank() ? null : user,
        p.getProperty(binding + ".password", uri.password()), database,
        BindingProperties.integer(p, binding + ".timeout", DEFAULT_TIMEOUT_MILLIS, 1), tls,
        handshake.equals("minimal"), protocol.equals("resp3"));
  }

  private static String blankIsNull(Properties p, String name) {
    String v = p.getProperty(name);
    return v == null || v.isBlank() ? null : v.trim();
  }

  /** {@code <binding>.tls.protocols}: comma-separated names of {@link #TLS_PROTOCOLS}, or null when not given. */
  private static List<String> protocols(Properties p, String binding) throws DBException {
    String v = blankIsNull(p, binding + ".tls.protocols");
    if (v == null) {
      return null;
    }
    List<String> out = new ArrayList<>();
    for (String name : v.split(",")) {
      String n = name.trim();
      if (!TLS_PROTOCOLS.contains(n)) {
        throw new DBException(binding + ".tls.protocols takes a comma-separated list of " + String.join(", ",
            TLS_PROTOCOLS) + ", got '" + n + "'");
      }
      out.add(n);
    }
    return out;
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

  /**
   * The same connection settings in RESP2: ycsb-kv's own connections beside the load (the probe, the start's check,
   * FLUSHALL, a reshard), which are not the load's and which memtier_benchmark does not open, say no {@code HELLO 3}.
   */
  public RespConnection observer() {
    return resp3 ? new RespConnection(binding, endpoints, user, password, database, timeoutMillis, tls,
        minimalHandshake, false) : this;
  }

  /** The same connection settings, to {@code server} alone (a cluster's node). */
  public RespConnection at(Endpoint server) {
    return new RespConnection(binding, List.of(server), user, password, database, timeoutMillis, tls,
        minimalHandshake, resp3);
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
