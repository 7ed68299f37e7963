package io.github.ycsbkv.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Runs every benchmark once at the smallest setting (no fork, no warm-up, one short iteration), so
 * that a broken benchmark fails {@code ./mvnw verify}. Measures nothing worth reading.
 */
class BenchmarksSmokeTest {

  @Test
  void everyBenchmark_runsOnceAndProducesAScore() throws Exception {
    Options options = once().include("io\\.github\\.ycsbkv\\.(jmh|engine|workloads\\.replay)\\..*").exclude("Live(Server|Batch)Benchmark")
        .build();
    Collection<RunResult> results = new Runner(options).run();
    assertFalse(results.isEmpty());
    assertEquals(5, results.stream().filter(r -> r.getParams().getBenchmark().endsWith("WorkloadBenchmark.doTransaction"))
        .count(), "one result per workload file");
    for (String b : List.of("RecordingBenchmark.record", "ClosedLoopBenchmark.run", "RespCodecBenchmark.jedisHsetCommand",
        "RespCodecBenchmark.lettuceHgetallReply", "RespCodecBenchmark.engineHsetCommand",
        "RespCodecBenchmark.engineHgetallReply", "RecordingReaderBenchmark.readEveryLine",
        "MetricsDrainBenchmark.drain")) {
      assertTrue(results.stream().anyMatch(r -> r.getParams().getBenchmark().endsWith(b)), b);
    }
    for (RunResult r : results) {
      double score = r.getPrimaryResult().getScore();
      assertTrue(score > 0 && Double.isFinite(score), r.getParams().getBenchmark() + ": " + score);
    }
  }

  /** The live-server benchmark against a redis-server started here, through both RESP client paths. */
  @Test
  void liveServerBenchmark_againstRedisServer() throws Exception {
    Path binary = onPath("redis-server");
    Assumptions.assumeTrue(binary != null, "redis-server is not on PATH: skipping the live-server benchmark's smoke run");
    int port;
    try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort();
    }
    Process server = new ProcessBuilder(binary.toString(), "--bind", "127.0.0.1", "--port", Integer.toString(port),
        "--save", "", "--appendonly", "no").redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD)
        .start();
    try {
      awaitPort(port);
      System.setProperty("jmh.redis", "127.0.0.1:" + port);
      Options options = once().include("Live(Server|Batch)Benchmark").param("binding", "redis", "dragonfly").build();
      Collection<RunResult> results = new Runner(options).run();
      assertEquals(6, results.size(), "read, update and a batch of asynchronous reads through each binding");
      for (RunResult r : results) {
        assertTrue(r.getPrimaryResult().getSampleCount() > 0, r.getParams().getBenchmark());
        double score = r.getPrimaryResult().getScore();
        assertTrue(score > 0 && Double.isFinite(score), r.getParams().getBenchmark() + ": " + score);
      }
    } finally {
      System.clearProperty("jmh.redis");
      server.destroy();
      server.waitFor(10, TimeUnit.SECONDS);
    }
  }

  /** The smallest setting: in this JVM, no warm-up, one 100 ms iteration, any error fails. */
  private static ChainedOptionsBuilder once() {
    return new OptionsBuilder().forks(0).warmupIterations(0).measurementIterations(1)
        .measurementTime(TimeValue.milliseconds(100)).shouldFailOnError(true);
  }

  private static void awaitPort(int port) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    while (System.nanoTime() < deadline) {
      try (Socket s = new Socket("127.0.0.1", port)) {
        return;
      } catch (java.io.IOException e) {
        Thread.sleep(50);
      }
    }
    throw new IllegalStateException("redis-server did not listen on " + port);
  }

  private static Path onPath(String name) {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
      Path p = Path.of(dir, name);
      if (Files.isExecutable(p)) {
        return p;
      }
    }
    return null;
  }
}
