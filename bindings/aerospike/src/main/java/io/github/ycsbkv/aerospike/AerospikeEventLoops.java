package io.github.ycsbkv.aerospike;

import com.aerospike.client.AerospikeException;
import com.aerospike.client.async.EventLoops;
import com.aerospike.client.async.EventPolicy;
import com.aerospike.client.async.NioEventLoops;
import java.util.Locale;
import site.ycsb.DBException;

/**
 * The event loops of the asynchronous client ({@code as.async=true}, and always with
 * {@code pipeline > 1}): {@code as.eventLoops} loops of the kind {@code as.eventLoopType} names.
 * <ul>
 *   <li>{@code direct} (default): the client's own direct NIO loops, no Netty needed;</li>
 *   <li>{@code netty}: Netty with the native epoll transport on Linux x86_64 and aarch64, kqueue on macOS x86_64
 *       and Apple Silicon, when it loads, else Netty's NIO transport;</li>
 *   <li>{@code netty-epoll}, {@code netty-kqueue}, {@code netty-nio}: that transport, or a clear error.</li>
 * </ul>
 */
final class AerospikeEventLoops {

  /** What actually runs the loops. */
  enum Transport {
    DIRECT_NIO, NETTY_NIO, NETTY_EPOLL, NETTY_KQUEUE
  }

  private AerospikeEventLoops() {}

  /**
   * The transport for {@code type} on this platform.
   *
   * @param nettyPresent whether Netty's transport classes are on the class path
   * @param epollAvailable whether Netty's native epoll library loaded (Epoll.isAvailable())
   * @param kqueueAvailable whether Netty's native kqueue library loaded (KQueue.isAvailable())
   */
  static Transport choose(String type, String osName, String osArch, boolean nettyPresent, boolean epollAvailable,
      boolean kqueueAvailable) throws DBException {
    String t = type.trim().toLowerCase(Locale.ROOT);
    if (t.equals("direct")) {
      return Transport.DIRECT_NIO;
    }
    if (!t.equals("netty") && !t.equals("netty-nio") && !t.equals("netty-epoll") && !t.equals("netty-kqueue")) {
      throw new DBException("as.eventLoopType must be direct, netty, netty-epoll, netty-kqueue or netty-nio, got '"
          + type + "'");
    }
    if (!nettyPresent) {
      throw new DBException("as.eventLoopType=" + t + " needs Netty (netty-transport, netty-handler) on the class"
          + " path; bin/ycsb has it, a program using the binding as a library must add it, or use direct");
    }
    boolean linux = osName.toLowerCase(Locale.ROOT).startsWith("linux");
    boolean mac = osName.toLowerCase(Locale.ROOT).startsWith("mac");
    boolean nativeCpu = nativeClassifier(osArch) != null;
    if (t.equals("netty-nio")) {
      return Transport.NETTY_NIO;
    }
    if (linux && nativeCpu && epollAvailable && !t.equals("netty-kqueue")) {
      return Transport.NETTY_EPOLL;
    }
    if (mac && nativeCpu && kqueueAvailable && !t.equals("netty-epoll")) {
      return Transport.NETTY_KQUEUE;
    }
    if (t.equals("netty-kqueue")) {
      throw new DBException("as.eventLoopType=netty-kqueue: Netty's native kqueue transport is not available here ("
          + osName + " " + osArch + "); it needs macOS on x86_64 or Apple Silicon and netty-transport-native-kqueue"
          + " with the classifier osx-x86_64 or osx-aarch_64; use netty or direct");
    }
    if (t.equals("netty-epoll")) {
      throw new DBException("as.eventLoopType=netty-epoll: Netty's native epoll transport is not available here ("
          + osName + " " + osArch + "); it needs Linux on x86_64 or aarch64 and netty-transport-native-epoll with"
          + " the classifier " + (nativeCpu ? nativeClassifier(osArch) : "linux-x86_64 or linux-aarch_64")
          + "; use netty or direct");
    }
    return Transport.NETTY_NIO;
  }

  /** Netty's classifier of the native epoll library for a CPU, or null for a CPU without one here. */
  static String nativeClassifier(String osArch) {
    return switch (osArch.toLowerCase(Locale.ROOT)) {
      case "amd64", "x86_64" -> "linux-x86_64";
      case "aarch64", "arm64" -> "linux-aarch_64";
      default -> null;
    };
  }

  /**
   * Creates {@code count} loops of {@code type} on this JVM's platform, each running at most
   * {@code maxCommandsInProcess} commands at once (0: no limit). A loop queues the commands beyond
   * that limit (its delay queue, unbounded: the engine bounds what is in flight) instead of failing
   * them; each queued command is still timed from its submission.
   */
  static EventLoops create(Transport t, int count, int maxCommandsInProcess) throws DBException {
    EventPolicy policy = new EventPolicy();
    policy.maxCommandsInProcess = maxCommandsInProcess;
    policy.maxCommandsInQueue = 0;
    try {
      return t == Transport.DIRECT_NIO ? new NioEventLoops(policy, count) : NettyLoops.create(t, policy, count);
    } catch (AerospikeException e) {
      throw new DBException("cannot start " + count + " Aerospike event loops (" + t + "): " + e.getMessage());
    }
  }

  /** What {@code type} gives on this JVM's platform, with the Netty parts that load here. */
  static Transport choose(String type) throws DBException {
    boolean netty = present("io.netty.channel.EventLoopGroup");
    boolean epoll = netty && present("io.netty.channel.epoll.Epoll") && NettyLoops.epollAvailable();
    boolean kqueue = netty && present("io.netty.channel.kqueue.KQueue") && NettyLoops.kqueueAvailable();
    return choose(type, System.getProperty("os.name", ""), System.getProperty("os.arch", ""), netty, epoll, kqueue);
  }

  /** The loops as the run's header and result name them: {@code netty epoll event loops (2)}. */
  static String describe(Transport t, int count) {
    String kind = switch (t) {
      case DIRECT_NIO -> "direct NIO";
      case NETTY_NIO -> "netty NIO";
      case NETTY_EPOLL -> "netty epoll";
      case NETTY_KQUEUE -> "netty kqueue";
    };
    return kind + " event loops (" + count + ")";
  }

  private static boolean present(String className) {
    try {
      Class.forName(className, false, AerospikeEventLoops.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }
}
