package io.github.ycsbkv.internal.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbkv.results.BenchmarkResult;
import io.github.ycsbkv.results.ResultJson;
import io.github.ycsbkv.results.SeriesHistograms;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MergeCommandTest {

  private static final String WORKLOADA = Path.of("..", "workloads", "workloada").toAbsolutePath().toString();

  @TempDir
  Path tmp;

  @Test
  void merge_twoClientsRunningTogether_addsCountsAndHistograms() throws Exception {
    // Two clients at once (as two hosts would be), each loading its own slice (clients.count splits the records) and
    // starting its measured phase at the instant the barrier announces, so the runs overlap however late a thread
    // starts (under emulation a thread can start later than a run of 300 operations lasts).
    int port;
    try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
      port = s.getLocalPort();
    }
    java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(2);
    try {
      List<java.util.concurrent.Future<CliRun>> runs = new java.util.ArrayList<>();
      for (String[] client : new String[][] {{"a", "0"}, {"b", "1"}}) {
        runs.add(pool.submit(() -> CliRun.of("load", "memory", "-P", WORKLOADA, "-p", "recordcount=600",
            "-p", "clients.count=2", "-p", "clients.index=" + client[1], "-p", "clients.barrier=127.0.0.1:" + port,
            "-p", "export.dir=" + tmp.resolve(client[0]), "-threads", "2", "-target", "4000")));
      }
      for (java.util.concurrent.Future<CliRun> f : runs) {
        assertEquals(0, f.get().exitCode(), f.get().err());
      }
    } finally {
      pool.shutdown();
    }
    CliRun merge = CliRun.of("merge", tmp.resolve("m").toString(), tmp.resolve("a").toString(),
        tmp.resolve("b").toString());
    assertEquals(0, merge.exitCode(), merge.err());
    assertEquals("600", merge.summary("INSERT", "Operations"), merge.out());
    assertEquals("600", merge.summary("INSERT", "Return=OK"));

    BenchmarkResult merged = ResultJson.readResult(tmp.resolve("m/result.json"));
    assertEquals(600, merged.operations());
    assertEquals(4, merged.threads());
    Histogram union = SeriesHistograms.read(tmp.resolve("a")).get("INSERT");
    union.add(SeriesHistograms.read(tmp.resolve("b")).get("INSERT"));
    Map<String, Histogram> written = SeriesHistograms.read(tmp.resolve("m"));
    assertEquals(union, written.get("INSERT"));
    assertEquals(union.getValueAtPercentile(99) / 1000.0, merged.operation("INSERT").serviceOk().percentileMicros(99),
        0.001);
    assertTrue(tmp.resolve("m/summary.csv").toFile().isFile());
    assertTrue(tmp.resolve("m/INSERT.hgrm").toFile().isFile());
  }

  @Test
  void merge_inputWithoutResult_isOneLineExitTwo() {
    CliRun merge = CliRun.of("merge", tmp.resolve("m").toString(), tmp.toString(), tmp.toString());
    assertEquals(2, merge.exitCode());
    assertEquals("ycsb: no result.json in " + tmp + " (give the export.dir of each client)", merge.err().strip());
  }
}
