package io.github.ycsbkv.dragonfly;

import io.github.ycsbkv.codec.RespInfo;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.SslOptions;
import io.lettuce.core.SslVerifyMode;
import io.lettuce.core.TimeoutOptions;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.DefaultClientResources;
import java.io.File;
import java.net.ConnectException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLException;
import site.ycsb.DBException;

/**
 * The Lettuce client of this process ({@code dragonfly.asyncclient=lettuce}), one per distinct
 * configuration: one {@link RedisClient} with its {@link ClientResources}, and {@code n} connections,
 * client thread {@code i} bound to connection {@code i mod n}: one per client thread with the engine's
 * {@code connections=client} (the default), N with {@code connections=N}. Lettuce multiplexes the
 * commands of threads that share a connection, which pipelines them on the wire.
 *
 * <p>Reference-counted: created by the first {@code init()}, closed by the last {@code cleanup()};
 * releasing more often than acquiring is harmless, and closing is bounded in time. Thread-safe (one
 * lock, taken only at init and cleanup).
 */
final class DragonflyClients {

  static {
    // Lettuce 7.1 keys its event loop groups by class, and its io_uring and epoll groups are both Netty 4.2's
    // MultiThreadIoEventLoopGroup: with both transports on the class path (the RESP engine brings them) it hands
    // an epoll loop to an io_uring channel ("incompatible event loop type"). Lettuce takes epoll then.
    if (System.getProperty("io.lettuce.core.iouring") == null) {
      System.setProperty("io.lettuce.core.iouring", "false");
    }
  }


  /** What the client threads share. */
  static final class Shared {
    final ClientResources resources;
    final RedisClient client;
    final List<StatefulRedisConnection<byte[], byte[]>> connections;
    final Map<String, String> info;
    final ChannelCapture capture;
    /** Connections of one client thread each (pipelined runs), closed with the others. */
    final List<StatefulRedisConnection<byte[], byte[]>> batching = new ArrayList<>();
    int users;
    int next;
    /** Set by the first client thread that prints the run's notices (about the scan index). */
    final java.util.concurrent.atomic.AtomicBoolean noticed = new java.util.concurrent.atomic.AtomicBoolean();

    Shared(ClientResources resources, RedisClient client, List<StatefulRedisConnection<byte[], byte[]>> connections,
        Map<String, String> info, ChannelCapture capture) {
      this.capture = capture;
      this.resources = resources;
      this.client = client;
      this.connections = connections;
      this.info = info;
    }

    /** The server's thread count ({@code INFO server thread_count}), 1 when it does not say. */
    int serverThreads() {
      try {
        return Math.max(1, Integer.parseInt(info.getOrDefault("thread_count", "1")));
      } catch (NumberFormatException e) {
        return 1;
      }
    }

    boolean isDragonfly() {
      return "dragonfly".equals(RespInfo.serverName(info));
    }
  }

  private static final Map<String, Shared> CLIENTS = new HashMap<>();

  private DragonflyClients() {}

  /** The shared client, and the connection this caller (a client thread) should use. */
  static synchronized Shared acquire(DragonflySettings s) throws DBException {
    Shared shared = CLIENTS.get(s.clientKey());
    if (shared == null) {
      shared = create(s);
      CLIENTS.put(s.clientKey(), shared);
    }
    shared.users++;
    return shared;
  }

  /** A connection for one client thread alone, and the event loop its replies are read on. */
  record Batching(StatefulRedisConnection<byte[], byte[]> connection, java.util.concurrent.Executor eventLoop) {}

  /**
   * A new connection for one client thread alone, with automatic flushing off: its commands are sent
   * when the thread calls {@code flushCommands()}. Its Netty pipeline also consolidates flushes: a
   * flush issued while replies are being read waits for the end of that read, so the commands that
   * completions submit together leave in one write. Closed with the shared client.
   */
  static Batching batchingConnection(Shared shared, DragonflySettings s) throws DBException {
    synchronized (DragonflyClients.class) {
      StatefulRedisConnection<byte[], byte[]> c;
      io.netty.channel.Channel channel;
      shared.capture.consolidateNext();
      try {
        c = shared.client.connect(ByteArrayCodec.INSTANCE);
      } catch (RuntimeException e) {
        throw explain(s, e);
      } finally {
        channel = shared.capture.take();
      }
      c.setAutoFlushCommands(false);
      shared.batching.add(c);
      return new Batching(c, channel == null ? null : channel.eventLoop());
    }
  }

  /**
   * Sees every channel the client initialises: remembers the last one, and adds Netty's
   * {@link io.netty.handler.flush.FlushConsolidationHandler} to the one a batching connection opens.
   * Used under the class lock, one connection at a time.
   */
  static final class ChannelCapture implements io.lettuce.core.resource.NettyCustomizer {
    private volatile boolean consolidate;
    private volatile io.netty.channel.Channel last;

    void consolidateNext() {
      last = null;
      consolidate = true;
    }

    io.netty.channel.Channel take() {
      consolidate = false;
      io.netty.channel.Channel c = last;
      last = null;
      return c;
    }

    @Override
    public void afterChannelInitialized(io.netty.channel.Channel channel) {
      if (consolidate) {
        channel.pipeline().addFirst("ycsbkv-flush-consolidation",
            new io.netty.handler.flush.FlushConsolidationHandler(256, true));
        last = channel;
      }
    }
  }

  /** The next connection in turn, so that threads spread evenly over the connections. */
  static synchronized StatefulRedisConnection<byte[], byte[]> nextConnection(Shared shared) {
    return shared.connections.get(shared.next++ % shared.connections.size());
  }

  static synchronized void release(DragonflySettings s) {
    Shared shared = CLIENTS.get(s.clientKey());
    if (shared != null && --shared.users <= 0) {
      CLIENTS.remove(s.clientKey());
      List<StatefulRedisConnection<byte[], byte[]>> all = new ArrayList<>(shared.connections);
      all.addAll(shared.batching);
      close(all, shared.client, shared.resources);
    }
  }

  static RedisURI uri(DragonflySettings s) {
    RedisURI.Builder b = RedisURI.builder().withHost(s.host()).withPort(s.port())
        .withTimeout(Duration.ofMillis(s.timeoutMillis())).withDatabase(s.database()).withClientName("ycsb-kv");
    if (s.password() != null) {
      b.withAuthentication(s.user() == null ? "default" : s.user(), s.password());
    }
    if (s.tls()) {
      b.withSsl(true).withVerifyPeer(s.tlsInsecure() ? SslVerifyMode.NONE : SslVerifyMode.FULL);
    }
    return b.build();
  }

  static ClientOptions options(DragonflySettings s) {
    ClientOptions.Builder o = ClientOptions.builder()
        .timeoutOptions(TimeoutOptions.enabled(Duration.ofMillis(s.timeoutMillis())))
        // Fail commands at once while disconnected, so that a dead server shows as errors, not as a hang.
        .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS);
    if (s.tls() && s.caFile() != null) {
      o.sslOptions(SslOptions.builder().trustManager(new File(s.caFile())).build());
    }
    return o.build();
  }

  private static Shared create(DragonflySettings s) throws DBException {
    ChannelCapture capture = new ChannelCapture();
    // Lettuce reconnects by itself, in the background, with delays from 0 ms doubling up to 30 s by default: after a
    // two-second restart its connections came back 5-7 s late. Its delays follow the engine's reconnect.interval and
    // reconnect.max instead, as every binding's attempts do (docs/faults.md).
    ClientResources resources = DefaultClientResources.builder().nettyCustomizer(capture)
        .reconnectDelay(io.lettuce.core.resource.Delay.exponential(Duration.ofMillis(s.reconnectIntervalMillis()),
            Duration.ofMillis(s.reconnectMaxMillis()), 2, java.util.concurrent.TimeUnit.MILLISECONDS)).build();
    RedisClient client = RedisClient.create(resources, uri(s));
    client.setOptions(options(s));
    List<StatefulRedisConnection<byte[], byte[]>> connections = new ArrayList<>();
    try {
      StatefulRedisConnection<byte[], byte[]> first = client.connect(ByteArrayCodec.INSTANCE);
      connections.add(first);
      Map<String, String> info = RespInfo.parse(first.sync().info("server"));
      Shared shared = new Shared(resources, client, connections, info, capture);
      if (s.requireDragonfly() && !shared.isDragonfly()) {
        throw new DBException("the server at " + s.where() + " is " + RespInfo.serverName(info) + " "
            + RespInfo.version(info) + ", not Dragonfly (dragonfly.require=true); use the redis binding for it,"
            + " or drop dragonfly.require");
      }
      int n = s.connections();
      while (connections.size() < n) {
        connections.add(client.connect(ByteArrayCodec.INSTANCE));
      }
      return shared;
    } catch (DBException e) {
      close(connections, client, resources);
      throw e;
    } catch (RuntimeException e) {
      close(connections, client, resources);
      throw explain(s, e);
    }
  }

  /** One line that says what is wrong and what to do. */
  static DBException explain(DragonflySettings s, Throwable e) {
    Throwable root = e;
    SSLException ssl = null;
    for (int i = 0; i < 20 && root.getCause() != null && root.getCause() != root; i++) {
      if (root instanceof SSLException x && ssl == null) {
        ssl = x;
      }
      root = root.getCause();
    }
    if (root instanceof SSLException x && ssl == null) {
      ssl = x;
    }
    // Jedis (the lanes) keeps the socket's exception as a cause or a suppressed one; Lettuce as the root.
    Throwable refused = io.github.ycsbkv.config.UserError.findCause(e, ConnectException.class);
    if (refused != null) {
      root = refused;
    }
    String text = String.valueOf(e.getMessage()) + " " + root.getMessage();
    String upper = text.toUpperCase(Locale.ROOT);
    String message;
    if (upper.contains("WRONGPASS") || upper.contains("NOAUTH") || upper.contains("INVALID PASSWORD")
        || upper.contains("AUTHENTICATION")) {
      message = "authentication failed for user '" + (s.user() == null ? "default" : s.user()) + "' at " + s.where()
          + "; check dragonfly.user and dragonfly.password";
    } else if (root instanceof ConnectException) {
      message = "cannot connect to " + s.where() + ": " + root.getMessage()
          + "; is the server running? (dragonfly.host, dragonfly.port)";
    } else if (ssl != null) {
      message = "TLS handshake with " + s.where() + " failed: " + root.getMessage()
          + "; check dragonfly.tls.cafile, or dragonfly.tls.insecure=true for a self-signed test server";
    } else if (root instanceof java.net.SocketTimeoutException) {
      // Jedis (the lanes): the server accepted the connection and did not answer within dragonfly.timeout.
      message = "the server at " + s.where() + " did not answer within " + s.timeoutMillis() + " ms ("
          + root.getMessage() + ")" + (s.tls() ? "; if it does not serve TLS, set dragonfly.tls=false"
          : "; if it serves TLS, set dragonfly.tls=true");
    } else {
      message = "cannot talk to " + s.where() + ": " + e.getMessage()
          + (root != e && root.getMessage() != null ? ": " + root.getMessage() : "");
    }
    return new DBException(message);
  }

  private static void close(List<StatefulRedisConnection<byte[], byte[]>> connections, RedisClient client,
      ClientResources resources) {
    for (StatefulRedisConnection<byte[], byte[]> c : connections) {
      try {
        c.close();
      } catch (RuntimeException ignored) {
        // best effort
      }
    }
    try {
      client.shutdown(Duration.ZERO, Duration.ofSeconds(2));
    } catch (RuntimeException ignored) {
      // best effort
    }
    try {
      resources.shutdown(0, 2, TimeUnit.SECONDS).get(3, TimeUnit.SECONDS);
    } catch (Exception ignored) {
      // best effort, bounded
    }
  }
}
