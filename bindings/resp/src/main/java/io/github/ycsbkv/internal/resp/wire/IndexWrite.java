package io.github.ycsbkv.internal.resp.wire;

import java.util.Locale;
import java.util.Properties;
import site.ycsb.DBException;

/**
 * How an insert writes a record and its scan-index entry, and a delete removes them ({@code redis.scanindex.write},
 * {@code dragonfly.scanindex.write}). On a cluster the two keys are in different slots: the second is always
 * {@link #AFTER} the first there, whatever this says.
 */
public enum IndexWrite {
  /** {@code MULTI}, the record's command and the index's, {@code EXEC}: one round trip, atomic (4 commands). */
  MULTI,
  /** The two commands written together, without a transaction: one round trip (2 commands). */
  PIPELINED,
  /**
   * The second command once the first one's reply came: two round trips, as upstream YCSB's redis binding sends an
   * insert ({@code HMSET}, then {@code ZADD}; the record first on insert, the index entry first on delete).
   */
  AFTER;

  /** The property's suffix after the binding's name. */
  public static final String SUFFIX = "scanindex.write";

  /** Reads {@code <binding>.scanindex.write}; a value that is none of the three is an error that names them. */
  public static IndexWrite parse(Properties p, String binding, IndexWrite dflt) throws DBException {
    String property = binding + "." + SUFFIX;
    String raw = p.getProperty(property);
    if (raw == null || raw.isBlank()) {
      return dflt;
    }
    for (IndexWrite w : values()) {
      if (w.id().equals(raw.trim().toLowerCase(Locale.ROOT))) {
        return w;
      }
    }
    throw new DBException("property '" + property + "' must be multi, pipelined or after, got '" + raw + "'");
  }

  /** The property value that names this way. */
  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The property's documentation, with this binding's default. */
  public static String doc(IndexWrite dflt) {
    return "How an insert writes a record and its scan-index entry (and a delete removes them): multi (one"
        + " MULTI/EXEC), pipelined (the two commands in one write) or after (the index entry once the record is"
        + " written, two round trips, as upstream YCSB's redis binding: its HMSET, here HSET, then ZADD). On a cluster"
        + " always"
        + " after. after is sent by the RESP engine only (not with Jedis pipelines or Lettuce). Default "
        + dflt.id() + ".";
  }
}
