package io.github.ycsbkv.internal.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** What a person at a terminal sees besides upstream's lines: a progress line (stderr) and a table (stdout). */
class TerminalOutputTest {

  private static final String WORKLOADA = Path.of("..", "workloads", "workloada").toString();

  @AfterEach
  void noTerminal() {
    System.clearProperty(PhaseCommand.STDOUT_TTY);
    System.clearProperty(PhaseCommand.STDERR_TTY);
  }

  @Test
  void onATerminal_aTableFollowsTheSummary_andAProgressLineIsErasedFromStderr() {
    System.setProperty(PhaseCommand.STDOUT_TTY, "true");
    System.setProperty(PhaseCommand.STDERR_TTY, "true");
    CliRun run = CliRun.of("run", "memory", "-P", WORKLOADA, "-p", "table=tty", "-p", "operationcount=1500000",
        "-threads", "2");
    assertEquals(0, run.exitCode(), run.err());
    int table = run.out().indexOf("\noperation ");
    assertTrue(table > run.out().indexOf("[UPDATE], Return=OK"), "the table comes after upstream's lines: " + run.out());
    String[] header = run.out().substring(table + 1).split("\n")[0].trim().split("\\s+");
    assertEquals(java.util.List.of("operation", "count", "ops/s", "P50", "P99", "P99.9", "failed"), java.util.List.of(header));
    assertTrue(run.out().matches("(?s).*\nREAD +[0-9,]+ +[0-9,]+ +[0-9.]+ (us|ms) +[0-9.]+ (us|ms) +[0-9.]+ (us|ms) +0\n.*"),
        run.out());
    assertTrue(run.out().matches("(?s).*\nall +1,500,000 .*"), run.out());
    // The progress line: rewritten in place, erased at the end, never on stdout.
    assertTrue(run.err().contains("\rrun memory: "), run.err());
    assertTrue(run.err().contains(" of 1,500,000 ops), "), run.err());
    assertTrue(run.err().contains("\r\u001b[K"), "erased at the end");
    assertFalse(run.out().contains("\r"), "stdout has no terminal controls");
  }

  @Test
  void summaryYcsb_orNoTerminal_keepsUpstreamsLinesOnly() {
    CliRun piped = CliRun.of("run", "memory", "-P", WORKLOADA, "-p", "table=tty2", "-p", "operationcount=1000");
    assertFalse(piped.out().contains("operation "), piped.out());
    assertFalse(piped.err().contains("\r"), piped.err());
    System.setProperty(PhaseCommand.STDOUT_TTY, "true");
    CliRun asked = CliRun.of("run", "memory", "-P", WORKLOADA, "-p", "table=tty2", "-p", "operationcount=1000",
        "-p", "summary=ycsb");
    assertFalse(asked.out().contains("operation "), asked.out());
    assertFalse(asked.err().contains("no part of this run declares"), asked.err());
  }

  @Test
  void statusLines_replaceTheProgressLine() {
    System.setProperty(PhaseCommand.STDERR_TTY, "true");
    CliRun run = CliRun.of("run", "memory", "-P", WORKLOADA, "-p", "table=tty3", "-p", "operationcount=1000", "-s");
    assertFalse(run.err().contains("\r"), run.err());
  }
}
