package io.github.ycsbkv.it;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbkv.config.UserError;
import io.github.ycsbkv.internal.link.RespLink;
import java.net.SocketTimeoutException;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The link that prepares a suite waits longer for a command given a timeout of its own ({@code ycsb suite}'s
 * {@code FLUSHALL} of a large data set), and its own timeout again after it. A reply that takes a second on a real
 * Redis: {@code BLPOP} of a key that does not exist, with a one-second block.
 */
class RespLinkIT {

  @Test
  void aCallWithItsOwnTimeout_waitsThatLong_andTheLinksTimeoutHoldsAgainAfterIt() throws Exception {
    try (RespServer redis = RespServer.start(Store.Kind.REDIS);
        RespLink link = RespLink.open("127.0.0.1", redis.port(), null, null)) {
      link.timeout(300);
      RespLink.Reply r = link.callOrFail(List.of("BLPOP", "no-such-list", "1"), 5000);
      assertFalse(r.error(), r.text());
      assertNull(r.text(), "BLPOP's nil after its block: " + r);
      UserError e = assertThrows(UserError.class, () -> link.callOrFail(List.of("BLPOP", "no-such-list", "1")));
      assertTrue(e.getMessage().contains("stopped answering") && e.getMessage().contains("during BLPOP"),
          e.getMessage());
      assertTrue(e.getCause() instanceof SocketTimeoutException, String.valueOf(e.getCause()));
    }
  }
}
