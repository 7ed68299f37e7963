package io.github.ycsbkv.results;

import java.util.Locale;

/**
 * The CPU time the client used during the measured phase: the whole JVM process's, user and system, every
 * thread's (the clients' and event loops', the JIT compiler's, the collector's, the engine's own samplers), as
 * the operating system counts it. Where client and server share a machine's cores, what the client spends is
 * taken from the server, so a client's cost per operation belongs beside its throughput; a warm-up's CPU
 * ({@code -p warmup}) is not in it. Immutable.
 *
 * @param cpuMillis CPU time used between the phase's start and its end, in milliseconds
 * @param microsPerOperation {@code cpuMillis} per workload operation of the phase, in microseconds (NaN without
 *     operations)
 */
public record ClientCpu(long cpuMillis, double microsPerOperation) {

  /** The figures for {@code cpuNanos} of CPU time over {@code operations}. */
  public static ClientCpu of(long cpuNanos, long operations) {
    return new ClientCpu(cpuNanos / 1_000_000, operations > 0 ? cpuNanos / 1e3 / operations : Double.NaN);
  }

  /** One line for people, for example {@code the client used 7.6 us of CPU per operation (21.3 s, whole process)}. */
  public String describe() {
    String perOp = Double.isNaN(microsPerOperation) ? "no operations"
        : String.format(Locale.ROOT, "%.1f us of CPU per operation", microsPerOperation);
    return String.format(Locale.ROOT, "the client used %s (%.1f CPU-s, the whole process: loops, compiler and"
        + " collector included)", perOp, cpuMillis / 1000.0);
  }
}
