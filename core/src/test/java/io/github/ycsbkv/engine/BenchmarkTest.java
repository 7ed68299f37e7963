package io.github.ycsbkv.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbkv.engine.stop.StopReason;
import io.github.ycsbkv.memory.MemoryDB;
import io.github.ycsbkv.results.BenchmarkResult;
import io.github.ycsbkv.results.LatencyStats;
import io.github.ycsbkv.results.OperationResult;
import java.util.Properties;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class BenchmarkTest {

  private static final long MILLI = 1_000_000L;
  private final FakeClock clock = new FakeClock();

  @BeforeEach
  void setUp() {
    FixedLatencyDB.clock = clock;
    FixedLatencyDB.serviceNanos = MILLI;
  }

  private static Properties readOnly(long records, long operations) {
    Properties p = new Properties();
    p.setProperty("recordcount", Long.toString(records));
    p.setProperty("operationcount", Long.toString(operations));
    p.setProperty("readproportion", "1");
    p.setProperty("updateproportion", "0");
    p.setProperty("requestdistribution", "uniform");
    return p;
  }

  private BenchmarkResult run(Phase phase, Properties props) {
    return new Benchmark(phase, props, "fixed", FixedLatencyDB.class, getClass().getClassLoader()).clock(clock).run();
  }

  @Test
  void run_operationCount_doesExactlyThatManyOperationsOverThreads() {
    Properties p = readOnly(100, 1001);
    p.setProperty("threadcount", "4");
    BenchmarkResult r = run(Phase.RUN, p);
    assertEquals("completed", r.stopReason());
    assertEquals(1001, r.operations());
    assertEquals(1001, r.operation("READ").count());
    assertEquals(1001L, r.operation("READ").statuses().get("OK"));
  }

  @Test
  void load_insertCount_winsOverRecordCount() {
    Properties p = readOnly(100, 0);
    p.setProperty("insertcount", "40");
    BenchmarkResult r = run(Phase.LOAD, p);
    assertEquals(40, r.operations());
    assertEquals(40, r.operation("INSERT").count());
  }

  @Test
  void run_moreThreadsThanOperations_threadsWithoutShareDoNothing() {
    Properties p = readOnly(10, 3);
    p.setProperty("threadcount", "8");
    BenchmarkResult r = run(Phase.RUN, p);
    assertEquals(3, r.operations());
    assertEquals("completed", r.stopReason());
  }

  @Test
  void run_maxExecutionTimeWithZeroOperationCount_stopsAtTheTimeLimit() {
    // Upstream 0.17.0 mishandles operationcount=0; here it means "until maxexecutiontime".
    Properties p = readOnly(10, 0);
    p.setProperty("maxexecutiontime", "1");
    BenchmarkResult r = run(Phase.RUN, p);
    assertEquals("max_execution_time", r.stopReason());
    // Each operation takes 1 ms of fake time: about 1,000 fit in one second.
    assertTrue(r.operations() >= 999 && r.operations() <= 1001, "operations: " + r.operations());
    assertEquals(1000, r.runtimeMillis(), 2);
  }

  @Test
  void run_maxExecutionTimeBeforeOperationCount_stopsEarly() {
    Properties p = readOnly(10, 1_000_000);
    p.setProperty("maxexecutiontime", "2");
    BenchmarkResult r = run(Phase.RUN, p);
    assertEquals("max_execution_time", r.stopReason());
    assertTrue(r.operations() < 2100, "operations: " + r.operations());
  }

  @Test
  void run_targetBeyondServiceRate_responseTimeGrowsWhileServiceTimeStaysFlat() {
    // Service time is 1 ms; the target asks for one operation every 0.5 ms, which the DB cannot meet.
    // Operation i is intended to start at i * 0.5 ms and ends at (i + 1) * 1 ms, so its response time
    // is 1 ms + i * 0.5 ms: the queue that a closed loop would hide (coordinated omission).
    Properties p = readOnly(10, 100);
    p.setProperty("target", "2000");
    BenchmarkResult r = run(Phase.RUN, p);
    OperationResult read = r.operation("READ");
    LatencyStats service = read.serviceOk();
    LatencyStats response = read.responseOk();
    assertNotNull(response, "response time is measured under -target");
    assertEquals(100, service.count());
    assertEquals(100, response.count());
    assertEquals(1000.0, service.minMicros(), 1.0);
    assertEquals(1000.0, service.maxMicros(), 1.0);
    assertEquals(1000.0, response.minMicros(), 1.0);
    assertEquals(50_500.0, response.maxMicros(), 50.5);
    assertEquals(25_750.0, response.meanMicros(), 30.0);
    assertTrue(response.percentileMicros(99) > 40 * service.percentileMicros(99));
  }

  @Test
  void run_targetWithinServiceRate_responseEqualsServiceAndPaceIsKept() {
    // One operation every 4 ms, each taking 1 ms: no queue, and the run lasts 100 x 4 ms.
    Properties p = readOnly(10, 100);
    p.setProperty("target", "250");
    BenchmarkResult r = run(Phase.RUN, p);
    LatencyStats response = r.operation("READ").responseOk();
    assertEquals(1000.0, response.maxMicros(), 1.0);
    assertEquals(397, r.runtimeMillis(), 2);
    assertEquals(250.0, r.throughputOpsPerSec(), 2.0);
  }

  @Test
  void run_withoutTarget_hasNoResponseTimeSeries() {
    BenchmarkResult r = run(Phase.RUN, readOnly(10, 10));
    assertNull(r.operation("READ").responseOk());
  }

  @Test
  void run_stopSignalFromAnotherThread_returnsPartialResultsAsInterrupted() throws Exception {
    MemoryDB.clearAll();
    Properties p = readOnly(10, 0);
    p.setProperty("table", "interrupt");
    Benchmark b = new Benchmark(Phase.RUN, p, "memory", MemoryDB.class, getClass().getClassLoader());
    Thread stopper = new Thread(() -> {
      try {
        Thread.sleep(300);
      } catch (InterruptedException e) {
        return;
      }
      b.stopSignal().stop(StopReason.INTERRUPTED, "interrupted by the user");
    });
    stopper.start();
    BenchmarkResult r = b.run();
    stopper.join();
    assertEquals("interrupted", r.stopReason());
    assertTrue(r.operations() > 0);
    assertEquals(r.operations(), r.operation("READ").count());
  }

  @Test
  void run_dbInitFails_failsWithTheBindingsMessage() {
    BenchmarkResult r = new Benchmark(Phase.RUN, readOnly(10, 10), "broken", FailingInitDB.class,
        getClass().getClassLoader()).run();
    assertEquals("failed", r.stopReason());
    assertEquals(0, r.operations());
    assertEquals("cannot initialize binding 'broken': cannot connect to 127.0.0.1:6390: Connection refused", r.error());
  }

  /**
   * Regression: the engine waited for every client's init, and the bindings connect one client at a time,
   * so a server that never answers took threads x timeout (49 s at 8 threads) to fail.
   */
  @Test
  void run_unansweringServer_failsAfterTheFirstClientsTimeout_notEveryClients() {
    SlowFailingInitDB.reset();
    SlowFailingInitDB.timeoutMillis = 300;
    SlowFailingInitDB.fail = true;
    // Every client after the first waits until this test releases it: the run can only end on the first failure
    // (however slow the machine: under emulation a fixed bound on the attempts was a timing assumption).
    java.util.concurrent.CountDownLatch hold = new java.util.concurrent.CountDownLatch(1);
    SlowFailingInitDB.holdAfterFirst = hold;
    try {
      Properties p = readOnly(10, 100);
      p.setProperty("threadcount", "16");
      BenchmarkResult r = new Benchmark(Phase.RUN, p, "mute", SlowFailingInitDB.class, getClass().getClassLoader())
          .run();
      int attempted = SlowFailingInitDB.ATTEMPTS.get();
      assertEquals("failed", r.stopReason());
      assertEquals("cannot initialize binding 'mute': the server at 127.0.0.1:6390 closed or did not answer (Read timed"
          + " out)", r.error());
      assertEquals(0, r.operations());
      // The first failure ended the run: the second client holds the lock, the other 14 never got their turn.
      assertTrue(attempted <= 2, attempted + " of 16 clients tried to connect before the run failed");
    } finally {
      SlowFailingInitDB.holdAfterFirst = null;
      hold.countDown();
    }
  }

  @Test
  void run_stoppedWhileClientsConnect_endsAtOnce_withoutWaitingForThem() throws Exception {
    SlowFailingInitDB.reset();
    SlowFailingInitDB.timeoutMillis = 400;
    SlowFailingInitDB.fail = false;
    Properties p = readOnly(10, 100);
    p.setProperty("threadcount", "8");
    Benchmark b = new Benchmark(Phase.RUN, p, "mute", SlowFailingInitDB.class, getClass().getClassLoader());
    Thread stopper = new Thread(() -> {
      while (SlowFailingInitDB.ATTEMPTS.get() == 0) {
        Thread.onSpinWait();
      }
      b.stopSignal().stop(StopReason.INTERRUPTED, "interrupted by the user");
    });
    stopper.start();
    BenchmarkResult r = b.run();
    int attempted = SlowFailingInitDB.ATTEMPTS.get();
    stopper.join();
    assertEquals("interrupted", r.stopReason());
    assertEquals(0, r.operations());
    assertTrue(attempted <= 2, attempted + " of 8 clients tried to connect after the stop");
  }

  @Test
  void run_everyOperationFails_stopsAfterErrorsAbortAfter() {
    Properties p = readOnly(10, 0);
    p.setProperty("errors.abortafter", "2");
    BenchmarkResult r = new Benchmark(Phase.RUN, p, "dead", DeadServerDB.class, getClass().getClassLoader())
        .clock(clock).run();
    assertEquals("failed", r.stopReason());
    assertTrue(r.error().startsWith("every operation on 'dead' failed for the last 2 s"), r.error());
    // One failure per fake millisecond for two seconds.
    assertEquals(2001, r.operation("READ").errors(), 2);
  }

  @Test
  void run_bindingThrows_stopsWithOneLine() {
    BenchmarkResult r = new Benchmark(Phase.RUN, readOnly(10, 100), "throwing", ThrowingDB.class,
        getClass().getClassLoader()).run();
    assertEquals("failed", r.stopReason());
    assertEquals("binding 'throwing' threw on read: server closed the connection", r.error());
    assertEquals(1, r.operation("READ").errors());
  }
}
