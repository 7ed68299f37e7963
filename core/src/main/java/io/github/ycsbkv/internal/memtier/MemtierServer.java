package io.github.ycsbkv.internal.memtier;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Map;
import java.util.Properties;

/**
 * The server memtier_benchmark's options name and how to reach it: {@code -s}/{@code -p}, or {@code --uri} (its
 * scheme, credentials and database), {@code -a}, {@code --select-db}, TLS ({@code --tls}, {@code --cacert},
 * {@code --tls-skip-verify}, {@code --cert}, {@code --key}, {@code --sni}, {@code --tls-protocols}),
 * {@code --cluster-mode}, and the protocol ({@code -P}: RESP2, or RESP3 after {@code HELLO 3}). Immutable.
 *
 * @param host the server's host
 * @param port its port
 * @param user the ACL user, or null
 * @param password the password, or null
 * @param db the database to select
 * @param tls whether to connect over TLS
 * @param caCert the CA certificate's file, or null
 * @param tlsSkipVerify whether the server's certificate goes unchecked
 * @param cluster whether the server is a cluster's node
 * @param cert the client certificate's PEM file, or null
 * @param key its private key's PEM file, or null
 * @param sni the server name sent over TLS, or null
 * @param tlsProtocols the TLS versions allowed, comma-separated as memtier takes them, or null
 * @param resp3 whether each connection says {@code HELLO 3} and is answered in RESP3 ({@code -P resp3})
 */
record MemtierServer(String host, int port, String user, String password, int db, boolean tls, String caCert,
    boolean tlsSkipVerify, boolean cluster, String cert, String key, String sni, String tlsProtocols, boolean resp3) {

  /** memtier_benchmark's names of the TLS protocol versions of {@code --tls-protocols}. */
  private static final java.util.List<String> TLS_PROTOCOLS = java.util.List.of("TLSv1", "TLSv1.1", "TLSv1.2",
      "TLSv1.3");

  /** The server {@code o}, memtier's options by long name, names; a bad value is a {@code UserError}. */
  static MemtierServer of(Map<String, String> o) {
    String h = o.getOrDefault("server", o.getOrDefault("host", "localhost"));
    int p = MemtierArgs.integer(o, "port", 6379, 1);
    String u = null;
    String pw = null;
    int d = MemtierArgs.integer(o, "select-db", 0, 0);
    boolean t = o.containsKey("tls");
    if (o.containsKey("uri")) {
      URI uri;
      try {
        uri = new URI(o.get("uri"));
      } catch (URISyntaxException e) {
        throw MemtierArgs.usage("--uri must be redis://[user:password@]host[:port][/db], got '" + o.get("uri")
            + "'");
      }
      if (!"redis".equals(uri.getScheme()) && !"rediss".equals(uri.getScheme()) || uri.getHost() == null) {
        throw MemtierArgs.usage("--uri must be redis://[user:password@]host[:port][/db] (rediss:// for TLS), got '"
            + MemtierArgs.hidePassword(o.get("uri")) + "'");
      }
      h = uri.getHost();
      p = uri.getPort() > 0 ? uri.getPort() : p;
      t = t || "rediss".equals(uri.getScheme());
      if (uri.getUserInfo() != null) {
        String[] cred = uri.getUserInfo().split(":", 2);
        u = cred.length == 2 ? cred[0] : null;
        pw = cred.length == 2 ? cred[1] : cred[0];
      }
      if (uri.getPath() != null && uri.getPath().length() > 1) {
        d = MemtierArgs.parseInt(uri.getPath().substring(1), "--uri's database", 0);
      }
    }
    if (o.containsKey("authenticate")) {
      String[] cred = o.get("authenticate").split(":", 2);
      u = cred.length == 2 ? cred[0] : null;
      pw = cred.length == 2 ? cred[1] : cred[0];
    }
    String protocol = o.getOrDefault("protocol", "redis");
    if (protocol.startsWith("memcache")) {
      throw MemtierArgs.notYet("--protocol " + protocol, "ycsb-kv speaks RESP only (Redis, Valkey, KeyDB, Dragonfly)");
    }
    if (!protocol.equals("redis") && !protocol.equals("resp2") && !protocol.equals("resp3")) {
      throw MemtierArgs.usage("--protocol must be redis, resp2, resp3, memcache_text or memcache_binary, got '"
          + protocol + "'");
    }
    if (!t) {
      for (String option : new String[] {"cacert", "tls-skip-verify", "cert", "key", "sni", "tls-protocols"}) {
        if (o.containsKey(option)) {
          throw MemtierArgs.usage("--" + option + " is TLS's: give --tls too (or a rediss:// --uri)");
        }
      }
    }
    if (o.containsKey("cert") != o.containsKey("key")) {
      throw MemtierArgs.usage("--cert and --key go together: the client certificate's PEM file and its private"
          + " key's");
    }
    String protocols = o.get("tls-protocols");
    if (protocols != null) {
      for (String v : protocols.split(",", -1)) {
        if (!TLS_PROTOCOLS.contains(v.trim())) {
          throw MemtierArgs.usage("--tls-protocols takes a comma-separated list of " + String.join(", ",
              TLS_PROTOCOLS) + ", got '" + v.trim() + "'");
        }
      }
    }
    return new MemtierServer(h, p, u, pw, d, t, o.get("cacert"), o.containsKey("tls-skip-verify"),
        o.containsKey("cluster-mode"), o.get("cert"), o.get("key"), o.get("sni"), protocols, protocol.equals("resp3"));
  }

  /** Sets the binding's connection properties ({@code prefix.host}, ...) on {@code p}. */
  void addTo(Properties p, String prefix) {
    p.setProperty(prefix + ".host", host);
    p.setProperty(prefix + ".port", Integer.toString(port));
    if (password != null) {
      p.setProperty(prefix + ".password", password);
    }
    if (user != null) {
      p.setProperty(prefix + ".user", user);
    }
    if (db != 0) {
      p.setProperty(prefix + ".db", Integer.toString(db));
    }
    if (tls) {
      p.setProperty(prefix + ".tls", "true");
      if (caCert != null) {
        p.setProperty(prefix + ".tls.cafile", caCert);
      }
      if (tlsSkipVerify) {
        p.setProperty(prefix + ".tls.insecure", "true");
      }
      if (cert != null) {
        p.setProperty(prefix + ".tls.cert", cert);
        p.setProperty(prefix + ".tls.key", key);
      }
      if (sni != null) {
        p.setProperty(prefix + ".tls.sni", sni);
      }
      if (tlsProtocols != null) {
        p.setProperty(prefix + ".tls.protocols", tlsProtocols);
      }
    }
    if (cluster) {
      p.setProperty(prefix + ".cluster", "true");
    }
    if (resp3) {
      p.setProperty(prefix + ".protocol", "resp3");
    }
  }

  @Override
  public String toString() {
    return host + ":" + port + (tls ? " (TLS)" : "") + (cluster ? " (cluster)" : "");
  }
}
