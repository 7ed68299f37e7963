package io.github.ycsbkv.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * #24, equal load: what the server itself saw (its own counters, read by the binding's probe) when a RESP
 * binding ran through the CLI: a connection per client by default, N with {@code -p connections=N}, and exactly
 * one command per operation for the memtier workload (SET and GET, no scan index). Shared by the RESP bindings'
 * contracts; {@code cli} adds the binding's address to the arguments.
 */
final class LoadShapeChecks {

  private static final Path WORKLOADS = Path.of("..", "workloads").toAbsolutePath().normalize();

  private LoadShapeChecks() {}

  /** Runs the CLI with {@code export.dir} and returns {@code result.json}'s {@code load}. */
  static JsonNode load(Function<String[], String[]> cli, Path out, String... args) throws Exception {
    List<String> all = new ArrayList<>(List.of(args));
    all.addAll(List.of("-p", "export.dir=" + out));
    Cli run = Cli.run(cli.apply(all.toArray(new String[0])));
    assertEquals(0, run.exitCode(), run.err());
    assertTrue(run.err().contains("ycsb-kv: load: "), "the run's header states the load: " + run.err());
    assertTrue(run.err().contains("ycsb-kv: load: the server saw "), "and what the server saw: " + run.err());
    JsonNode load = new ObjectMapper().readTree(out.resolve("result.json").toFile()).path("load");
    assertTrue(load.isObject(), "result.json has a load object");
    return load;
  }

  /** A default {@code -threads 32} run: 32 connections, one request in flight on each, seen by the server. */
  static void threads32_serverHoldsAConnectionPerClient(String binding, Function<String[], String[]> cli, Path tmp)
      throws Exception {
    Cli loaded = Cli.run(cli.apply(new String[] {"load", binding, "-P", WORKLOADS.resolve("readheavy").toString(),
        "-p", "recordcount=2000", "-threads", "4"}));
    assertEquals(0, loaded.exitCode(), loaded.err());
    JsonNode load = load(cli, tmp.resolve("t32"), "run", binding, "-P", WORKLOADS.resolve("readheavy").toString(),
        "-p", "recordcount=2000", "-p", "operationcount=30000", "-threads", "32");
    assertEquals(32, load.path("clients").asInt());
    assertEquals(32, load.path("connections").asInt());
    assertEquals(1.0, load.path("inFlightPerConnection").asDouble());
    assertEquals("connection-per-client", load.path("model").asText());
    assertTrue(load.path("servingThreads").asInt() >= 1, load.toString());
    JsonNode server = load.path("server");
    assertEquals(32, server.path("runConnections").asInt(), "the server held one connection per client: " + server);
    assertTrue(server.path("connectionsMax").asInt() >= 33, "32 clients and the probe: " + server);
    assertEquals(1.0, server.path("commandsPerOperation").asDouble(), 0.005,
        "readheavy reads and updates are one command each: " + server);
  }

  /** {@code -p connections=4}: the 32 clients share 4 connections; the server sees 4 (and the probe's). */
  static void connections4_serverHoldsFour(String binding, Function<String[], String[]> cli, Path tmp)
      throws Exception {
    JsonNode load = load(cli, tmp.resolve("c4"), "run", binding, "-P", WORKLOADS.resolve("memtier").toString(),
        "-p", "operationcount=20000", "-threads", "32", "-p", "connections=4");
    assertEquals("shared-connections", load.path("model").asText());
    assertEquals(4, load.path("connections").asInt());
    assertEquals(8.0, load.path("inFlightPerConnection").asDouble());
    JsonNode server = load.path("server");
    assertEquals(4, server.path("runConnections").asInt(), "four connections on the server: " + server);
    assertEquals(server.path("probeConnections").asInt() + 4, server.path("connectionsMax").asInt(), server.toString());
  }

  /** The memtier workload costs the server exactly one command per operation, as memtier_benchmark's SET/GET. */
  static void memtier_oneCommandPerOperation(String binding, Function<String[], String[]> cli, Path tmp)
      throws Exception {
    JsonNode load = load(cli, tmp.resolve("mt"), "run", binding, "-P", WORKLOADS.resolve("memtier").toString(),
        "-p", "operationcount=20000", "-threads", "8");
    JsonNode server = load.path("server");
    assertEquals(1.0, server.path("commandsPerOperation").asDouble(), 0.0005,
        "SET or GET, nothing else (no scan index): " + server);
    assertEquals(8, server.path("runConnections").asInt(), server.toString());
    cpuOfThePhase(new ObjectMapper().readTree(tmp.resolve("mt").resolve("result.json").toFile()));
  }

  /**
   * The CPU each side used in the measured phase, per operation: the server's from its own {@code INFO cpu}
   * (a SET or GET costs a RESP server microseconds, never a millisecond; not from Dragonfly's, whose total is no
   * measurement, whichever binding reads it: its process's {@code /proc/PID/stat} where it runs on this host, else
   * none; CapacityIT requires the /proc figure where the test started the binary), the client's from the OS. The CLI runs in this test's JVM, which has done
   * other work before: a figure counted from the process's start would exceed what the phase's runtime on every
   * core allows.
   */
  static void cpuOfThePhase(JsonNode result) {
    JsonNode server = result.path("load").path("server");
    if (result.path("server").path("after").path("server").asText().equals("dragonfly")) {
      assertFalse(server.path("source").asText().contains("INFO cpu"), server.toString());
      if (server.path("source").asText().contains("/proc/")) {
        double serverCpu = server.path("cpuMicrosPerOperation").asDouble(-1);
        assertTrue(serverCpu > 0 && serverCpu < 1000, "the server's CPU per operation: " + server);
      } else {
        assertTrue(server.path("cpuMicrosPerOperation").isNull(), server.toString());
      }
    } else {
      double serverCpu = server.path("cpuMicrosPerOperation").asDouble(-1);
      assertTrue(serverCpu > 0 && serverCpu < 1000, "the server's CPU per operation: " + server);
      assertTrue(server.path("source").asText().endsWith("INFO cpu used_cpu_user + used_cpu_sys"), server.toString());
    }
    JsonNode client = result.path("clientCpu");
    long millis = client.path("cpuMillis").asLong(-1);
    long ops = result.path("overall").path("operations").asLong();
    long runtime = result.path("timing").path("runtimeMillis").asLong();
    int cores = result.path("environment").path("availableProcessors").asInt();
    assertTrue(millis >= 0 && millis <= (runtime + 20) * cores, "the client's CPU: " + client + " in " + runtime
        + " ms on " + cores + " cores");
    assertEquals(millis * 1000.0 / ops, client.path("microsPerOperation").asDouble(), 1000.0 / ops, client.toString());
  }

  /**
   * {@code -p warmup}: the store serves the warm-up's operations, but the result and the server's view of the load
   * cover the measured phase only (a warm-up counted in would make 3 commands per operation here).
   */
  static void warmup_leftOutOfTheResultAndTheServersView(String binding, Function<String[], String[]> cli, Path tmp)
      throws Exception {
    Path out = tmp.resolve("warm");
    List<String> args = new ArrayList<>(List.of("run", binding, "-P", WORKLOADS.resolve("memtier").toString(),
        "-p", "operationcount=10000", "-threads", "8", "-p", "warmup=20000ops", "-p", "export.dir=" + out));
    Cli run = Cli.run(cli.apply(args.toArray(new String[0])));
    assertEquals(0, run.exitCode(), run.err());
    assertTrue(run.err().contains("ycsb-kv: warm-up (20000ops): 20,000 operations in "), run.err());
    JsonNode r = new ObjectMapper().readTree(out.resolve("result.json").toFile());
    assertEquals(20000, r.path("warmup").path("operations").asLong(), r.path("warmup").toString());
    assertEquals(0, r.path("warmup").path("failedOperations").asLong());
    assertEquals(10000, r.path("overall").path("operations").asLong());
    long recorded = 0;
    for (JsonNode op : r.path("operations")) {
      if (!op.path("operation").asText().equals("CLEANUP")) {
        recorded += op.path("count").asLong();
      }
    }
    assertEquals(10000, recorded, "the histograms hold the measured operations only");
    JsonNode server = r.path("load").path("server");
    assertEquals(1.0, server.path("commandsPerOperation").asDouble(), 0.0005,
        "the server's commands during the measured phase, per measured operation: " + server);
    assertEquals(8, server.path("runConnections").asInt(), "the same 8 connections: " + server);
    cpuOfThePhase(r);
  }
}
