package io.github.ycsbkv.provision;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ConnectException;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.testcontainers.containers.ContainerLaunchException;

/** How the stores' containers are defined; no Docker engine needed (nothing is started). */
class StoreContainerTest {

  /** The 3-minute timeout must be the one the strategy waits with (it was lost to Testcontainers' 60 s default). */
  @Test
  void everyContainer_waitsThreeMinutes_forTheStoreToAnswerItsProtocol() {
    for (ServerKind kind : ServerKind.values()) {
      try (StoreContainer c = new StoreContainer(kind, kind.image(), true, List.of())) {
        assertEquals(StoreContainer.STARTUP_TIMEOUT, c.readiness().timeout(), kind.id());
        assertEquals(180, c.readiness().timeout().toSeconds(), kind.id());
        assertEquals(180, c.answeringWith(null, "pw").readiness().timeout().toSeconds(), kind.id());
      }
    }
  }

  @Test
  void respContainers_keepNothingOnDisk_andTakeTheCallersFlagsAfterTheirOwn() {
    try (StoreContainer c = new StoreContainer(ServerKind.VALKEY, "valkey/valkey:8.1.3", true,
        List.of("--io-threads", "2"))) {
      assertEquals(List.of("valkey-server", "--save", "", "--appendonly", "no", "--protected-mode", "no", "--io-threads",
          "2"), Arrays.asList(c.getCommandParts()));
      assertEquals("container valkey/valkey:8.1.3", c.describe());
    }
  }

  /** The pinned Aerospike image configures nsup-period only with a DEFAULT_TTL; without one, TTL writes fail. */
  @Test
  void aerospikeContainer_getsADefaultTtlAndAnNsupPeriod() {
    try (StoreContainer c = new StoreContainer(ServerKind.AEROSPIKE, ServerKind.AEROSPIKE.image(), true, List.of())) {
      assertEquals("30d", c.getEnvMap().get("DEFAULT_TTL"));
      assertEquals("120", c.getEnvMap().get("NSUP_PERIOD"));
    }
  }

  @Test
  void dragonfly_withoutMemlock_runsOnEpoll_andSaysSo() {
    String image = ServerKind.DRAGONFLY.image();
    try (StoreContainer io = new StoreContainer(ServerKind.DRAGONFLY, image, true, List.of());
        StoreContainer epoll = new StoreContainer(ServerKind.DRAGONFLY, image, false, List.of())) {
      assertTrue(io.memlock());
      assertFalse(Arrays.asList(io.getCommandParts()).contains("--force_epoll"));
      assertFalse(epoll.memlock());
      assertTrue(Arrays.asList(epoll.getCommandParts()).contains("--force_epoll"));
      assertTrue(Arrays.asList(epoll.getCommandParts()).contains("--dbfilename="), "no snapshot");
      assertTrue(epoll.describe().endsWith("(--force_epoll, no memlock)"), epoll.describe());
      assertTrue(io.describe().endsWith("(memlock unlimited)"), io.describe());
    }
  }

  @Test
  void memlockRefusal_isRecognisedInTheCauseChain_andNothingElseIs() {
    Exception refused = new ContainerLaunchException("Container startup failed for image dragonfly",
        new RuntimeException("Could not create/start container", new RuntimeException(
            "Status 500: {\"message\":\"failed to create shim task: OCI runtime create failed: error setting rlimit"
                + " type 8: operation not permitted: unknown\"}")));
    assertEquals("error setting rlimit type 8: operation not permitted: unknown", StoreContainer.memlockRefusal(refused));
    assertNull(StoreContainer.memlockRefusal(new ContainerLaunchException("image not found")));
  }

  @Test
  void causes_areTheChainsFirstLines_withoutRepeats() {
    Exception e = new IllegalStateException("Could not find a valid Docker environment",
        new IOException("connect failed\nat line two", new ConnectException("connect failed")));
    assertEquals("Could not find a valid Docker environment: connect failed", Containers.causes(e));
  }
}
