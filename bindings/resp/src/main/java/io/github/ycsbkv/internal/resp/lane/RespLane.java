package io.github.ycsbkv.internal.resp.lane;

import io.github.ycsbkv.internal.resp.server.ReplicaReads;
import io.github.ycsbkv.internal.resp.wire.RespConnection;
import io.github.ycsbkv.internal.resp.wire.RespEndpoint;
import io.github.ycsbkv.internal.resp.wire.RespException;
import io.github.ycsbkv.internal.resp.wire.RespReader;
import io.github.ycsbkv.internal.resp.wire.RespTls;
import io.github.ycsbkv.internal.resp.wire.RespTransport;
import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.handler.ssl.SslContext;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.UnaryOperator;
import site.ycsb.Status;

/**
 * A set of connections to one RESP server, or to every primary of a cluster, all served by one event loop: the
 * asynchronous engine of the {@code redis}/{@code valkey}/{@code keydb} and {@code dragonfly} bindings
 * (docs/bindings/redis.md, "The RESP engine"). Each connection is a Netty channel; each reply is decoded as it arrives
 * and completes its own {@link RespCall} on the loop, where the engine's closed loop ({@code DrivenLoop}) submits that
 * client's next operation at once. No rounds: a slow reply delays only the calls behind it on its own connection. On
 * a cluster each call goes to the primary of its key's slot ({@link SlotRouter}), on this lane's connections to that
 * node ({@link LaneNode}); {@code MOVED} and {@code ASK} send it again.
 *
 * <p>Writes: a call's commands go into its connection's outgoing buffer; {@link #flush()} (which the engine
 * calls whenever it is about to wait) writes every buffer that has something, and the replies decoded in one
 * read are answered with one write per connection (over every node of a cluster). Which connection of a node: the only
 * one; else one with nothing in flight (each client's requests then have a connection of their own,
 * memtier_benchmark's and YCSB's model), else the next in turn.
 *
 * <p>Timeouts without a timer per request: every quarter of the timeout a task on the loop looks at each
 * connection; one that has calls in flight and received nothing for the whole timeout is closed, and its calls
 * fail with the reason. A connection that broke fails what it held ({@link io.github.ycsbkv.spi.Unavailable}); the
 * next call sent to it starts one attempt to connect again and waits for it: it is sent once the connection is up,
 * or fails with the attempt's cause. The engine paces those calls (reconnect.interval, docs/faults.md), so a
 * client's operations fail at most once per attempt.
 *
 * <p>Calls may be sent from any thread; on the loop's thread nothing blocks. Blocking calls ({@link #call}) only
 * from other threads.
 */
public final class RespLane implements AutoCloseable {

  /** The standalone server, or the first seed of a cluster (its settings are every node's). */
  final RespEndpoint endpoint;
  private final RespTransport.Loops loops;
  private final int loopIndex;
  private final EventLoop loop;
  final Bootstrap bootstrap;
  /** Where the calls go: the standalone server (and its replicas for reads), or a cluster's nodes by slot. */
  private final LaneRoute route;
  /**
   * Requests in flight on a connection at most ({@code maxinflight} of an open loop), or 1: no bound here (the
   * engine's clients have one each, or share connections in turn).
   */
  final int maxInFlight;
  final ArrayList<LaneConnection> dirty = new ArrayList<>();
  final RespReader reader = new RespReader();
  private final long timeoutNanos;
  private ScheduledFuture<?> sweeper;
  /** Depth of reply decoding on the loop: flushes wait until it ends (one write per connection per read). */
  int reading;
  volatile boolean closed;

  private RespLane(RespEndpoint endpoint, int connections, String transport, int maxInFlight, Cluster cluster,
      ReplicaReads.Mode reads, int atStart) {
    this.endpoint = endpoint;
    this.maxInFlight = Math.max(1, maxInFlight);
    this.loops = RespTransport.acquire(transport, connections);
    this.loopIndex = RespTransport.pick(loops);
    this.loop = loops.loops[loopIndex];
    this.timeoutNanos = TimeUnit.MILLISECONDS.toNanos(endpoint.timeoutMillis());
    this.route = cluster == null ? new StandaloneRoute(new LaneNode(this, endpoint, connections), atStart)
        : new SlotRouter(new RouterLane(), cluster.connection(), cluster.hostMap(), Math.max(1, connections), reads);
    this.bootstrap = new Bootstrap().group(loop).channel(loops.channelClass)
        .option(ChannelOption.TCP_NODELAY, true)
        .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, endpoint.timeoutMillis());
  }

  /**
   * A cluster a lane routes over: its seeds and the binding's settings ({@code connection}), and how an announced
   * address ({@code host:port}) becomes the one to connect to ({@code redis.cluster.hostmap}; identity without one).
   */
  public record Cluster(RespConnection connection, UnaryOperator<String> hostMap) {}

  /**
   * Opens {@code connections} connections to {@code endpoint} on one of the process's event loops
   * ({@code transport}: {@link RespTransport#PROPERTY}), each authenticated (AUTH), on its database (SELECT),
   * named ycsb-kv (CLIENT SETNAME), and checked with a PING. Blocks until they are ready; throws {@link RespException}
   * (with the socket's or TLS's exception as its cause, or the server's error reply) when one is not, after closing
   * them all.
   */
  public static RespLane open(RespEndpoint endpoint, int connections, String transport) {
    return open(endpoint, connections, transport, 1, null, ReplicaReads.PRIMARY);
  }

  /**
   * As {@link #open(RespEndpoint, int, String)}, for an open loop that keeps up to {@code maxInFlight} requests in
   * flight on each connection (each call goes to a connection with nothing in flight, else to one with fewer); with
   * {@code cluster}, {@code connections} connections to every primary of that cluster ({@code endpoint}: its first
   * seed, and the settings of every node), each call sent to its key's node ({@link SlotRouter}); with {@code reads}
   * off the primary, {@code connections} connections to each replica too (of a standalone server, those its
   * {@code ROLE} names or {@code reads} gives; of a cluster, each primary's), each call that only reads sent to them
   * in turn.
   */
  public static RespLane open(RespEndpoint endpoint, int connections, String transport, int maxInFlight,
      Cluster cluster, ReplicaReads reads) {
    return open(endpoint, connections, transport, maxInFlight, cluster, reads, connections);
  }

  /**
   * As {@link #open(RespEndpoint, int, String, int, Cluster, ReplicaReads)}; with {@code atStart} below {@code
   * connections} on a standalone server read from alone, only that many are opened now, the others by {@link
   * #openMore} (a staircase's steps).
   */
  public static RespLane open(RespEndpoint endpoint, int connections, String transport, int maxInFlight,
      Cluster cluster, ReplicaReads reads, int atStart) {
    if (cluster != null && !reads.replicas().isEmpty()) {
      throw RespException.whole("-p " + ReplicaReads.REPLICAS + " names a standalone primary's replicas; on a cluster"
          + " the map names each primary's (CLUSTER SLOTS): drop " + ReplicaReads.REPLICAS);
    }
    int first = cluster == null && !reads.offPrimary() ? Math.max(1, Math.min(atStart, connections)) : connections;
    RespLane lane = new RespLane(endpoint, Math.max(1, connections), transport, maxInFlight, cluster, reads.mode(),
        first);
    try {
      lane.connectAll();
      if (reads.offPrimary() && lane.route instanceof StandaloneRoute standalone) {
        standalone.readFrom(lane, reads);
      }
    } catch (RuntimeException e) {
      lane.close();
      throw e;
    }
    return lane;
  }

  /**
   * Where this lane's reads go ("the replica 127.0.0.1:6380 (the primary's ROLE), in turn"; on a cluster, its slots'
   * replicas), or null: the primary.
   */
  public String readsTo() {
    return route.readsDescribed();
  }

  /** The event loop on which every call of this lane completes. */
  public Executor executor() {
    return loop;
  }

  /**
   * The transport the loops run on ("io_uring (ring 256)", "epoll" or "nio", with why io_uring or epoll did not
   * load when {@code auto} fell back), and the TLS implementation if any ("the JDK" with why BoringSSL did not load).
   */
  public String transport() {
    SslContext tls = endpoint.tls();
    return tls == null ? loops.name : loops.name + ", " + RespTls.described(tls);
  }

  /** The connections this lane holds to each server (its one server, or each primary of a cluster). */
  public int connections() {
    return route.connections();
  }

  /** The servers this lane has connections to: 1, or a cluster's primaries; and the replicas it reads from. */
  public int nodes() {
    return route.nodeCount();
  }

  /** A cluster's primaries' addresses ({@code host:port}), or the standalone server's. */
  public List<String> primaryAddresses() {
    return route.primaryAddresses();
  }

  /** Whether this lane routes over a cluster. */
  public boolean cluster() {
    return route.cluster();
  }

  /** The event loop, for the lane's nodes. */
  EventLoop loop() {
    return loop;
  }

  /** Whether the caller runs on this lane's loop (where nothing may block). */
  public boolean onLoop() {
    return loop.inEventLoop();
  }

  /**
   * Sends {@code call} (its commands wait in the connection's buffer until {@link #flush()}); a connection that
   * is down fails it at once with the reason. Returns the call, which is its own completion stage.
   */
  public RespCall send(RespCall call) {
    if (loop.inEventLoop()) {
      sendOnLoop(call);
    } else {
      loop.execute(() -> sendOnLoop(call));
    }
    return call;
  }

  /** Writes what the connections' buffers hold (after the replies being decoded, when on the loop). */
  public void flush() {
    if (loop.inEventLoop()) {
      if (reading == 0) {
        flushDirty();
      }
    } else {
      loop.execute(this::flushDirty);
    }
  }

  /**
   * One command, sent and awaited (set-up, checks and blocking operations; not from the loop's thread): its
   * reply as {@link RespReader#value()} gives it; an error reply or a failed connection throws
   * {@link RespException}.
   */
  public Object call(Object... args) {
    return callFor(null, args);
  }

  /** As {@link #call}, sent to the node of {@code key}'s slot on a cluster (null: any node). */
  public Object callFor(String key, Object... args) {
    ValueCall c = ValueCall.keyed(key, args);
    send(c);
    flush();
    Status status = await(c);
    if (!status.isOk()) {
      throw new RespException(status.getDescription(), c.errorReply() != null);
    }
    return c.value;
  }

  /**
   * Waits for {@code call} (sent and flushed; not from the loop's thread) up to twice the timeout plus a second:
   * the sweeper fails it after one timeout, so this bound is only reached by a loop that stopped.
   */
  public Status await(RespCall call) {
    if (loop.inEventLoop()) {
      throw new IllegalStateException("a blocking RESP call on the event loop would wait for itself");
    }
    try {
      return call.get(2 * timeoutNanos + TimeUnit.SECONDS.toNanos(1), TimeUnit.NANOSECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new Status("ERROR", "interrupted");
    } catch (ExecutionException | TimeoutException e) {
      return new Status("ERROR", "no reply from " + endpoint.where() + " (the client's event loop stalled)");
    }
  }

  /**
   * The next {@code n} connections of a lane opened with fewer at its start, without blocking; completes, on the loop,
   * once they are ready, or fails with the first one's cause. At once when every connection is open.
   */
  public CompletableFuture<Void> openMore(int n) {
    if (!(route instanceof StandaloneRoute standalone)) {
      return CompletableFuture.completedFuture(null);
    }
    CompletableFuture<Void> done = new CompletableFuture<>();
    Runnable task = () -> standalone.openMore(n).whenComplete((x, e) -> settle(done, e));
    if (loop.inEventLoop()) {
      task.run();
    } else {
      loop.execute(task);
    }
    return done;
  }

  /**
   * Closes every connection and opens it again, with its set-up calls (memtier_benchmark's {@code
   * --reconnect-interval}), without blocking: call it with nothing in flight. Completes, on the loop, once every
   * connection is ready again, or fails with the first one's cause.
   */
  public CompletableFuture<Void> reopen() {
    CompletableFuture<Void> done = new CompletableFuture<>();
    Runnable task = () -> {
      List<CompletableFuture<Void>> ready = new ArrayList<>();
      for (LaneNode n : route.nodes()) {
        for (LaneConnection c : n.conns) {
          CompletableFuture<Void> f = new CompletableFuture<>();
          ready.add(f);
          c.reopen(f);
        }
      }
      CompletableFuture.allOf(ready.toArray(new CompletableFuture<?>[0])).whenComplete((x, e) -> settle(done, e));
    };
    if (loop.inEventLoop()) {
      task.run();
    } else {
      loop.execute(task);
    }
    return done;
  }

  /** Completes {@code done}, or fails it with {@code e}'s own cause (not the wrapper of a stage that combined others). */
  private static void settle(CompletableFuture<Void> done, Throwable e) {
    if (e == null) {
      done.complete(null);
    } else {
      done.completeExceptionally(e instanceof java.util.concurrent.CompletionException && e.getCause() != null
          ? e.getCause() : e);
    }
  }

  /** Closes the connections (what they held fails), and stops using the loop. Waits up to a second. */
  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    CompletableFuture<Void> done = new CompletableFuture<>();
    try {
      loop.execute(() -> {
        if (sweeper != null) {
          sweeper.cancel(false);
        }
        flushDirty();
        List<ChannelFuture> closing = new ArrayList<>();
        for (LaneNode n : route.nodes()) {
          for (LaneConnection c : n.conns) {
            if (c.channel != null) {
              closing.add(c.channel.close());
            }
          }
        }
        if (closing.isEmpty()) {
          done.complete(null);
          return;
        }
        int[] left = {closing.size()};
        for (ChannelFuture f : closing) {
          f.addListener(x -> {
            if (--left[0] == 0) {
              done.complete(null);
            }
          });
        }
      });
      done.get(1, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (ExecutionException | TimeoutException | java.util.concurrent.RejectedExecutionException e) {
      // Closing is best effort.
    } finally {
      RespTransport.release(loops, loopIndex);
    }
  }

  // ---- on the loop ----

  private void sendOnLoop(RespCall call) {
    LaneNode to = route.route(call);
    if (to == null) {
      call.fail(route.unrouted(call), true);
      return;
    }
    LaneConnection c = to.choose();
    if (c.channel == null || !c.up) {
      if (closed) {
        call.fail("the connection was closed");
        return;
      }
      if (route.failsWhileDown() && !c.connecting && c.retryLater()) {
        call.fail(c.downCause, true); // a lost cluster node: its share of the operations fails, paced attempts
        return;
      }
      // One attempt to connect again, which this call waits for: it is sent once the connection is up, or
      // fails with the attempt's cause. How often calls come here (the pace of the attempts) is the engine's
      // reconnect.interval.
      c.waiting.add(call);
      if (!c.connecting) {
        c.connect(null);
      }
      return;
    }
    if (c.out == null) {
      c.out = c.channel.alloc().ioBuffer(c.outSize);
    }
    call.writeTo(c.out);
    if (c.pending.isEmpty() && c.idle) {
      c.idle = false;
      to.idle.remove(c);
    }
    c.pending.add(call);
    c.belowMax();
    if (!c.dirty) {
      c.dirty = true;
      dirty.add(c);
    }
  }

  /** Hands the last reply's call its outcome, unless a cluster redirected it (then it is sent again). */
  void finished(RespCall call) {
    if (!route.redirected(call)) {
      call.finish();
    }
  }

  /** A connection to a node was lost or refused (on the loop): a cluster reads its map again soon. */
  void trouble(String why) {
    if (!closed) {
      route.trouble(why);
    }
  }

  /** This lane as its cluster's router sees it. */
  private final class RouterLane implements RoutedLane {
    @Override
    public void resend(RespCall call) {
      sendOnLoop(call);
    }

    @Override
    public Status ask(RespCall call) {
      send(call);
      flush();
      return await(call);
    }

    @Override
    public boolean closed() {
      return closed;
    }

    @Override
    public ExecutorService mapThread() {
      return loops.mapThread();
    }

    @Override
    public Executor loop() {
      return loop;
    }

    @Override
    public RespEndpoint seed() {
      return endpoint;
    }

    @Override
    public LaneNode node(RespEndpoint at, int connections, boolean readOnly) {
      return new LaneNode(RespLane.this, at, connections, readOnly);
    }

    @Override
    public void closeNode(LaneNode n) {
      for (LaneConnection c : n.conns) {
        if (c.channel != null) {
          c.channel.close();
        }
      }
    }
  }

  /** The bounds of a connection's first write buffer of a flush. */
  static final int MIN_OUT = 256;
  private static final int MAX_OUT = 64 * 1024;

  void flushDirty() {
    for (int i = 0, n = dirty.size(); i < n; i++) {
      LaneConnection c = dirty.get(i);
      c.dirty = false;
      ByteBuf out = c.out;
      c.out = null;
      if (out != null) {
        // The next flush's buffer starts at this one's size, so that a pipeline's requests do not grow it again.
        c.outSize = Math.max(MIN_OUT, Math.min(MAX_OUT, out.readableBytes()));
        if (c.channel != null && c.channel.isActive()) {
          c.channel.writeAndFlush(out, c.channel.voidPromise());
        } else {
          out.release();
        }
      }
    }
    dirty.clear();
  }

  private void connectAll() {
    route.open();
    long period = Math.max(TimeUnit.MILLISECONDS.toNanos(5), timeoutNanos / 4);
    sweeper = loop.scheduleAtFixedRate(() -> {
      for (LaneNode n : route.nodes()) {
        n.sweep(period, timeoutNanos);
      }
    }, period, period, TimeUnit.NANOSECONDS);
  }
}
