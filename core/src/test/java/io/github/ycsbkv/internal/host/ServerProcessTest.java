package io.github.ycsbkv.internal.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Finding a server's process by the port it listens on, and reading its CPU time: a /proc of the test's own, and this machine's. */
class ServerProcessTest {

  @TempDir
  Path tmp;

  private static final String TCP_HEADER = "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt"
      + "   uid  timeout inode\n";

  @Test
  void vmRssBytes_readsTheResidentSetOfProcStatus_inBytes() {
    String status = "Name:\tasd\nVmPeak:\t 9999 kB\nVmRSS:\t  258048 kB\nRssAnon:\t 1000 kB\n";
    assertEquals(258048L * 1024, ServerProcess.vmRssBytes(status));
    assertEquals(-1, ServerProcess.vmRssBytes("Name:\tkthreadd\n"));
  }

  @Test
  void rssBytes_ofThisJvm_isItsOwnResidentSet() throws Exception {
    assumeTrue(Files.isReadable(Path.of("/proc/self/status")), "Linux only");
    ServerProcess self = new ServerProcess(Path.of("/proc"), ProcessHandle.current().pid(), "java");
    long rss = self.rssBytes();
    // A running JVM holds at least its code and the heap in use: more than a megabyte.
    assertTrue(rss > 1 << 20, Long.toString(rss));
    assertEquals("/proc/" + ProcessHandle.current().pid() + "/status VmRSS (java on this host)", self.rssSource());
  }

  @Test
  void cpuTicks_countsFieldsAfterTheLastParenthesis_soANameWithSpacesAndParenthesesDoesNotShiftThem() {
    // pid (comm) state ppid pgrp session tty_nr tpgid flags minflt cminflt majflt cmajflt utime stime ...
    String stat = "4242 (my (odd) server) S 1 4242 4242 0 -1 4194560 1200 0 3 0 1234 567 0 0 20 0 8 0 100";
    assertEquals(1234 + 567, ServerProcess.cpuTicks(stat));
  }

  @Test
  void find_takesTheListenerOfThePort_namedAsExpected_andReadsItsCpuInMicroseconds() throws Exception {
    Path proc = fakeProc(6380, "dragonfly", "0A");
    ServerProcess p = ServerProcess.find(proc, 6380, Set.of("dragonfly"));
    assertNotNull(p);
    assertEquals(777, p.pid());
    assertEquals("dragonfly", p.name());
    assertEquals((1234 + 567) * 10_000L, p.cpuMicros(), "ticks of 10 ms");
    assertTrue(p.source().startsWith("/proc/777/stat utime+stime (dragonfly"), p.source());
  }

  @Test
  void find_refusesAProxyOnThePort_aSocketThatDoesNotListen_andAnotherPort() throws Exception {
    assertNull(ServerProcess.find(fakeProc(6380, "docker-proxy", "0A"), 6380, Set.of("dragonfly")),
        "a container engine's proxy holds a published port: its CPU is not the store's");
    assertNull(ServerProcess.find(fakeProc(6380, "dragonfly", "01"), 6380, Set.of("dragonfly")),
        "an established connection from port 6380 is not the listener");
    assertNull(ServerProcess.find(fakeProc(6380, "dragonfly", "0A"), 6381, Set.of("dragonfly")));
  }

  @Test
  void cpuMicros_ofAProcessThatEnded_isMinusOne() throws Exception {
    Path proc = fakeProc(3000, "asd", "0A");
    ServerProcess p = ServerProcess.find(proc, 3000, Set.of("asd"));
    assertNotNull(p);
    Files.delete(proc.resolve("777").resolve("stat"));
    assertEquals(-1, p.cpuMicros());
  }

  @Test
  void onlyLoopbackHosts_areLookedFor() {
    assertTrue(ServerProcess.loopback("127.0.0.1"));
    assertTrue(ServerProcess.loopback("localhost"));
    assertTrue(ServerProcess.loopback("::1"));
    assertFalse(ServerProcess.loopback("192.0.2.7"), "a documentation address: another host");
    assertFalse(ServerProcess.loopback(""));
    assertNull(ServerProcess.find("192.0.2.7", 6379, Set.of("redis-server")));
  }

  /**
   * This machine's /proc: a socket this JVM listens on is found, as this JVM's process and under its name; the CPU
   * time of a busy child process grows as it runs. (Not this JVM's own: under qemu-user, the ARM64 pass, the
   * emulator answers a process's reads of its own /proc/PID/stat with zero times.)
   */
  @Test
  void thisJvmsOwnListener_isFound_andABusyProcesssCpuTimeGrows() throws Exception {
    assumeTrue(Files.isDirectory(Path.of("/proc/net")), "Linux only: no /proc/net here");
    String comm = Files.readString(Path.of("/proc/self/comm")).strip();
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      ServerProcess p = ServerProcess.find("127.0.0.1", s.getLocalPort(), Set.of(comm));
      assertNotNull(p, "this JVM (" + comm + ") listening on " + s.getLocalPort());
      assertEquals(ProcessHandle.current().pid(), p.pid());
      assertNull(ServerProcess.find("127.0.0.1", s.getLocalPort(), Set.of("dragonfly")), "not under another name");
    }
    Process busy = new ProcessBuilder("sh", "-c", "while :; do :; done").start();
    try {
      ServerProcess child = new ServerProcess(Path.of("/proc"), busy.pid(), "sh");
      long before = child.cpuMicros();
      Thread.sleep(600);
      long after = child.cpuMicros();
      assertTrue(before >= 0 && after - before >= 100_000, before + " -> " + after + " us after 600 ms of a busy loop");
    } finally {
      busy.destroyForcibly().waitFor();
    }
  }

  /** A /proc with one process (pid 777, named {@code comm}) holding a TCP socket on {@code port} in state {@code st}. */
  private Path fakeProc(int port, String comm, String st) throws Exception {
    Path proc = tmp.resolve("proc-" + comm + "-" + st + "-" + port);
    Files.createDirectories(proc.resolve("net"));
    Files.writeString(proc.resolve("net").resolve("tcp"), TCP_HEADER
        + "   0: 0100007F:" + String.format("%04X", 1234) + " 00000000:0000 0A 00000000:00000000 00:00000000 00000000"
        + "     0        0 11111 1 0000000000000000 100 0 0 10 0\n"
        + "   1: 0100007F:" + String.format("%04X", port) + " 00000000:0000 " + st + " 00000000:00000000 00:00000000"
        + " 00000000     0        0 424242 1 0000000000000000 100 0 0 10 0\n");
    Path pid = Files.createDirectories(proc.resolve("777"));
    Files.writeString(pid.resolve("comm"), comm + "\n");
    Files.writeString(pid.resolve("stat"), "777 (" + comm + ") S 1 777 777 0 -1 4194560 1200 0 3 0 1234 567 0 0 20 0"
        + " 8 0 100\n");
    Path fd = Files.createDirectories(pid.resolve("fd"));
    Files.createSymbolicLink(fd.resolve("0"), Path.of("/dev/null"));
    Files.createSymbolicLink(fd.resolve("7"), Path.of("socket:[424242]"));
    Path other = Files.createDirectories(proc.resolve("12").resolve("fd"));
    Files.createSymbolicLink(other.resolve("3"), Path.of("socket:[11111]"));
    return proc;
  }
}
