package io.github.ycsbkv.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbkv.config.Slo;
import io.github.ycsbkv.config.UserError;
import io.github.ycsbkv.engine.time.Arrivals;
import io.github.ycsbkv.results.BenchmarkResult;
import io.github.ycsbkv.results.IntervalSample;
import io.github.ycsbkv.results.LatencyStats;
import io.github.ycsbkv.results.OpenLoop;
import io.github.ycsbkv.results.PercentileValue;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The open loop ({@code -target} on the binding's event loops, #35): arrivals on a schedule whatever the replies do,
 * at most one request in flight per connection, the rest waiting in the client and timed from their intended start.
 * The store is {@link LoopAsyncDB} (every operation takes 1 ms on an event loop of its own), so each client's
 * connection serves at most about 1,000 operations a second.
 */
class OpenLoopTest {

  @BeforeEach
  void reset() {
    LoopAsyncDB.reset();
  }

  private static Properties props(int clients, long operations, double target) {
    Properties p = new Properties();
    p.setProperty("recordcount", "100");
    p.setProperty("operationcount", Long.toString(operations));
    p.setProperty("readproportion", "0.9");
    p.setProperty("updateproportion", "0.1");
    p.setProperty("requestdistribution", "uniform");
    p.setProperty("threadcount", Integer.toString(clients));
    p.setProperty("target", Double.toString(target));
    return p;
  }

  private BenchmarkResult run(Properties p) {
    return new Benchmark(Phase.RUN, p, "loop", LoopAsyncDB.class, getClass().getClassLoader()).run();
  }

  @Test
  void belowWhatTheStoreServes_arrivalsKeepTheirSchedule_andEachIsWrittenAtOnce() {
    BenchmarkResult r = run(props(4, 300, 600));
    assertEquals("completed", r.stopReason(), String.valueOf(r.error()));
    assertEquals(300, r.operations());
    assertEquals(300, LoopAsyncDB.COMPLETED.get());
    // Paced by the schedule: 300 arrivals at 600 a second take half a second, however fast the store is.
    assertTrue(r.runtimeMillis() >= 490, "runtime " + r.runtimeMillis() + " ms");
    assertEquals(0, LoopAsyncDB.SUBMITTED_OFF_LOOP.get(), "submitted on the loop");
    OpenLoop o = r.load().openLoop();
    assertNotNull(o, "an open-loop run says so");
    assertEquals(OpenLoop.EVENT_LOOPS, o.servedBy());
    assertEquals("uniform", o.arrivals());
    assertEquals(600, o.targetOpsPerSec());
    assertEquals(300, o.arrivalCount());
    assertEquals(300, o.scheduleLag().count());
    assertEquals(300, o.latency().count(), "every operation timed from its intended start");
    assertTrue(o.inFlightPerConnectionMax() <= 1, "never more in flight than connections");
    assertTrue(r.operation("READ").responseOk() != null, "the intended-start series is recorded");
    assertTrue(o.latency().minMicros() >= 900, "an operation takes the store's 1 ms at least");
  }

  @Test
  void aboveWhatTheStoreServes_arrivalsWaitInTheClient_andTheirWaitIsTheirLatency() {
    // 2 connections of 1 ms each serve about 2,000 a second; 1,000 arrivals at 100,000 a second all come in the first
    // 10 ms, so the last waits about half a second for a connection.
    BenchmarkResult r = run(props(2, 1000, 100_000));
    assertEquals("completed", r.stopReason(), String.valueOf(r.error()));
    assertEquals(1000, r.operations());
    OpenLoop o = r.load().openLoop();
    assertEquals(2, LoopAsyncDB.MAX_IN_FLIGHT.get(), "the queue stays in the client: one request per connection ("
        + r.load().describe() + ", " + o.describe() + ")");
    assertEquals(1, o.inFlightPerConnectionMax());
    assertTrue(o.inFlightPerConnectionMean() > 0.9, "busy: " + o.inFlightPerConnectionMean());
    assertTrue(o.queueMax() >= 250, "arrivals waited in the client: " + o.queueMax());
    assertTrue(o.queueMean() > 100, "" + o.queueMean());
    assertTrue(o.latency().maxMicros() >= 400_000, "the last arrival's wait counts: " + o.latency().maxMicros());
    // From the write, each takes the store's time only: far less than the median wait in the queue, which 500 of
    // the 1,000 arrivals spend behind at least 250 ms of the store's 1 ms operations (a stall of the machine
    // lengthens both).
    double service = r.operation("READ").serviceOk().percentileMicros(99);
    double median = o.latency().percentileMicros(50);
    assertTrue(median >= 240_000, "half the arrivals waited behind 500 of the store's operations: " + median);
    assertTrue(service < median / 4, "from the write, each takes the store's time only: " + service + " us against"
        + " the queue's median " + median + " us");
    assertTrue(r.runtimeMillis() >= 450, "" + r.runtimeMillis());
  }

  @Test
  void poissonArrivals_samePacing_andTheResultSaysWhich() {
    Properties p = props(4, 300, 600);
    p.setProperty("arrivals", "poisson");
    p.setProperty("arrivals.seed", "7");
    BenchmarkResult r = run(p);
    assertEquals("completed", r.stopReason(), String.valueOf(r.error()));
    assertEquals(300, r.operations());
    assertEquals("poisson", r.load().openLoop().arrivals());
    assertTrue(r.runtimeMillis() >= 300, "about half a second of exponential gaps: " + r.runtimeMillis());
  }

  @Test
  void maxExecutionTime_endsTheSchedule() {
    Properties p = props(4, 0, 500);
    p.setProperty("maxexecutiontime", "1");
    BenchmarkResult r = run(p);
    assertEquals("max_execution_time", r.stopReason());
    // Paced by the schedule, not by the store (4 clients of 1 ms serve 4,000 a second): no more arrivals than 500 a
    // second gives in the time the phase ran, and most of them (a stall of the machine delays arrivals, and the
    // deadline may come before the late ones are made).
    double scheduled = 500 * r.runtimeMillis() / 1000.0;
    assertEquals(r.load().openLoop().arrivalCount(), r.operations(), "every arrival made was done");
    assertTrue(r.operations() <= scheduled + 4 && r.operations() >= scheduled / 2, "about 500 a second in "
        + r.runtimeMillis() + " ms: " + r.operations());
  }

  @Test
  void bindingWithoutAsynchronousOperations_keepsAThreadPerClient_andSaysSo() {
    // 200 ops/s: each client's arrivals 10 ms apart, which the memory store keeps up with under qemu-user too (at
    // 1,000 ops/s the CI's ARM64 pass once found the client busy at 87% of its arrivals: emulation, not the engine).
    Properties p = props(2, 100, 200);
    BenchmarkResult r = new Benchmark(Phase.RUN, p, "memory", io.github.ycsbkv.memory.MemoryDB.class,
        getClass().getClassLoader()).run();
    assertEquals(100, r.operations());
    OpenLoop o = r.load().openLoop();
    assertEquals(OpenLoop.THREAD_PER_CLIENT, o.servedBy());
    assertEquals(100, o.scheduleLag().count(), "each client's lag behind its own schedule");
    assertEquals(100, o.latency().count());
    assertEquals(2, r.load().servingThreads());
    assertTrue(o.inFlightPerConnectionMax() <= 1, "a thread per client holds one request at most");
    assertTrue(o.inFlightPerConnectionMean() < 0.5, "the memory store keeps up: most arrivals find the client free ("
        + o.inFlightPerConnectionMean() + ")");
  }

  /**
   * A thread per client above what the store serves: an arrival that finds its client's connection busy waits for it
   * (the store's queue: counted in its latency from its intended start), and the client's lag counts from the moment
   * the connection became free, not from the intended start, so it is never mistaken for a slow client. Found by
   * {@code sweep --capacity} on a blocking store: every step above its rate was called client-bound, with a lag
   * P99 of 416 ms that was the store's queue.
   */
  @Test
  void threadPerClient_aboveWhatTheStoreServes_theQueueIsTheStores_notTheClientsLag() {
    // 2 clients of 1 ms each serve at most about 2,000 a second; 600 arrivals at 20,000 a second queue behind them.
    BenchmarkResult r = new Benchmark(Phase.RUN, props(2, 600, 20_000), "sleeping", SleepingDB.class,
        getClass().getClassLoader()).run();
    assertEquals("completed", r.stopReason(), String.valueOf(r.error()));
    OpenLoop o = r.load().openLoop();
    assertEquals(OpenLoop.THREAD_PER_CLIENT, o.servedBy());
    assertEquals(600, o.scheduleLag().count());
    assertEquals(1, o.inFlightPerConnectionMax(), "arrivals found the connection busy");
    assertTrue(o.queueMax() >= 100, "the schedule ran ahead of each client: " + o.queueMax());
    double latency = o.latency().percentileMicros(99);
    double lag = o.scheduleLag().percentileMicros(99);
    assertTrue(latency >= 100_000, "the queue is in every late arrival's latency: " + latency);
    // The client's own lag is not the queue: compared at the median, which a few stalls of the machine (each
    // lagging the two clients' operations in it) do not move.
    double lagMedian = o.scheduleLag().percentileMicros(50);
    double latencyMedian = o.latency().percentileMicros(50);
    assertTrue(lagMedian < latencyMedian / 20 && lag < latency, "the client's own lag is not the queue: lag P50 "
        + lagMedian + " us, P99 " + lag + " us; latency P50 " + latencyMedian + " us, P99 " + latency + " us");
    // Each interval says the same of its own completions: the response time from the intended start has the queue,
    // the service time (from each request's start) not. The run is shorter than a status interval: one sample.
    assertEquals(1, r.intervals().size(), r.intervals().toString());
    IntervalSample only = r.intervals().get(0);
    assertEquals(latency, only.responseP99Micros(), latency * 0.01, "the interval's response P99 is the run's");
    assertTrue(only.responseP99Micros() > only.p99Micros(), "the queue is not in the service time: " + only);
  }

  /**
   * {@code maxinflight=3}: above what the store serves, each of the 2 connections holds up to 3 requests (6 in all,
   * never more), the rest wait in the client; the binding is told the bound, and the result states it.
   */
  @Test
  void maxInFlight_aboveWhatTheStoreServes_upToThatManyOnEachConnection_neverMore() {
    Properties p = props(2, 1000, 100_000);
    p.setProperty("maxinflight", "3");
    BenchmarkResult r = new Benchmark(Phase.RUN, p, "loop", LoopConnectionDB.class, getClass().getClassLoader()).run();
    assertEquals("completed", r.stopReason(), String.valueOf(r.error()));
    assertEquals(1000, r.operations());
    assertEquals(6, LoopAsyncDB.MAX_IN_FLIGHT.get(), "3 on each of 2 connections");
    assertEquals(3, LoopConnectionDB.planGiven.maxInFlight(), "the binding spreads them: it is told the bound");
    assertTrue(LoopConnectionDB.planGiven.openLoop(), LoopConnectionDB.planGiven.toString());
    OpenLoop o = r.load().openLoop();
    assertEquals(3, o.maxInFlight());
    // What the schedule offered is its rate, however far behind the store was (a capacity step's verdict compares
    // the achieved rate with it): counted once the loop ended, not when the live metrics first read its figures.
    assertEquals(100_000, o.offeredOpsPerSec(), 5_000, "offered: " + o);
    assertTrue(r.throughputOpsPerSec() < 0.5 * o.offeredOpsPerSec(), r.throughputOpsPerSec() + " achieved");
    assertEquals(3, o.inFlightPerConnectionMax(), 1e-9);
    assertTrue(o.queueMax() >= 250, "the rest waited in the client: " + o.queueMax());
    assertTrue(r.load().describe().startsWith("2 clients on 2 connections, up to 3 requests in flight on each"),
        r.load().describe());
  }

  @Test
  void badOpenLoopProperties_oneLineBeforeAnythingRuns() {
    for (String bad : List.of("0", "two", "1025")) {
      Properties p = props(2, 100, 1000);
      p.setProperty("maxinflight", bad);
      assertEquals("-p maxinflight must be a whole number from 1 to 1024 (requests in flight on a connection in an"
          + " open loop), got '" + bad + "'", assertThrows(UserError.class, () -> run(p)).getMessage());
    }
    Properties unknown = props(2, 100, 1000);
    unknown.setProperty("maxinflight", "4");
    UserError e = assertThrows(UserError.class, () -> run(unknown));
    assertTrue(e.getMessage().startsWith("-p maxinflight=4: binding 'loop' does not keep a connection per client"
        + " (unknown)"), e.getMessage());
    Properties threadPerClient = props(2, 100, 1000);
    threadPerClient.setProperty("maxinflight", "2");
    UserError t = assertThrows(UserError.class, () -> new Benchmark(Phase.RUN, threadPerClient, "memory",
        io.github.ycsbkv.memory.MemoryDB.class, getClass().getClassLoader()).run());
    assertTrue(t.getMessage().startsWith("-p maxinflight=2: this open loop keeps a thread per client ("),
        t.getMessage());
    Properties q = props(2, 100, 1000);
    q.setProperty("arrivals", "bursty");
    assertEquals("property 'arrivals' must be uniform (evenly spaced, the default) or poisson (exponential gaps), got"
        + " 'bursty'", assertThrows(UserError.class, () -> run(q)).getMessage());
    Properties s = props(2, 100, 1000);
    s.setProperty("slo", "p99<1ms");
    assertTrue(assertThrows(UserError.class, () -> run(s)).getMessage().startsWith("property 'slo': cannot read"));
    assertEquals(0, LoopAsyncDB.COMPLETED.get(), "nothing ran");
  }

  @Test
  void clientBound_whenTheLagOrTheCpuSaysSo() {
    LatencyStats lag = new LatencyStats(100, 50, 1, 900, 10, List.of(new PercentileValue(99, 150)));
    assertNull(OpenLoopFigures.clientBound(lag, 0.5, 2, Slo.parse("p99=2ms")), "150 us < 200 us");
    assertEquals("its schedule lag P99 was 150us, over 100us (a tenth of p99<=1ms)",
        OpenLoopFigures.clientBound(lag, 0.5, 2, Slo.parse("p99=1ms")));
    assertNull(OpenLoopFigures.clientBound(lag, 0.5, 2, null), "without a budget: 1 ms");
    assertEquals("its CPU was saturated (95% of the 2 cores its serving threads could use)",
        OpenLoopFigures.clientBound(lag, 0.95, 2, null));
  }

  @Test
  void arrivals_uniformAreEvenlySpacedAndStaggered_poissonHaveTheMeanGap() {
    Arrivals a = new Arrivals(Arrivals.Kind.UNIFORM, 1000, 0, 1, 4, 3, Long.MAX_VALUE, 1);
    assertEquals(250_000, a.peek(), "thread 1 of 4: a quarter of the spacing later");
    a.advance();
    assertEquals(1_250_000, a.peek());
    a.advance();
    a.advance();
    assertEquals(Long.MAX_VALUE, a.peek(), "its limit of 3");
    Arrivals d = new Arrivals(Arrivals.Kind.UNIFORM, 1000, 0, 0, 1, Long.MAX_VALUE, 2_500_000, 1);
    d.advance();
    d.advance();
    d.advance();
    assertEquals(Long.MAX_VALUE, d.peek(), "none at or after the deadline");
    Arrivals p = new Arrivals(Arrivals.Kind.POISSON, 10_000, 0, 0, 1, Long.MAX_VALUE, Long.MAX_VALUE, 3);
    long last = 0;
    int n = 100_000;
    for (int i = 0; i < n; i++) {
      long t = p.peek();
      assertTrue(t >= last, "in order");
      last = t;
      p.advance();
    }
    double meanGapMicros = last / 1e3 / n;
    assertEquals(100, meanGapMicros, 2, "mean gap 1/rate");
  }

  /**
   * #43: a rate schedule on the event loops: exactly the schedule's arrivals, the run ends with it, and every
   * status interval records what the schedule offered in it.
   */
  @Test
  void rateSchedule_onTheEventLoops_runsItsArrivals_andEndsWithIt() {
    Properties p = props(4, 1_000_000, 1);
    p.setProperty("target", "200@1s,200..1000@1s,1000@1s");
    p.setProperty("status.interval", "1");
    BenchmarkResult r = run(p);
    assertEquals(OpenLoop.EVENT_LOOPS, r.load().openLoop().servedBy());
    // 200 + 600 + 1,000 arrivals, then the schedule's end is the run's.
    assertEquals(1800, r.operations(), r.stopReason() + " " + r.error());
    assertEquals("max_execution_time", r.stopReason());
    assertEquals(600, r.targetOpsPerSec(), 1e-9, "the schedule's mean");
    assertTrue(r.runtimeMillis() >= 2_990, "paced by the schedule: " + r.runtimeMillis() + " ms");
    double[] offered = r.intervals().stream().mapToDouble(i -> i.offeredOpsPerSec()).toArray();
    assertTrue(offered.length >= 3, r.intervals().toString());
    assertEquals(200, offered[0], 20, r.intervals().toString());
    assertEquals(600, offered[1], 60, r.intervals().toString());
    assertEquals(1000, offered[2], 100, r.intervals().toString());
  }

  /** #43: on a thread per client (a binding without event loops) the schedule is kept too. */
  @Test
  void rateSchedule_onAThreadPerClient_runsItsArrivals() {
    Properties p = props(2, 1_000_000, 1);
    p.setProperty("target", "300@1s,100@1s");
    BenchmarkResult r = new Benchmark(Phase.RUN, p, "memory", io.github.ycsbkv.memory.MemoryDB.class,
        getClass().getClassLoader()).run();
    assertEquals(400, r.operations(), r.stopReason() + " " + r.error());
    assertEquals("max_execution_time", r.stopReason());
    assertEquals(200, r.targetOpsPerSec(), 1e-9);
    assertTrue(r.runtimeMillis() >= 1_490, "the last arrival is 1.5 s or later in: " + r.runtimeMillis() + " ms");
  }

  @Test
  void rateSchedule_malformed_isOneLine() {
    Properties p = props(2, 100, 1);
    p.setProperty("target", "300 for 1s");
    UserError e = assertThrows(UserError.class, () -> run(p));
    assertTrue(e.getMessage().startsWith("-target: '300 for 1s' is not a rate schedule's piece"), e.getMessage());
  }
}
