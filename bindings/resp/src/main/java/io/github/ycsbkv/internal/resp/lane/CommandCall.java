package io.github.ycsbkv.internal.resp.lane;

import io.github.ycsbkv.internal.resp.server.ReplicaReads;
import io.github.ycsbkv.internal.resp.wire.RespReader;
import io.github.ycsbkv.internal.resp.wire.RespWriter;
import io.netty.buffer.ByteBuf;
import java.util.function.Consumer;
import site.ycsb.Status;

/**
 * A command of a template ({@link io.github.ycsbkv.spi.Commands}): written as it is given, its one reply read as an
 * outcome only. An error reply is ERROR with the server's text ({@link RespCall}); a nil reply is NOT_FOUND; any
 * other reply is OK.
 */
public final class CommandCall extends RespCall {
  private final String key;
  private final byte[][] args;
  private final Consumer<byte[]> head;
  private final WireTally tally;
  private boolean nil;

  /**
   * {@code key}: whose cluster slot decides the node (null: any node); {@code head} (or null): handed the reply's first
   * element (a SCAN's next cursor) as {@link io.github.ycsbkv.spi.Commands} says.
   */
  public CommandCall(String key, byte[][] args, Consumer<byte[]> head) {
    this(key, args, head, null);
  }

  /** As {@link #CommandCall(String, byte[][], Consumer)}, its bytes on the wire added to {@code tally} (or null). */
  public CommandCall(String key, byte[][] args, Consumer<byte[]> head, WireTally tally) {
    this.key = key;
    this.args = args;
    this.head = head;
    this.tally = tally;
  }

  @Override
  protected void counted(int sent, int received) {
    if (tally != null) {
      tally.add(sent, received);
    }
  }

  /** Asked only where reads go to replicas ({@link RespLane}), so that other runs never look at the name. */
  @Override
  protected boolean readsOnly() {
    return args.length > 0 && ReplicaReads.reads(args[0]);
  }

  @Override
  protected String routingKey() {
    return key;
  }

  @Override
  protected int write(ByteBuf out) {
    RespWriter.command(out, args);
    return 1;
  }

  @Override
  protected void reply(RespReader reader, int index) {
    nil = reader.isNull();
    if (head != null) {
      byte t = reader.type();
      byte[] first = null;
      if (!nil && (t == '*' || t == '>') && reader.aggregate() > 0) {
        byte e = reader.type();
        first = e == '$' || e == '+' ? reader.bytes() : null;
      }
      head.accept(first);
    }
  }

  @Override
  protected Status outcome() {
    return nil ? Status.NOT_FOUND : Status.OK;
  }
}
