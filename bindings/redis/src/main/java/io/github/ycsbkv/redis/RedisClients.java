package io.github.ycsbkv.redis;

import io.github.ycsbkv.config.UserError;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLSocket;
import org.apache.commons.pool2.impl.GenericObjectPoolConfig;
import redis.clients.jedis.Connection;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.JedisClientConfig;
import redis.clients.jedis.RedisClient;
import redis.clients.jedis.RedisClusterClient;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisAccessControlException;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.exceptions.JedisException;
import site.ycsb.DBException;

/**
 * The Jedis clients of this process, one per distinct configuration, shared by every client thread
 * and reference-counted: {@link #acquire} creates the client on first use and checks that the
 * server answers; {@link #release} closes it when the last user lets go. Releasing more often than
 * acquiring is harmless. Thread-safe (one lock, taken only at init and cleanup).
 */
final class RedisClients {

  private static final class Shared {
    final UnifiedJedis client;
    int users;
    boolean noticed;

    Shared(UnifiedJedis client) {
      this.client = client;
    }
  }

  private static final Map<String, Shared> CLIENTS = new HashMap<>();

  private RedisClients() {}

  /**
   * The shared client of {@code s}, created and checked by the first caller; null with a connection per client
   * thread ({@link RedisSettings#threadConnections()}), where the check's connection is not kept.
   */
  static synchronized UnifiedJedis acquire(RedisSettings s) throws DBException {
    Shared shared = CLIENTS.get(s.clientKey());
    if (shared == null) {
      if (!s.cluster()) {
        preflight(s);
      }
      // With a connection per client thread (the default) the check's connection is closed at once: an idle
      // connection of the process would count on the server beside the clients' own (docs/engine.md, load shape).
      UnifiedJedis client = s.threadConnections() ? ownClient(s) : create(s);
      try {
        client.ping();
      } catch (RuntimeException e) {
        closeQuietly(client);
        throw explain(s, e);
      }
      if (s.threadConnections()) {
        closeQuietly(client);
        client = null;
      }
      shared = new Shared(client);
      CLIENTS.put(s.clientKey(), shared);
    }
    shared.users++;
    return shared.client;
  }

  /**
   * True for the first caller only while the client of {@code s} lives (one run): the thread that prints
   * the run's notices.
   */
  static synchronized boolean claimNotices(RedisSettings s) {
    Shared shared = CLIENTS.get(s.clientKey());
    if (shared == null || shared.noticed) {
      return false;
    }
    shared.noticed = true;
    return true;
  }

  static synchronized void release(RedisSettings s) {
    Shared shared = CLIENTS.get(s.clientKey());
    if (shared == null) {
      return;
    }
    if (--shared.users <= 0) {
      CLIENTS.remove(s.clientKey());
      closeQuietly(shared.client);
    }
  }

  /**
   * A client of one thread's own: one connection, no pool (redis.connections=thread, standalone). The shared
   * client of {@link #acquire} has already checked the server; this one connects on its first command.
   */
  static UnifiedJedis ownClient(RedisSettings s) throws DBException {
    RedisSettings.Endpoint e = s.endpoints().get(0);
    try {
      return RedisClient.builder().clientConfig(config(s))
          .connectionProvider(new ThreadConnection(new HostAndPort(e.host(), e.port()), config(s))).build();
    } catch (RuntimeException ex) {
      throw explain(s, ex);
    }
  }

  /** A client config for these settings (also used by the probe). */
  static JedisClientConfig config(RedisSettings s) throws DBException {
    return config(s, s.timeoutMillis());
  }

  /**
   * How long {@code FLUSHDB} may take before a store counts as not answering: a server empties its database
   * before it replies, and half a million large hashes took Redis 7 longer than the 2 s command timeout.
   */
  static final int FLUSH_TIMEOUT_MILLIS = 120_000;

  /** {@code FLUSHDB} of a standalone server's database on a connection of its own, waiting up to {@link #FLUSH_TIMEOUT_MILLIS}. */
  static void flushDatabase(RedisSettings s) throws DBException {
    RedisSettings.Endpoint e = s.endpoints().get(0);
    try (redis.clients.jedis.Jedis j = new redis.clients.jedis.Jedis(new HostAndPort(e.host(), e.port()),
        config(s, Math.max(s.timeoutMillis(), FLUSH_TIMEOUT_MILLIS)))) {
      j.flushDB();
    } catch (JedisException ex) {
      throw explain(s, ex);
    }
  }

  /** A client config for these settings with a socket (command) timeout of {@code socketTimeoutMillis}. */
  static JedisClientConfig config(RedisSettings s, int socketTimeoutMillis) throws DBException {
    DefaultJedisClientConfig.Builder b = DefaultJedisClientConfig.builder()
        .connectionTimeoutMillis(s.timeoutMillis())
        .socketTimeoutMillis(socketTimeoutMillis)
        .database(s.database())
        .clientName("ycsb-kv");
    if (s.user() != null) {
      b.user(s.user());
    }
    if (s.password() != null) {
      b.password(s.password());
    }
    if (s.tls()) {
      b.ssl(true).sslSocketFactory(RedisTls.socketFactory(s)).sslParameters(RedisTls.parameters(s));
    }
    if (!s.hostMap().isEmpty()) {
      b.hostAndPortMapper(hap -> {
        RedisSettings.Endpoint to = s.hostMap().get(new RedisSettings.Endpoint(hap.getHost(), hap.getPort()));
        return to == null ? hap : new HostAndPort(to.host(), to.port());
      });
    }
    return b.build();
  }

  /**
   * One connection and a PING before the pool exists: a server that accepts and never answers fails after
   * one redis.timeout (the pool's first connection took two: its handshake is tried twice).
   */
  private static void preflight(RedisSettings s) throws DBException {
    RedisSettings.Endpoint e = s.endpoints().get(0);
    if (s.tls()) {
      tlsHandshake(s, e);
    }
    try (Connection c = new Connection(new HostAndPort(e.host(), e.port()), config(s))) {
      c.ping();
    } catch (RuntimeException ex) {
      throw explain(s, ex);
    }
  }

  /**
   * The TLS handshake alone, on a socket of our own: Jedis closes a connection whose handshake failed by
   * flushing it, which over TLS starts the handshake again and waits a second timeout.
   */
  private static void tlsHandshake(RedisSettings s, RedisSettings.Endpoint e) throws DBException {
    try (Socket plain = new Socket()) {
      plain.connect(new InetSocketAddress(e.host(), e.port()), s.timeoutMillis());
      plain.setSoTimeout(s.timeoutMillis());
      SSLSocket tls = (SSLSocket) RedisTls.socketFactory(s).createSocket(plain, e.host(), e.port(), false);
      tls.setSSLParameters(RedisTls.parameters(s));
      tls.startHandshake();
    } catch (IOException ex) {
      throw explain(s, new JedisConnectionException(ex));
    }
  }

  private static UnifiedJedis create(RedisSettings s) throws DBException {
    GenericObjectPoolConfig<Connection> pool = new GenericObjectPoolConfig<>();
    pool.setMaxTotal(s.poolSize());
    pool.setMaxIdle(s.poolSize());
    pool.setMinIdle(0);
    pool.setBlockWhenExhausted(true);
    // A thread that finds every connection in use waits at most redis.timeout, then fails the operation.
    pool.setMaxWait(java.time.Duration.ofMillis(s.timeoutMillis()));
    pool.setJmxEnabled(false);
    JedisClientConfig config = config(s);
    try {
      if (s.cluster()) {
        Set<HostAndPort> nodes = new LinkedHashSet<>();
        for (RedisSettings.Endpoint e : s.endpoints()) {
          nodes.add(new HostAndPort(e.host(), e.port()));
        }
        return RedisClusterClient.builder().nodes(nodes).clientConfig(config).poolConfig(pool).build();
      }
      RedisSettings.Endpoint e = s.endpoints().get(0);
      return RedisClient.builder().hostAndPort(e.host(), e.port()).clientConfig(config).poolConfig(pool).build();
    } catch (RuntimeException e) {
      throw explain(s, e);
    }
  }

  /** Turns a client library failure into one line that says what is wrong and what to do. */
  static DBException explain(RedisSettings s, RuntimeException e) {
    Throwable root = rootOf(e);
    String where = s.where();
    SSLException ssl = UserError.findCause(e, SSLException.class);
    String message;
    if (e instanceof JedisAccessControlException || contains(e, "WRONGPASS") || contains(e, "NOAUTH")
        || contains(e, "invalid password")) {
      message = "authentication failed for user '" + (s.user() == null ? "default" : s.user()) + "' at " + where
          + "; check redis.user and redis.password";
    } else if (root instanceof ConnectException) {
      message = "cannot connect to " + where + ": " + root.getMessage() + "; is the server running? (redis.host, redis.port)";
    } else if (root instanceof UnknownHostException) {
      message = "cannot resolve host " + root.getMessage() + " (redis.host)";
    } else if (ssl != null) {
      String why = UserError.findCause(e, java.security.GeneralSecurityException.class) != null && !(root instanceof SSLException)
          ? "the server's certificate is not trusted (" + root.getMessage() + ")" : ssl.getMessage();
      message = "TLS handshake with " + where + " failed: " + why
          + "; check redis.tls.cafile/redis.tls.truststore, or redis.tls.insecure=true for a self-signed test server";
    } else if (root instanceof SocketTimeoutException || root instanceof java.net.SocketException
        || contains(e, "end of stream")) {
      message = "the server at " + where + " closed or did not answer (" + root.getMessage() + ")"
          + (s.tls() ? "; if it does not serve TLS, set redis.tls=false" : "; if it serves TLS, set redis.tls=true");
    } else if (s.cluster() && contains(e, "cluster")) {
      message = "no Redis Cluster node answered at " + where + ": " + e.getMessage()
          + "; check redis.host and that the nodes run with cluster-enabled yes";
    } else if (e instanceof JedisDataException
        || (e instanceof io.github.ycsbkv.resp.RespException r && r.serverError())) {
      message = "the server at " + where + " refused the connection: " + e.getMessage();
    } else if (e instanceof JedisException || e instanceof io.github.ycsbkv.resp.RespException) {
      message = "cannot talk to " + where + ": " + e.getMessage() + (root != e ? ": " + root.getMessage() : "");
    } else {
      message = "cannot connect to " + where + ": " + e;
    }
    // The message is complete; the cause would only repeat it (YCSB_KV_DEBUG traces come from elsewhere).
    return new DBException(message);
  }

  /** The deepest cause; Jedis reports the socket's failure as a suppressed exception, so follow those too. */
  private static Throwable rootOf(Throwable t) {
    Throwable root = t;
    for (int depth = 0; depth < 20; depth++) {
      if (root.getCause() != null && root.getCause() != root) {
        root = root.getCause();
      } else if (root.getSuppressed().length > 0) {
        root = root.getSuppressed()[0];
      } else {
        break;
      }
    }
    return root;
  }

  private static boolean contains(Throwable t, String text) {
    for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
      if (c.getMessage() != null && c.getMessage().toLowerCase(java.util.Locale.ROOT)
          .contains(text.toLowerCase(java.util.Locale.ROOT))) {
        return true;
      }
      if (c.getCause() == null) {
        break;
      }
    }
    return false;
  }

  private static void closeQuietly(UnifiedJedis client) {
    if (client == null) {
      return;
    }
    try {
      client.close();
    } catch (RuntimeException ignored) {
      // Closing is best effort; the process is done with this client.
    }
  }
}
