package io.github.ycsbkv.it;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which architecture a store's server binary is built for, said once per binary in a {@code [platform]} line (which
 * {@code .ci/run} collects after its ARM64 pass), and required where {@code -Dit.aarch64=redis,valkey,...} lists the
 * store: CI's ARM64 pass names every store it has an aarch64 build of, so that it cannot pass on an x86_64 server.
 */
final class StoreBinaries {

  private static final Set<String> SAID = ConcurrentHashMap.newKeySet();

  private StoreBinaries() {}

  /** Says {@code binary}'s architecture for {@code store}, and fails if it must be aarch64 and is not. */
  static void check(String store, Path binary) {
    String arch = architecture(binary);
    if (SAID.add(store + " " + binary)) {
      System.out.println("[platform] store " + store + ": " + binary.toAbsolutePath() + " is an " + arch + " binary");
    }
    require(store, binary, arch);
  }

  /** Fails if {@code it.aarch64} lists {@code store} and {@code binary}'s architecture {@code arch} is another. */
  static void require(String store, Path binary, String arch) {
    String listed = System.getProperty("it.aarch64", "");
    if (Arrays.asList(listed.toLowerCase(Locale.ROOT).split(",")).contains(store) && !arch.equals("aarch64")) {
      fail(store + "'s server " + binary + " is " + arch + ", but it.aarch64 lists " + store
          + ": this pass must run it as an aarch64 process (put the aarch64 build first on PATH)");
    }
  }

  /** {@code aarch64}, {@code x86_64}, {@code ELF machine N}, or {@code not an ELF file} (a script, say). */
  static String architecture(Path binary) {
    byte[] head = new byte[20];
    try (InputStream in = Files.newInputStream(binary)) {
      if (in.readNBytes(head, 0, head.length) < head.length || head[0] != 0x7f || head[1] != 'E' || head[2] != 'L'
          || head[3] != 'F') {
        return "not an ELF file";
      }
    } catch (IOException e) {
      return "unreadable (" + e.getMessage() + ")";
    }
    // e_machine: 2 bytes at offset 18, in the file's byte order (EI_DATA at offset 5: 1 little-endian, 2 big-endian).
    int machine = head[5] == 2 ? ((head[18] & 0xff) << 8) | (head[19] & 0xff) : ((head[19] & 0xff) << 8)
        | (head[18] & 0xff);
    return switch (machine) {
      case 0x3e -> "x86_64";
      case 0xb7 -> "aarch64";
      default -> "ELF machine " + machine;
    };
  }
}
