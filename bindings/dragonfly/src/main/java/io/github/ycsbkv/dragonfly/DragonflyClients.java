package io.github.ycsbkv.dragonfly;

import io.github.ycsbkv.internal.resp.SharedClients;
import io.github.ycsbkv.internal.resp.server.RespInfo;
import io.github.ycsbkv.internal.resp.wire.RespConnection;
import io.github.ycsbkv.internal.resp.wire.RespErrors;
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
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
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

  /** What the client threads share. */
  static final class Shared {
    final ClientResources resources;
    final RedisClient client;
    final List<StatefulRedisConnection<byte[], byte[]>> connections;
    final Map<String, String> info;
    final ChannelCapture capture;
    /** Connections of one client thread each (pipelined runs), closed with the others. */
    final List<StatefulRedisConnection<byte[], byte[]>> batching = new ArrayList<>();
    int next;

    Shared(ClientResources resources, RedisClient client, List<StatefulRedisConnection<byte[], byte[]>> connections,
        Map<String, String> info, ChannelCapture capture) {
      this.capture = capture;
      this.resources = resources;
      this.client = client;
      this.connections = connections;
      this.info = info;
    }
  }

  private static final SharedClients<Shared> CLIENTS = new SharedClients<>(shared -> {
    List<StatefulRedisConnection<byte[], byte[]>> all = new ArrayList<>(shared.connections);
    all.addAll(shared.batching);
    close(all, shared.client, shared.resources);
  });

  private DragonflyClients() {}

  /** The shared client of {@code s}, created by the first caller (which checks the server). */
  static Shared acquire(DragonflySettings s) throws DBException {
    return CLIENTS.acquire(s.clientKey(), () -> create(s));
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
        throw RespErrors.explain(s.connection(), e);
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

  static void release(DragonflySettings s) {
    CLIENTS.release(s.clientKey());
  }

  static RedisURI uri(RespConnection c) {
    RespConnection.Endpoint e = c.endpoint();
    RedisURI.Builder b = RedisURI.builder().withHost(e.host()).withPort(e.port())
        .withTimeout(Duration.ofMillis(c.timeoutMillis())).withDatabase(c.database()).withClientName("ycsb-kv");
    if (c.password() != null) {
      b.withAuthentication(c.user() == null ? "default" : c.user(), c.password());
    }
    if (c.tls().enabled()) {
      b.withSsl(true).withVerifyPeer(c.tls().insecure() ? SslVerifyMode.NONE : SslVerifyMode.FULL);
    }
    return b.build();
  }

  static ClientOptions options(RespConnection c) {
    ClientOptions.Builder o = ClientOptions.builder()
        .timeoutOptions(TimeoutOptions.enabled(Duration.ofMillis(c.timeoutMillis())))
        // Fail commands at once while disconnected, so that a dead server shows as errors, not as a hang.
        .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS);
    if (c.resp3()) {
      o.protocolVersion(io.lettuce.core.protocol.ProtocolVersion.RESP3);
    }
    RespConnection.Tls tls = c.tls();
    if (tls.enabled()) {
      SslOptions.Builder ssl = SslOptions.builder();
      if (tls.caFile() != null) {
        ssl.trustManager(new File(tls.caFile()));
      } else if (tls.trustStore() != null) {
        ssl.truststore(new File(tls.trustStore()), tls.trustStorePassword());
      }
      if (tls.certFile() != null) {
        ssl.keyManager(new File(tls.certFile()), new File(tls.keyFile()), null);
      }
      if (tls.protocols() != null) {
        ssl.protocols(tls.protocols().toArray(String[]::new));
      }
      o.sslOptions(ssl.build());
    }
    return o.build();
  }

  private static Shared create(DragonflySettings s) throws DBException {
    ChannelCapture capture = new ChannelCapture();
    // Lettuce reconnects by itself, in the background, with delays from 0 ms doubling up to 30 s by default: after a
    // two-second restart its connections came back 5-7 s late. Its delays follow the engine's reconnect.interval and
    // reconnect.max instead, as every binding's attempts do (docs/faults.md).
    DragonflySettings.Lettuce l = s.lettuce();
    ClientResources resources = DefaultClientResources.builder().nettyCustomizer(capture)
        .eventLoopGroupProvider(new LettuceEventLoops(DefaultClientResources.DEFAULT_IO_THREADS))
        .reconnectDelay(io.lettuce.core.resource.Delay.exponential(Duration.ofMillis(l.reconnectIntervalMillis()),
            Duration.ofMillis(l.reconnectMaxMillis()), 2, java.util.concurrent.TimeUnit.MILLISECONDS)).build();
    RedisClient client = RedisClient.create(resources, uri(s.connection()));
    client.setOptions(options(s.connection()));
    List<StatefulRedisConnection<byte[], byte[]>> connections = new ArrayList<>();
    try {
      StatefulRedisConnection<byte[], byte[]> first = client.connect(ByteArrayCodec.INSTANCE);
      connections.add(first);
      Map<String, String> info = RespInfo.parse(first.sync().info("server"));
      Shared shared = new Shared(resources, client, connections, info, capture);
      DragonflyDB.requireDragonfly(s, info);
      int n = s.lettuce().connections();
      while (connections.size() < n) {
        connections.add(client.connect(ByteArrayCodec.INSTANCE));
      }
      return shared;
    } catch (DBException e) {
      close(connections, client, resources);
      throw e;
    } catch (RuntimeException e) {
      close(connections, client, resources);
      throw RespErrors.explain(s.connection(), e);
    }
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
      // A provider given to the resources is not theirs to shut down.
      resources.eventLoopGroupProvider().shutdown(0, 2, TimeUnit.SECONDS).get(3, TimeUnit.SECONDS);
    } catch (Exception ignored) {
      // best effort, bounded
    }
  }
}
