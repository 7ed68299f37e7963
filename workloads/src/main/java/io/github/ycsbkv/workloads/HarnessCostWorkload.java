package io.github.ycsbkv.workloads;

import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.StringByteIterator;
import site.ycsb.Workload;

/**
 * A workload that does as little as possible, to measure the cost of a benchmark harness itself:
 * each operation reads one fixed key ({@code doTransaction}) or inserts it with one small field
 * ({@code doInsert}), reusing its maps, so that nearly all remaining time per operation is the
 * engine's (timing, recording, loop control) and the binding's.
 *
 * <p>With upstream's {@code site.ycsb.BasicDB} it compares engines: upstream's
 * {@code site.ycsb.Client} against ycsb-kv's (see {@code docs/benchmarks.md}). It depends only on
 * YCSB's {@code Workload}, so it runs on both. Property: {@code table} (default {@code usertable}).
 * Thread-safe: per-thread state lives in the object returned by {@link #initThread}.
 */
public class HarnessCostWorkload extends Workload implements io.github.ycsbkv.engine.WorkloadTraits {

  /** Reads are not checked: the values are not kept to compare against. */
  @Override
  public boolean checksValues() {
    return false;
  }

  /** Never looks at what an operation returned. */
  @Override
  public boolean pipelineSafe() {
    return true;
  }


  private String table = "usertable";

  /** Per-thread reusable maps. */
  private static final class State {
    final Map<String, ByteIterator> result = new HashMap<>();
    final Map<String, ByteIterator> values = new HashMap<>();
  }

  @Override
  public void init(Properties p) {
    table = p.getProperty("table", "usertable");
  }

  @Override
  public Object initThread(Properties p, int threadId, int threadCount) {
    State s = new State();
    s.values.put("field0", new StringByteIterator("v"));
    return s;
  }

  @Override
  public boolean doInsert(DB db, Object threadState) {
    State s = (State) threadState;
    db.insert(table, "user0", s.values);
    return true;
  }

  @Override
  public boolean doTransaction(DB db, Object threadState) {
    State s = (State) threadState;
    s.result.clear();
    db.read(table, "user0", null, s.result);
    return true;
  }
}
