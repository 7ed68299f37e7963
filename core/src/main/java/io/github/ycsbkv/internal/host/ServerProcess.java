package io.github.ycsbkv.internal.host;

import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A server process on this host, found by the loopback port it listens on, whose CPU time is read from
 * {@code /proc/PID/stat} ({@code utime + stime}). For stores that do not report their own CPU time, or whose counter
 * is no measurement (Dragonfly 1.40's {@code INFO cpu} total goes backwards under load; Aerospike reports a
 * percentage, not a total). Linux only, and only when the process is this user's to read (or the user is root).
 *
 * <p>The process must have one of the expected names ({@code /proc/PID/comm}): a port published by a container
 * engine is held by its proxy, whose CPU is not the store's, so it is not taken.
 */
public final class ServerProcess {

  /**
   * Clock ticks per second of {@code /proc/PID/stat}'s times: Linux's {@code USER_HZ}, 100 on every architecture
   * ycsb-kv runs on (x86_64, aarch64), whatever the kernel's own tick rate.
   */
  static final long TICKS_PER_SECOND = 100;

  private static final Path PROC = Path.of("/proc");

  private final Path proc;
  private final long pid;
  private final String name;

  ServerProcess(Path proc, long pid, String name) {
    this.proc = proc;
    this.pid = pid;
    this.name = name;
  }

  /**
   * The process on this host that listens on {@code port} of {@code host} and is named one of {@code names}, or
   * null: the host is not this machine's loopback, there is no {@code /proc}, nothing listens there, the listener
   * is another program (a container engine's proxy) or not this user's to read.
   */
  public static ServerProcess find(String host, int port, Set<String> names) {
    if (!loopback(host) || !Files.isDirectory(PROC.resolve("net"))) {
      return null;
    }
    return find(PROC, port, names);
  }

  /** {@link #find(String, int, Set)} under a {@code /proc} at {@code proc}, for a host already known to be local. */
  static ServerProcess find(Path proc, int port, Set<String> names) {
    try {
      long inode = listeningInode(proc, port);
      if (inode < 0) {
        return null;
      }
      String socket = "socket:[" + inode + "]";
      try (DirectoryStream<Path> pids = Files.newDirectoryStream(proc, "[0-9]*")) {
        for (Path p : pids) {
          if (holds(p.resolve("fd"), socket)) {
            String comm = Files.readString(p.resolve("comm")).strip();
            if (!names.contains(comm)) {
              return null;
            }
            return new ServerProcess(proc, Long.parseLong(p.getFileName().toString()), comm);
          }
        }
      }
    } catch (IOException | RuntimeException e) {
      // Not readable here (another user's process, a /proc without net): no figure, as for a remote server.
    }
    return null;
  }

  /** The process id. */
  public long pid() {
    return pid;
  }

  /** The process's name ({@code /proc/PID/comm}). */
  public String name() {
    return name;
  }

  /** Where the CPU time comes from, for a result's {@code source}. */
  public String source() {
    return "/proc/" + pid + "/stat utime+stime (" + name + " on this host)";
  }

  /** CPU time (user and system, every thread) the process has used since it started, in microseconds; -1 once gone. */
  public long cpuMicros() {
    try {
      return cpuTicks(Files.readString(proc.resolve(Long.toString(pid)).resolve("stat"))) * (1_000_000
          / TICKS_PER_SECOND);
    } catch (IOException | RuntimeException e) {
      return -1;
    }
  }

  /**
   * The process's resident set ({@code VmRSS} of {@code /proc/PID/status}), in bytes; -1 once gone or unreadable.
   * What {@code ps} and {@code top} show as RSS: the process's pages in memory, shared ones included.
   */
  public long rssBytes() {
    try {
      return vmRssBytes(Files.readString(proc.resolve(Long.toString(pid)).resolve("status")));
    } catch (IOException | RuntimeException e) {
      return -1;
    }
  }

  /** {@code VmRSS:   1234 kB} of a {@code /proc/PID/status} text, in bytes; -1 without it. */
  static long vmRssBytes(String status) {
    for (String line : status.split("\n")) {
      if (line.startsWith("VmRSS:")) {
        String[] f = line.substring(6).trim().split("\\s+");
        return Long.parseLong(f[0]) * 1024;
      }
    }
    return -1;
  }

  /** Where the resident set comes from, for a sample's {@code memorySource}. */
  public String rssSource() {
    return "/proc/" + pid + "/status VmRSS (" + name + " on this host)";
  }

  /**
   * {@code utime + stime} of a {@code /proc/PID/stat} line, in ticks. The command name (field 2) is in parentheses
   * and may hold spaces and parentheses itself, so fields are counted from the last closing parenthesis: utime and
   * stime are the 12th and 13th after it.
   */
  static long cpuTicks(String stat) {
    String[] f = stat.substring(stat.lastIndexOf(')') + 2).trim().split(" ");
    return Long.parseLong(f[11]) + Long.parseLong(f[12]);
  }

  /**
   * The inode of the socket listening on {@code port} ({@code /proc/net/tcp}, then {@code tcp6}: state 0A), or -1.
   */
  static long listeningInode(Path proc, int port) throws IOException {
    String hexPort = String.format(Locale.ROOT, ":%04X", port);
    for (String table : List.of("tcp", "tcp6")) {
      Path file = proc.resolve("net").resolve(table);
      if (!Files.isReadable(file)) {
        continue;
      }
      for (String line : Files.readAllLines(file)) {
        String[] f = line.trim().split("\\s+");
        if (f.length > 9 && f[1].endsWith(hexPort) && f[3].equals("0A")) {
          return Long.parseLong(f[9]);
        }
      }
    }
    return -1;
  }

  private static boolean holds(Path fds, String socket) {
    try (DirectoryStream<Path> links = Files.newDirectoryStream(fds)) {
      for (Path fd : links) {
        try {
          if (socket.equals(Files.readSymbolicLink(fd).toString())) {
            return true;
          }
        } catch (IOException | UnsupportedOperationException e) {
          // closed meanwhile
        }
      }
    } catch (IOException | RuntimeException e) {
      // not ours to read, or gone
    }
    return false;
  }

  /** Whether {@code host} names this machine's loopback ({@code localhost}, 127.0.0.0/8, ::1). */
  static boolean loopback(String host) {
    if (host == null || host.isBlank()) {
      return false;
    }
    try {
      return InetAddress.getByName(host.strip()).isLoopbackAddress();
    } catch (UnknownHostException e) {
      return false;
    }
  }
}
