package io.github.ycsbkv.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbkv.config.UserError;
import io.github.ycsbkv.engine.stop.Reconnect;
import io.github.ycsbkv.results.BenchmarkResult;
import io.github.ycsbkv.results.OperationResult;
import io.github.ycsbkv.results.Outage;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A store that cannot be reached for a second in the middle of a run: clients wait between attempts
 * (reconnect.interval), and the outage is measured from the operations.
 */
class OutageTest {

  @BeforeEach
  void reset() {
    LoopAsyncDB.reset();
    OutageDB.reset();
  }

  @AfterEach
  void stop() {
    OutageDB.reset();
  }

  private static Properties props(String drivers) {
    Properties p = new Properties();
    p.setProperty("recordcount", "100");
    p.setProperty("operationcount", "0");
    p.setProperty("maxexecutiontime", "4");
    p.setProperty("readproportion", "0.9");
    p.setProperty("updateproportion", "0.1");
    p.setProperty("requestdistribution", "uniform");
    p.setProperty("threadcount", "10");
    p.setProperty("drivers", drivers);
    p.setProperty("reconnect.max", "300");
    return p;
  }

  private static final long RECONNECT_MAX_MILLIS = 300;

  /**
   * The store goes down 1 s after the first operation reaches it, for at least 1 s ({@link OutageDB}: timed by the
   * store, so a slow start of the phase cannot move the outage out of it).
   */
  private BenchmarkResult runWithOutage(Properties p) {
    return new Benchmark(Phase.RUN, p, "outage", OutageDB.class, getClass().getClassLoader()).run();
  }

  /** Where {@code nanos} (System.nanoTime) falls in the phase of {@code r}, in milliseconds from its start. */
  private static double phaseMillis(BenchmarkResult r, long nanos) {
    long wallMinusNano = System.currentTimeMillis() * 1_000_000L - System.nanoTime();
    return (nanos + wallMinusNano) / 1e6 - r.start().toEpochMilli();
  }

  private static long recorded(BenchmarkResult r) {
    long n = 0;
    for (OperationResult op : r.operationResults()) {
      if (!op.operation().equals("CLEANUP")) {
        n += op.statuses().values().stream().mapToLong(Long::longValue).sum();
      }
    }
    return n;
  }

  /**
   * drivers=2: ten clients on two loops; drivers=0: a thread per client. Every bound below comes from what the store
   * saw (its first and last refused attempt) and what the run measured (its longest stall), not from the wall clock:
   * a slow or loaded machine moves both alike.
   */
  @ParameterizedTest
  @ValueSource(strings = {"2", "0"})
  void run_storeDownForASecond_clientsWaitBetweenAttempts_andTheOutageIsMeasured(String drivers) {
    BenchmarkResult r = runWithOutage(props(drivers));
    assertEquals("max_execution_time", r.stopReason(), String.valueOf(r.error()));
    assertEquals(1, r.outages().size(), r.outages().toString());
    Outage o = r.outages().get(0);
    assertTrue(o.ended(), o.describe());
    long firstRefused = OutageDB.FIRST_REFUSED.get();
    long lastRefused = OutageDB.LAST_REFUSED.get();
    double downSeenMillis = (lastRefused - firstRefused) / 1e6;
    // How much later than the store's stamps the engine's own may be: the run's longest stall (twice: one before the
    // outage's first operation, one before its end) and a thread's turn on a busy machine.
    double slackMillis = 2 * r.stalls().maxMicros() / 1000 + 100;
    // It starts with the earliest failed operation, which the engine timed from just before the store refused it.
    double firstRefusedAt = phaseMillis(r, firstRefused);
    assertTrue(o.startMillis() <= firstRefusedAt + 5 && o.startMillis() >= firstRefusedAt - slackMillis,
        o.describe() + "; the store refused first at " + firstRefusedAt + " ms");
    assertTrue(firstRefusedAt >= 1000 - slackMillis, "down 1 s after the first call: " + firstRefusedAt);
    // It ends with the first success of an operation begun after the last failure: no sooner than the last refusal,
    // and at most a client's longest wait (reconnect.max) after it.
    assertTrue(downSeenMillis >= 1000 - RECONNECT_MAX_MILLIS - slackMillis, "the store was down about 1 s: "
        + downSeenMillis);
    assertTrue(o.durationMillis() >= downSeenMillis - 1, o.describe() + "; the store refused for " + downSeenMillis
        + " ms");
    assertTrue(o.durationMillis() <= downSeenMillis + RECONNECT_MAX_MILLIS + slackMillis, o.describe()
        + "; the store refused for " + downSeenMillis + " ms, stalls " + r.stalls());
    // Each client tries at most once per wait (100 ms, then about double, at most 300 ms) and once more as a wait
    // ends: in the time the store refused, at most 2 + that time / 100 ms attempts a client.
    long failed = r.totalErrors();
    assertEquals(OutageDB.ATTEMPTS_WHILE_DOWN.get(), failed, "every attempt while down failed once, and only those");
    assertTrue(failed >= 10 && failed <= 10 * (2 + (long) downSeenMillis / 100), "10 clients, in " + downSeenMillis
        + " ms: " + failed);
    assertEquals(failed, o.failedOperations(), o.describe());
    assertTrue(o.firstCause().contains("the test's store is down"), o.describe() + "; stalls " + r.stalls() + "; the store refused from " + firstRefusedAt + " ms for " + downSeenMillis + " ms");
    // Before the outage every client had an operation of 1 ms in flight: far more than a client in waits could do.
    assertTrue(o.levelBeforeOpsPerSec() > 10 * 1000.0 / RECONNECT_MAX_MILLIS, o.describe());
    assertTrue(o.backAfterMillis() >= 0 && o.backAfterMillis() <= r.runtimeMillis() - o.endMillis(), o.describe());
    assertEquals(r.operations(), recorded(r), "no operation lost from the counts");
  }

  /**
   * reconnect.interval=0: every operation is an attempt (the retry loop the outage measure must not count). The
   * store comes back only after 300 refused attempts, more than 10 clients waiting between attempts could make in
   * the 3 s left of the phase (at most about 12 each): without waits they are there in a fraction of that.
   */
  @Test
  void run_withoutWaits_everyOperationIsAnAttempt() {
    Properties p = props("2");
    p.setProperty("reconnect.interval", "0");
    p.setProperty("reconnect.max", "0");
    OutageDB.attemptsToComeBack = 300;
    BenchmarkResult r = runWithOutage(p);
    assertEquals(1, r.outages().size(), r.outages().toString());
    assertTrue(r.outages().get(0).ended(), "the clients retried without waits: " + r.outages().get(0).describe());
    assertEquals(OutageDB.ATTEMPTS_WHILE_DOWN.get(), r.totalErrors(), "every attempt while down failed once");
    assertTrue(r.totalErrors() >= 300, "10 clients retrying without waits: " + r.totalErrors());
  }

  @Test
  void reconnect_waitsDoubleUpToTheMax_andTheMaxMustCoverTheInterval() {
    Properties p = new Properties();
    Reconnect r = Reconnect.from(p);
    assertEquals(TimeUnit.MILLISECONDS.toNanos(100), r.waitNanos(0));
    assertEquals(TimeUnit.MILLISECONDS.toNanos(400), r.waitNanos(TimeUnit.MILLISECONDS.toNanos(400)));
    assertEquals(TimeUnit.MILLISECONDS.toNanos(1000), r.waitNanos(TimeUnit.SECONDS.toNanos(30)));
    p.setProperty("reconnect.interval", "2000");
    assertEquals(TimeUnit.MILLISECONDS.toNanos(2000), Reconnect.from(p).maxNanos(), "the max follows a longer interval");
    p.setProperty("reconnect.max", "500");
    UserError e = assertThrows(UserError.class, () -> Reconnect.from(p));
    assertTrue(e.getMessage().contains("reconnect.max") && e.getMessage().contains("at least"), e.getMessage());
  }
}
