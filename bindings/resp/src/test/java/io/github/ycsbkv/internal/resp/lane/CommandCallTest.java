package io.github.ycsbkv.internal.resp.lane;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class CommandCallTest {

  private static CommandCall call(String command) {
    byte[][] args = {command.getBytes(StandardCharsets.US_ASCII), "x".getBytes(StandardCharsets.US_ASCII)};
    return new CommandCall("k", args, null);
  }

  /** The first element handed to the head of a call sent for {@code reply}: a SCAN's cursor, else null. */
  private static java.util.List<String> heads(String... replies) {
    java.util.List<String> seen = new java.util.ArrayList<>();
    for (String reply : replies) {
      CommandCall c = new CommandCall(null, new byte[][] {"SCAN".getBytes(StandardCharsets.US_ASCII)},
          b -> seen.add(b == null ? null : new String(b, StandardCharsets.US_ASCII)));
      c.writeTo(io.netty.buffer.Unpooled.buffer());
      io.netty.buffer.ByteBuf in = io.netty.buffer.Unpooled.copiedBuffer(reply, StandardCharsets.US_ASCII);
      assertTrue(c.accept(new io.github.ycsbkv.internal.resp.wire.RespReader().at(in, 0)), reply);
    }
    return seen;
  }

  @Test
  void head_isTheReplysFirstString_aScansCursor_elseNull_andNotCalledForAnError() {
    assertEquals(java.util.Arrays.asList("176", "0", null, null, null),
        heads("*2\r\n$3\r\n176\r\n*1\r\n$1\r\na\r\n", "*2\r\n$1\r\n0\r\n*0\r\n", "$-1\r\n", ":5\r\n",
            "*0\r\n", "-ERR no\r\n"));
  }

  @Test
  void templateCommand_thatOnlyReads_goesWhereReadsGo_aWriteDoesNot() {
    assertTrue(call("ZRANGEBYLEX").readsOnly());
    assertTrue(call("hgetall").readsOnly());
    assertFalse(call("HSET").readsOnly());
    assertFalse(call("GETDEL").readsOnly());
  }
}
