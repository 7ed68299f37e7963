package io.github.ycsbkv.config;

import java.util.Properties;
import site.ycsb.DBException;

/**
 * Typed reads of a binding's properties for use in {@code DB.init()}: like {@link Props}, but
 * failing with the {@link DBException} that {@code init()} declares, so that the message reaches
 * the user as one line whether the binding runs on ycsb-kv's engine or upstream's. Stateless and
 * thread-safe.
 */
public final class BindingProperties {

  private BindingProperties() {}

  /** A whole number of at least {@code min}, or {@code defaultValue} when absent. */
  public static int integer(Properties p, String name, int defaultValue, int min) throws DBException {
    String raw = p.getProperty(name);
    if (raw == null || raw.isBlank()) {
      return defaultValue;
    }
    int value;
    try {
      value = Integer.parseInt(raw.trim());
    } catch (NumberFormatException e) {
      throw new DBException("property '" + name + "' must be a whole number, got '" + raw + "'");
    }
    if (value < min) {
      throw new DBException("property '" + name + "' must be at least " + min + ", got " + value);
    }
    return value;
  }

  /** A decimal number, or {@code defaultValue} when absent. */
  public static double decimal(Properties p, String name, double defaultValue) throws DBException {
    String raw = p.getProperty(name);
    if (raw == null || raw.isBlank()) {
      return defaultValue;
    }
    try {
      return Double.parseDouble(raw.trim());
    } catch (NumberFormatException e) {
      throw new DBException("property '" + name + "' must be a number, got '" + raw + "'");
    }
  }

  /** {@code true} or {@code false} (ignoring case), or {@code defaultValue} when absent. */
  public static boolean bool(Properties p, String name, boolean defaultValue) throws DBException {
    String raw = p.getProperty(name);
    if (raw == null || raw.isBlank()) {
      return defaultValue;
    }
    if (raw.trim().equalsIgnoreCase("true") || raw.trim().equalsIgnoreCase("false")) {
      return Boolean.parseBoolean(raw.trim());
    }
    throw new DBException("property '" + name + "' must be true or false, got '" + raw + "'");
  }
}
