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
 *   <li>{@code netty}: Netty with the native epoll transport on Linux x86_64 and aarch64 when it loads,
 *       else Netty's NIO transport;</li>
 *   <li>{@code netty-epoll}, {@code netty-nio}: that transport, or a clear error.</li>
 * </ul>
 */
final class AerospikeEventLoops {

  /** What actually runs the loops. */
  enum Transport {
    DIRECT_NIO, NETTY_NIO, NETTY_EPOLL
  }

  private AerospikeEventLoops() {}

  /**
   * The transport for {@code type} on this platform.
   *
   * @param nettyPresent whether Netty's transport classes are on the class path
   * @param epollAvailable whether Netty's native epoll library loaded (Epoll.isAvailable())
   */
  static Transport choose(String type, String osName, String osArch, boolean nettyPresent, boolean epollAvailable)
      throws DBException {
    String t = type.trim().toLowerCase(Locale.ROOT);
    if (t.equals("direct")) {
      return Transport.DIRECT_NIO;
    }
    if (!t.equals("netty") && !t.equals("netty-nio") && !t.equals("netty-epoll")) {
      throw new DBException("as.eventLoopType must be direct, netty, netty-epoll or netty-nio, got '" + type + "'");
    }
    if (!nettyPresent) {
      throw new DBException("as.eventLoopType=" + t + " needs Netty (netty-transport, netty-handler) on the class"
          + " path; bin/ycsb has it, a program using the binding as a library must add it, or use direct");
    }
    boolean linux = osName.toLowerCase(Locale.ROOT).startsWith("linux");
    boolean nativeCpu = nativeClassifier(osArch) != null;
    if (t.equals("netty-nio")) {
      return Transport.NETTY_NIO;
    }
    if (linux && nativeCpu && epollAvailable) {
      return Transport.NETTY_EPOLL;
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
  static EventLoops create(String type, int count, int maxCommandsInProcess) throws DBException {
    boolean netty = present("io.netty.channel.EventLoopGroup");
    boolean epoll = netty && present("io.netty.channel.epoll.Epoll") && NettyLoops.epollAvailable();
    Transport t = choose(type, System.getProperty("os.name", ""), System.getProperty("os.arch", ""), netty, epoll);
    EventPolicy policy = new EventPolicy();
    policy.maxCommandsInProcess = maxCommandsInProcess;
    policy.maxCommandsInQueue = 0;
    try {
      return t == Transport.DIRECT_NIO ? new NioEventLoops(policy, count) : NettyLoops.create(t, policy, count);
    } catch (AerospikeException e) {
      throw new DBException("cannot start " + count + " Aerospike event loops (" + t + "): " + e.getMessage());
    }
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
