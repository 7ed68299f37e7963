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
  void replicasOfAClusterOrFewerThanNone_oneLineExit2_nothingStarted() {
    CliRun both = CliRun.of("study", "ycsb2025", "--cluster", "3", "--replicas", "1", "--out",
        tmp.resolve("a").toString());
    assertEquals(2, both.exitCode(), both.err());
    assertEquals("ycsb: --replicas starts replicas of one server, not of a cluster's primaries: drop --cluster or"
        + " --replicas", both.err().strip());
    CliRun negative = CliRun.of("study", "ycsb2025", "--replicas", "-1", "--out", tmp.resolve("b").toString());
    assertEquals(2, negative.exitCode(), negative.err());
    assertEquals("ycsb: --replicas must be 0 or more, got -1", negative.err().strip());
    assertFalse(Files.exists(tmp.resolve("a")) || Files.exists(tmp.resolve("b")), "nothing written");
  }
}
