package io.github.ycsbkv.internal.resp.lane;

import io.github.ycsbkv.internal.resp.server.ReplicaReads;
import io.github.ycsbkv.internal.resp.wire.RespReader;
import io.github.ycsbkv.internal.resp.wire.RespWriter;
import io.netty.buffer.ByteBuf;
import site.ycsb.Status;

/**
 * A command of a template ({@link io.github.ycsbkv.spi.Commands}): written as it is given, its one reply read as an
 * outcome only. An error reply is ERROR with the server's text ({@link RespCall}); a nil reply is NOT_FOUND; any
 * other reply is OK.
 */
public final class CommandCall extends RespCall {
  private final String key;
  private final byte[][] args;
  private boolean nil;

  /** {@code key}: whose cluster slot decides the node (null: any node). */
  public CommandCall(String key, byte[][] args) {
    this.key = key;
    this.args = args;
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
    RespWriter.command(out, args.length);
    for (byte[] a : args) {
      RespWriter.bulk(out, a);
    }
    return 1;
  }

  @Override
  protected void reply(RespReader reader, int index) {
    nil = reader.isNull();
  }

  @Override
  protected Status outcome() {
    return nil ? Status.NOT_FOUND : Status.OK;
  }
}
