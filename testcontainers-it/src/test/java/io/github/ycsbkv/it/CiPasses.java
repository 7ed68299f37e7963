package io.github.ycsbkv.it;

import org.junit.jupiter.api.Assumptions;

/**
 * Which of CI's passes take which tests (docs/testing.md, "What each pass leaves out"). The binary pass runs every
 * test. The container pass ({@code it.provision=container}) is there for the stores from their pinned images: it
 * leaves out the cluster tests, which start their nodes from the binaries on PATH, and the tests whose subject is the
 * client alone (a relay or a stalling client in front of a store). The ARM64 pass runs under qemu-user
 * ({@code -Dit.emulated=true}, which {@code .ci/run} gives it): it leaves out what is timed against the run's clock,
 * which emulation stretches for the client and not for the x86_64 servers beside it (capacity searches, timed kills
 * and restarts beyond one per client library), and runs the cluster workloads on fewer files. On ARM64 hardware,
 * without {@code it.emulated}, every test runs.
 */
final class CiPasses {

  private CiPasses() {}

  /** Skips the calling test in the container pass, which would only repeat the binary pass's cluster runs. */
  static void notInTheContainerPass() {
    notInTheContainerPass("the clusters start from binaries on PATH: the binary pass ran this test, the container"
        + " pass leaves it out");
  }

  /** Skips the calling test in the container pass, saying why. */
  static void notInTheContainerPass(String why) {
    Assumptions.assumeFalse("container".equals(System.getProperty("it.provision",
        System.getenv().getOrDefault("IT_PROVISION", "auto"))), why);
  }

  /** Whether this JVM runs under emulation ({@code -Dit.emulated=true}: CI's ARM64 pass under qemu-user). */
  static boolean emulated() {
    return Boolean.getBoolean("it.emulated");
  }

  /**
   * Skips a Valkey or KeyDB test class under emulation: they are served by the redis binding's code, which the same
   * tests run on aarch64 against Redis (the x86_64 passes run them against Valkey and KeyDB).
   */
  static void redisLookAlikeNotUnderEmulation(Store.Kind kind) {
    if (kind == Store.Kind.VALKEY || kind == Store.Kind.KEYDB) {
      notUnderEmulation(kind.id() + " is served by the redis binding's code, which this test runs on aarch64 against"
          + " Redis");
    }
  }

  /** Skips the calling test under emulation, saying why (the x86_64 passes ran it). */
  static void notUnderEmulation(String why) {
    Assumptions.assumeFalse(emulated(), why + ": not under emulation (the x86_64 passes ran it)");
  }
}
