package io.github.ycsbkv.internal.resp;

import io.github.ycsbkv.config.BindingProperties;
import io.github.ycsbkv.config.EngineProperties;
import io.github.ycsbkv.spi.Notices;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.function.ToLongFunction;
import site.ycsb.DBException;

/**
 * Whether a binding whose store has no ordered scan keeps a key-ordered index for YCSB's {@code scan}
 * (the RESP bindings' {@code <binding>.scanindex}): {@link #ON} (the default, as upstream YCSB's redis
 * binding always keeps one, so that the routine "load with workloada, run workloade" finds every
 * record), {@link #OFF}, or {@link #AUTO} (only when this workload scans); the index's keys ({@link Keys}); and
 * the lines the bindings print about it ({@link #notices}), so that they say the same thing.
 */
public enum ScanIndex {
  ON, OFF, AUTO;

  /** Where every index key starts: {@code ycsbkv:idx:<table>}. */
  public static final String KEY_PREFIX = "ycsbkv:idx:";

  /**
   * The sorted sets one table's index is spread over: {@code ycsbkv:idx:<table>} with one shard, else
   * {@code ycsbkv:idx:<table>:{n}} for n in 0..shards-1, a key's entry in shard {@code hash(key) mod shards}. The
   * braces are a Redis Cluster hash tag, so that the shards fall in different slots (and on a multi-threaded
   * server, most likely on different threads). Both RESP bindings write the same keys: data loaded by one is
   * scanned by the other. Immutable.
   */
  public record Keys(int shards) {

    public Keys {
      if (shards < 1) {
        throw new IllegalArgumentException("shards must be at least 1, got " + shards);
      }
    }

    /** The index key that holds {@code key}'s entry. */
    public String of(String table, String key) {
      return shards == 1 ? KEY_PREFIX + table : shard(table, Math.floorMod(key.hashCode(), shards));
    }

    /** Every index key of {@code table}. */
    public List<String> all(String table) {
      if (shards == 1) {
        return List.of(KEY_PREFIX + table);
      }
      List<String> keys = new ArrayList<>(shards);
      for (int n = 0; n < shards; n++) {
        keys.add(shard(table, n));
      }
      return keys;
    }

    private static String shard(String table, int n) {
      return KEY_PREFIX + table + ":{" + n + "}";
    }
  }

  /** Reads {@code property} (on, off, auto; default on). */
  public static ScanIndex from(Properties p, String property) throws DBException {
    String text = p.getProperty(property, "on").trim().toLowerCase(Locale.ROOT);
    return switch (text) {
      case "on", "true" -> ON;
      case "off", "false" -> OFF;
      case "auto" -> AUTO;
      default -> throw new DBException("property '" + property + "' must be one of on, off, auto, got '" + text + "'");
    };
  }

  /**
   * Whether the workload of {@code p} scans: {@code scanproportion} above 0, or the time-series workload
   * reading more than one point at a time ({@code ts.readspan} above 1).
   */
  public static boolean workloadScans(Properties p) throws DBException {
    return BindingProperties.decimal(p, "scanproportion", 0) > 0 || BindingProperties.decimal(p, "ts.readspan", 1) > 1;
  }

  /** Whether inserts and deletes of this run maintain the index. */
  public boolean enabled(Properties p) throws DBException {
    if ("true".equalsIgnoreCase(p.getProperty(EngineProperties.WORKLOAD_NEVER_SCANS, "false").trim())) {
      return false;
    }
    return switch (this) {
      case ON -> true;
      case OFF -> false;
      case AUTO -> workloadScans(p);
    };
  }

  /** Whether this is a load ({@code dotransactions=false}, as the engine and upstream's Client set it). */
  public static boolean loading(Properties p) {
    return "false".equalsIgnoreCase(p.getProperty("dotransactions", "true").trim());
  }

  /** The line a load with the index prints: what the index costs and how to go without it. */
  public static String loadNote(String binding, String cost) {
    return binding + " keeps a scan index: every insert also adds its key to a sorted set (" + cost
        + "); set " + binding + ".scanindex=off if no run on this data will scan";
  }

  /** The line a scanning run prints when the index holds fewer keys than the workload's records. */
  public static String incompleteWarning(String binding, long indexed, long records) {
    return String.format(Locale.ROOT, "the %s scan index holds %,d keys but recordcount is %,d: records"
        + " loaded with %s.scanindex=off (or auto, by a workload that does not scan) are invisible to scans, which"
        + " return fewer records; load again with the index on", binding, indexed, records, binding);
  }

  /** The line a scanning run prints when it keeps no index: every scan is NOT_IMPLEMENTED. */
  public static String offWarning(String binding) {
    return "the workload scans but " + binding + ".scanindex=off: every scan returns NOT_IMPLEMENTED";
  }

  /** The description of the NOT_IMPLEMENTED status of a scan without index (the run's error cause). */
  public static String noIndexCause(String binding) {
    return "no scan index in this run (" + binding + ".scanindex=off)";
  }

  /**
   * What a run should know about the index, told by its first client to {@code notices}: a load that keeps it says
   * what it costs ({@code cost}); a scanning run without it warns that every scan fails; a scanning run whose index
   * ({@code indexed}: entries of a table) holds fewer keys than {@code recordcount} warns that scans miss records.
   */
  public static void notices(Properties p, String binding, boolean kept, String cost, ToLongFunction<String> indexed,
      Notices notices) throws DBException {
    if (loading(p)) {
      if (kept) {
        notices.note(loadNote(binding, cost));
      }
    } else if (workloadScans(p)) {
      if (!kept) {
        notices.warn(offWarning(binding));
        return;
      }
      long records = BindingProperties.integer(p, "recordcount", 0, 0);
      long n = indexed.applyAsLong(p.getProperty("table", "usertable"));
      if (n < records) {
        notices.warn(incompleteWarning(binding, n, records));
      }
    }
  }
}
