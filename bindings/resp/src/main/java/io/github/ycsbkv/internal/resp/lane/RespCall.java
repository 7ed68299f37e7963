package io.github.ycsbkv.internal.resp.lane;

import io.github.ycsbkv.internal.resp.server.ReplicaReads;
import io.github.ycsbkv.internal.resp.wire.RespErrors;
import io.github.ycsbkv.internal.resp.wire.RespException;
import io.github.ycsbkv.internal.resp.wire.RespReader;
import io.github.ycsbkv.internal.resp.wire.RespWriter;
import io.github.ycsbkv.spi.DirectCompletion;
import io.github.ycsbkv.spi.Unavailable;
import io.netty.buffer.ByteBuf;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.CompletableFuture;
import site.ycsb.Status;

/**
 * One operation on a {@link RespLane}: it writes its commands into the connection's outgoing buffer, reads
 * its replies as they are decoded on the event loop, and completes itself (it is its own
 * {@code CompletionStage}) when the last one arrived: one object per operation, no timer, no intermediate
 * reply objects. An error reply makes the operation ERROR with the server's message (the later replies are
 * still read); a connection that breaks or times out fails every call it held with the reason.
 */
public abstract class RespCall extends CompletableFuture<Status> implements DirectCompletion {

  private static final VarHandle LISTENER;

  static {
    try {
      LISTENER = MethodHandles.lookup().findVarHandle(RespCall.class, "listener", DirectCompletion.Listener.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  /** Told once on completion (taken by whichever of {@link #whenDone} and the completion comes second). */
  private volatile DirectCompletion.Listener listener;
  private int expected;
  private int received;
  /** Replies ahead of this call's own on its connection ({@code ASKING}'s), read and not handed to {@link #reply}. */
  private int skip;
  private String error;
  /** On a cluster: the node a redirection named, which the next send goes to (null: the key's node). */
  LaneNode target;
  /** On a cluster: send {@code ASKING} first ({@code ASK} redirection). */
  boolean asking;
  /** On a cluster: how often this call was redirected ({@code MOVED}, {@code ASK}) or re-routed. */
  int redirects;
  /** The bytes this call put into its connections' outgoing buffers, every send counted (redirections too). */
  int bytesSent;
  /** The bytes of the replies read for it ({@code ASKING}'s included). */
  int bytesReceived;

  /** Writes this operation's commands into {@code out} and returns how many replies they bring back. */
  protected abstract int write(ByteBuf out);

  /**
   * Reply {@code index} (from 0) of this operation, at {@code reader}'s cursor, complete; not an error reply
   * (those are collected). May leave the cursor anywhere.
   */
  protected abstract void reply(RespReader reader, int index);

  /** The status once every reply arrived and none was an error. */
  protected abstract Status outcome();

  /**
   * The key whose cluster slot decides which node this call goes to, or null for any node: every command of a call
   * must be of that slot (the record's own commands are; a record and its scan-index entry are two calls on a
   * cluster, {@link RespRecords}).
   */
  protected String routingKey() {
    return null;
  }

  /** Whether this call only reads: it goes where reads go ({@link ReplicaReads}); writes go to the primary. */
  protected boolean readsOnly() {
    return false;
  }

  final void sent(int replies) {
    sent(replies, 0);
  }

  private static final byte[] ASKING = "ASKING".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

  /** Writes this call into {@code out}, after {@code ASKING} when a cluster's {@code ASK} sent it here. */
  final void writeTo(ByteBuf out) {
    int from = out.writerIndex();
    if (asking) {
      asking = false;
      RespWriter.command(out, 1);
      RespWriter.bulk(out, ASKING);
      sent(write(out), 1);
    } else {
      sent(write(out));
    }
    bytesSent += out.writerIndex() - from;
  }

  /** Written with {@code skipped} replies of other commands (ASKING) ahead of its own {@code replies}. */
  final void sent(int replies, int skipped) {
    expected = replies + skipped;
    skip = skipped;
    received = 0;
    error = null;
  }

  /**
   * A cluster's redirection among the replies ({@code MOVED slot host:port} or {@code ASK slot host:port}), once
   * every reply arrived, or null.
   */
  final String redirection() {
    String e = error;
    return e != null && (e.startsWith("MOVED ") || e.startsWith("ASK ")) ? e : null;
  }

  /** Takes the next reply; true when it was the last. */
  final boolean accept(RespReader reader) {
    int index = received++ - skip;
    if (index < 0) {
      if (reader.isError() && error == null) {
        error = reader.error();
      }
      return received >= expected;
    }
    if (reader.isError()) {
      String message = reader.error();
      if (error == null) {
        error = message;
      }
    } else if (error == null) {
      try {
        reply(reader, index);
      } catch (RespException | IllegalArgumentException | ClassCastException | IndexOutOfBoundsException e) {
        error = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
      }
    }
    return received >= expected;
  }

  /** Completes with {@link #outcome()}, or ERROR with the first error reply. */
  final void finish() {
    Status status;
    if (error != null) {
      status = RespErrors.isUnavailableReply(error) ? new Unavailable(error) : new Status("ERROR", error);
    } else {
      try {
        status = outcome();
      } catch (RespException | IllegalArgumentException | ClassCastException | IndexOutOfBoundsException e) {
        status = new Status("ERROR", e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
      }
    }
    done(status);
  }

  /** Completes with ERROR and {@code reason} (a connection that failed or timed out): {@link Unavailable}. */
  final void fail(String reason) {
    done(new Unavailable(reason));
  }

  /**
   * Completes with ERROR and {@code reason}: on a cluster ({@code partial}) a node lost while the others serve,
   * {@link Unavailable#partial}; else as {@link #fail(String)}.
   */
  final void fail(String reason, boolean partial) {
    done(partial ? Unavailable.partial(reason) : new Unavailable(reason));
  }

  /** Completes with {@code status} (a call made of other calls, {@link RespRecords}). */
  final void completeWith(Status status) {
    done(status);
  }

  private void done(Status status) {
    counted(bytesSent, bytesReceived);
    complete(status);
    DirectCompletion.Listener l = (DirectCompletion.Listener) LISTENER.getAndSet(this, null);
    if (l != null) {
      l.done(status);
    }
  }

  @Override
  public final void whenDone(DirectCompletion.Listener l) {
    listener = l;
    if (isDone()) {
      DirectCompletion.Listener mine = (DirectCompletion.Listener) LISTENER.getAndSet(this, null);
      if (mine != null) {
        mine.done(getNow(Status.ERROR));
      }
    }
  }

  /**
   * Told once, as the call completes (before its status is), the bytes it sent and received on the wire; a call
   * that failed before it was written sent none.
   */
  protected void counted(int sent, int received) {
  }

  /** The first error reply, or null (after completion). */
  protected final String errorReply() {
    return error;
  }
}
