package io.github.ycsbkv.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbkv.config.UserError;
import io.github.ycsbkv.engine.hosts.ClientSplit;
import io.github.ycsbkv.memory.MemoryDB;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/**
 * One of several client processes' settings: its share held typed in {@link PhaseSettings} (operations, rate or
 * schedule, seed), the properties left as given but for the records a load's workload reads, and the workloads
 * that cannot be split refused with one line.
 */
class PhaseSettingsSplitTest {

  private static Properties props(String... kv) {
    Properties p = new Properties();
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return p;
  }

  private static PhaseSettings parse(Phase phase, Properties p, int count, int index) {
    return PhaseSettings.parse(phase, p, "memory", MemoryDB.class, new Warnings(null), new ClientSplit(count, index));
  }

  @Test
  void run_theShareIsTyped_andThePropertiesStayAsGiven() {
    Properties p = props("operationcount", "1000", "target", "1000..3000@10s", "arrivals.seed", "5");
    PhaseSettings s = parse(Phase.RUN, p, 4, 1);
    assertEquals(250, s.operations());
    assertEquals(500, s.targetOpsPerSec(), 1e-9, "a quarter of the schedule's mean");
    assertEquals(250, s.schedule().opsPerSecAt(0), 1e-9);
    assertEquals(10_000_000_000L, s.maxTime().toNanos(), "the run ends with its schedule");
    assertTrue(s.arrivalsSeed() != 5, "a seed of its own: " + s.arrivalsSeed());
    assertEquals(props("operationcount", "1000", "target", "1000..3000@10s", "arrivals.seed", "5"), p,
        "nothing written back");
    assertEquals(5, parse(Phase.RUN, p, 1, 0).arrivalsSeed(), "a process alone keeps its seed");
  }

  @Test
  void load_theWorkloadReadsItsSlice_fromItsProperties() {
    Properties p = props("recordcount", "1100", "insertstart", "100");
    PhaseSettings s = parse(Phase.LOAD, p, 3, 2);
    assertEquals(334, s.operations());
    assertEquals("766", p.getProperty("insertstart"));
    assertEquals("334", p.getProperty("insertcount"));
    assertEquals("1100", p.getProperty("recordcount"));
  }

  @Test
  void workloadsThatCannotBeSplit_areOneLine() {
    Properties inserts = props("insertproportion", "0.05");
    assertTrue(assertThrows(UserError.class, () -> parse(Phase.RUN, inserts, 2, 0)).getMessage()
        .startsWith("insertproportion=0.05: a run that inserts cannot be split over clients.count=2"));
    Properties series = props("workload", "io.github.ycsbkv.workloads.TimeSeriesWorkload");
    assertEquals("workload io.github.ycsbkv.workloads.TimeSeriesWorkload cannot be split over clients.count=2 (its"
        + " records and series are not sliced by insertstart/insertcount): run it from one client process",
        assertThrows(UserError.class, () -> parse(Phase.LOAD, series, 2, 1)).getMessage());
  }
}
