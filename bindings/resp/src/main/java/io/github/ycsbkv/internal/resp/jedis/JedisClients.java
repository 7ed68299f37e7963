package io.github.ycsbkv.internal.resp.jedis;

import io.github.ycsbkv.internal.resp.wire.RespConnection;
import io.github.ycsbkv.internal.resp.wire.RespErrors;
import io.github.ycsbkv.internal.resp.wire.RespTls;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import javax.net.ssl.SSLSocket;
import redis.clients.jedis.Connection;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisClientConfig;
import redis.clients.jedis.RedisClient;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.exceptions.JedisException;
import site.ycsb.DBException;

/**
 * Jedis connections made from a {@link RespConnection}: the client configuration every Jedis connection of the
 * RESP bindings uses (timeouts, database, AUTH or HELLO, TLS, the client name), a client thread's own connection,
 * the server check a binding's first client runs, and {@code FLUSHDB}. Stateless.
 */
public final class JedisClients {

  /**
   * How long {@code FLUSHDB} may take before a store counts as not answering: a server empties its database
   * before it replies, and half a million large hashes took Redis 7 longer than the 2 s command timeout.
   */
  public static final int FLUSH_TIMEOUT_MILLIS = 120_000;

  private JedisClients() {}

  /** A client configuration for {@code c}, with its timeout for connecting and for replies. */
  public static JedisClientConfig config(RespConnection c) throws DBException {
    return builder(c).build();
  }

  /** As {@link #config}, for a caller that adds to it (a cluster's host mapping). */
  public static DefaultJedisClientConfig.Builder builder(RespConnection c) throws DBException {
    DefaultJedisClientConfig.Builder b = DefaultJedisClientConfig.builder()
        .connectionTimeoutMillis(c.timeoutMillis())
        .socketTimeoutMillis(c.timeoutMillis())
        .database(c.database());
    if (c.minimalHandshake()) {
      // As memtier_benchmark connects: AUTH and SELECT only (no HELLO, no CLIENT SETNAME, no CLIENT SETINFO).
      b.serverDefaultProtocol().clientSetInfoConfig(redis.clients.jedis.ClientSetInfoConfig.DISABLED);
    } else {
      b.clientName("ycsb-kv");
    }
    if (c.resp3()) {
      // The load's connections in RESP3: HELLO 3, with the credentials in it (where the RESP engine and
      // memtier_benchmark send AUTH, then HELLO 3). ycsb-kv's own connections beside the load ask with
      // RespConnection#observer, in RESP2.
      b.protocol(redis.clients.jedis.RedisProtocol.RESP3);
    }
    if (c.user() != null) {
      b.user(c.user());
    }
    if (c.password() != null) {
      b.password(c.password());
    }
    if (c.tls().enabled()) {
      b.ssl(true).sslSocketFactory(RespTls.socketFactory(c)).sslParameters(RespTls.parameters(c));
    }
    return b;
  }

  /**
   * A client of one thread's own on one connection to the (first) server, no pool ({@link ThreadConnection}), its
   * bytes on the wire counted in {@code counter}; it connects with its first command.
   */
  static UnifiedJedis ownClient(RespConnection c, WireCounter counter) throws DBException {
    RespConnection.Endpoint e = c.endpoint();
    JedisClientConfig config = config(c);
    try {
      return RedisClient.builder().clientConfig(config)
          .connectionProvider(new ThreadConnection(new HostAndPort(e.host(), e.port()), config, counter)).build();
    } catch (RuntimeException ex) {
      throw RespErrors.explain(c, ex);
    }
  }

  /**
   * One connection and a PING, for a binding's first client: a server that accepts and never answers fails after
   * one timeout (a Jedis pool's first connection took two: its handshake is tried twice). With TLS the handshake
   * is tried alone first, on a socket of our own: Jedis closes a connection whose handshake failed by flushing it,
   * which over TLS starts the handshake again and waits a second timeout.
   */
  public static void check(RespConnection load) throws DBException {
    RespConnection c = load.observer();
    RespConnection.Endpoint e = c.endpoint();
    if (c.tls().enabled()) {
      tlsHandshake(c, e);
    }
    try (Connection connection = new Connection(new HostAndPort(e.host(), e.port()), config(c))) {
      connection.ping();
    } catch (RuntimeException ex) {
      throw RespErrors.explain(c, ex);
    }
  }

  private static void tlsHandshake(RespConnection c, RespConnection.Endpoint e) throws DBException {
    try (Socket plain = new Socket()) {
      plain.connect(new InetSocketAddress(e.host(), e.port()), c.timeoutMillis());
      plain.setSoTimeout(c.timeoutMillis());
      SSLSocket tls = (SSLSocket) RespTls.socketFactory(c).createSocket(plain, e.host(), e.port(), false);
      tls.setSSLParameters(RespTls.parameters(c));
      tls.startHandshake();
    } catch (IOException ex) {
      throw RespErrors.explain(c, new JedisConnectionException(ex));
    }
  }

  /**
   * {@code FLUSHDB} of the database {@code c} names on a standalone server, on a connection of its own that waits
   * up to {@link #FLUSH_TIMEOUT_MILLIS} for the reply (a server replies once its database is empty).
   */
  /**
   * A client of the server at {@code address} ({@code host:port}) with {@code c}'s settings (user, password, TLS,
   * timeout; RESP2, as {@link RespConnection#observer}), for the probe's own reads of another server than {@code c}'s:
   * a replica, a cluster's node. {@code what} names the address in an error.
   */
  public static RedisClient at(RespConnection c, String address, String what) throws DBException {
    RespConnection.Endpoint e = RespConnection.endpoint(address, -1, what);
    return RedisClient.builder().hostAndPort(e.host(), e.port()).clientConfig(config(c.observer())).poolConfig(pool())
        .build();
  }

  /**
   * A pool of Jedis's defaults that does not register with JMX: commons-pool's registration starts the platform's
   * MBean server, about 0.1 s of CPU at every command's start (a profile of a one-request run), for nothing read.
   */
  public static org.apache.commons.pool2.impl.GenericObjectPoolConfig<Connection> pool() {
    org.apache.commons.pool2.impl.GenericObjectPoolConfig<Connection> pool =
        new org.apache.commons.pool2.impl.GenericObjectPoolConfig<>();
    pool.setJmxEnabled(false);
    return pool;
  }

  /**
   * {@code CONFIG SET name value} on the server {@code c} describes, on a connection of its own (set-up, not
   * measured); the server's refusal is the line returned, null when it took the setting.
   */
  public static String configSet(RespConnection load, String name, String value) throws DBException {
    RespConnection c = load.observer();
    RespConnection.Endpoint e = c.endpoint();
    try (Jedis j = new Jedis(new HostAndPort(e.host(), e.port()), builder(c).autoNegotiateProtocol(false).build())) {
      j.configSet(name, value);
      return null;
    } catch (redis.clients.jedis.exceptions.JedisDataException refused) {
      return refused.getMessage();
    } catch (JedisException ex) {
      throw RespErrors.explain(c, ex);
    }
  }

  public static void flushDatabase(RespConnection load) throws DBException {
    RespConnection c = load.observer();
    RespConnection.Endpoint e = c.endpoint();
    // RESP2, said outright: the plain Jedis class cannot negotiate RESP3, and says so on stderr when asked to.
    try (Jedis j = new Jedis(new HostAndPort(e.host(), e.port()), builder(c).autoNegotiateProtocol(false)
        .socketTimeoutMillis(Math.max(c.timeoutMillis(), FLUSH_TIMEOUT_MILLIS)).build())) {
      j.flushDB();
    } catch (JedisException ex) {
      throw RespErrors.explain(c, ex);
    }
  }
}
