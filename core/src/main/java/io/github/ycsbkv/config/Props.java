package io.github.ycsbkv.config;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * Typed reads of benchmark properties that fail with a one-line {@link UserError} naming the
 * property and the bad value. Stateless and thread-safe.
 */
public final class Props {

  private Props() {}

  /** A whole number, or {@code defaultValue} when absent. */
  public static long getLong(Properties props, String name, long defaultValue) {
    String raw = props.getProperty(name);
    if (raw == null || raw.isBlank()) {
      return defaultValue;
    }
    try {
      return Long.parseLong(raw.trim());
    } catch (NumberFormatException e) {
      throw new UserError("property '" + name + "' must be a whole number, got '" + Secrets.redact(name, raw) + "'");
    }
  }

  /** A whole number that must be at least {@code min}. */
  public static long getLong(Properties props, String name, long defaultValue, long min) {
    long value = getLong(props, name, defaultValue);
    if (value < min) {
      throw new UserError("property '" + name + "' must be at least " + min + ", got " + value);
    }
    return value;
  }

  /** An int-sized whole number that must be at least {@code min}. */
  public static int getInt(Properties props, String name, int defaultValue, int min) {
    long value = getLong(props, name, defaultValue, min);
    if (value > Integer.MAX_VALUE) {
      throw new UserError("property '" + name + "' is too large: " + value);
    }
    return (int) value;
  }

  /** A decimal number, or {@code defaultValue} when absent. */
  public static double getDouble(Properties props, String name, double defaultValue) {
    String raw = props.getProperty(name);
    if (raw == null || raw.isBlank()) {
      return defaultValue;
    }
    try {
      double value = Double.parseDouble(raw.trim());
      if (Double.isNaN(value) || Double.isInfinite(value)) {
        throw new NumberFormatException();
      }
      return value;
    } catch (NumberFormatException e) {
      throw new UserError("property '" + name + "' must be a number, got '" + Secrets.redact(name, raw) + "'");
    }
  }

  /** {@code true} or {@code false} (ignoring case), or {@code defaultValue} when absent. */
  public static boolean getBoolean(Properties props, String name, boolean defaultValue) {
    String raw = props.getProperty(name);
    if (raw == null || raw.isBlank()) {
      return defaultValue;
    }
    String value = raw.trim();
    if (value.equalsIgnoreCase("true")) {
      return true;
    }
    if (value.equalsIgnoreCase("false")) {
      return false;
    }
    throw new UserError("property '" + name + "' must be true or false, got '" + Secrets.redact(name, raw) + "'");
  }

  /** A duration given as whole seconds (YCSB's unit for {@code maxexecutiontime}); zero means none. */
  public static Duration getSeconds(Properties props, String name, long defaultSeconds) {
    return Duration.ofSeconds(getLong(props, name, defaultSeconds, 0));
  }

  /** A comma-separated list of percentiles, each in (0, 100]. */
  public static List<Double> getPercentiles(Properties props, String name, String defaultValue) {
    String raw = props.getProperty(name, defaultValue);
    List<Double> out = new ArrayList<>();
    for (String part : raw.split(",")) {
      if (part.isBlank()) {
        continue;
      }
      double p;
      try {
        p = Double.parseDouble(part.trim());
      } catch (NumberFormatException e) {
        throw new UserError("property '" + name + "' must list percentiles like 50,99,99.9; got '" + raw + "'");
      }
      if (!(p > 0 && p <= 100)) {
        throw new UserError("property '" + name + "': percentile " + part.trim() + " is not in (0, 100]");
      }
      out.add(p);
    }
    if (out.isEmpty()) {
      throw new UserError("property '" + name + "' lists no percentiles");
    }
    return List.copyOf(out);
  }
}
