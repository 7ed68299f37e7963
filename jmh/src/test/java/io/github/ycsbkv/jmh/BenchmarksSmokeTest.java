package io.github.ycsbkv.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Collection;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
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
    Options options = new OptionsBuilder()
        .include("io\\.github\\.ycsbkv\\.jmh\\..*")
        .forks(0)
        .warmupIterations(0)
        .measurementIterations(1)
        .measurementTime(TimeValue.milliseconds(100))
        .shouldFailOnError(true)
        .build();
    Collection<RunResult> results = new Runner(options).run();
    assertFalse(results.isEmpty());
    assertEquals(5, results.stream().filter(r -> r.getParams().getBenchmark().endsWith("WorkloadBenchmark.doTransaction"))
        .count(), "one result per workload file");
    for (RunResult r : results) {
      double score = r.getPrimaryResult().getScore();
      assertTrue(score > 0 && Double.isFinite(score), r.getParams().getBenchmark() + ": " + score);
    }
  }
}
