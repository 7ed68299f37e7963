package io.github.ycsbkv.config;

import java.util.Locale;
import java.util.Properties;
import site.ycsb.DBException;

/**
 * Whether a binding whose store has no ordered scan keeps a key-ordered index for YCSB's {@code scan}
 * (the RESP bindings' {@code <binding>.scanindex}): {@link #ON} (the default, as upstream YCSB's redis
 * binding always keeps one, so that the routine "load with workloada, run workloade" finds every
 * record), {@link #OFF}, or {@link #AUTO} (only when this workload scans). Also the one-line texts the
 * bindings print about it, so that they say the same thing.
 */
public enum ScanIndex {
  ON, OFF, AUTO;

  /**
   * Set to {@code true} by the engine when the workload never scans and no scanning workload reads its
   * records ({@link io.github.ycsbkv.spi.NeverScans}): then no index is kept, whatever the setting.
   */
  public static final String WORKLOAD_NEVER_SCANS = "workload.neverscans";

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
    if ("true".equalsIgnoreCase(p.getProperty(WORKLOAD_NEVER_SCANS, "false").trim())) {
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
    return "ycsb-kv: " + binding + " keeps a scan index: every insert also adds its key to a sorted set (" + cost
        + "); set " + binding + ".scanindex=off if no run on this data will scan";
  }

  /** The line a scanning run prints when the index holds fewer keys than the workload's records. */
  public static String incompleteWarning(String binding, long indexed, long records) {
    return String.format(Locale.ROOT, "ycsb: warning: the %s scan index holds %,d keys but recordcount is %,d: records"
        + " loaded with %s.scanindex=off (or auto, by a workload that does not scan) are invisible to scans, which"
        + " return fewer records; load again with the index on", binding, indexed, records, binding);
  }

  /** The line a scanning run prints when it keeps no index: every scan is NOT_IMPLEMENTED. */
  public static String offWarning(String binding) {
    return "ycsb: warning: the workload scans but " + binding + ".scanindex=off: every scan returns NOT_IMPLEMENTED";
  }

  /** The description of the NOT_IMPLEMENTED status of a scan without index (the run's error cause). */
  public static String noIndexCause(String binding) {
    return "no scan index in this run (" + binding + ".scanindex=off)";
  }
}
