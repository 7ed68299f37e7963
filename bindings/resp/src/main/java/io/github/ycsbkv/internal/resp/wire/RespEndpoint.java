package io.github.ycsbkv.internal.resp.wire;

import io.netty.handler.ssl.SslContext;

/**
 * Where a {@code RespLane} connects and how: address, ACL user and password (AUTH), database (SELECT), the
 * timeout of a connection attempt and of a reply, and TLS (null for plain TCP). {@link #toString()} never
 * shows the password.
 *
 * @param where how messages name the server ("127.0.0.1:6379")
 * @param minimalHandshake whether a connection sends only AUTH and SELECT when it opens, as memtier_benchmark's do
 *     (else also CLIENT SETNAME ycsb-kv and a PING)
 * @param sni over TLS, the server name to send and to check its certificate against, or null for {@code host}
 * @param resp3 whether a connection says {@code HELLO 3} after AUTH and SELECT (RESP3's replies), as
 *     memtier_benchmark's {@code --protocol resp3}
 */
public record RespEndpoint(String host, int port, String user, String password, int database, int timeoutMillis,
    SslContext tls, String where, boolean minimalHandshake, String sni, boolean resp3) {

  /** Without SNI of its own (the host's name is sent), RESP2. */
  public RespEndpoint(String host, int port, String user, String password, int database, int timeoutMillis,
      SslContext tls, String where, boolean minimalHandshake) {
    this(host, port, user, password, database, timeoutMillis, tls, where, minimalHandshake, null, false);
  }

  /** The name TLS sends and checks: {@code sni}, else the host. */
  public String tlsName() {
    return sni != null ? sni : host;
  }

  /** With the full handshake. */
  public RespEndpoint(String host, int port, String user, String password, int database, int timeoutMillis,
      SslContext tls, String where) {
    this(host, port, user, password, database, timeoutMillis, tls, where, false);
  }

  /** The same way of connecting, to {@code host:port} ({@code where} in messages). */
  public RespEndpoint at(String host, int port, String where) {
    return new RespEndpoint(host, port, user, password, database, timeoutMillis, tls, where, minimalHandshake, sni,
        resp3);
  }

  @Override
  public String toString() {
    return "RespEndpoint[" + where + ", user=" + user + ", password=" + (password == null ? "none" : "*****")
        + ", db=" + database + ", tls=" + (tls != null) + ", timeout=" + timeoutMillis + " ms"
        + (resp3 ? ", RESP3" : "") + "]";
  }
}
