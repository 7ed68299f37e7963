package io.github.ycsbkv.internal.resp.server;

import io.github.ycsbkv.internal.resp.wire.RespConnection;
import io.github.ycsbkv.internal.resp.wire.RespException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import site.ycsb.DBException;

/**
 * Where a run's reads go on a standalone primary with replicas ({@code -p readfrom=primary|replica|any}, issue #53):
 * to the primary (the default), to its replicas in turn, or to the primary and its replicas in turn. Writes always go
 * to the primary. The replicas are the ones the primary's {@code ROLE} names when the run starts, or those {@code -p
 * readfrom.replicas=host:port,...} gives (where the addresses the replicas announce are not the ones to connect to).
 * A read is a record's read or a scan, or a command of a template that only reads ({@link #READ_COMMANDS}).
 *
 * @param mode where the reads go
 * @param replicas the replicas given with {@code readfrom.replicas}, or empty: the primary's {@code ROLE} names them
 */
public record ReplicaReads(Mode mode, List<String> replicas) {

  /** The property that says where reads go. */
  public static final String PROPERTY = "readfrom";
  /** The property that names the replicas instead of the primary's {@code ROLE}. */
  public static final String REPLICAS = "readfrom.replicas";

  /** Reads from the primary: no replica involved. */
  public static final ReplicaReads PRIMARY = new ReplicaReads(Mode.PRIMARY, List.of());

  /**
   * The commands that only read, by name (upper case): a template's command among them goes where reads go. Those a
   * replica serves as its primary would, of the data types the workloads use.
   */
  public static final Set<String> READ_COMMANDS = Set.of("GET", "MGET", "GETRANGE", "STRLEN", "EXISTS", "TTL", "PTTL",
      "TYPE", "HGET", "HGETALL", "HMGET", "HEXISTS", "HLEN", "HKEYS", "HVALS", "HSTRLEN", "LRANGE", "LLEN", "LINDEX",
      "SMEMBERS", "SISMEMBER", "SCARD", "SRANDMEMBER", "ZRANGE", "ZRANGEBYSCORE", "ZRANGEBYLEX", "ZREVRANGE",
      "ZREVRANGEBYSCORE", "ZSCORE", "ZCARD", "ZCOUNT", "ZRANK", "XRANGE", "XREVRANGE", "XLEN", "BITCOUNT", "GETBIT",
      "PFCOUNT", "SCAN", "HSCAN", "SSCAN", "ZSCAN");

  /** Where the reads go. */
  public enum Mode {
    PRIMARY, REPLICA, ANY;

    public String id() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  public ReplicaReads {
    replicas = List.copyOf(replicas);
  }

  /** {@link #PROPERTY} and {@link #REPLICAS} of a run; a value that is none of the three is one line. */
  public static ReplicaReads from(Properties p) throws DBException {
    String v = p.getProperty(PROPERTY, "primary").trim().toLowerCase(Locale.ROOT);
    Mode mode = switch (v) {
      case "", "primary" -> Mode.PRIMARY;
      case "replica", "replicas" -> Mode.REPLICA;
      case "any" -> Mode.ANY;
      default -> throw new DBException("-p " + PROPERTY + "=" + p.getProperty(PROPERTY) + " is not one of primary"
          + " (the default), replica or any");
    };
    List<String> given = new ArrayList<>();
    for (String a : p.getProperty(REPLICAS, "").split(",")) {
      if (!a.isBlank()) {
        RespConnection.endpoint(a.trim(), -1, REPLICAS); // a malformed address is one line here
        given.add(a.trim());
      }
    }
    if (mode == Mode.PRIMARY && !given.isEmpty()) {
      throw new DBException("-p " + REPLICAS + " names replicas to read from, which -p " + PROPERTY + "=primary (the"
          + " default) does not: add -p " + PROPERTY + "=replica or any, or drop " + REPLICAS);
    }
    return mode == Mode.PRIMARY ? PRIMARY : new ReplicaReads(mode, given);
  }

  /** Whether reads go anywhere but the primary. */
  public boolean offPrimary() {
    return mode != Mode.PRIMARY;
  }

  /**
   * The replicas to read from: those given, else those the primary's {@code ROLE} reply names; none is one line that
   * says what to do.
   */
  public List<String> addresses(Object role, String primary) {
    if (!replicas.isEmpty()) {
      return replicas;
    }
    List<String> named = RespStates.roleReplicas(role);
    if (named.isEmpty()) {
      throw RespException.whole("-p " + PROPERTY + "=" + mode.id() + ": the server at " + primary + " has no replica"
          + " (its ROLE names none, or it is a replica itself); start one with REPLICAOF " + primary.replace(':', ' ')
          + ", or read from the primary");
    }
    return named;
  }

  /** Whether a template's command only reads ({@link #READ_COMMANDS}). */
  public static boolean reads(byte[] name) {
    return name.length <= 16 && READ_COMMANDS.contains(
        new String(name, java.nio.charset.StandardCharsets.US_ASCII).toUpperCase(Locale.ROOT));
  }

  /** The calls to the read commands a replica's {@code INFO commandstats} counts: the reads the run sent it. */
  static long readCalls(Map<String, String> commandstats) {
    long n = 0;
    for (Map.Entry<String, String> e : commandstats.entrySet()) {
      String k = e.getKey();
      if (k.startsWith("cmdstat_") && READ_COMMANDS.contains(k.substring(8).toUpperCase(Locale.ROOT))) {
        String v = e.getValue();
        int at = v.indexOf("calls=");
        if (at >= 0) {
          int end = v.indexOf(',', at);
          try {
            n += Long.parseLong(v.substring(at + 6, end < 0 ? v.length() : end).trim());
          } catch (NumberFormatException ignored) {
            // not a count: left out
          }
        }
      }
    }
    return n;
  }
}
