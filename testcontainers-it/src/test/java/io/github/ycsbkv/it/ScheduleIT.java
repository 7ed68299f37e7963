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

  @Test
  void ramp_from1000To20000Over20s_eachSecondAchievesItsRate_within2Percent() throws Exception {
    CiPasses.notInTheContainerPass("the schedule is the client's; the binary pass ran it");
    CiPasses.notUnderEmulation("each second's rate is compared on the run's clock");
    try (Store store = Store.provision(Store.Kind.REDIS)) {
      load(store);
      Path out = tmp.resolve("ramp");
      Cli run = run(store, "1000..20000@20s", out);
      assertEquals(0, run.exitCode(), run.err());
      JsonNode r = JSON.readTree(out.resolve("result.json").toFile());
      assertEquals(210_000, r.path("overall").path("operations").asLong(), 16, "the schedule's integral");
      assertEquals(10_500, r.path("targetOpsPerSec").asDouble(), 1e-6, "its mean");
      assertTrue(run.err().contains("open loop: uniform arrivals on the schedule 1000..20000@20s (mean 10500 ops/s), "),
          run.err());
      long last = 0;
      int seconds = 0;
      List<String> off = new ArrayList<>();
      for (JsonNode i : r.path("intervals")) {
        long at = i.path("elapsedMillis").asLong();
        double length = (at - last) / 1000.0;
        last = at;
        if (length < 0.9) {
          continue; // the phase's last, partial sample
        }
        seconds++;
        double offered = i.path("offeredOpsPerSec").asDouble();
        double achieved = i.path("opsPerSec").asDouble();
        System.out.printf("[it] ramp: %.1f s: offered %.0f, achieved %.0f ops/s%n", at / 1000.0, offered, achieved);
        if (Math.abs(achieved - offered) > 0.02 * offered) {
          off.add(String.format("%.1f s: %.0f of %.0f", at / 1000.0, achieved, offered));
        }
      }
      assertTrue(seconds >= 19, "a sample each second: " + r.path("intervals"));
      assertEquals(List.of(), off, "seconds whose achieved rate was more than 2% from the offered");
    }
  }

  @Test
  void spike_itsDrainTimeIsReported() throws Exception {
    CiPasses.notInTheContainerPass("the schedule is the client's; the binary pass ran it");
    CiPasses.notUnderEmulation("the spike is timed on the run's clock");
    try (Store store = Store.provision(Store.Kind.REDIS)) {
      load(store);
      Path out = tmp.resolve("spike");
      Cli run = run(store, "2000@5s,20000@3s,2000@6s", out);
      assertEquals(0, run.exitCode(), run.err());
      JsonNode spikes = JSON.readTree(out.resolve("result.json").toFile()).path("load").path("openLoop")
          .path("spikes");
      assertEquals(1, spikes.size(), spikes.toString());
      JsonNode s = spikes.get(0);
      assertEquals(5.0, s.path("startSeconds").asDouble(), 1e-9);
      assertEquals(8.0, s.path("endSeconds").asDouble(), 1e-9);
      assertEquals(20_000, s.path("peakOpsPerSec").asDouble(), 1e-9);
      assertTrue(s.path("p99BeforeMicros").asDouble() > 0, s.toString());
      assertTrue(s.path("p99DuringMicros").asDouble() > 0, s.toString());
      // Redis drains a 3 s spike of 20,000 ops/s at once: back within the run, to the status interval.
      assertTrue(s.path("recoveredAfterSeconds").isNumber() && s.path("recoveredAfterSeconds").asDouble() <= 6,
          s.toString());
      assertTrue(run.err().contains("ycsb-kv: spike at 5.0 s (2,000 to 20,000 ops/s for 3.0 s)"), run.err());
      System.out.println("[it] " + s.path("description").asText());
    }
  }
}
