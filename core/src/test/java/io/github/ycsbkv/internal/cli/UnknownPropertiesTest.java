package io.github.ycsbkv.internal.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.Properties;
import java.util.Set;
import org.junit.jupiter.api.Test;
import site.ycsb.workloads.CoreWorkload;

class UnknownPropertiesTest {

  private static Properties props(String... kv) {
    Properties p = new Properties();
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return p;
  }

  @Test
  void upstreamCoreWorkload_declaresItsKeys_notItsDefaults() {
    Set<String> keys = UnknownProperties.declaredBy(CoreWorkload.class);
    for (String k : new String[] {"insertcount", "insertstart", "fieldcount", "fieldlength", "readproportion",
        "requestdistribution", "insertorder", "hotspotdatafraction", "core_workload_insertion_retry_limit"}) {
      assertTrue(keys.contains(k), k);
    }
    assertFalse(keys.contains("usertable"), "a default value is no key");
    assertFalse(keys.contains("hist.txt"));
  }

  /** Every key the engine reads comes from where it is declared: the set the check had by hand before, and more. */
  @Test
  void engineKeys_areThoseEnginePropertiesDeclares_withUpstreamsOwn() {
    Set<String> before = Set.of("table", "fieldcount", "fieldnameprefix", "threadcount", "target", "operationcount",
        "recordcount", "insertcount", "insertstart", "maxexecutiontime", "status.interval", "hdrhistogram.percentiles",
        "errors.abortafter", "reconnect.interval", "reconnect.max", "errors.tolerance", "label", "sweep.repetition",
        "pipeline", "drivers", "warmup", "export.dir", "exportfile", "workload", "db", "probe", "arrivals",
        "arrivals.seed", "maxinflight", "slo", "clients.count", "clients.index", "clients.barrier",
        "clients.barrier.timeout", "metrics.port", "metrics.host", "metrics.linger", "events", "dataintegrity",
        "dotransactions", "measurementtype", "measurement.interval", "measurement.trackjvm", "histogram.buckets",
        "summary", "hdrhistogram.fileoutput", "hdrhistogram.output.path", "timeseries.granularity");
    Set<String> added = new java.util.TreeSet<>(UnknownProperties.ENGINE);
    added.removeAll(before);
    assertTrue(UnknownProperties.ENGINE.containsAll(before));
    assertEquals(Set.of("connections", "server.cluster", "staircase", "stop.grace", "workload.neverscans"), added);
    assertFalse(UnknownProperties.ENGINE.contains("site.ycsb.workloads.CoreWorkload"), "a default is no key");
  }

  @Test
  void mistypedKeys_areOneLine_withTheNearestKey_andUnknownOnesPlainly() {
    Set<String> declared = new HashSet<>(UnknownProperties.ENGINE);
    declared.addAll(UnknownProperties.declaredBy(CoreWorkload.class));
    declared.add("redis.port");
    assertEquals("ycsb: warning: no part of this run declares recordcont (did you mean recordcount?), redis.prot (did"
        + " you mean redis.port?), zzz; they are ignored",
        UnknownProperties.warning(props("recordcont", "10", "redis.prot", "1", "zzz", "1", "fieldcount", "3"), declared,
            true));
    assertEquals("ycsb: warning: no part of this run declares mongodb.url; it is ignored unless the binding reads it",
        UnknownProperties.warning(props("mongodb.url", "x"), declared, false));
    assertNull(UnknownProperties.warning(props("threadcount", "2", "readproportion", "1"), declared, true));
  }

  @Test
  void closest_allowsFewEdits_fewerForShortKeys() {
    Set<String> declared = Set.of("target", "table", "label", "threadcount");
    assertEquals("threadcount", UnknownProperties.closest("threadcont", declared));
    assertEquals("table", UnknownProperties.closest("tabl", declared));
    assertEquals("label", UnknownProperties.closest("tabel", declared), "one substitution beats a transposition");
    assertNull(UnknownProperties.closest("tx", declared));
    assertNull(UnknownProperties.closest("completelydifferent", declared));
  }

  /** Upstream's BasicDB reads basicdb.verbose, declared as a constant: README's command gets no warning. */
  @Test
  void cli_aDbClassGivenByName_declaresItsConstants() {
    CliRun run = CliRun.of("run", "site.ycsb.BasicDB", "-P", Path.of("..", "workloads", "workloada").toString(), "-p",
        "basicdb.verbose=false", "-p", "operationcount=10");
    assertEquals(0, run.exitCode(), run.err());
    assertFalse(run.err().contains("no part of this run declares"), run.err());
  }

  @Test
  void cli_runWithAMistypedKey_warnsAndStillRuns() {
    CliRun run = CliRun.of("run", "memory", "-P", Path.of("..", "workloads", "workloada").toString(), "-p",
        "operationcount=10", "-p", "recordcont=10");
    assertEquals(0, run.exitCode(), run.err());
    assertTrue(run.err().contains("ycsb: warning: no part of this run declares recordcont (did you mean recordcount?);"
        + " it is ignored\n"), run.err());
  }

  @Test
  void cli_everyShippedWorkloadFile_declaresEveryKeyItSets() throws Exception {
    try (var files = java.nio.file.Files.list(Path.of("..", "workloads"))) {
      for (Path f : (Iterable<Path>) files.filter(java.nio.file.Files::isRegularFile)
          .filter(p -> !p.getFileName().toString().contains("."))::iterator) {
        String workload = io.github.ycsbkv.config.PropertySources.readFile(f.toString()).getProperty("workload");
        if (!workload.startsWith("site.ycsb")) {
          continue; // the project's own workloads are in another module; its ITs run them
        }
        CliRun run = CliRun.of("run", "memory", "-P", f.toString(), "-p", "operationcount=1", "-p", "recordcount=1");
        assertFalse(run.err().contains("no part of this run declares"), f + ": " + run.err());
      }
    }
  }

  /** #43: a workload declares a family of numbered keys with * for the number (the commands workload's). */
  @Test
  void numberedFamily_declaresEveryNumber_andNothingElse() {
    Properties given = new Properties();
    given.setProperty("command.2.ratio", "3");
    given.setProperty("command.12.ratio", "3");
    given.setProperty("command.x.ratio", "3");
    given.setProperty("command.2.ratoi", "3");
    assertEquals("ycsb: warning: no part of this run declares command.2.ratoi, command.x.ratio (did you mean command.*.ratio?); they are ignored",
        UnknownProperties.warning(given, java.util.Set.of("command.*.ratio"), true));
  }
}
