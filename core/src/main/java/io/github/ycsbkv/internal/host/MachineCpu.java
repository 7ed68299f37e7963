package io.github.ycsbkv.internal.host;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * What this machine's CPUs did between two instants, from Linux's {@code /proc/stat} (the first line: every CPU's
 * ticks in user, nice, system, idle, iowait, irq, softirq and steal time) and this process's own CPU time: how many
 * cores were busy, and how many of those were this process's. Where {@code /proc/stat} cannot be read (not Linux),
 * nothing is known. Immutable.
 *
 * @param busyTicks the machine's ticks not idle (user, nice, system, irq, softirq, steal), or -1 when not known
 * @param allTicks every tick, idle and iowait included, or -1
 * @param processNanos this process's CPU time, or -1
 */
public record MachineCpu(long busyTicks, long allTicks, long processNanos) {

  private static final Path STAT = Path.of("/proc/stat");

  /** The counters now. */
  public static MachineCpu now() {
    long busy = -1;
    long all = -1;
    try {
      String first = Files.readAllLines(STAT).get(0);
      String[] f = first.trim().split("\\s+");
      if (f.length >= 9 && f[0].equals("cpu")) {
        long[] t = new long[8];
        for (int i = 0; i < 8; i++) {
          t[i] = Long.parseLong(f[i + 1]);
        }
        busy = t[0] + t[1] + t[2] + t[5] + t[6] + t[7];
        all = busy + t[3] + t[4];
      }
    } catch (IOException | RuntimeException e) {
      // not Linux, or not readable: not known
    }
    long process = -1;
    if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
      process = os.getProcessCpuTime();
    }
    return new MachineCpu(busy, all, process);
  }

  /**
   * Between {@code before} and this: the cores busy with other work than this process and {@code serverCores} (the
   * store's, where its probe measured it; 0 when not known), the machine's cores, and its cores busy with anything, as
   * {@code {others, cores, busy}}; null when not known.
   */
  public double[] othersSince(MachineCpu before, long wallNanos, double serverCores) {
    if (busyTicks < 0 || before.busyTicks < 0 || processNanos < 0 || before.processNanos < 0 || wallNanos <= 0
        || allTicks <= before.allTicks) {
      return null;
    }
    double seconds = wallNanos / 1e9;
    double cores = (allTicks - before.allTicks) / (double) ServerProcess.TICKS_PER_SECOND / seconds;
    double busy = (busyTicks - before.busyTicks) / (double) ServerProcess.TICKS_PER_SECOND / seconds;
    double mine = (processNanos - before.processNanos) / 1e9 / seconds;
    double server = Double.isNaN(serverCores) ? 0 : serverCores;
    return new double[] {Math.max(0, busy - mine - server), cores, busy};
  }

  /** "1.2 of its 2 cores", for a verdict. */
  public static String describe(double[] othersAndCores) {
    return String.format(Locale.ROOT, "%.1f of its %.0f cores", othersAndCores[0], othersAndCores[1]);
  }
}
