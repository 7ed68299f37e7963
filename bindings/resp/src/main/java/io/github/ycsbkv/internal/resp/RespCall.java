package io.github.ycsbkv.internal.resp;

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
  private String error;

  /** Writes this operation's commands into {@code out} and returns how many replies they bring back. */
  protected abstract int write(ByteBuf out);

  /**
   * Reply {@code index} (from 0) of this operation, at {@code reader}'s cursor, complete; not an error reply
   * (those are collected). May leave the cursor anywhere.
   */
  protected abstract void reply(RespReader reader, int index);

  /** The status once every reply arrived and none was an error. */
  protected abstract Status outcome();

  final void sent(int replies) {
    expected = replies;
    received = 0;
  }

  /** Takes the next reply; true when it was the last. */
  final boolean accept(RespReader reader) {
    int index = received++;
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

  private void done(Status status) {
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

  /** The first error reply, or null (after completion). */
  protected final String errorReply() {
    return error;
  }
}
