package io.github.ycsbkv.internal.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code study}'s topology options said wrong: one line, exit 2, before any server starts or any file is written. */
class StudyTopologyTest {

  @TempDir
  Path tmp;

  @Test
  void fewerThanNoReplicas_orNoServer_oneLineExit2_nothingStarted() {
    CliRun both = CliRun.of("study", "ycsb2025", "--cluster", "0", "--out", tmp.resolve("a").toString());
    assertEquals(2, both.exitCode(), both.err());
    assertEquals("ycsb: --cluster must be 1 (one server) or more (primaries of a cluster), got 0", both.err().strip());
    CliRun negative = CliRun.of("study", "ycsb2025", "--replicas", "-1", "--out", tmp.resolve("b").toString());
    assertEquals(2, negative.exitCode(), negative.err());
    assertEquals("ycsb: --replicas must be 0 or more, got -1", negative.err().strip());
    assertFalse(Files.exists(tmp.resolve("a")) || Files.exists(tmp.resolve("b")), "nothing written");
  }
}
