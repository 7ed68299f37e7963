package io.github.ycsbkv.redis;

import io.github.ycsbkv.resp.RespEndpoint;
import io.github.ycsbkv.resp.RespException;
import io.github.ycsbkv.resp.RespLane;
import io.github.ycsbkv.resp.RespRecords;
import io.github.ycsbkv.resp.RespTransport;
import java.util.Locale;
import java.util.Properties;
import site.ycsb.DBException;

/**
 * Opens the event-loop RESP engine ({@link io.github.ycsbkv.resp}) on the server that the {@code redis.*}
 * properties describe (address, ACL user and password, database, timeout, TLS): the redis binding's and the
 * dragonfly binding's asynchronous client. Failures read as the Jedis path's do (the binding's one line).
 */
public final class RespEngine {

  /** Property of both bindings: which client serves the engine's asynchronous operations. */
  public static final String ASYNC_CLIENT = "redis.asyncclient";

  private RespEngine() {}

  /**
   * A lane of {@code connections} connections on one event loop, open and checked (PING), with the records'
   * commands of the {@code redis.*} properties' data model; {@code transactions}: record and index change in
   * one MULTI/EXEC.
   */
  public static RespRecords open(Properties redisProperties, int connections, boolean transactions)
      throws DBException {
    try {
      return openOrThrow(redisProperties, connections, transactions);
    } catch (RespException ex) {
      throw RedisClients.explain(RedisSettings.from(redisProperties), ex);
    }
  }

  /**
   * As {@link #open}, with a failure to connect thrown as it came ({@link RespException}, its cause the socket's
   * or TLS's exception), for a binding that words it itself.
   */
  public static RespRecords openOrThrow(Properties redisProperties, int connections, boolean transactions)
      throws DBException {
    RedisSettings s = RedisSettings.from(redisProperties);
    if (s.cluster()) {
      throw new DBException("the RESP engine serves a standalone server; a cluster goes through Jedis");
    }
    RedisSettings.Endpoint e = s.endpoints().get(0);
    RespEndpoint endpoint = new RespEndpoint(e.host(), e.port(), s.user(), s.password(), s.database(),
        s.timeoutMillis(), RedisTls.nettyContext(s), s.where());
    RespLane lane = RespLane.open(endpoint, connections, redisProperties.getProperty(RespTransport.PROPERTY, "auto"));
    return new RespRecords(lane, s.dataType() == RedisSettings.DataType.HASH ? RespRecords.Model.HASH
        : RespRecords.Model.STRING, s.fieldCount(), s.fieldPrefix(), transactions);
  }

  /**
   * Whether a binding instance with these (engine-given) properties serves the engine's asynchronous operations:
   * several clients from one thread, several connections, or {@code pipeline}. A client thread of its own
   * blocks on its Jedis connection instead (no hand-off between threads).
   */
  public static boolean servesAsync(Properties p) throws DBException {
    return io.github.ycsbkv.config.BindingProperties.integer(p, "pipeline", 1, 1) > 1
        || io.github.ycsbkv.config.BindingProperties.integer(p, "drivers.clients", 1, 1) > 1
        || io.github.ycsbkv.config.BindingProperties.integer(p,
            io.github.ycsbkv.spi.ConnectionShape.INSTANCE_CONNECTIONS, 1, 1) > 1;
  }

  /**
   * Whether {@code value} of {@link #ASYNC_CLIENT} (or the dragonfly binding's) asks for the engine:
   * {@code netty} (the default) or {@code jedis}; anything else is an error naming {@code property}.
   */
  public static boolean wanted(String value, String property, String... others) throws DBException {
    String v = value == null ? "netty" : value.trim().toLowerCase(Locale.ROOT);
    if (v.equals("netty") || v.isEmpty()) {
      return true;
    }
    for (String o : others) {
      if (v.equals(o)) {
        return false;
      }
    }
    throw new DBException("property '" + property + "' must be netty (the default) or " + String.join(" or ", others)
        + ", got '" + value + "'");
  }
}
