package io.github.ycsbkv.engine.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbkv.config.UserError;
import io.github.ycsbkv.engine.Benchmark;
import io.github.ycsbkv.engine.Phase;
import io.github.ycsbkv.memory.MemoryDB;
import io.github.ycsbkv.results.BenchmarkResult;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** {@code -p metrics.port} (#43): served while the phase runs, refused in one line when it cannot be. */
class LiveMetricsTest {

  private static Properties props(String port) {
    Properties p = new Properties();
    p.setProperty("recordcount", "100");
    p.setProperty("operationcount", "0");
    p.setProperty("maxexecutiontime", "3");
    p.setProperty("target", "500");
    p.setProperty("threadcount", "2");
    p.setProperty("metrics.port", port);
    p.setProperty("metrics.host", "127.0.0.1");
    p.setProperty("label", "unit");
    return p;
  }

  private BenchmarkResult run(Properties p, Phase phase) {
    return new Benchmark(phase, p, "memory", MemoryDB.class, getClass().getClassLoader()).run();
  }

  @Test
  void aPortThatIsTaken_isOneLine_naming_it() throws Exception {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      UserError e = assertThrows(UserError.class, () -> run(props(Integer.toString(taken.getLocalPort())),
          Phase.RUN));
      assertTrue(e.getMessage().startsWith("-p metrics.port=" + taken.getLocalPort() + ": cannot serve metrics on"
          + " 127.0.0.1:" + taken.getLocalPort()), e.getMessage());
    }
    assertEquals("-p metrics.port must be a TCP port (1 to 65535), got 70000",
        assertThrows(UserError.class, () -> run(props("70000"), Phase.RUN)).getMessage());
  }

  @Test
  void whileTheRunGoes_theEndpointServesItsCounts_withTheRunsLabels() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort();
    }
    MemoryDB.clearAll();
    Properties load = props("0");
    load.remove("target");
    load.remove("maxexecutiontime");
    run(load, Phase.LOAD);
    // The run serves for 3 s and 5 s after it (metrics.linger); this thread scrapes until it has seen a count, or the
    // run ended. A plain URL connection: under qemu no scrape through the JDK's HttpClient succeeded in the run and a
    // 2 s linger.
    Properties run = props(Integer.toString(port));
    run.setProperty("metrics.linger", "5");
    AtomicReference<BenchmarkResult> result = new AtomicReference<>();
    Thread runner = new Thread(() -> result.set(run(run, Phase.RUN)));
    runner.start();
    String last = "";
    int scrapes = 0;
    while (runner.isAlive() && !last.contains("outcome=\"ok\"")) {
      try {
        java.net.HttpURLConnection c = (java.net.HttpURLConnection) URI.create("http://127.0.0.1:" + port
            + "/metrics").toURL().openConnection();
        c.setConnectTimeout(2000);
        c.setReadTimeout(5000);
        try (java.io.InputStream in = c.getInputStream()) {
          last = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
          scrapes++;
        }
      } catch (java.io.IOException notYet) {
        // not serving yet
      }
      Thread.sleep(100);
    }
    runner.join();
    BenchmarkResult r = result.get();
    String text = last;
    assertTrue(r.operations() > 0, r.stopReason());
    assertTrue(text.contains("ycsbkv_operations_total{binding=\"memory\",client_index=\"0\",operation=\"READ\","
        + "outcome=\"ok\",phase=\"run\",run=\"unit\",workload=\"CoreWorkload\"}"), scrapes + " scrapes, the last: "
        + text);
    assertTrue(text.contains("ycsbkv_offered_ops_per_second{"), text);
    assertTrue(text.contains("ycsbkv_latency_seconds_bucket{"), text);
    // The open loop's lag, the outages (none) and the client's longest stall while the run goes; no server probe here.
    assertTrue(text.contains("ycsbkv_schedule_lag_p99_seconds{"), text);
    assertTrue(text.contains("ycsbkv_interval_response_p99_seconds{"), text);
    assertTrue(text.matches("(?s).*\\nycsbkv_outages_total\\{[^}]*} 0\\.0\\n.*"), text);
    assertTrue(text.matches("(?s).*\\nycsbkv_outage_open\\{[^}]*} 0\\.0\\n.*"), text);
    assertTrue(text.contains("ycsbkv_client_stall_max_seconds{"), text);
    assertTrue(!text.contains("ycsbkv_server_"), text);
  }
}
