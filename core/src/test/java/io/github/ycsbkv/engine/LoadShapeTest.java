package io.github.ycsbkv.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbkv.config.UserError;
import io.github.ycsbkv.results.BenchmarkResult;
import io.github.ycsbkv.results.LoadShape;
import io.github.ycsbkv.results.ResultJson;
import io.github.ycsbkv.spi.ConnectionShape;
import io.github.ycsbkv.spi.ServerLoad;
import io.github.ycsbkv.spi.ServerProbe;
import io.github.ycsbkv.spi.ServerSample;
import java.time.Instant;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The load shape the engine intends (connections, requests in flight, threads) and the server's view of it. */
class LoadShapeTest {

  @BeforeEach
  void reset() {
    DelayedAsyncDB.reset();
    ShapedAsyncDB.resetShape();
  }

  private static Properties props(int clients) {
    Properties p = new Properties();
    p.setProperty("recordcount", "100");
    p.setProperty("operationcount", "600");
    p.setProperty("readproportion", "1");
    p.setProperty("updateproportion", "0");
    p.setProperty("requestdistribution", "uniform");
    p.setProperty("threadcount", Integer.toString(clients));
    return p;
  }

  private BenchmarkResult run(Properties p, ServerProbe probe) {
    return new Benchmark(Phase.RUN, p, "shaped", ShapedAsyncDB.class, getClass().getClassLoader()).probe(probe).run();
  }

  private static int sum(java.util.List<Integer> l) {
    return l.stream().mapToInt(Integer::intValue).sum();
  }

  @Test
  void run_default_connectionPerClient_whateverThreadsServeThem() {
    Properties p = props(10);
    p.setProperty("drivers", "2");
    BenchmarkResult r = run(p, null);
    LoadShape l = r.load();
    assertEquals(LoadShape.Model.PER_CLIENT, l.model());
    assertEquals(10, l.clients());
    assertEquals(10, l.connections());
    assertEquals(1.0, l.inFlightPerConnection());
    assertEquals(2, l.servingThreads());
    assertEquals(java.util.List.of(5, 5), ShapedAsyncDB.CONNECTIONS.stream().sorted().toList(),
        "each serving thread opens one connection per client it serves");
    assertEquals("10 clients on 10 connections, 1 request in flight on each, served by 2 threads", l.describe());
    assertNull(l.server(), "no probe, no server view");
  }

  @Test
  void run_threadPerClient_oneConnectionEach() {
    Properties p = props(3);
    p.setProperty("drivers", "0");
    BenchmarkResult r = run(p, null);
    assertEquals(3, r.load().connections());
    assertEquals(3, r.load().servingThreads());
    assertEquals(java.util.List.of(1, 1, 1), ShapedAsyncDB.CONNECTIONS);
  }

  @Test
  void run_connections4_clientsShareFourConnections_overAtMostFourThreads() {
    Properties p = props(10);
    p.setProperty("connections", "4");
    p.setProperty("drivers", "3");
    BenchmarkResult r = run(p, null);
    LoadShape l = r.load();
    assertEquals(LoadShape.Model.SHARED, l.model());
    assertEquals(4, l.connections());
    assertEquals(3.0, l.inFlightPerConnection(), "10 clients over 4 connections: up to 3 on one");
    assertEquals(3, l.servingThreads());
    assertEquals(4, sum(ShapedAsyncDB.CONNECTIONS), "the threads' shares add up to 4");
    assertEquals(10, DelayedAsyncDB.MAX_IN_FLIGHT.get(), "still one request in flight per client");
  }

  @Test
  void run_connections2_workloadThatWaitsForResults_aConnectionPerClient() {
    Properties p = props(4);
    p.setProperty("connections", "2");
    p.setProperty("readproportion", "0.5");
    p.setProperty("readmodifywriteproportion", "0.5");
    BenchmarkResult r = run(p, null);
    assertEquals(LoadShape.Model.PER_CLIENT, r.load().model(), "read-modify-write reads before it writes: no sharing");
    assertEquals(4, r.load().connections());
  }

  @Test
  void run_connectionsAtLeastTheClients_aConnectionPerClient() {
    Properties p = props(2);
    p.setProperty("connections", "4");
    BenchmarkResult r = run(p, null);
    assertEquals(LoadShape.Model.PER_CLIENT, r.load().model(), "2 clients cannot share 4 connections: one each");
    assertEquals(2, r.load().connections());
  }

  @Test
  void run_pipeline8_aConnectionPerThread_eightInFlight() {
    Properties p = props(2);
    p.setProperty("pipeline", "8");
    BenchmarkResult r = run(p, null);
    LoadShape l = r.load();
    assertEquals(LoadShape.Model.PIPELINED, l.model());
    assertEquals(2, l.connections());
    assertEquals(8.0, l.inFlightPerConnection());
    assertEquals(java.util.List.of(1, 1), ShapedAsyncDB.CONNECTIONS);
  }

  /**
   * A binding that lets a thread serve several pipelined clients, more clients than cores: a thread per core, each
   * instance opening a connection per client it serves with the pipeline's depth as its bound per connection, and the
   * clients' pipelines all in flight at once.
   */
  @Test
  void run_pipeline4_moreClientsThanCores_aThreadPerCore_aConnectionPerClient_fourInFlightOnEach() {
    int cores = Runtime.getRuntime().availableProcessors();
    int clients = 2 * cores + 1;
    ShapedAsyncDB.pipelinesShared = true;
    Properties p = props(clients);
    p.setProperty("pipeline", "4");
    p.setProperty("operationcount", Integer.toString(100 * clients));
    BenchmarkResult r = run(p, null);
    LoadShape l = r.load();
    assertEquals(LoadShape.Model.PIPELINED, l.model());
    assertEquals(clients, l.connections());
    assertEquals(4.0, l.inFlightPerConnection());
    assertEquals(cores, l.servingThreads());
    assertEquals(cores, ShapedAsyncDB.CONNECTIONS.size(), "an instance per thread: " + ShapedAsyncDB.CONNECTIONS);
    assertEquals(clients, sum(ShapedAsyncDB.CONNECTIONS), "a connection per client");
    assertTrue(ShapedAsyncDB.MAX_IN_FLIGHT.stream().allMatch(m -> m == 4), "4 on each: " + ShapedAsyncDB.MAX_IN_FLIGHT);
    assertEquals(4 * clients, DelayedAsyncDB.MAX_IN_FLIGHT.get(), "every client's pipeline in flight");
    assertEquals(100L * clients, r.operations());
    assertEquals(100 * clients, DelayedAsyncDB.COMPLETED.get());

    // A binding that does not say it may: a thread per client, as before.
    reset();
    BenchmarkResult own = run(p, null);
    assertEquals(clients, own.load().servingThreads());
    assertEquals(java.util.Collections.nCopies(clients, 1), ShapedAsyncDB.CONNECTIONS);
    assertEquals(100L * clients, own.operations());

    // A staircase opens each connection at its step: a thread per client too.
    reset();
    ShapedAsyncDB.pipelinesShared = true;
    p.setProperty("staircase", (clients - 1) + "+1@50ms");
    p.setProperty("maxexecutiontime", "1");
    assertEquals(clients, run(p, null).load().servingThreads());
  }

  @Test
  void connections_malformedOrImpossible_isOneClearLine() {
    Properties p = props(4);
    p.setProperty("connections", "few");
    assertTrue(assertThrows(UserError.class, () -> run(p, null)).getMessage()
        .startsWith("property 'connections' must be client"));
    p.setProperty("connections", "2");
    p.setProperty("pipeline", "4");
    assertTrue(assertThrows(UserError.class, () -> run(p, null)).getMessage()
        .startsWith("connections=2 and pipeline=4 are two different loads"));
    p.remove("pipeline");
    p.setProperty("drivers", "0");
    assertTrue(assertThrows(UserError.class, () -> run(p, null)).getMessage().contains("drivers=0"));
    p.remove("drivers");
    ShapedAsyncDB.model = ConnectionShape.Model.SOCKET_PER_COMMAND;
    assertTrue(assertThrows(UserError.class, () -> run(p, null)).getMessage()
        .contains("shares connections between clients, which binding 'shaped' does not do"));
    Properties blocking = props(4);
    blocking.setProperty("connections", "2");
    UserError e = assertThrows(UserError.class,
        () -> new Benchmark(Phase.RUN, blocking, "fixed", FixedLatencyDB.class, getClass().getClassLoader()).run());
    assertTrue(e.getMessage().contains("needs a binding with asynchronous operations"), e.getMessage());
  }

  /**
   * The properties of a binding's earlier releases are the binding's to read (the RESP bindings' own tests cover
   * their names): the engine asks it before the phase reads its properties, and says each line it returns.
   */
  @Test
  void renamedProperties_foldedByTheBindingBeforeThePhaseReadsThem_withOneLineEach() {
    Properties p = props(10);
    p.setProperty("shaped.connections", "2");
    BenchmarkResult r = new Benchmark(Phase.RUN, p, "renaming", RenamingAsyncDB.class, getClass().getClassLoader())
        .run();
    assertEquals(2, r.load().connections(), "shaped.connections=2 is connections=2");
    assertEquals(LoadShape.Model.SHARED, r.load().model());
    assertTrue(r.warnings().contains("shaped.connections=2 is replaced by -p connections=2"), r.warnings().toString());
    BenchmarkResult t = run(props(2), null);
    assertEquals(LoadShape.Model.PER_CLIENT, t.load().model());
    assertTrue(t.warnings().stream().noneMatch(w -> w.contains("is replaced by")), t.warnings().toString());
  }

  /** A server that counts one command per operation completed and holds the probe's connection plus what it is told. */
  static final class CountingProbe implements ServerProbe {
    volatile int extraConnections;
    /** 3 us of the server's CPU per operation, or -3: a counter that goes backwards. */
    volatile long cpuPerOperation = 3;
    final int clients;

    CountingProbe(int clients) {
      this.clients = clients;
    }

    @Override
    public ServerSample sample() {
      return new ServerSample(Instant.now(), "fake", "1", 1, 0, -1, -1, "none", Map.of());
    }

    @Override
    public ServerLoad load() {
      // The clients' connections from their init to their cleanup.
      int connected = ShapedAsyncDB.OPEN.get();
      // 3 us of the server's CPU per operation completed, and a constant since the server started.
      return new ServerLoad(1 + connected + (connected > 0 ? extraConnections : 0),
          DelayedAsyncDB.COMPLETED.get(), "fake counters", 1,
          5_000_000 + cpuPerOperation * DelayedAsyncDB.COMPLETED.get());
    }

    @Override
    public void close() {}
  }

  @Test
  void run_withProbe_serverViewInResult_andAWarningWhenItDiffers() throws Exception {
    Properties p = props(6);
    p.setProperty("drivers", "2");
    p.setProperty("operationcount", "3000");
    CountingProbe probe = new CountingProbe(6);
    BenchmarkResult r = run(p, probe);
    LoadShape.ServerView v = r.load().server();
    assertNotNull(v);
    assertEquals(1, v.connectionsBefore());
    assertEquals(7, v.connectionsMax());
    assertEquals(6, v.runConnections());
    assertEquals(1.0, v.commandsPerOperation(), 1e-9);
    assertEquals(3.0, v.cpuMicrosPerOperation(), 1e-9);
    assertTrue(r.load().describeServer().endsWith("1.00 commands per operation, 3.0 us of its CPU per operation"),
        r.load().describeServer());
    assertTrue(r.warnings().stream().noneMatch(w -> w.contains("the load was not the intended one")), r.warnings().toString());
    // Round trip through result.json.
    BenchmarkResult back = ResultJson.parse(ResultJson.toJson(r));
    assertEquals(r.load(), back.load());
    assertEquals(r.stalls(), back.stalls());
    assertEquals(r.clientCpu(), back.clientCpu());

    reset();
    probe.extraConnections = 3;
    BenchmarkResult other = run(p, probe);
    assertEquals(9, other.load().server().runConnections());
    assertTrue(other.warnings().stream().anyMatch(w -> w.equals("the load shape says 6 connections, but the server"
        + " saw 9 more connections during the run than without its clients: the load was not the intended one")),
        other.warnings().stream().collect(Collectors.joining("\n")));
  }

  /** A cluster whose node 127.0.0.2:7000 the probe cannot read from its 2nd to its 4th read. */
  static final class NodeLosingProbe implements ServerProbe {
    final CountingProbe counts = new CountingProbe(4);
    final java.util.concurrent.atomic.AtomicInteger reads = new java.util.concurrent.atomic.AtomicInteger();

    @Override
    public ServerSample sample() {
      return counts.sample();
    }

    @Override
    public ServerLoad load() {
      ServerLoad l = counts.load();
      int n = reads.incrementAndGet();
      return new ServerLoad(l.connections(), l.commandsProcessed(), l.source(), l.probeConnections(), l.cpuMicros(),
          n >= 2 && n <= 4 ? java.util.List.of("127.0.0.2:7000") : java.util.List.of());
    }

    @Override
    public void close() {}
  }

  @Test
  void run_clusterNodeLostAndBack_namedInTheResultAndOnStderr_noCommandsFigure() throws Exception {
    Properties p = props(4);
    p.setProperty("drivers", "2");
    p.setProperty("operationcount", "0");
    p.setProperty("maxexecutiontime", "2");
    BenchmarkResult r = run(p, new NodeLosingProbe());
    java.util.List<LoadShape.NodeEvent> events = r.load().server().nodeEvents();
    assertEquals(2, events.size(), events.toString());
    assertEquals(new LoadShape.NodeEvent("127.0.0.2:7000", "lost", events.get(0).atMillis()), events.get(0));
    assertEquals("back", events.get(1).event());
    assertTrue(events.get(0).atMillis() < events.get(1).atMillis(), events.toString());
    assertTrue(Double.isNaN(r.load().server().commandsPerOperation()), "the sums are not of the same servers");
    assertTrue(Double.isNaN(r.load().server().cpuMicrosPerOperation()));
    assertTrue(r.warnings().stream().anyMatch(w -> w.startsWith("cluster node 127.0.0.2:7000 lost at ")
        && w.contains("(the probe could not read it), back at ")), r.warnings().toString());
    assertTrue(r.warnings().stream().noneMatch(w -> w.contains("the load was not the intended one")),
        r.warnings().toString());
    BenchmarkResult back = ResultJson.parse(ResultJson.toJson(r));
    assertEquals(r.load(), back.load(), "nodeEvents round-trip through result.json");
  }

  @Test
  void run_serverCpuCounterGoingBackwards_noFigureAndAWarning() {
    Properties p = props(6);
    p.setProperty("drivers", "2");
    p.setProperty("operationcount", "3000");
    CountingProbe probe = new CountingProbe(6);
    probe.cpuPerOperation = -3;
    BenchmarkResult r = run(p, probe);
    assertTrue(Double.isNaN(r.load().server().cpuMicrosPerOperation()), r.load().server().toString());
    assertEquals(1.0, r.load().server().commandsPerOperation(), 1e-9, "the other figures stand");
    assertTrue(r.warnings().contains("the server's CPU time counter went backwards during the phase, so no server CPU"
        + " per operation is given"), r.warnings().toString());
  }

  @Test
  void run_clientCpu_isThePhasesOwn() {
    Properties p = props(4);
    p.setProperty("operationcount", "4000");
    BenchmarkResult r = run(p, null);
    assertNotNull(r.clientCpu(), "OpenJDK reports the process's CPU time");
    // This JVM has run other tests before: a figure counted from its start would exceed what the phase's
    // runtime on every core allows.
    long cores = Runtime.getRuntime().availableProcessors();
    assertTrue(r.clientCpu().cpuMillis() <= (r.runtimeMillis() + 20) * cores, r.clientCpu() + " in "
        + r.runtimeMillis() + " ms");
    assertEquals(r.clientCpu().cpuMillis() * 1000.0 / 4000, r.clientCpu().microsPerOperation(), 0.25);
    assertTrue(r.clientCpu().microsPerOperation() > 0, r.clientCpu().toString());
    String summary = io.github.ycsbkv.results.summary.SummaryText.format(r);
    assertTrue(summary.contains("[CLIENT-CPU], CpuTime(ms), " + r.clientCpu().cpuMillis() + "\n"), summary);
    assertNull(r.load().server(), "no probe, no server view");
  }
}
