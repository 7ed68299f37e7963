package io.github.ycsbkv.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.ycsbkv.internal.provision.Provisioner;
import io.github.ycsbkv.provision.LocalServers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code LocalServers} starting a three-node cluster of each store from its binary (#40 item 2: what {@code ycsb
 * study --cluster 3} starts), and the binding reaching it through the properties it gives: every record loaded, a
 * run on all three nodes.
 */
class ProvisionClusterIT {

  private static final String READHEAVY = Path.of("..", "workloads", "readheavy").toAbsolutePath().toString();

  @ParameterizedTest
  @CsvSource({"redis,redis", "valkey,redis", "keydb,redis", "dragonfly,dragonfly", "aerospike,aerospike"})
  void threeNodes_startedFromTheBinary_theBindingRunsOnAllOfThem(String store, String binding) throws Exception {
    Store.Kind kind = Store.Kind.valueOf(store.toUpperCase(java.util.Locale.ROOT));
    if (RespServer.onPath(kind.binary) == null) {
      if (Store.binaryRequired(kind)) {
        org.junit.jupiter.api.Assertions.fail(kind.binary + " is not on PATH, but it.require lists " + store);
      }
      org.junit.jupiter.api.Assumptions.abort(kind.binary + " is not on PATH");
    }
    Provisioner.Request request = new Provisioner.Request(store, 0, false, Provisioner.Way.BINARY, binding, 3);
    LocalServers servers = new LocalServers();
    assertEquals(null, servers.unavailable(request));
    Path out = Files.createTempDirectory("ycsbkv-provcluster-");
    try (Provisioner.Provisioned cluster = servers.start(request)) {
      assertTrue(cluster.description().contains(" cluster of 3 primaries"), cluster.description());
      List<String> props = new ArrayList<>();
      for (Map.Entry<String, String> e : cluster.properties().entrySet()) {
        props.addAll(List.of("-p", e.getKey() + "=" + e.getValue()));
      }
      List<String> load = new ArrayList<>(List.of("load", binding, "-P", READHEAVY, "-p", "recordcount=500",
          "-threads", "2"));
      load.addAll(props);
      Cli l = Cli.run(load.toArray(new String[0]));
      assertEquals(0, l.exitCode(), l.err());
      assertEquals(500, l.count("INSERT", "Return=OK"), l.out());
      List<String> run = new ArrayList<>(List.of("run", binding, "-P", READHEAVY, "-p", "recordcount=500", "-p",
          "operationcount=1000", "-threads", "2", "-p", "export.dir=" + out));
      run.addAll(props);
      Cli r = Cli.run(run.toArray(new String[0]));
      assertEquals(0, r.exitCode(), r.err());
      JsonNode result = new ObjectMapper().readTree(out.resolve("result.json").toFile());
      assertEquals(1000, result.path("overall").path("operations").asLong());
      assertEquals(0, result.path("overall").path("errors").asLong(), r.out());
      assertEquals(3, result.path("server").path("after").path("nodes").asInt(), result.path("server").toString());
      long keys = result.path("server").path("after").path("keys").asLong();
      // The RESP stores also hold the scan index's shard keys (16 on a cluster); Aerospike counts records once.
      assertTrue(binding.equals("aerospike") ? keys == 500 : keys >= 500 && keys <= 532,
          "500 records over the three nodes: " + keys);
    } finally {
      RespServer.deleteTree(out);
    }
  }
}
