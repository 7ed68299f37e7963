package io.github.ycsbkv.workloads;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbkv.internal.cli.Main;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code ycsb demo} runs the shipped study files (here, where the time-series workload is on the class path). */
class DemoTest {

  private static final String DIR = Path.of("..", "workloads").toAbsolutePath().normalize().toString();

  /** Regression: write-heavy ran upstream CoreWorkload (insertproportion 0.9), not the shipped writeheavy file. */
  @Test
  void demo_smallScale_runsTheShippedFiles_oneRowPerWorkloadAndOperation() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = Main.execute(new String[] {"demo", "--threads", "2", "--records", "500", "--seconds", "5",
        "--operations", "2000", "--workloads", DIR}, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    String stdout = out.toString(StandardCharsets.UTF_8);
    String stderr = err.toString(StandardCharsets.UTF_8);
    assertEquals(0, code, stderr);
    assertTrue(stderr.contains("ycsb-kv demo: write-heavy (" + Path.of(DIR, "writeheavy") + ": read=0.1 insert=0.9,"
        + " TimeSeriesWorkload, zipfian)"), stderr);
    assertTrue(stderr.contains("ycsb-kv demo: read-heavy (" + Path.of(DIR, "readheavy") + ": read=0.95 update=0.05,"
        + " CoreWorkload, zipfian)"), stderr);
    String[] lines = stdout.split("\n");
    assertTrue(lines[0].startsWith("workload") && lines[0].contains("P99 (us)") && lines[0].contains("GC (ms)")
        && lines[0].contains("stall max"), lines[0]);
    List<String> rows = Arrays.stream(lines).skip(1).filter(l -> l.matches("^[a-z-]+ +[0-9,]+ .*"))
        .map(l -> l.split("\\s+")[0] + "/" + l.split("\\s+")[2]).toList();
    assertEquals(List.of("read-heavy/READ", "read-heavy/UPDATE", "balanced/READ", "balanced/UPDATE",
        "write-heavy/READ", "write-heavy/INSERT"), rows);
    // write-heavy runs at most twice the records: 1,000 operations, of which about 90% inserts.
    for (String line : lines) {
      if (line.startsWith("write-heavy") && line.contains("INSERT")) {
        long inserts = Long.parseLong(line.split("\\s+")[3].replace(",", ""));
        assertTrue(inserts > 800 && inserts < 1000, line);
      }
    }
  }
}
