package io.github.ycsbkv.internal.resp.wire;

import java.util.List;
import java.util.Locale;

/**
 * The platforms the RESP engine ships Netty's natives for, and which: on Linux x86_64 and ARM64 the io_uring and
 * epoll transports, on macOS x86_64 and Apple Silicon kqueue, and BoringSSL (TLS) on all four, each in the jar of its
 * classifier ({@code linux-x86_64}, {@code linux-aarch_64}, {@code osx-x86_64}, {@code osx-aarch_64}). Elsewhere the
 * engine runs on Java's NIO and the JDK's TLS, and says so. Stateless.
 */
public final class Platforms {

  private Platforms() {}

  /** Netty's classifier of a platform ycsb-kv ships natives for, or null for another one. */
  public static String classifier(String osName, String osArch) {
    String os = osName.toLowerCase(Locale.ROOT);
    String family = os.startsWith("linux") ? "linux" : os.startsWith("mac") || os.startsWith("darwin") ? "osx" : null;
    String cpu = switch (osArch.toLowerCase(Locale.ROOT)) {
      case "amd64", "x86_64" -> "x86_64";
      case "aarch64", "arm64" -> "aarch_64";
      default -> null;
    };
    return family == null || cpu == null ? null : family + "-" + cpu;
  }

  /** The classifier of this JVM's platform, or null. */
  public static String here() {
    return classifier(System.getProperty("os.name", ""), System.getProperty("os.arch", ""));
  }

  /** The native transports shipped for {@code classifier}, best first (what {@code resp.transport=auto} tries). */
  public static List<RespTransport.Kind> transports(String classifier) {
    if (classifier == null) {
      return List.of();
    }
    return classifier.startsWith("linux") ? List.of(RespTransport.Kind.IO_URING, RespTransport.Kind.EPOLL)
        : List.of(RespTransport.Kind.KQUEUE);
  }

  /** Whether BoringSSL is shipped for {@code classifier}: TLS through it there, through the JDK elsewhere. */
  public static boolean boringSsl(String classifier) {
    return classifier != null;
  }

  /** The native libraries (resources in their jars) shipped for {@code classifier}. */
  public static List<String> nativeLibraries(String classifier) {
    if (classifier == null) {
      return List.of();
    }
    String cpu = classifier.substring(classifier.indexOf('-') + 1);
    String dir = "META-INF/native/";
    if (classifier.startsWith("linux")) {
      return List.of(dir + "libnetty_transport_native_io_uring42_" + cpu + ".so",
          dir + "libnetty_transport_native_epoll_" + cpu + ".so", dir + "libnetty_tcnative_linux_" + cpu + ".so");
    }
    return List.of(dir + "libnetty_transport_native_kqueue_" + cpu + ".jnilib",
        dir + "libnetty_tcnative_osx_" + cpu + ".jnilib");
  }
}
