package io.github.ycsbkv.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import redis.clients.jedis.Jedis;

/**
 * Every workload file, load then run through the command line, on three-primary Redis, Valkey and Dragonfly clusters
 * through the RESP engine (#40): the exact operation total, no errors, reads verified where the workload verifies
 * them, a connection per client to every primary. Not under emulation ({@link CiPasses}).
 */
class ClusterWorkloadsIT {

  private static final Path WORKLOADS = Path.of("..", "workloads").toAbsolutePath().normalize();

  /** {@link WorkloadMatrix}'s workload files and sizes. */
  static List<WorkloadMatrix.Case> cases() {
    return WorkloadMatrix.files();
  }

  @TestFactory
  Stream<DynamicTest> redisCluster_everyWorkload() throws Exception {
    return on(RespClusterIT.Cluster.redis(Store.Kind.REDIS), "redis", "redis.cluster=true");
  }

  @TestFactory
  Stream<DynamicTest> valkeyCluster_everyWorkload() throws Exception {
    return on(RespClusterIT.Cluster.redis(Store.Kind.VALKEY), "redis", "redis.cluster=true");
  }

  @TestFactory
  Stream<DynamicTest> dragonflyCluster_everyWorkload() throws Exception {
    return on(RespClusterIT.Cluster.dragonfly(), "dragonfly", "dragonfly.cluster=true");
  }

  private static Stream<DynamicTest> on(RespClusterIT.Cluster c, String binding, String clusterProperty) {
    List<WorkloadMatrix.Case> cases = cases();
    int[] left = {cases.size()};
    return cases.stream().map(k -> DynamicTest.dynamicTest(binding + " cluster " + k.workload(), () -> {
      try {
        check(c, binding, clusterProperty, k);
      } finally {
        if (--left[0] == 0) {
          c.close();
        }
      }
    }));
  }

  private static void check(RespClusterIT.Cluster c, String binding, String clusterProperty, WorkloadMatrix.Case k)
      throws Exception {
    for (RespServer n : c.nodes) {
      try (Jedis j = n.jedis()) {
        j.flushAll();
      }
    }
    List<String> args = new ArrayList<>(List.of("-P", WORKLOADS.resolve(k.workload()).toString(), "-threads", "2",
        "-p", clusterProperty, "-p", binding + ".host=" + c.seed(), "-p", "recordcount=" + k.records(), "-p",
        "operationcount=" + k.operations()));
    if (k.integrity()) {
      args.addAll(List.of("-p", "dataintegrity=true"));
    }
    for (String p : k.extra()) {
      args.addAll(List.of("-p", p));
    }
    if (k.load()) {
      Cli load = Cli.run(List.of("load", binding), args);
      assertEquals(0, load.exitCode(), k + " load: " + load.err());
      assertEquals(k.records(), load.count("INSERT", "Return=OK"), k + " load: " + load.out());
      long records = 0;
      for (RespServer n : c.nodes) {
        try (Jedis j = n.jedis()) {
          records += j.keys("*").stream().filter(key -> !key.startsWith("ycsbkv:")).count();
        }
      }
      if (!k.workload().equals("writeheavy")) { // a time series keeps its points in a few keys per series
        assertEquals(k.records(), records, k + ": the nodes' own count of records after load");
      }
    }
    java.nio.file.Path out = java.nio.file.Files.createTempDirectory("ycsbkv-clusterwl-");
    try {
      Cli run = Cli.run(List.of("run", binding), args, List.of("-p", "export.dir=" + out));
      assertEquals(0, run.exitCode(), k + " run: " + run.err());
      com.fasterxml.jackson.databind.JsonNode r = new com.fasterxml.jackson.databind.ObjectMapper()
          .readTree(out.resolve("result.json").toFile());
      assertEquals(k.operations(), r.path("overall").path("operations").asLong(), k + ": workload operations");
      assertEquals(0, r.path("overall").path("errors").asLong(), k + ": errors: " + run.out());
      checkRun(k, run);
    } finally {
      RespServer.deleteTree(out);
    }
  }

  private static void checkRun(WorkloadMatrix.Case k, Cli run) {
    if (k.integrity()) {
      assertEquals(null, run.summary("VERIFY", "Return=UNEXPECTED_STATE"), k + ": reads return what was written");
    }
    assertEquals("3", run.summary("LOAD", "ClusterNodes"), k + ": " + run.out());
    assertEquals(Integer.toString(3 * 2), run.summary("LOAD", "Connections"), k + ": " + run.out());
  }


}
