package io.github.ycsbkv.internal.resp.lane;

import io.github.ycsbkv.internal.resp.wire.RespReader;
import io.github.ycsbkv.internal.resp.wire.RespWriter;
import io.netty.buffer.ByteBuf;
import site.ycsb.Status;

/**
 * A call whose reply is a plain object (set-up, checks, blocking operations); a new connection's set-up commands
 * (AUTH, SELECT, CLIENT SETNAME, PING) are these too, and an error reply among them fails the connection.
 */
final class ValueCall extends RespCall {
  private final String key;
  private final Object[] args;
  Object value;

  ValueCall(Object... args) {
    this.key = null;
    this.args = args;
  }

  /** On a cluster: sent to the node of {@code key}'s slot (null: any node). */
  private ValueCall(String key, Object[] args) {
    this.key = key;
    this.args = args;
  }

  /** A call sent to the node of {@code key}'s slot on a cluster. */
  static ValueCall keyed(String key, Object... args) {
    return new ValueCall(key, args);
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
    value = reader.value();
  }

  @Override
  protected Status outcome() {
    return Status.OK;
  }
}
