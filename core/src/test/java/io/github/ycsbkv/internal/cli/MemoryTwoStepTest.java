package io.github.ycsbkv.internal.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Regression: {@code bin/ycsb load memory} then {@code bin/ycsb run memory} (two processes, as README
 * shows) gave a run in which every read was NOT_FOUND, without a word of why.
 */
class MemoryTwoStepTest {

  private static final String WORKLOADC = Path.of("..", "workloads", "workloadc").toString();

  @Test
  void runOnAnEmptyMemoryStore_loadsTheRecordsFirst_andSaysSo_thenFindsEveryOne() {
    CliRun run = CliRun.of("run", "memory", "-P", WORKLOADC, "-p", "table=twostep", "-p", "recordcount=500",
        "-p", "operationcount=2000");
    assertEquals(0, run.exitCode(), run.err());
    assertTrue(run.err().contains("ycsb-kv: the memory binding keeps records in this process only, and this one has"
        + " none: loading the workload's 500 records first (not measured; a server binding keeps them between load and"
        + " run)"), run.err());
    assertEquals("2000", summary(run, "[READ], Return=OK"));
    assertNull(summary(run, "[READ], Return=NOT_FOUND"), run.out());
    assertNull(summary(run, "[INSERT], Operations"), "the load is not part of the run's results");

    CliRun again = CliRun.of("run", "memory", "-P", WORKLOADC, "-p", "table=twostep", "-p", "recordcount=500",
        "-p", "operationcount=100");
    assertFalse(again.err().contains("loading the workload's"), "the records are there now: " + again.err());
    assertEquals("100", summary(again, "[READ], Return=OK"));
  }

  private static String summary(CliRun run, String prefix) {
    for (String line : run.out().split("\n")) {
      if (line.startsWith(prefix + ", ")) {
        return line.substring(prefix.length() + 2).trim();
      }
    }
    return null;
  }
}
