package io.github.ycsbkv.capacity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.ycsbkv.config.Slo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CapacityFileTest {

  @TempDir
  Path tmp;

  private static final CapacityFile.Step PROBE = new CapacityFile.Step(1, "probe", Double.NaN, 5, 48_000, Double.NaN,
      Double.NaN, Double.NaN, Double.NaN, 9.5, 12.0, 0.576, null, "probe", null, "steps/01-probe");
  private static final CapacityFile.Step CONFIRM = new CapacityFile.Step(2, "confirm", 30_000, 15, 29_950, 210, 880,
      1_900, 40, 10.1, 11.0, 0.33, null, "meets", null, "steps/02-confirm");

  @Test
  void aSearchAcrossHosts_isReadBackAsWritten_unknownFiguresNullInTheFile() throws IOException {
    CapacityFile written = new CapacityFile(CapacityFile.SCHEMA, "redis", "workloada", 32, 3, "p99=1ms",
        java.util.Map.of("p99", 1000.0), new CapacityFile.Search(5, null, 0.25, 1.5, 0.02, 0.99, 3), 48_000,
        List.of(PROBE, CONFIRM), CapacityFile.FOUND, new CapacityFile.Capacity(30_000, Double.NaN, true, false,
        Double.NaN, "confirmed", 210, 880, 1_900, 40, 10.1, 11.0, 0.33, 1e6 / 11.0));
    Path file = written.write(tmp);

    assertEquals(written, CapacityFile.read(tmp));
    JsonNode json = new ObjectMapper().readTree(file.toFile());
    assertEquals("ycsb-kv/capacity/1", json.path("schema").asText());
    assertEquals(3, json.path("clientProcesses").asInt());
    assertTrue(json.path("steps").get(0).path("targetOpsPerSec").isNull(), "the probe offers no rate");
    assertTrue(json.path("steps").get(0).path("p99_9Micros").isNull());
    assertEquals(1_900.0, json.path("steps").get(1).path("p99_9Micros").asDouble());
    assertEquals(11.0, json.path("steps").get(1).path("serverCpuMicrosPerOperation").asDouble());
    assertTrue(json.path("capacity").path("bestUnconfirmedOpsPerSec").isNull());
    assertEquals(30_000.0, json.path("capacity").path("opsPerSec").asDouble());
    assertTrue(json.path("search").path("warmup").isNull());
    assertEquals(1000.0, json.path("sloMicros").path("p99").asDouble());
    assertEquals(Slo.parse("p99=1ms").bounds(), CapacityFile.read(tmp).budget().bounds());
  }

  @Test
  void ofAnOutcome_endedAndTheFiguresAtTheCapacityComeFromItsConfirmingStep() {
    CapacityFile f = CapacityFile.of("dragonfly", "readheavy", 16, 1, Slo.parse("p99=2ms"),
        new CapacityFile.Search(5, "2s", 0.25, 1.5, 0.02, 0.99, 3), 48_000, List.of(PROBE, CONFIRM), null,
        "step 3 (raise at 45000 ops/s) failed: the server went away", CONFIRM);
    assertEquals(CapacityFile.FAILED, f.ended());
    assertFalse(f.capacity().found());
    assertTrue(Double.isNaN(f.capacity().p99Micros()), "no capacity, no figures at it");
    assertEquals("step 3 (raise at 45000 ops/s) failed: the server went away", f.capacity().reason());
    assertFalse(f.endedByItself());
  }

  @Test
  void aFileOfBeforeClientProcesses_isOneProcess_missingFiguresUnknown() throws IOException {
    Files.writeString(tmp.resolve("capacity.json"), """
        {"schema": "ycsb-kv/capacity/1", "binding": "redis", "workload": "workloada", "connections": 8,
         "slo": "p99=5ms", "probeOpsPerSec": 1000.5,
         "steps": [{"step": 1, "kind": "probe", "achievedOpsPerSec": 1000.5, "verdict": "probe"}],
         "ended": "not-found", "capacity": {"found": false, "reason": "the probe's rate missed the budget"}}
        """);
    CapacityFile f = CapacityFile.read(tmp);
    assertEquals(1, f.clientProcesses());
    assertEquals(1000.5, f.steps().get(0).achieved());
    assertTrue(Double.isNaN(f.steps().get(0).p99()));
    assertTrue(Double.isNaN(f.capacity().opsPerSec()));
    assertFalse(f.capacity().lowerBound());
    assertTrue(f.endedByItself());
    assertEquals("No capacity", f.capacity().describe());
  }

  @Test
  void aFileOfAnotherKind_isAnErrorNamingIt() throws IOException {
    Files.writeString(tmp.resolve("capacity.json"), "{\"schema\": \"ycsb-kv/result/3\"}");
    IOException e = assertThrows(IOException.class, () -> CapacityFile.read(tmp));
    assertEquals(tmp.resolve("capacity.json") + " is not a ycsb-kv capacity search (schema 'ycsb-kv/result/3')",
        e.getMessage());
  }
}
