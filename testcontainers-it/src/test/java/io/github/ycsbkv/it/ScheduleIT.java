package io.github.ycsbkv.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A rate schedule (#43, {@code -target 1000..20000@20s}) against a real Redis: every second achieves the rate the
 * schedule offered in it, and a spike's drain time is reported.
 */
class ScheduleIT {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String READHEAVY = Path.of("..", "workloads", "readheavy").toAbsolutePath().toString();

  @TempDir
  Path tmp;

  private Cli run(Store store, String target, Path out) {
    List<String> args = new ArrayList<>(List.of("run", "redis", "-P", READHEAVY, "-threads", "16", "-target", target,
        "-p", "recordcount=1000", "-p", "operationcount=0", "-p", "status.interval=1", "-p", "export.dir=" + out));
    for (String p : store.bindingProps()) {
      args.addAll(List.of("-p", p));
    }
    return Cli.run(args.toArray(String[]::new));
  }

  private static void load(Store store) {
    List<String> args = new ArrayList<>(List.of("load", "redis", "-P", READHEAVY, "-p", "recordcount=1000",
        "-threads", "4"));
    for (String p : store.bindingProps()) {
      args.addAll(List.of("-p", p));
    }
    Cli load = Cli.run(args.toArray(String[]::new));
    assertEquals(0, load.exitCode(), load.err());
  }

  /**
   * Each second offers the schedule's own integral over it (1,000 + 950 t ops/s), and achieves it within 2%; a second
   * that missed it is accepted when, and only when, the result names the delay, and the run still delivered every
   * arrival: the client's longest schedule lag or stall, or the P99 response time from the intended start, in that
   * second or a neighbour (late arrivals, or late replies, are counted in the next) covers at least half of the schedule
   * time missed. The lag and stalls are the client's or the machine's; the response time has the server's late replies
   * (the arrivals wait in the client for a connection meanwhile): on a machine of two busy cores Redis was descheduled
   * for a quarter of a second in the CI of 7cdcf2a, with the client on time, and one second completed 10,121 of
   * 13,829, the next 17,491 of 14,778; Redis stopped (SIGSTOP) for half a second over a second's end does the same. A
   * second missed with none of them, its replies prompt and its client on time, means the client sent the wrong number
   * of arrivals, and fails. So a slower or busier machine can only move the excused seconds, not fail the test; a
   * client that drops or invents arrivals, or a schedule that offers the wrong rate, still fails.
   */
  @Test
  void ramp_from1000To20000Over20s_eachSecondAchievesItsRate_within2Percent_orTheResultSaysTheClientWasBehind()
      throws Exception {
    try (Store store = Store.provision(Store.Kind.REDIS)) {
      load(store);
      Path out = tmp.resolve("ramp");
      Cli run = run(store, "1000..20000@20s", out);
      assertEquals(0, run.exitCode(), run.err());
      JsonNode r = JSON.readTree(out.resolve("result.json").toFile());
      assertEquals(210_000, r.path("overall").path("operations").asLong(), 16, "the schedule's integral: every arrival");
      assertEquals(0, r.path("overall").path("failedOperations").asLong(), "no failed operation");
      assertEquals(10_500, r.path("targetOpsPerSec").asDouble(), 1e-6, "its mean");
      assertTrue(run.err().contains("open loop: uniform arrivals on the schedule 1000..20000@20s (mean 10500 ops/s), "),
          run.err());
      // start s, end s, offered, achieved, lag max s, stall max s, P99 response time s
      List<double[]> seconds = new ArrayList<>();
      long last = 0;
      for (JsonNode i : r.path("intervals")) {
        long at = i.path("elapsedMillis").asLong();
        double start = last / 1000.0;
        last = at;
        if (at / 1000.0 - start < 0.9) {
          continue; // the phase's last, partial sample
        }
        assertTrue(i.path("lagMaxMicros").isNumber(), "every second of an open loop says its lag: " + i);
        assertTrue(i.path("stallMaxMicros").isNumber(), "and the client's longest stall: " + i);
        assertTrue(i.path("responseP99Micros").isNumber(), "and its response time from the intended start: " + i);
        seconds.add(new double[] {start, at / 1000.0, i.path("offeredOpsPerSec").asDouble(),
            i.path("opsPerSec").asDouble(), i.path("lagMaxMicros").asDouble() / 1e6,
            i.path("stallMaxMicros").asDouble() / 1e6, i.path("responseP99Micros").asDouble() / 1e6});
      }
      assertTrue(seconds.size() >= 19, "a sample each second: " + r.path("intervals"));
      List<String> unexplained = new ArrayList<>();
      int excused = 0;
      for (int k = 0; k < seconds.size(); k++) {
        double[] s = seconds.get(k);
        // The schedule's own mean over the interval, from the test's formula: the integral of 1000 + 950 t up to 20 s.
        double end = Math.min(20, s[1]);
        double expected = (1000 * (end - s[0]) + 475 * (end * end - s[0] * s[0])) / (s[1] - s[0]);
        assertEquals(expected, s[2], 0.005 * expected, String.format("offered over %.3f-%.3f s", s[0], s[1]));
        double missedSeconds = Math.abs(s[3] - s[2]) * (s[1] - s[0]) / s[2];
        String line = String.format("%.1f s: achieved %.0f of %.0f ops/s, lag max %.1f ms, stall max %.1f ms,"
            + " response P99 %.1f ms", s[1], s[3], s[2], s[4] * 1e3, s[5] * 1e3, s[6] * 1e3);
        System.out.println("[it] ramp: " + line);
        if (Math.abs(s[3] - s[2]) <= 0.02 * s[2]) {
          continue;
        }
        double behind = 0;
        double replies = 0;
        for (int n = Math.max(0, k - 1); n <= Math.min(seconds.size() - 1, k + 1); n++) {
          behind = Math.max(behind, Math.max(seconds.get(n)[4], seconds.get(n)[5]));
          replies = Math.max(replies, seconds.get(n)[6]);
        }
        if (behind >= 0.5 * missedSeconds) {
          excused++;
          System.out.printf("[it] ramp: %.1f s missed %.0f ms of its schedule; the client was %.0f ms behind: the"
              + " client's or the machine's%n", s[1], missedSeconds * 1e3, behind * 1e3);
        } else if (replies >= 0.5 * missedSeconds) {
          excused++;
          System.out.printf("[it] ramp: %.1f s missed %.0f ms of its schedule; its response P99 was %.0f ms: the"
              + " server's replies came late%n", s[1], missedSeconds * 1e3, replies * 1e3);
        } else {
          unexplained.add(line + String.format(" (missed %.0f ms of schedule)", missedSeconds * 1e3));
        }
      }
      System.out.printf("[it] ramp: %d of %d seconds within 2%%, %d excused by the client's lag or stalls or the"
          + " response P99%n",
          seconds.size() - excused - unexplained.size(), seconds.size(), excused);
      assertEquals(List.of(), unexplained, "seconds more than 2% from the offered rate that the result does not"
          + " explain (the client's lag and stalls, the response P99, in that second and its neighbours)");
    }
  }

  @Test
  void spike_itsDrainTimeIsReported() throws Exception {
    try (Store store = Store.provision(Store.Kind.REDIS)) {
      load(store);
      Path out = tmp.resolve("spike");
      Cli run = run(store, "2000@5s,20000@3s,2000@6s", out);
      assertEquals(0, run.exitCode(), run.err());
      JsonNode result = JSON.readTree(out.resolve("result.json").toFile());
      JsonNode spikes = result.path("load").path("openLoop").path("spikes");
      assertEquals(1, spikes.size(), spikes.toString());
      JsonNode s = spikes.get(0);
      assertEquals(5.0, s.path("startSeconds").asDouble(), 1e-9);
      assertEquals(8.0, s.path("endSeconds").asDouble(), 1e-9);
      assertEquals(20_000, s.path("peakOpsPerSec").asDouble(), 1e-9);
      assertTrue(s.path("p99BeforeMicros").asDouble() > 0, s.toString());
      assertTrue(s.path("p99DuringMicros").asDouble() > 0, s.toString());
      // The drain time is the run's own intervals' account: the P99 (of the response time from the intended start,
      // the backlog waiting in the client included) before is their median before the spike, and the recovery the
      // end of the first interval after it whose P99 is back within 10% of that. How soon Redis is
      // back depends on this machine too (a busy machine keeps every P99 up), so the test holds the report to the
      // intervals it wrote, not to a time.
      List<Double> before = new ArrayList<>();
      double recovered = Double.NaN;
      long from = 0;
      int after = 0;
      for (JsonNode i : result.path("intervals")) {
        long to = i.path("elapsedMillis").asLong();
        if (i.path("responseP99Micros").isNumber() && to <= 5000) {
          before.add(i.path("responseP99Micros").asDouble());
        } else if (i.path("responseP99Micros").isNumber() && from >= 8000) {
          after++;
          if (Double.isNaN(recovered) && i.path("responseP99Micros").asDouble() <= 1.10 * median(before)) {
            recovered = (to - 8000) / 1000.0;
          }
        }
        from = to;
      }
      assertTrue(before.size() >= 3 && after >= 3, "intervals before and after the spike: " + result.path("intervals"));
      assertEquals(median(before), s.path("p99BeforeMicros").asDouble(), 0.01, s.toString());
      if (Double.isNaN(recovered)) {
        assertTrue(s.path("recoveredAfterSeconds").isNull(), s.toString());
        assertTrue(s.path("description").asText().endsWith("not back to it before the run ended"), s.toString());
      } else {
        assertEquals(recovered, s.path("recoveredAfterSeconds").asDouble(), 1e-9, s.toString());
        assertTrue(s.path("description").asText().endsWith(String.format(java.util.Locale.ROOT,
            "back to it %.1f s after the spike", recovered)), s.toString());
      }
      assertTrue(run.err().contains("ycsb-kv: spike at 5.0 s (2,000 to 20,000 ops/s for 3.0 s)"), run.err());
      System.out.println("[it] " + s.path("description").asText());
    }
  }

  private static double median(List<Double> values) {
    List<Double> sorted = values.stream().sorted().toList();
    int n = sorted.size();
    return n == 0 ? Double.NaN : n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
  }
}
