package io.github.ycsbkv.internal.resp.lane;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class CommandCallTest {

  private static CommandCall call(String command) {
    byte[][] args = {command.getBytes(StandardCharsets.US_ASCII), "x".getBytes(StandardCharsets.US_ASCII)};
    return new CommandCall("k", args);
  }

  @Test
  void templateCommand_thatOnlyReads_goesWhereReadsGo_aWriteDoesNot() {
    assertTrue(call("ZRANGEBYLEX").readsOnly());
    assertTrue(call("hgetall").readsOnly());
    assertFalse(call("HSET").readsOnly());
    assertFalse(call("GETDEL").readsOnly());
  }
}
