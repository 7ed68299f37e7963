package io.github.ycsbkv.internal.resp.jedis;

import redis.clients.jedis.CommandArguments;
import redis.clients.jedis.Connection;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.JedisClientConfig;
import redis.clients.jedis.providers.ConnectionProvider;

/**
 * One client thread's own connection, as upstream YCSB's binding keeps one {@code Jedis} per thread: a
 * command takes it without a borrow from a shared pool (whose lock, with many threads on few cores, puts
 * threads to sleep and wakes them per command). Jedis closes the connection it was given after each command,
 * pipeline and transaction; here that keeps it open unless it broke, and the next command opens a new one.
 * Not thread-safe: one per {@link JedisPipelines} or client of one binding instance, which YCSB gives one thread.
 */
final class ThreadConnection implements ConnectionProvider {

  private final HostAndPort address;
  private final JedisClientConfig config;
  /** Where its connections' bytes are counted, after their handshakes. */
  private final WireCounter counter;
  private Kept connection;

  ThreadConnection(HostAndPort address, JedisClientConfig config, WireCounter counter) {
    this.address = address;
    this.config = config;
    this.counter = counter;
  }

  @Override
  public Connection getConnection() {
    if (connection == null || connection.isBroken() || !connection.isConnected()) {
      if (connection != null) {
        connection.reallyClose();
        connection = null;
      }
      try {
        // The handshake (HELLO, AUTH, SELECT) is not a command of the run: its bytes are not counted.
        long sent = counter.sent;
        long received = counter.received;
        connection = new Kept(CountingSocket.factory(address, config, counter), config);
        counter.sent = sent;
        counter.received = received;
      } catch (redis.clients.jedis.exceptions.JedisException e) {
        throw e;
      } catch (RuntimeException e) {
        // Jedis reads the HELLO reply while connecting; a peer that closes half-way (a server being killed, a
        // proxy in front of a dead one) makes it throw other exceptions: still a connection that failed.
        throw new redis.clients.jedis.exceptions.JedisConnectionException("cannot connect to " + address + ": "
            + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()), e);
      }
    }
    return connection;
  }

  @Override
  public Connection getConnection(CommandArguments args) {
    return getConnection();
  }

  /** Writes the commands pipelined on the current connection without reading their replies. */
  void send() {
    if (connection != null) {
      connection.send();
    }
  }

  @Override
  public void close() {
    if (connection != null) {
      connection.reallyClose();
      connection = null;
    }
  }

  /** A connection that stays open when Jedis is done with it, unless it broke. */
  private static final class Kept extends Connection {
    Kept(redis.clients.jedis.JedisSocketFactory sockets, JedisClientConfig config) {
      super(sockets, config);
    }

    @Override
    public void close() {
      if (isBroken()) {
        super.close();
      }
    }

    void reallyClose() {
      super.close();
    }

    /** Writes what the commands appended so far left in the output buffer, without reading a reply. */
    void send() {
      super.flush();
    }
  }
}
