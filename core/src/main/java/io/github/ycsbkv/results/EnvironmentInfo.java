package io.github.ycsbkv.results;

import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.util.Properties;

/**
 * Where a result was measured: the client machine and JVM.
 *
 * @param toolVersion ycsb-kv's version
 * @param javaVersion {@code java.version}
 * @param javaVendor {@code java.vendor}
 * @param jvmName {@code java.vm.name}
 * @param jvmArguments the JVM's input arguments (for example heap settings)
 * @param maxHeapBytes the client's maximum heap, in bytes
 * @param osName {@code os.name}
 * @param osVersion {@code os.version}
 * @param osArch {@code os.arch}
 * @param availableProcessors CPUs the JVM may use
 * @param host the client's host name
 */
public record EnvironmentInfo(String toolVersion, String javaVersion, String javaVendor, String jvmName,
    String jvmArguments, long maxHeapBytes, String osName, String osVersion, String osArch,
    int availableProcessors, String host) {

  /** Describes the running JVM. */
  public static EnvironmentInfo current() {
    String jvmArgs;
    try {
      jvmArgs = String.join(" ", ManagementFactory.getRuntimeMXBean().getInputArguments());
    } catch (RuntimeException e) {
      jvmArgs = "";
    }
    return new EnvironmentInfo(currentToolVersion(), System.getProperty("java.version"),
        System.getProperty("java.vendor"), System.getProperty("java.vm.name"), jvmArgs,
        Runtime.getRuntime().maxMemory(), System.getProperty("os.name"), System.getProperty("os.version"),
        System.getProperty("os.arch"), Runtime.getRuntime().availableProcessors(), hostName());
  }

  /** ycsb-kv's version, from the build. */
  public static String currentToolVersion() {
    try (InputStream in = EnvironmentInfo.class.getResourceAsStream("/io/github/ycsbkv/version.properties")) {
      if (in == null) {
        return "unknown";
      }
      Properties p = new Properties();
      p.load(in);
      return p.getProperty("version", "unknown");
    } catch (IOException e) {
      return "unknown";
    }
  }

  private static String hostName() {
    String env = System.getenv("HOSTNAME");
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (IOException | RuntimeException e) {
      return env == null ? "unknown" : env;
    }
  }
}
