package io.github.ycsbkv.internal.resp;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import site.ycsb.DBException;

/**
 * Which client serves a RESP binding's asynchronous operations ({@code redis.asyncclient},
 * {@code dragonfly.asyncclient}): the event-loop engine ({@link #NETTY}, the default), Jedis pipelines
 * ({@link #JEDIS}), or Lettuce ({@link #LETTUCE}, the dragonfly binding only).
 */
public enum AsyncClient {
  NETTY, JEDIS, LETTUCE;

  /** The default of every RESP binding. */
  public static final AsyncClient DEFAULT = NETTY;

  /** Reads {@code property} of {@code p}; a value outside {@code allowed} is an error that lists them. */
  public static AsyncClient parse(Properties p, String property, AsyncClient... allowed) throws DBException {
    String raw = p.getProperty(property);
    if (raw == null || raw.isBlank()) {
      return DEFAULT;
    }
    String v = raw.trim().toLowerCase(Locale.ROOT);
    List<String> names = new ArrayList<>();
    for (AsyncClient c : allowed) {
      if (c.id().equals(v)) {
        return c;
      }
      if (c != DEFAULT) {
        names.add(c.id());
      }
    }
    throw new DBException("property '" + property + "' must be netty (the default) or " + String.join(" or ", names)
        + ", got '" + raw + "'");
  }

  /** The property value that names this client. */
  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }
}
