package io.github.ycsbkv.engine;

import io.github.ycsbkv.config.EngineProperties;
import io.github.ycsbkv.config.UserError;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * The {@code warmup} property: how long the clients run the phase's load before it is measured, as a time
 * ({@code 10s}, {@code 2.5s}) or a number of operations over every client ({@code 200000ops}).
 *
 * @param text the property as given
 * @param operations operations over every client, or 0 when the warm-up is a time
 * @param nanos the time, or 0 when the warm-up is a number of operations
 */
record WarmupSetting(String text, long operations, long nanos) {

  static final String PROPERTY = EngineProperties.WARMUP;

  /** The setting {@code value} describes, or null for none ({@code null}, blank, {@code 0}, {@code 0s}, {@code none}). */
  static WarmupSetting parse(String value) {
    if (value == null) {
      return null;
    }
    String v = value.strip().toLowerCase(Locale.ROOT);
    if (v.isEmpty() || v.equals("0") || v.equals("none")) {
      return null;
    }
    try {
      if (v.endsWith("ops")) {
        long ops = Long.parseLong(v.substring(0, v.length() - 3).strip().replace("_", ""));
        if (ops < 0) {
          throw new NumberFormatException();
        }
        return ops == 0 ? null : new WarmupSetting(value.strip(), ops, 0);
      }
      if (v.endsWith("s") && !v.endsWith("ms")) {
        double seconds = Double.parseDouble(v.substring(0, v.length() - 1).strip());
        if (!(seconds >= 0) || seconds > TimeUnit.DAYS.toSeconds(1)) {
          throw new NumberFormatException();
        }
        long nanos = (long) (seconds * 1e9);
        return nanos == 0 ? null : new WarmupSetting(value.strip(), 0, nanos);
      }
    } catch (NumberFormatException e) {
      // the line below says what is wrong
    }
    throw new UserError("property '" + PROPERTY + "' must be a time in seconds (for example 10s) or a number of"
        + " operations over every client (for example 200000ops), got '" + value.strip() + "'");
  }
}
