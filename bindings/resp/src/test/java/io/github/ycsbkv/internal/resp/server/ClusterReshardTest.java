package io.github.ycsbkv.internal.resp.server;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/** {@code CLUSTER NODES} as Redis 7.0 printed it here, mid-move and with a replica, read into the primaries. */
class ClusterReshardTest {

  private static final String NODES = String.join("\n",
      "95a1 127.0.0.1:17003@27003 master - 0 1795869386000 3 connected 5461-7460 10923-16383",
      "d0a0 127.0.0.1:17001@27001 myself,master - 0 1795869385000 1 connected 0-5460 [7461->-981b]",
      "981b 127.0.0.1:17002@27002 master - 0 1795869387836 2 connected 7461-10922 [7461-<-d0a0]",
      "aa11 127.0.0.1:17004@27004 slave d0a0 0 1795869387836 1 connected",
      "bb22 10.0.0.9:17005@27005,host-5 master,fail - 0 0 5 disconnected");

  @Test
  void primaries_ownedRangesOnly_replicasAndFailedLeftOut_addressesMapped() {
    UnaryOperator<String> mapped = a -> a.equals("127.0.0.1:17001") ? "10.1.1.1:7001" : a;
    List<ClusterReshard.Primary> p = ClusterReshard.primaries(NODES, mapped);
    assertEquals(List.of("95a1", "d0a0", "981b"), p.stream().map(ClusterReshard.Primary::id).toList());
    assertEquals(2000 + 5461, p.get(0).slotCount());
    assertEquals(5461, p.get(1).slotCount());
    assertArrayEquals(new int[] {7461, 10922}, p.get(2).ranges().get(0));
    assertEquals("10.1.1.1", p.get(1).host());
    assertEquals(7001, p.get(1).port());
    assertEquals("127.0.0.1:17001", p.get(1).announced());
  }
}
