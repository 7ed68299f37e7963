package io.github.ycsbkv.provision;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The ports local servers are started on: below the kernel's ephemeral range, so that no client socket takes one
 * between the pick and the server's bind (asd then waits for ever), never the same one twice in a row, and bindable.
 */
class FreePortTest {

  private static int ephemeralLow() throws Exception {
    return Integer.parseInt(Files.readAllLines(Path.of("/proc/sys/net/ipv4/ip_local_port_range")).get(0).trim()
        .split("\\s+")[0]);
  }

  @Test
  void freePorts_areBelowTheEphemeralRange_distinct_andBindable() throws Exception {
    int low = ephemeralLow();
    Set<Integer> seen = new HashSet<>();
    for (int i = 0; i < 300; i++) {
      int port = LocalServers.freePort();
      assertTrue(seen.add(port), "port " + port + " handed out twice");
      if (low - 12_000 >= 2_000) {
        assertTrue(port >= 12_000 && port < low, port + " is not in [12000, " + low + ")");
      }
    }
    int last = LocalServers.freePort();
    try (ServerSocket s = new ServerSocket()) {
      s.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), last));
      assertEquals(last, s.getLocalPort());
    }
  }

  @Test
  void clusterPorts_leaveTheirBusPortFree_belowTheEphemeralRange() throws Exception {
    int low = ephemeralLow();
    for (int i = 0; i < 50; i++) {
      int port = LocalServers.freeClusterPort();
      assertTrue(port + 10_000 <= 65_535, port + ": no room for its bus port");
      if (low - 22_000 >= 2_000) {
        assertTrue(port + 10_000 < low, "bus port " + (port + 10_000) + " is in the ephemeral range from " + low);
      }
      try (ServerSocket bus = new ServerSocket()) {
        bus.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port + 10_000));
      }
    }
  }

  @Test
  void aTakenPort_isNeverHandedOut() throws Exception {
    int low = ephemeralLow();
    Set<ServerSocket> held = new HashSet<>();
    try {
      // Hold a run of ports at the bottom of the range; none of them may come back.
      Set<Integer> taken = new HashSet<>();
      for (int p = 12_000; p < 12_200 && p < low; p++) {
        try {
          ServerSocket s = new ServerSocket();
          s.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), p));
          held.add(s);
          taken.add(p);
        } catch (java.io.IOException alreadyTaken) {
          taken.add(p);
        }
      }
      for (int i = 0; i < 2_000; i++) {
        int port = LocalServers.freePort();
        assertTrue(!taken.contains(port), "handed out " + port + ", which a socket holds");
      }
    } finally {
      for (ServerSocket s : held) {
        s.close();
      }
    }
  }
}
