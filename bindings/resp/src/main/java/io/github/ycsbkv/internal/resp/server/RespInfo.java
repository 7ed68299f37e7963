package io.github.ycsbkv.internal.resp.server;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Reading the reply of a RESP server's {@code INFO} command ({@code name:value} lines, {@code #}
 * section headers), shared by the RESP bindings' server probes. Stateless and thread-safe.
 */
public final class RespInfo {

  private RespInfo() {}

  /** Every {@code name:value} line of one or more INFO replies. */
  public static Map<String, String> parse(String info) {
    Map<String, String> out = new HashMap<>();
    for (String line : info.split("\r?\n")) {
      int colon = line.indexOf(':');
      if (colon > 0 && !line.startsWith("#")) {
        out.put(line.substring(0, colon), line.substring(colon + 1).trim());
      }
    }
    return out;
  }

  /**
   * A memory figure in bytes ({@code used_memory}, {@code used_memory_rss}), or -1 when the server does not report
   * it: absent, not a number, or 0 (no server's memory is 0 bytes; Redis under qemu-user says {@code
   * used_memory_rss:0} because it cannot read its resident set there).
   */
  public static long bytes(Map<String, String> info, String name) {
    String v = info.get(name);
    if (v == null) {
      return -1;
    }
    try {
      long n = Long.parseLong(v.trim());
      return n > 0 ? n : -1;
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  /** Keys over every {@code dbN:keys=...,expires=...} line of {@code INFO keyspace}. */
  public static long keyCount(Map<String, String> info) {
    long keys = 0;
    for (Map.Entry<String, String> e : info.entrySet()) {
      if (e.getKey().matches("db\\d+")) {
        for (String part : e.getValue().split(",")) {
          if (part.startsWith("keys=")) {
            keys += Long.parseLong(part.substring(5));
          }
        }
      }
    }
    return keys;
  }

  /**
   * Which server wrote the reply: {@code dragonfly} ({@code dragonfly_version}), {@code valkey}
   * ({@code valkey_version} or {@code server_name:valkey}), {@code keydb} (a value mentioning keydb),
   * else {@code redis}.
   */
  public static String serverName(Map<String, String> info) {
    if (info.containsKey("dragonfly_version")) {
      return "dragonfly";
    }
    if (info.containsKey("valkey_version") || "valkey".equals(info.get("server_name"))) {
      return "valkey";
    }
    for (String v : info.values()) {
      if (v.toLowerCase(Locale.ROOT).contains("keydb")) {
        return "keydb";
      }
    }
    return "redis";
  }

  /** The server's own version: {@code dragonfly_version}, {@code valkey_version}, else {@code redis_version}. */
  public static String version(Map<String, String> info) {
    return info.getOrDefault("dragonfly_version",
        info.getOrDefault("valkey_version", info.getOrDefault("redis_version", "unknown")));
  }

  /**
   * The CPU time the server process has used, user and system, in microseconds: {@code used_cpu_user +
   * used_cpu_sys} of {@code INFO cpu} (seconds, as the process's {@code getrusage} gives them; Redis, Valkey,
   * KeyDB and Dragonfly report both), or -1 when either is missing or not a number.
   */
  public static long cpuMicros(Map<String, String> info) {
    try {
      String user = info.get("used_cpu_user");
      String sys = info.get("used_cpu_sys");
      if (user == null || sys == null) {
        return -1;
      }
      double seconds = Double.parseDouble(user) + Double.parseDouble(sys);
      return seconds >= 0 && Double.isFinite(seconds) ? Math.round(seconds * 1e6) : -1;
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  /** What {@link #cpuMicros} reads, for a result's {@code source}. */
  public static final String CPU_SOURCE = "INFO cpu used_cpu_user + used_cpu_sys";
}
