package io.github.ycsbkv.internal.resp.lane;

import io.github.ycsbkv.config.UserError;
import io.github.ycsbkv.internal.resp.wire.RespEndpoint;
import io.github.ycsbkv.internal.resp.wire.RespErrors;
import io.github.ycsbkv.internal.resp.wire.RespException;
import io.github.ycsbkv.internal.resp.wire.RespReader;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.netty.handler.ssl.SslContext;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import site.ycsb.Status;

/**
 * One connection of a {@link RespLane}: its channel (a new one after each reconnect), its buffer of unsent commands and
 * its calls in flight, in order; the channel handler that decodes its replies as they arrive and completes each call.
 * Confined to the lane's event loop.
 */
final class LaneConnection extends ChannelInboundHandlerAdapter {

  private final RespLane lane;
  /** The server this connection goes to (the standalone server, or one primary of a cluster). */
  final LaneNode node;
  Channel channel;
  boolean up;
  ByteBuf out;
  /** How large {@link #out} starts: what the last flush wrote, within {@link RespLane#MIN_OUT} and 64 KiB. */
  int outSize = RespLane.MIN_OUT;
  ByteBuf cumulation;
  final ArrayDeque<RespCall> pending = new ArrayDeque<>();
  boolean dirty;
  boolean idle;
  /** Whether this connection is in its lane's {@link RespLane#below} queue. */
  boolean inBelow;
  boolean connecting;
  /** Calls sent while the connection was down: they wait for the attempt to connect again. */
  final ArrayDeque<RespCall> waiting = new ArrayDeque<>();
  String downCause = "not connected";
  Throwable failure;
  /** When the last attempt to connect failed (System.nanoTime), or 0 after one succeeded. */
  long connectFailedNanos;
  long received;
  long receivedAtSweep;
  long stalledNanos;

  LaneConnection(RespLane lane, LaneNode node) {
    this.lane = lane;
    this.node = node;
  }

  /**
   * Starts one attempt to connect; once the channel is up, its set-up calls (AUTH, SELECT, CLIENT SETNAME, PING) go
   * first. {@code ready} (null for a reconnect) completes when they answered, or fails with why not.
   */
  void connect(CompletableFuture<Void> ready) {
    connecting = true;
    LaneConnection self = this;
    RespEndpoint endpoint = node.endpoint;
    lane.bootstrap.clone().handler(new ChannelInitializer<>() {
      @Override
      protected void initChannel(Channel ch) {
        SslContext tls = endpoint.tls();
        if (tls != null) {
          ch.pipeline().addLast(tls.newHandler(ch.alloc(), endpoint.tlsName(), endpoint.port()));
        }
        ch.pipeline().addLast(self);
      }
    }).connect(endpoint.host(), endpoint.port()).addListener((ChannelFuture f) -> connected(f, ready));
  }

  /**
   * Closes the channel, which has nothing in flight, and starts an attempt to connect again ({@link #connect}); its
   * close is not a lost connection (the old channel's events are no longer this connection's).
   */
  void reopen(CompletableFuture<Void> ready) {
    if (!pending.isEmpty()) {
      ready.completeExceptionally(new RespException("a connection is reopened with " + pending.size()
          + " request(s) in flight"));
      return;
    }
    Channel old = channel;
    channel = null;
    up = false;
    releaseBuffers();
    leaveQueues();
    if (old != null) {
      old.close();
    }
    try {
      connect(ready);
    } catch (RuntimeException e) {
      ready.completeExceptionally(e);
    }
  }

  /** The attempt ended: a failure fails what waited for it; a channel up sends its set-up calls. */
  private void connected(ChannelFuture f, CompletableFuture<Void> ready) {
    connecting = false;
    if (!f.isSuccess()) {
      Throwable cause = RespErrors.plain(f.cause());
      downCause = "cannot connect to " + node.endpoint.where() + ": " + UserError.describe(cause);
      failure = cause;
      connectFailedNanos = Math.max(1, System.nanoTime());
      if (ready != null) {
        ready.completeExceptionally(new RespException(downCause, cause));
      } else {
        lane.trouble(downCause);
      }
      failWaiting(downCause);
      return;
    }
    if (lane.closed) {
      f.channel().close();
      failWaiting("the connection was closed");
      return;
    }
    channel = f.channel();
    up = true;
    failure = null;
    connectFailedNanos = 0;
    List<RespCall> setup = setupCalls(node.endpoint, node.readOnly);
    for (RespCall call : setup) {
      enqueue(call);
    }
    lane.flushDirty();
    CompletableFuture.allOf(setup.toArray(new CompletableFuture<?>[0])).whenComplete((x, e) -> setUp(setup, ready));
  }

  /**
   * AUTH (with the ACL user, if any), SELECT (a database other than 0), HELLO 3 (RESP3), CLIENT SETNAME, READONLY (a
   * cluster's replica read from: it then serves its primary's slots' reads instead of redirecting them), PING; with
   * the minimal handshake (memtier's) neither CLIENT SETNAME nor PING, unless nothing else would be sent (the
   * connection is ready once a reply came).
   */
  private static List<RespCall> setupCalls(RespEndpoint endpoint, boolean readOnly) {
    List<RespCall> setup = new ArrayList<>();
    if (endpoint.password() != null) {
      setup.add(endpoint.user() != null ? new ValueCall("AUTH", endpoint.user(), endpoint.password())
          : new ValueCall("AUTH", endpoint.password()));
    }
    if (endpoint.database() != 0) {
      setup.add(new ValueCall("SELECT", endpoint.database()));
    }
    if (endpoint.resp3()) {
      setup.add(new ValueCall("HELLO", 3)); // after AUTH and SELECT, as memtier_benchmark's --protocol resp3
    }
    if (!endpoint.minimalHandshake()) {
      // Named as the Jedis path's connections are (CLIENT LIST shows the benchmark's connections).
      setup.add(new ValueCall("CLIENT", "SETNAME", "ycsb-kv"));
    }
    if (readOnly) {
      setup.add(new ValueCall("READONLY"));
    }
    if (!endpoint.minimalHandshake() || setup.isEmpty()) {
      setup.add(new ValueCall("PING")); // the connection's first answer, when nothing else asks for one
    }
    return setup;
  }

  /** The set-up calls answered: the connection is ready, or an error reply fails it (and what waited) with why. */
  private void setUp(List<RespCall> setup, CompletableFuture<Void> ready) {
    for (RespCall call : setup) {
      Status s = call.getNow(Status.ERROR);
      if (!s.isOk()) {
        String why = s.getDescription();
        boolean server = call.errorReply() != null;
        downCause = (server ? "the server at " + node.endpoint.where() + " refused the connection: " : "") + why;
        if (ready != null) {
          ready.completeExceptionally(server ? new RespException(why, true) : new RespException(why, failure));
        }
        failWaiting(downCause);
        if (channel != null) {
          channel.close();
        }
        return;
      }
    }
    if (ready != null) {
      ready.complete(null);
    }
    sendWaiting();
  }

  /**
   * With its lane's {@code maxInFlight} above 1: puts this connection in the lane's queue of connections that can take
   * another call, when it has some in flight but fewer than that and is not queued yet.
   */
  void belowMax() {
    int n = pending.size();
    if (lane.maxInFlight > 1 && !inBelow && n > 0 && n < lane.maxInFlight && node.conns.length > 1) {
      inBelow = true;
      node.below.addLast(this);
    }
  }

  /** A set-up call on this connection, ahead of anything else (bypasses the choice of connection). */
  private void enqueue(RespCall call) {
    if (out == null) {
      out = channel.alloc().ioBuffer(128);
    }
    call.writeTo(out);
    if (idle) {
      idle = false;
      node.idle.remove(this);
    }
    pending.add(call);
    if (!dirty) {
      dirty = true;
      lane.dirty.add(this);
    }
  }

  /** The calls that waited for a connection that is now up, sent in the order they came. */
  private void sendWaiting() {
    if (waiting.isEmpty()) {
      return;
    }
    if (!up || channel == null || lane.closed) {
      failWaiting(lane.closed ? "the connection was closed" : downCause);
      return;
    }
    RespCall call;
    while ((call = waiting.poll()) != null) {
      enqueue(call);
    }
    if (lane.reading == 0) {
      lane.flushDirty();
    }
  }

  /** Fails the calls that waited for an attempt to connect that failed. */
  void failWaiting(String reason) {
    RespCall call;
    lane.reading++;
    try {
      while ((call = waiting.poll()) != null) {
        call.fail(reason, lane.cluster());
      }
    } finally {
      lane.reading--;
    }
    if (lane.reading == 0) {
      lane.flushDirty();
    }
  }

  /**
   * On a cluster, the least time between two attempts to connect to a lost node: the calls sent to it meanwhile
   * fail at once with the last attempt's cause, so that a lost node costs its share of the operations, not a
   * connection attempt each.
   */
  static final long CLUSTER_RETRY_NANOS = java.util.concurrent.TimeUnit.MILLISECONDS.toNanos(100);

  /** Whether a cluster call to this connection, which is down, should fail now rather than connect again. */
  boolean retryLater() {
    return connectFailedNanos != 0 && System.nanoTime() - connectFailedNanos < CLUSTER_RETRY_NANOS;
  }

  /** One Conn serves its successive channels (after a reconnect), one at a time. */
  @Override
  public boolean isSharable() {
    return true;
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    ByteBuf in = (ByteBuf) msg;
    if (ctx.channel() != channel) {
      in.release();
      return;
    }
    ByteBuf buf = cumulation == null ? in : ByteToMessageDecoder.MERGE_CUMULATOR.cumulate(ctx.alloc(), cumulation, in);
    cumulation = null;
    lane.reading++;
    try {
      decode(buf);
    } catch (RespException e) {
      buf.skipBytes(buf.readableBytes());
      fail("the server at " + node.endpoint.where() + " sent bytes that are not RESP: " + e.getMessage(), e);
      ctx.close();
    } finally {
      lane.reading--;
      if (buf.isReadable()) {
        cumulation = buf;
      } else {
        buf.release();
      }
    }
    if (lane.reading == 0) {
      lane.flushDirty();
    }
  }

  private void decode(ByteBuf buf) {
    int limit = buf.writerIndex();
    int start = buf.readerIndex();
    while (start < limit) {
      int end = RespReader.end(buf, start, limit);
      if (end == RespReader.INCOMPLETE) {
        break;
      }
      RespCall call = pending.peek();
      if (call == null) {
        throw new RespException("a reply nobody asked for");
      }
      received++;
      call.bytesReceived += end - start;
      boolean last = call.accept(lane.reader.at(buf, start));
      start = end;
      buf.readerIndex(end);
      if (last) {
        pending.poll();
        if (pending.isEmpty() && node.conns.length > 1 && !idle) {
          idle = true;
          node.idle.add(this);
        } else {
          belowMax();
        }
        lane.finished(call);
      }
    }
  }

  @Override
  public void channelActive(ChannelHandlerContext ctx) {
    if (node.conns.length > 1 && pending.isEmpty() && !idle) {
      idle = true;
      node.idle.add(this);
    }
    ctx.fireChannelActive();
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    if (ctx.channel() != channel) {
      ctx.fireChannelInactive();
      return;
    }
    boolean wasUp = up;
    up = false;
    releaseBuffers();
    fail(lane.closed ? "the connection was closed" : !wasUp ? downCause : "connection to " + node.endpoint.where() + " lost"
        + (failure != null ? ": " + UserError.describe(failure) : " (closed by the server)"), failure);
    if (lane.closed) {
      failWaiting("the connection was closed");
    } else if (wasUp) {
      lane.trouble(downCause);
    }
    leaveQueues();
    ctx.fireChannelInactive();
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    failure = RespErrors.plain(cause);
    ctx.close();
  }

  /** The bytes half read and the commands not yet written, of a channel that is gone. */
  private void releaseBuffers() {
    if (cumulation != null) {
      cumulation.release();
      cumulation = null;
    }
    if (out != null) {
      out.release();
      out = null;
    }
  }

  /** Out of its node's queues of idle connections and of connections below their most in flight. */
  private void leaveQueues() {
    if (idle) {
      idle = false;
      node.idle.remove(this);
    }
    if (inBelow) {
      inBelow = false;
      node.below.remove(this);
    }
  }

  /** Fails every call in flight on this connection with {@code reason}; the connection is then down. */
  void fail(String reason, Throwable cause) {
    up = false;
    downCause = reason;
    if (cause != null) {
      failure = cause;
    }
    RespCall c;
    lane.reading++;
    try {
      while ((c = pending.poll()) != null) {
        c.fail(reason, lane.cluster());
      }
    } finally {
      lane.reading--;
    }
    if (lane.reading == 0) {
      lane.flushDirty();
    }
  }
}
