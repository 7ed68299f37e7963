package io.github.ycsbkv.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Live metrics (#43, {@code -p metrics.port}) scraped by a real Prometheus server: the Debian package's
 * {@code prometheus} binary, started here on loopback with a scrape configuration pointing at the run (every second),
 * queried afterwards through its HTTP API. The scraped rate must match the run's own throughput within 5%, and the
 * last scraped count its exact operations.
 */
class MetricsIT {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String READHEAVY = Path.of("..", "workloads", "readheavy").toAbsolutePath().toString();
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  @TempDir
  Path tmp;

  @Test
  void prometheusScrapesARun_itsRateIsTheRunsThroughput_itsLastCountTheRunsOperations() throws Exception {
    Path prometheus = prometheus();
    int metricsPort = RespServer.freePort();
    int webPort = RespServer.freePort();
    Files.writeString(tmp.resolve("prometheus.yml"), String.join("\n",
        "global:", "  scrape_interval: 1s", "  evaluation_interval: 1s",
        "scrape_configs:", "  - job_name: ycsbkv", "    static_configs:",
        "      - targets: ['127.0.0.1:" + metricsPort + "']", ""));
    Process server = new ProcessBuilder(prometheus.toString(), "--config.file=" + tmp.resolve("prometheus.yml"),
        "--storage.tsdb.path=" + tmp.resolve("data"), "--web.listen-address=127.0.0.1:" + webPort)
        .redirectErrorStream(true).redirectOutput(tmp.resolve("prometheus.log").toFile()).start();
    try (Store store = Store.provision(Store.Kind.REDIS)) {
      String web = "http://127.0.0.1:" + webPort;
      awaitReady(server, web);
      List<String> common = new ArrayList<>(List.of("-P", READHEAVY, "-p", "recordcount=1000", "-threads", "4"));
      for (String p : store.bindingProps()) {
        common.addAll(List.of("-p", p));
      }
      Cli load = Cli.run(List.of("load", "redis"), common);
      assertEquals(0, load.exitCode(), load.err());
      Path out = tmp.resolve("run");
      Cli run = Cli.run(List.of("run", "redis", "-target", "2000"), common, List.of("-p", "operationcount=0", "-p",
          "maxexecutiontime=20", "-p", "metrics.port=" + metricsPort, "-p", "metrics.host=127.0.0.1", "-p",
          "metrics.linger=3", "-p", "label=metrics-it", "-p", "export.dir=" + out));
      assertEquals(0, run.exitCode(), run.err());
      assertTrue(run.err().contains("metrics served on 127.0.0.1:" + metricsPort + "/metrics"), run.err());
      JsonNode result = JSON.readTree(out.resolve("result.json").toFile());
      double throughput = result.path("overall").path("throughputOpsPerSec").asDouble();
      long operations = result.path("overall").path("operations").asLong();
      Instant start = Instant.parse(result.path("timing").path("start").asText());
      Instant end = Instant.parse(result.path("timing").path("end").asText());
      String selector = "{job=\"ycsbkv\",phase=\"run\",run=\"metrics-it\",binding=\"redis\",client_index=\"0\"}";

      // What the endpoint serves is the run's counts as of its last status interval: the run's own cumulative count
      // at each of its interval samples (wall time start + elapsedMillis). A stalled sampler (a loaded 2-core
      // machine) delays both alike, so the scraped rate is compared with the rate those counts give, window by window.
      java.util.TreeMap<Long, Long> counted = new java.util.TreeMap<>();
      long longestGap = 0;
      long previous = 0;
      double lagMaxMicros = 0;
      for (JsonNode i : result.path("intervals")) {
        lagMaxMicros = Math.max(lagMaxMicros, i.path("lagMaxMicros").asDouble(0));
        // Each interval sample's operations are the phase's so far.
        counted.put(start.toEpochMilli() + i.path("elapsedMillis").asLong(), i.path("operations").asLong());
        longestGap = Math.max(longestGap, i.path("elapsedMillis").asLong() - previous);
        previous = i.path("elapsedMillis").asLong();
      }
      // Prometheus's samples of the run's series: when its first scrape was (the rate over a window that starts
      // before it is Prometheus's extrapolation, not the run's rate).
      JsonNode raw = query(web, "ycsbkv_operations_total" + selector + "[40s]", end.getEpochSecond() + 2);
      double firstScrape = Double.MAX_VALUE;
      for (JsonNode series : raw) {
        for (JsonNode v : series.path("values")) {
          firstScrape = Math.min(firstScrape, v.get(0).asDouble());
        }
      }
      long from = (long) Math.ceil(firstScrape) + 9 - start.getEpochSecond();
      System.out.printf(java.util.Locale.ROOT, "[it] metrics: the first scrape of the run's series %.2f s into the"
          + " run%n", firstScrape - start.toEpochMilli() / 1e3);
      // The scraped rate over 8 s windows after the first scrape, each second up to 2 s after the run's end (the
      // endpoint lingers 3 s), against the rate the run's own counts give over the same window.
      List<Double> rates = new ArrayList<>();
      List<Double> ratios = new ArrayList<>();
      for (long s = Math.max(10, from); s <= 22; s++) {
        long at = start.plusSeconds(s).getEpochSecond();
        JsonNode r = query(web, "sum(rate(ycsbkv_operations_total" + selector + "[8s]))", at);
        if (r.size() > 0) {
          double scraped = r.get(0).path("value").get(1).asDouble();
          double runs = (countedAt(counted, at * 1000) - countedAt(counted, (at - 8) * 1000)) / 8.0;
          rates.add(scraped);
          ratios.add(scraped / runs);
        }
      }
      assertTrue(rates.size() >= 5, "Prometheus scraped the run: " + rates + "; its log: "
          + Files.readString(tmp.resolve("prometheus.log")));
      Collections.sort(ratios);
      double ratio = ratios.get(ratios.size() / 2);
      System.out.printf("[it] metrics: Prometheus's rates %s ops/s, the run's throughput %.1f; scraped over counted,"
          + " median %.3f of %s; the longest status interval %d ms%n", rates, throughput, ratio, ratios, longestGap);
      assertEquals(1.0, ratio, 0.05, "the scraped rate against the run's counts, window by window: " + ratios);
      // The run kept its target: 1%, and the arrivals due in its greatest lag, which a stalled client (a loaded
      // machine) may not have started by the phase's end.
      double seconds = java.time.Duration.between(start, end).toMillis() / 1e3;
      assertEquals(2000, throughput, 20 + 2000 * lagMaxMicros / 1e6 / seconds, "the run kept its target");

      // The last scrape (during metrics.linger) has every operation of the run, READ and UPDATE by outcome.
      JsonNode total = query(web, "sum(ycsbkv_operations_total" + selector + ")", end.getEpochSecond() + 2);
      assertEquals(operations, total.get(0).path("value").get(1).asLong(), total.toString());
      JsonNode reads = query(web, "ycsbkv_operations_total{phase=\"run\",operation=\"READ\",outcome=\"ok\"}",
          end.getEpochSecond() + 2);
      long readsOk = okOf(result, "READ");
      assertEquals(readsOk, reads.get(0).path("value").get(1).asLong(), reads.toString());
      // The latency histogram: every successful READ in its buckets, and a P99 from them near the run's exact one.
      JsonNode count = query(web, "ycsbkv_latency_seconds_count{phase=\"run\",operation=\"READ\"}",
          end.getEpochSecond() + 2);
      assertEquals(readsOk, count.get(0).path("value").get(1).asLong(), count.toString());
      JsonNode offered = query(web, "ycsbkv_offered_ops_per_second{phase=\"run\"}", start.getEpochSecond() + 10);
      assertEquals(2000, offered.get(0).path("value").get(1).asDouble(), 1e-6, offered.toString());

      // While the run went: the server's view (its probe reads every 250 ms), the open loop's lag, no outage.
      JsonNode conns = query(web, "ycsbkv_server_connections" + selector, start.getEpochSecond() + 10);
      assertEquals(result.path("load").path("server").path("runConnections").asInt(),
          conns.get(0).path("value").get(1).asInt(), conns + " against " + result.path("load"));
      JsonNode commands = query(web, "ycsbkv_server_commands_total" + selector, end.getEpochSecond() + 2);
      double perOp = result.path("load").path("server").path("commandsPerOperation").asDouble();
      assertEquals(perOp * operations, commands.get(0).path("value").get(1).asDouble(), 0.03 * operations,
          "the server's commands at its last read, within 250 ms of the end: " + commands);
      // The server's state (read every status interval and after the phase; docs/states.md): the hits at the last
      // scrape, during metrics.linger, are the result's over the phase, from the same reads.
      JsonNode hits = query(web, "max_over_time(ycsbkv_server_keyspace_hits_total" + selector + "[60s])",
          Instant.now().getEpochSecond());
      assertEquals(result.path("serverStates").path("hits").asLong(), hits.get(0).path("value").get(1).asLong(),
          hits + " against " + result.path("serverStates").path("hits"));
      JsonNode keys = query(web, "ycsbkv_server_keys" + selector, start.getEpochSecond() + 10);
      assertTrue(keys.get(0).path("value").get(1).asLong() >= 1000, keys.toString());
      JsonNode lag = query(web, "ycsbkv_schedule_lag_p99_seconds" + selector, start.getEpochSecond() + 10);
      // An interval's P99 is at most that interval's greatest lag, which the run wrote for each of its intervals (the
      // histograms keep 3 significant digits: 1% over is rounding); not a fixed bound, which a loaded machine breaks.
      double lagSeconds = lag.get(0).path("value").get(1).asDouble();
      assertTrue(lagMaxMicros > 0, "the run's intervals give their greatest lag: " + result.path("intervals"));
      assertTrue(lagSeconds > 0 && lagSeconds <= lagMaxMicros * 1.01 / 1e6, lag + " against the run's greatest lag "
          + lagMaxMicros + " us");
      // The same interval's P99 from the intended start: each operation's response time is its service time and
      // more (the wait for its turn), so it is at least the service time's P99 (3 significant digits: 1% is rounding).
      JsonNode response = query(web, "ycsbkv_interval_response_p99_seconds" + selector, start.getEpochSecond() + 10);
      JsonNode service = query(web, "ycsbkv_interval_p99_seconds" + selector, start.getEpochSecond() + 10);
      double responseSeconds = response.get(0).path("value").get(1).asDouble();
      assertTrue(responseSeconds > 0 && responseSeconds >= service.get(0).path("value").get(1).asDouble() * 0.99,
          response + " against the service time's " + service);
      JsonNode outages = query(web, "ycsbkv_outages_total" + selector, end.getEpochSecond() + 2);
      assertEquals(0, outages.get(0).path("value").get(1).asInt(), outages.toString());

      // Every query of the Grafana dashboard in deploy/ runs on what Prometheus scraped, with its variables set to
      // "all" and a 5 s rate window, and has series (but the errors panel's: this run had none).
      JsonNode dashboard = JSON.readTree(Path.of("..", "deploy", "grafana", "ycsb-kv.json").toFile());
      int queries = 0;
      for (JsonNode panel : dashboard.path("panels")) {
        for (JsonNode target : panel.path("targets")) {
          String expr = target.path("expr").asText().replace("$__rate_interval", "5s").replace("$run", ".*")
              .replace("$binding", ".*");
          JsonNode series = query(web, expr, start.getEpochSecond() + 12);
          if (!expr.contains("ycsbkv_errors_total")) {
            assertTrue(series.size() > 0, panel.path("title") + ": " + expr + " has no series");
          }
          queries++;
        }
      }
      assertTrue(queries >= 6, "the dashboard's queries: " + queries);
    } finally {
      server.destroy();
      if (!server.waitFor(10, TimeUnit.SECONDS)) {
        server.destroyForcibly();
      }
    }
  }

  /** The run's cumulative count as of its last interval sample at or before {@code epochMillis} (0 before any). */
  private static long countedAt(java.util.TreeMap<Long, Long> counted, long epochMillis) {
    Map.Entry<Long, Long> e = counted.floorEntry(epochMillis);
    return e == null ? 0 : e.getValue();
  }

  /** The successful operations of {@code name} in a result. */
  private static long okOf(JsonNode result, String name) {
    for (JsonNode op : result.path("operations")) {
      if (op.path("operation").asText().equals(name)) {
        return op.path("statuses").path("OK").asLong();
      }
    }
    return 0;
  }

  private static JsonNode query(String web, String promql, long atEpochSecond) throws Exception {
    URI uri = URI.create(web + "/api/v1/query?query=" + URLEncoder.encode(promql, StandardCharsets.UTF_8) + "&time="
        + atEpochSecond);
    HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString());
    JsonNode body = JSON.readTree(r.body());
    assertEquals("success", body.path("status").asText(), promql + ": " + r.body());
    return body.path("data").path("result");
  }

  private static void awaitReady(Process server, String web) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (System.nanoTime() < deadline) {
      if (!server.isAlive()) {
        fail("prometheus exited at start");
      }
      try {
        HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create(web + "/-/ready")).build(),
            HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() == 200) {
          return;
        }
      } catch (java.io.IOException notYet) {
        // not listening yet
      }
      Thread.sleep(200);
    }
    fail("prometheus was not ready within 60 s");
  }

  /** The prometheus binary: on PATH, or where .ci/run unpacks Debian's package. */
  private static Path prometheus() {
    Path p = RespServer.onPath("prometheus");
    if (p == null && Files.isExecutable(Path.of("/opt/ycsbkv-prometheus/usr/bin/prometheus"))) {
      p = Path.of("/opt/ycsbkv-prometheus/usr/bin/prometheus");
    }
    if (p == null) {
      String why = "prometheus is not on PATH (Debian's package 'prometheus'; .ci/run unpacks it): skipping";
      if (System.getenv("CI_REQUIRE_PROMETHEUS") != null) {
        fail(why + ", but CI_REQUIRE_PROMETHEUS is set");
      }
      Assumptions.abort(why);
    }
    return p;
  }
}
