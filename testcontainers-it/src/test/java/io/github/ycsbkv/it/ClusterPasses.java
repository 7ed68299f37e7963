package io.github.ycsbkv.it;

import org.junit.jupiter.api.Assumptions;

/**
 * Which of CI's passes the cluster tests take (docs/testing.md): they start their nodes from the binaries on PATH,
 * so the container pass ({@code it.provision=container}), which would start the same binaries again, leaves them to
 * the binary pass; the ARM64 pass (aarch64, under qemu-user) runs them with fewer workloads and without the capacity
 * searches, whose steps are timed and whose results emulation makes meaningless.
 */
final class ClusterPasses {

  private ClusterPasses() {}

  /** Skips the calling test in the container pass, which would only repeat the binary pass's cluster runs. */
  static void notInTheContainerPass() {
    Assumptions.assumeFalse("container".equals(System.getProperty("it.provision",
        System.getenv().getOrDefault("IT_PROVISION", "auto"))), "the clusters start from binaries on PATH: the binary"
        + " pass ran this test, the container pass leaves it out");
  }

  /** Whether this JVM runs on aarch64 (CI's ARM64 pass runs under qemu-user emulation). */
  static boolean emulatedArm64() {
    return "aarch64".equals(System.getProperty("os.arch"));
  }
}
