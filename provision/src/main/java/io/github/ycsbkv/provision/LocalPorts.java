package io.github.ycsbkv.provision;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The loopback ports local servers are started on ({@link LocalServers#freePort()},
 * {@link LocalServers#freeClusterPort()}): free when picked, below the kernel's ephemeral range, never the same twice
 * in a process. Thread-safe.
 */
final class LocalPorts {

  private LocalPorts() {}

  /** The lowest port this picks; below are the well-known and registered services a host is likelier to run. */
  private static final int LOWEST_PICKED = 12_000;
  /** Ports handed out by this process, so that two servers started one after the other never get the same one. */
  private static final java.util.Set<Integer> HANDED_OUT = ConcurrentHashMap.newKeySet();
  private static final java.util.Random PICK = new java.util.Random();

  /**
   * A port that was free a moment ago on the loopback address, and that no outgoing connection will take before the
   * server binds it: it is picked below the kernel's ephemeral range ({@code ip_local_port_range}), from which
   * {@code bind(0)} and every outgoing connection take theirs. A server started on a port that a client socket took meanwhile does not always
   * exit: {@code asd} waits for the port for ever ("in use, waiting"), which once held a CI run for a minute.
   */
  static int free() throws IOException {
    return pickBelow(ephemeralLow(), 0);
  }

  /**
   * A port for a Redis Cluster node (Redis, Valkey, KeyDB): free a moment ago, and so is its cluster bus port, 10000
   * above it, which the node binds as well and without which it exits at start. Both are below the ephemeral range
   * where it leaves room; else at most 55535.
   */
  static int freeWithBus() throws IOException {
    int low = ephemeralLow();
    int below = low - 10_000 - LOWEST_PICKED >= 2_000 ? low - 10_000 : 55_536;
    return pickBelow(below, 10_000);
  }

  /** A port in [12000, {@code limit}) free on loopback, with {@code port + also} free too when {@code also > 0}. */
  private static int pickBelow(int limit, int also) throws IOException {
    java.net.InetAddress loopback = java.net.InetAddress.getLoopbackAddress();
    if (limit - LOWEST_PICKED >= 2_000) {
      if (HANDED_OUT.size() > (limit - LOWEST_PICKED) / 4) {
        HANDED_OUT.clear();
      }
      for (int attempt = 0; attempt < 500; attempt++) {
        int port;
        synchronized (PICK) {
          port = LOWEST_PICKED + PICK.nextInt(limit - LOWEST_PICKED);
        }
        if (HANDED_OUT.contains(port) || !bindable(loopback, port) || (also > 0 && !bindable(loopback, port + also))) {
          continue;
        }
        if (HANDED_OUT.add(port)) {
          return port;
        }
      }
    }
    // No room below the ephemeral range (a host that widened it): the kernel's choice.
    for (int attempt = 0; attempt < 200; attempt++) {
      int port;
      try (ServerSocket s = new ServerSocket(0, 1, loopback)) {
        port = s.getLocalPort();
      }
      if (also == 0 || (port + also <= 65_535 && bindable(loopback, port + also))) {
        return port;
      }
    }
    throw new IOException("no free port on loopback" + (also > 0 ? " with port+" + also + " free too" : ""));
  }

  private static boolean bindable(java.net.InetAddress address, int port) {
    try (ServerSocket s = new ServerSocket()) {
      s.setReuseAddress(false);
      s.bind(new java.net.InetSocketAddress(address, port), 1);
      return true;
    } catch (IOException taken) {
      return false;
    }
  }

  /** The first port of the kernel's ephemeral range (32768 where it cannot be read). */
  private static int ephemeralLow() {
    try {
      // readAllLines: Files.readString on this procfs file returns its first byte only (JDK 17).
      String range = Files.readAllLines(Path.of("/proc/sys/net/ipv4/ip_local_port_range")).get(0).trim();
      return Integer.parseInt(range.split("\\s+")[0]);
    } catch (IOException | RuntimeException unreadable) {
      return 32_768;
    }
  }
}
