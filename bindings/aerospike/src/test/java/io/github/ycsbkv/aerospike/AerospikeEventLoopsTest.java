package io.github.ycsbkv.aerospike;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.aerospike.client.async.EventLoops;
import com.aerospike.client.async.NettyEventLoops;
import com.aerospike.client.async.NioEventLoops;
import io.github.ycsbkv.aerospike.AerospikeEventLoops.Transport;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import site.ycsb.DBException;

class AerospikeEventLoopsTest {

  @Test
  void choose_directNeedsNoNetty_nettyPicksEpollWhereItLoads() throws Exception {
    assertEquals(Transport.DIRECT_NIO, AerospikeEventLoops.choose("direct", "Linux", "amd64", false, false, false));
    assertEquals(Transport.NETTY_EPOLL, AerospikeEventLoops.choose("netty", "Linux", "amd64", true, true, false));
    assertEquals(Transport.NETTY_EPOLL, AerospikeEventLoops.choose("netty", "Linux", "aarch64", true, true, false));
    assertEquals(Transport.NETTY_NIO, AerospikeEventLoops.choose("netty", "Linux", "amd64", true, false, false),
        "the native library did not load: Netty NIO");
    assertEquals(Transport.NETTY_KQUEUE, AerospikeEventLoops.choose("netty", "Mac OS X", "aarch64", true, false, true));
    assertEquals(Transport.NETTY_KQUEUE, AerospikeEventLoops.choose("netty", "Mac OS X", "x86_64", true, false, true));
    assertEquals(Transport.NETTY_NIO, AerospikeEventLoops.choose("netty", "Mac OS X", "aarch64", true, false, false),
        "kqueue did not load: Netty NIO");
    assertEquals(Transport.NETTY_NIO, AerospikeEventLoops.choose("netty", "Linux", "ppc64le", true, true, false),
        "no native library shipped for this CPU");
    assertEquals(Transport.NETTY_NIO, AerospikeEventLoops.choose("NETTY-NIO", "Linux", "amd64", true, true, false));
    assertEquals("linux-x86_64", AerospikeEventLoops.nativeClassifier("amd64"));
    assertEquals("linux-aarch_64", AerospikeEventLoops.nativeClassifier("aarch64"));
  }

  @Test
  void choose_impossibleRequests_sayWhatToDo() {
    DBException e = assertThrows(DBException.class,
        () -> AerospikeEventLoops.choose("netty-epoll", "Linux", "ppc64le", true, false, false));
    assertEquals("as.eventLoopType=netty-epoll: Netty's native epoll transport is not available here (Linux ppc64le);"
        + " it needs Linux on x86_64 or aarch64 and netty-transport-native-epoll with the classifier linux-x86_64 or"
        + " linux-aarch_64; use netty or direct", e.getMessage());
    e = assertThrows(DBException.class, () -> AerospikeEventLoops.choose("netty", "Linux", "amd64", false, false, false));
    assertTrue(e.getMessage().startsWith("as.eventLoopType=netty needs Netty"), e.getMessage());
    e = assertThrows(DBException.class, () -> AerospikeEventLoops.choose("epoll", "Linux", "amd64", true, true, false));
    assertEquals("as.eventLoopType must be direct, netty, netty-epoll, netty-kqueue or netty-nio, got 'epoll'",
        e.getMessage());
    e = assertThrows(DBException.class,
        () -> AerospikeEventLoops.choose("netty-kqueue", "Linux", "aarch64", true, true, false));
    assertTrue(e.getMessage().startsWith("as.eventLoopType=netty-kqueue: Netty's native kqueue transport is not"
        + " available here (Linux aarch64)"), e.getMessage());
  }

  /** On this machine (x86_64 and, in CI's ARM64 pass, aarch64): netty takes the native transport shipped for it. */
  @Test
  void create_realLoopsOnThisMachine() throws Exception {
    EventLoops direct = AerospikeEventLoops.create(AerospikeEventLoops.choose("direct"), 2, 0);
    try {
      assertTrue(direct instanceof NioEventLoops);
      assertEquals(2, direct.getSize());
    } finally {
      direct.close();
    }
    Transport t = AerospikeEventLoops.choose("netty");
    EventLoops netty = AerospikeEventLoops.create(t, 2, 0);
    try {
      assertEquals(2, netty.getSize());
      String channel = ((NettyEventLoops) netty).getSocketChannelClass().getSimpleName();
      String os = System.getProperty("os.name");
      boolean nativeCpu = AerospikeEventLoops.nativeClassifier(System.getProperty("os.arch")) != null;
      String expected = !nativeCpu ? "NioSocketChannel" : os.startsWith("Linux") ? "EpollSocketChannel"
          : os.startsWith("Mac") ? "KQueueSocketChannel" : "NioSocketChannel";
      assertEquals(expected, channel);
      System.out.println("[platform] " + System.getProperty("os.arch") + ": as.eventLoopType=netty runs "
          + AerospikeEventLoops.describe(t, 2) + " (" + channel + ")");
    } finally {
      netty.close();
    }
    assertEquals("netty epoll event loops (4)", AerospikeEventLoops.describe(Transport.NETTY_EPOLL, 4));
    assertEquals("direct NIO event loops (2)", AerospikeEventLoops.describe(Transport.DIRECT_NIO, 2));
  }

  @Test
  void settings_asyncAndTlsProperties() throws Exception {
    Properties p = new Properties();
    p.setProperty("as.async", "true");
    p.setProperty("as.eventLoops", "3");
    p.setProperty("as.eventLoopType", "netty");
    p.setProperty("as.tls.protocols", "TLSv1.3, TLSv1.2");
    p.setProperty("as.tls.ciphers", "TLS_AES_128_GCM_SHA256");
    AerospikeSettings s = AerospikeSettings.from(p);
    assertTrue(s.async() && s.usesEventLoops());
    assertEquals(3, s.eventLoops());
    assertEquals("netty", s.eventLoopType());
    assertEquals(List.of("TLSv1.3", "TLSv1.2"), s.tlsProtocols());
    assertEquals(List.of("TLS_AES_128_GCM_SHA256"), s.tlsCiphers());

    Properties q = new Properties();
    q.setProperty("pipeline", "8");
    AerospikeSettings pipelined = AerospikeSettings.from(q);
    assertTrue(!pipelined.async() && pipelined.usesEventLoops(), "pipelining needs the event loops");
    assertEquals("direct", pipelined.eventLoopType());
    assertTrue(!AerospikeSettings.from(new Properties()).usesEventLoops());
  }
}
