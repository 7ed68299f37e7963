package io.github.ycsbkv.spi;

import java.util.List;
import java.util.Locale;
import java.util.Properties;

/**
 * Optional capability of a binding's {@code site.ycsb.DB} class: it still reads properties that an earlier release
 * named differently. Before a phase reads its properties, the engine asks a throw-away instance of the class to
 * fold them into today's names; each name that was read gets one line for the user, and the old names are read
 * for one release only. Without it, a binding has no old names.
 */
public interface RenamedProperties {

  /**
   * Rewrites {@code props} in place (setting today's name from an old one that is set, unless today's is set too)
   * and returns one line per old name read, saying what replaces it; empty when none is set.
   */
  List<String> renameProperties(Properties props);

  /** The value of the old property {@code name}, trimmed and in lower case, or null when it is not set or blank. */
  static String oldValue(Properties props, String name) {
    String v = props.getProperty(name);
    return v == null || v.isBlank() ? null : v.trim().toLowerCase(Locale.ROOT);
  }
}
