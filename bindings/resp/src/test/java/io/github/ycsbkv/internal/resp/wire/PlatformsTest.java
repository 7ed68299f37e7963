package io.github.ycsbkv.internal.resp.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbkv.internal.resp.EngineBackend;
import io.github.ycsbkv.internal.resp.wire.RespTransport.Choice;
import io.github.ycsbkv.internal.resp.wire.RespTransport.Kind;
import io.github.ycsbkv.internal.resp.wire.RespTransport.Natives;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The RESP engine's transport and TLS on every platform it ships natives for (#36): Linux x86_64 and ARM64, macOS
 * x86_64 and Apple Silicon. What each JVM reports as {@code os.name}/{@code os.arch}, the natives the build ships for
 * it (their libraries on this module's class path, whatever machine runs the test), and what {@code auto} chooses
 * from what loaded.
 */
class PlatformsTest {

  private static final Throwable NOT_HERE = new UnsatisfiedLinkError("not this platform's library");

  @ParameterizedTest(name = "{0} {1}")
  @CsvSource({"Linux, amd64, linux-x86_64", "Linux, aarch64, linux-aarch_64", "Mac OS X, aarch64, osx-aarch_64",
      "Mac OS X, x86_64, osx-x86_64"})
  void everySupportedPlatform_hasItsNativesOnTheClassPath(String os, String arch, String classifier) {
    assertEquals(classifier, Platforms.classifier(os, arch));
    assertTrue(Platforms.boringSsl(classifier));
    List<String> libraries = Platforms.nativeLibraries(classifier);
    assertEquals(classifier.startsWith("linux") ? 3 : 2, libraries.size());
    for (String library : libraries) {
      assertNotNull(getClass().getClassLoader().getResource(library), library + " is shipped for " + classifier);
    }
  }

  @Test
  void otherPlatforms_shipNoNatives_andRunOnNio() {
    assertNull(Platforms.classifier("Linux", "ppc64le"));
    assertNull(Platforms.classifier("Windows 11", "amd64"));
    assertEquals(List.of(), Platforms.transports(null));
    assertFalse(Platforms.boringSsl(null));
    Choice c = RespTransport.choose("auto", "Windows 11", new Natives(NOT_HERE, NOT_HERE, NOT_HERE));
    assertEquals(Kind.NIO, c.kind());
    assertEquals("nio (kqueue unavailable: not this platform's library)", c.name());
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({"amd64", "aarch64"})
  void linux_auto_takesIoUring_elseEpollWithWhy_elseNioWithBoth(String arch) {
    String cls = Platforms.classifier("Linux", arch);
    assertEquals(List.of(Kind.IO_URING, Kind.EPOLL), Platforms.transports(cls));
    assertEquals(new Choice(Kind.IO_URING, "io_uring", true),
        RespTransport.choose("auto", "Linux", new Natives(null, null, NOT_HERE)));
    // qemu-user (the ARM64 pass of CI) and Docker's default seccomp profile: no io_uring.
    Throwable noRing = new UnsatisfiedLinkError("failed to allocate memory for io_uring ring; try raising memlock limit"
        + " (see getrlimit(RLIMIT_MEMLOCK, ...) or ulimit -l): Function not implemented");
    Choice epoll = RespTransport.choose("auto", "Linux", new Natives(noRing, null, NOT_HERE));
    assertEquals(Kind.EPOLL, epoll.kind());
    assertTrue(epoll.name().startsWith("epoll (io_uring unavailable: failed to allocate memory for io_uring ring"),
        epoll.name());
    Choice nio = RespTransport.choose("auto", "Linux", new Natives(noRing, NOT_HERE, NOT_HERE));
    assertEquals(Kind.NIO, nio.kind());
    assertTrue(nio.name().endsWith("; epoll unavailable: not this platform's library)"), nio.name());
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({"aarch64", "x86_64"})
  void macOs_auto_takesKqueue_elseNioWithWhy(String arch) {
    String cls = Platforms.classifier("Mac OS X", arch);
    assertEquals(List.of(Kind.KQUEUE), Platforms.transports(cls));
    assertEquals(new Choice(Kind.KQUEUE, "kqueue", true),
        RespTransport.choose("auto", "Mac OS X", new Natives(NOT_HERE, NOT_HERE, null)));
    assertEquals(Kind.NIO, RespTransport.choose("auto", "Mac OS X", new Natives(NOT_HERE, NOT_HERE, NOT_HERE)).kind());
    RespException e = assertThrows(RespException.class,
        () -> RespTransport.choose("epoll", "Mac OS X", new Natives(NOT_HERE, NOT_HERE, null)));
    assertEquals("epoll is not available here (not this platform's library); use resp.transport=auto or nio",
        e.getMessage());
  }

  /** An open loop wakes on a timer for each arrival: auto takes epoll there, io_uring's wake-ups cost more CPU. */
  @Test
  void openLoop_auto_prefersEpoll_elseAsAuto() {
    Choice c = RespTransport.choose(RespTransport.AUTO_OPEN_LOOP, "Linux", new Natives(null, null, NOT_HERE));
    assertEquals(Kind.EPOLL, c.kind());
    assertTrue(c.auto());
    assertTrue(c.name().startsWith("epoll (an open loop"), c.name());
    assertEquals(Kind.IO_URING, RespTransport.choose(RespTransport.AUTO_OPEN_LOOP, "Linux",
        new Natives(null, NOT_HERE, NOT_HERE)).kind(), "no epoll here: as auto");
    assertEquals(Kind.KQUEUE, RespTransport.choose(RespTransport.AUTO_OPEN_LOOP, "Mac OS X",
        new Natives(NOT_HERE, NOT_HERE, null)).kind());
    java.util.Properties p = new java.util.Properties();
    io.github.ycsbkv.spi.InstancePlan closed = io.github.ycsbkv.spi.InstancePlan.SINGLE;
    io.github.ycsbkv.spi.InstancePlan open = new io.github.ycsbkv.spi.InstancePlan(1, 1, 1, true, 1);
    assertNull(EngineBackend.transport(p, closed));
    assertEquals(RespTransport.AUTO_OPEN_LOOP, EngineBackend.transport(p, open));
    p.setProperty(EngineBackend.TRANSPORT, "io_uring");
    assertEquals("io_uring", EngineBackend.transport(p, open), "a transport asked for by name stays");
  }

  @Test
  void namedTransport_thatDidNotLoad_saysWhyAndWhatToUse() {
    Natives linux = new Natives(NOT_HERE, null, NOT_HERE);
    assertEquals("io_uring is not available here (not this platform's library); use resp.transport=auto or epoll",
        assertThrows(RespException.class, () -> RespTransport.choose("io_uring", "Linux", linux)).getMessage());
    assertEquals("kqueue is not available here (not this platform's library); use resp.transport=auto or nio",
        assertThrows(RespException.class, () -> RespTransport.choose("kqueue", "Linux", linux)).getMessage());
    assertEquals(new Choice(Kind.EPOLL, "epoll", false), RespTransport.choose("EPOLL", "Linux", linux));
    assertEquals(new Choice(Kind.NIO, "nio", false), RespTransport.choose("nio", "Linux", linux));
    assertEquals("property 'resp.transport' must be auto, io_uring, epoll, kqueue or nio, got 'dpdk'",
        assertThrows(RespException.class, () -> RespTransport.choose("dpdk", "Linux", linux)).getMessage());
  }

  /**
   * What this machine loaded is what its platform ships, checked on every machine the build runs on (x86_64, and
   * aarch64 in CI's ARM64 pass, where qemu-user has no io_uring: the fallback to epoll and its reason run there).
   */
  @Test
  void thisMachine_loadsWhatItsPlatformShips() {
    String cls = Platforms.here();
    Natives here = Natives.here();
    Choice auto = RespTransport.choose("auto", System.getProperty("os.name"), here);
    if (cls != null && cls.startsWith("osx")) {
      assertNull(here.kqueue(), "kqueue loads on " + cls);
      assertEquals(Kind.KQUEUE, auto.kind());
    } else if (cls != null) {
      assertNull(here.epoll(), "epoll loads on " + cls);
      assertEquals(here.ioUring() == null ? Kind.IO_URING : Kind.EPOLL, auto.kind());
      if (here.ioUring() != null) {
        assertEquals("epoll (io_uring unavailable: " + RespTransport.why(here.ioUring()) + ")", auto.name());
      }
    }
    System.out.println("[platform] " + System.getProperty("os.arch") + " (" + cls + ", Java "
        + System.getProperty("java.version") + "): resp.transport=auto takes " + auto.name() + "; TLS through "
        + (RespTls.nettyProvider() == io.netty.handler.ssl.SslProvider.OPENSSL ? "BoringSSL" : "the JDK"));
  }

  @Test
  void tls_throughBoringSslWhereItLoads_elseTheJdkAndWhy() {
    assertEquals("TLS through BoringSSL", RespTls.described(true, null));
    assertEquals("TLS through the JDK (BoringSSL unavailable: not this platform's library)",
        RespTls.described(false, NOT_HERE));
    if (Platforms.boringSsl(Platforms.here())) {
      assertEquals(io.netty.handler.ssl.SslProvider.OPENSSL, RespTls.nettyProvider(),
          "BoringSSL is shipped for " + Platforms.here() + " and loads");
    }
  }
}
