package io.github.ycsbkv.workloads;

import io.github.ycsbkv.spi.Commands;
import java.util.Properties;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import site.ycsb.WorkloadException;

/**
 * The {@code commands} workload's SCAN that follows its cursor ({@link CommandWorkload#SCAN_INCREMENTAL}), as
 * memtier_benchmark's {@code --scan-incremental-iteration} does (client.cpp): {@code SCAN 0 ...} begins a round, each
 * later request sends the cursor of the reply before, until it is 0, an error reply, or
 * {@link CommandWorkload#SCAN_MAX_ITERATIONS} requests with a cursor. An iteration is in flight at a time, as a
 * connection's SCAN is with memtier; a workload thread's iterations are its {@link Iterations}.
 */
final class IncrementalScan {

  /** The operation names of an incremental SCAN's first and following requests (memtier's SCAN 0, SCAN <cursor>). */
  static final String FIRST = "SCAN-0";
  static final String NEXT = "SCAN-CURSOR";
  private final long maxIterations;

  private IncrementalScan(long maxIterations) {
    this.maxIterations = maxIterations;
  }

  /** An iteration: the cursor to send next (null: a new round from 0), and the SCANs with a cursor in this round. */
  private static final class Cursor {
    byte[] next;
    long iterations;
  }

  /**
   * A workload thread's iterations whose last reply came (a reply may come on another thread than the thread's): a
   * request takes one, or begins a new one when none is free, as a new connection would; an error reply's iteration
   * is dropped, so that the next begins again from 0.
   */
  static final class Iterations {
    private final Queue<Cursor> idle = new ConcurrentLinkedQueue<>();
  }

  /** The scan {@code p} asks for on {@code t} (the mix's only command), or null when it asks for none. */
  static IncrementalScan of(Properties p, int commands, CommandTemplate t) throws WorkloadException {
    if (!"true".equalsIgnoreCase(p.getProperty(CommandWorkload.SCAN_INCREMENTAL, "false").trim())) {
      return null;
    }
    if (commands != 1 || !t.name().equalsIgnoreCase("SCAN") || t.words() < 2) {
      throw new WorkloadException(CommandWorkload.SCAN_INCREMENTAL + " needs exactly one command, a SCAN with its"
          + " cursor (SCAN 0 [MATCH pattern] [COUNT count] [TYPE type]), got " + commands + " beginning '" + t.text()
          + "'");
    }
    if (Integer.parseInt(p.getProperty("pipeline", "1").trim()) > 1) {
      throw new WorkloadException(CommandWorkload.SCAN_INCREMENTAL + " follows each reply's cursor: one request in"
          + " flight per connection, not pipeline=" + p.getProperty("pipeline").trim());
    }
    long max = Long.parseLong(p.getProperty(CommandWorkload.SCAN_MAX_ITERATIONS, "0").trim());
    if (max < 0) {
      throw new WorkloadException("property '" + CommandWorkload.SCAN_MAX_ITERATIONS + "' must be >= 0, got " + max);
    }
    return new IncrementalScan(max);
  }

  /** Sends the next request of one of {@code its} iterations: {@code args} (SCAN 0 ...) with its cursor. */
  void send(Commands commands, byte[][] args, Iterations its) {
    Cursor k = its.idle.poll();
    Cursor it = k != null ? k : new Cursor();
    boolean continuing = it.next != null;
    if (continuing) {
      args[1] = it.next;
    }
    commands.command(continuing ? NEXT : FIRST, null, args, next -> {
      if (continuing) {
        it.iterations++;
      }
      boolean end = next == null || (next.length == 1 && next[0] == '0')
          || (maxIterations > 0 && it.iterations >= maxIterations);
      it.next = end ? null : next;
      it.iterations = end ? 0 : it.iterations;
      its.idle.add(it);
    });
  }
}
