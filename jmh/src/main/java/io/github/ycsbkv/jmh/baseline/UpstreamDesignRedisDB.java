package io.github.ycsbkv.jmh.baseline;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import redis.clients.jedis.Jedis;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/**
 * A baseline for {@code docs/benchmarks.md}, not a binding to use: the design of upstream YCSB
 * 0.17.0's Redis binding ({@code site.ycsb.db.RedisClient}, which is not published on Maven
 * Central), re-implemented on the same Jedis as ycsb-kv so that only the design differs:
 *
 * <ul>
 *   <li>one un-pooled connection per client thread, opened in {@code init()};</li>
 *   <li>values converted to and from {@code String};</li>
 *   <li>insert = {@code HMSET} of the record plus {@code ZADD} of its key's hash to one global
 *       {@code _indices} sorted set, two round trips;</li>
 *   <li>read = {@code HGETALL} or {@code HMGET}, a miss reported as ERROR;</li>
 *   <li>update = {@code HMSET}; delete = {@code DEL} then, only if that deleted nothing,
 *       {@code ZREM} (the short-circuit that leaves stale index entries);</li>
 *   <li>scan = {@code ZRANGEBYSCORE} on the hash order, then one {@code HGETALL} per key.</li>
 * </ul>
 *
 * Properties: {@code redis.host} (default 127.0.0.1), {@code redis.port} (default 6379). One
 * instance per client thread.
 */
public class UpstreamDesignRedisDB extends DB {

  private static final String INDEX = "_indices";
  private Jedis jedis;

  @Override
  public void init() throws DBException {
    Properties p = getProperties();
    jedis = new Jedis(p.getProperty("redis.host", "127.0.0.1"), Integer.parseInt(p.getProperty("redis.port", "6379")));
    jedis.connect();
  }

  @Override
  public void cleanup() {
    if (jedis != null) {
      jedis.close();
      jedis = null;
    }
  }

  private static double hash(String key) {
    return key.hashCode();
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    if (fields == null) {
      StringByteIterator.putAllAsByteIterators(result, jedis.hgetAll(key));
    } else {
      String[] names = fields.toArray(new String[0]);
      List<String> values = jedis.hmget(key, names);
      for (int i = 0; i < names.length; i++) {
        if (values.get(i) != null) {
          result.put(names[i], new StringByteIterator(values.get(i)));
        }
      }
    }
    return result.isEmpty() ? Status.ERROR : Status.OK;
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    if (jedis.hset(key, StringByteIterator.getStringMap(values)) >= 0) {
      jedis.zadd(INDEX, hash(key), key);
      return Status.OK;
    }
    return Status.ERROR;
  }

  @Override
  public Status delete(String table, String key) {
    return jedis.del(key) == 0 && jedis.zrem(INDEX, key) == 0 ? Status.ERROR : Status.OK;
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    jedis.hset(key, StringByteIterator.getStringMap(values));
    return Status.OK;
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    List<String> keys = jedis.zrangeByScore(INDEX, hash(startkey), Double.POSITIVE_INFINITY, 0, recordcount);
    for (String key : keys) {
      HashMap<String, ByteIterator> values = new HashMap<>();
      read(table, key, fields, values);
      result.add(values);
    }
    return Status.OK;
  }
}
