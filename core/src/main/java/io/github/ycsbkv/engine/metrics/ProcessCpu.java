package io.github.ycsbkv.engine.metrics;

import java.lang.management.ManagementFactory;

/** The process's own CPU time, which a phase's result and the live metrics report. Stateless. */
public final class ProcessCpu {

  private ProcessCpu() {
  }

  /**
   * The CPU time this process has used, every thread's, user and system, in nanoseconds, or -1 when the JVM does
   * not say ({@code com.sun.management.OperatingSystemMXBean}, which OpenJDK and its builds provide).
   */
  public static long nanos() {
    try {
      if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
        return os.getProcessCpuTime();
      }
    } catch (LinkageError e) {
      // a JVM without the jdk.management module
    }
    return -1;
  }
}
