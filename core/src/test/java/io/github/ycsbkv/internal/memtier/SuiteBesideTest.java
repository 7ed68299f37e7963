package io.github.ycsbkv.internal.memtier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbkv.config.UserError;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ycsb suite --beside}: the shell's CPU times of memtier's process, the ratios, the program's lookup. */
class SuiteBesideTest {

  @TempDir
  Path tmp;

  @Test
  void childCpu_isTheSecondLineOfTimes_inDashsAndBashsForm() {
    // dash: six decimals; bash: three; the first line is the shell's own, the second its children's.
    assertEquals(0.52, SuiteBeside.childCpuSeconds("0m0.000000s 0m0.001000s\n0m0.140000s 0m0.380000s\n"), 1e-9);
    assertEquals(125.75, SuiteBeside.childCpuSeconds("0m0.002s 0m0.001s\n1m5.250s 1m0.500s\n"), 1e-9);
  }

  @Test
  void childCpu_withoutTheChildrensLine_isSaid() {
    UserError e = assertThrows(UserError.class, () -> SuiteBeside.childCpuSeconds("0m0.000000s 0m0.001000s\n"));
    assertTrue(e.getMessage().contains("no children's line"), e.getMessage());
  }

  @Test
  void ratio_isYcsbOverMemtier_orNaN() {
    assertEquals(1.25, SuiteBeside.ratio(5, 4), 1e-12);
    assertTrue(Double.isNaN(SuiteBeside.ratio(5, 0)));
    assertTrue(Double.isNaN(SuiteBeside.ratio(Double.NaN, 4)));
    assertTrue(Double.isNaN(SuiteBeside.ratio(5, Double.NaN)));
  }

  @Test
  void program_byPath_mustBeExecutable() throws Exception {
    Path plain = Files.writeString(tmp.resolve("memtier_benchmark"), "#!/bin/sh\n");
    UserError e = assertThrows(UserError.class, () -> SuiteBeside.resolve(plain.toString()));
    assertEquals("--beside: '" + plain + "' is not an executable file", e.getMessage());
    assertTrue(plain.toFile().setExecutable(true));
    assertEquals(plain.toString(), SuiteBeside.resolve(plain.toString()));
  }
}
