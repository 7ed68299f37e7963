package io.github.ycsbkv.internal.link;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A cluster's primaries that are up, from {@code CLUSTER NODES}: what {@code ycsb record} monitors and
 * {@code ycsb suite} prepares.
 */
class ClusterPrimariesTest {

  @Test
  void primariesThatAreUp_inOrder_withoutBusPortOrHostname() {
    // Redis 7's shape: address@busport[,hostname], flags, then the primary's id for a replica.
    String nodes = String.join("\n",
        "07c37dfeb235213a872192d90877d0cd55635b91 127.0.0.1:30004@31004,host-d slave"
            + " e7d1eecce10fd6bb5eb35b9f99a514335d9ba9ca 0 1426238317239 4 connected",
        "67ed2db8d677e59ec4a4cefb06858cf2a1a89fa1 127.0.0.1:30002@31002,host-b master - 0 1426238316232 2 connected"
            + " 5461-10922",
        "292f8b365bb7edb5e285caf0b7e6ddc7265d2f4f 127.0.0.1:30003@31003 master - 0 1426238318243 3 connected"
            + " 10923-16383",
        "6ec23923021cf3ffec47632106199cb7f496ce01 127.0.0.1:30005@31005 master,fail - 1426238316232 0 5 connected",
        "e7d1eecce10fd6bb5eb35b9f99a514335d9ba9ca 127.0.0.1:30001@31001 myself,master - 0 0 1 connected 0-5460",
        "");
    assertEquals(List.of("127.0.0.1:30002", "127.0.0.1:30003", "127.0.0.1:30001"),
        RespLink.primaries(nodes, "10.0.0.9"));
  }

  @Test
  void aNodeThatDoesNotKnowItsAddress_isAtTheSeedsHost() {
    String nodes = "e7d1eecce10fd6bb5eb35b9f99a514335d9ba9ca :7000@17000 myself,master - 0 0 0 connected 0-16383\n";
    assertEquals(List.of("10.0.0.9:7000"), RespLink.primaries(nodes, "10.0.0.9"));
  }
}
