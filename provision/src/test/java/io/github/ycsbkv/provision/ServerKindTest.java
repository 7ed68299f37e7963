package io.github.ycsbkv.provision;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** The pinned images by the Docker engine's architecture (#36): KeyDB's tag is per architecture. */
class ServerKindTest {

  @ParameterizedTest(name = "{0}")
  @CsvSource({"x86_64, eqalpha/keydb:x86_64_v6.3.4", "amd64, eqalpha/keydb:x86_64_v6.3.4",
      "aarch64, eqalpha/keydb:arm64_v6.3.4", "arm64, eqalpha/keydb:arm64_v6.3.4", "ARM64, eqalpha/keydb:arm64_v6.3.4"})
  void keydb_takesTheTagOfTheEnginesArchitecture(String architecture, String image) {
    assertEquals(image, ServerKind.KEYDB.image(architecture));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({"x86_64", "aarch64"})
  void multiArchImages_areTheSameOnEveryArchitecture(String architecture) {
    assertEquals("redis:7.4.5", ServerKind.REDIS.image(architecture));
    assertEquals("valkey/valkey:8.1.3", ServerKind.VALKEY.image(architecture));
    assertEquals("ghcr.io/dragonflydb/dragonfly:v1.36.0", ServerKind.DRAGONFLY.image(architecture));
    assertEquals("aerospike:ce-8.1.0.1_1", ServerKind.AEROSPIKE.image(architecture));
  }

  /** An x86_64 JDK under Rosetta talking to Docker Desktop on Apple Silicon: the engine's word wins. */
  @Test
  void theEnginesArchitecture_winsOverTheJvms_whichIsOnlyTheFallback() {
    assertEquals("aarch64", Containers.architecture("aarch64", "x86_64"));
    assertEquals("x86_64", Containers.architecture(" x86_64\n", "aarch64"));
    assertEquals("aarch64", Containers.architecture(null, "aarch64"), "no engine answers: os.arch");
    assertEquals("amd64", Containers.architecture("", "amd64"), "the engine did not say: os.arch");
  }

  /** #42: host networking only where the engine's network is this machine's: Linux, not Docker Desktop's VM. */
  @Test
  void hostNetworking_onLinuxWithAnEngineOfItsOwn_neverThroughDockerDesktop() {
    assertEquals(true, Containers.hostNetworking(true, true, "Debian GNU/Linux 12 (bookworm)"));
    assertEquals(false, Containers.hostNetworking(true, true, "Docker Desktop"), "Docker Desktop on Linux: a VM");
    assertEquals(false, Containers.hostNetworking(false, true, "Docker Desktop"), "macOS: its VM's network");
    assertEquals(false, Containers.hostNetworking(true, false, ""), "no engine");
  }

  /** On this machine: the engine's architecture when one answers, else this JVM's (aarch64 in CI's ARM64 pass). */
  @Test
  void thisMachine_keydbFollowsTheEngineElseTheJvm() {
    boolean engine = Containers.dockerUnavailable() == null;
    String arch = Containers.engineArchitecture();
    if (!engine) {
      assertEquals(System.getProperty("os.arch"), arch);
    }
    boolean arm = arch.equals("aarch64") || arch.equals("arm64");
    assertEquals(arm ? "eqalpha/keydb:arm64_v6.3.4" : "eqalpha/keydb:x86_64_v6.3.4", ServerKind.KEYDB.image());
    System.out.println("[platform] containers' architecture " + arch + " (" + (engine ? "the Docker engine's"
        : "os.arch: no engine answers") + "): " + ServerKind.KEYDB.image());
  }
}
