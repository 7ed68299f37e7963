package io.github.ycsbkv.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.github.ycsbkv.spi.ConnectionShape;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** What the redis binding tells the engine before it connects. */
class RedisDBTest {

  private static Properties props(String... kv) {
    Properties p = new Properties();
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return p;
  }

  @Test
  void renameProperties_redisConnections_readWithOneLineSayingWhatReplacesIt() {
    Properties thread = props("redis.connections", "thread");
    assertEquals(List.of("redis.connections=thread is replaced by -p connections=client, the default now; the old"
        + " name is read for this release only"), new RedisDB().renameProperties(thread));
    assertNull(thread.getProperty("connections"), "thread is the default: nothing to set");
    assertEquals(List.of("redis.connections=pool (the clients take turns on a pool of redis.poolsize connections) is"
        + " read for this release only; -p connections=N shares N connections between the clients"),
        new RedisDB().renameProperties(props("redis.connections", "pool")));
    assertEquals(List.of(), new RedisDB().renameProperties(props()));
  }

  @Test
  void connectionModel_followsTheEngine_onAClusterToo_butNotOnJedisClusterOrAPool() {
    RedisDB db = new RedisDB();
    db.setProperties(props());
    assertEquals(ConnectionShape.Model.FOLLOWS_ENGINE, db.connectionModel());
    db.setProperties(props("redis.cluster", "true"));
    assertEquals(ConnectionShape.Model.FOLLOWS_ENGINE, db.connectionModel(), "the engine's cluster routing");
    assertNull(db.sharedThreadsDeclined(), "the engine serves a cluster's clients on its loops");
    Properties jedis = props("redis.cluster", "true");
    jedis.setProperty("redis.asyncclient", "jedis");
    db.setProperties(jedis);
    assertNull(db.connectionModel());
    assertEquals(true, db.sharedThreadsDeclined() != null, "Jedis's cluster client: a thread per client");
    db.setProperties(props("redis.connections", "pool"));
    assertNull(db.connectionModel());
  }

  @Test
  void sharesPipelines_onTheEngineOnly() {
    RedisDB db = new RedisDB();
    db.setProperties(props());
    assertEquals(true, db.sharesPipelines(), "the RESP engine, the default client");
    db.setProperties(props("redis.cluster", "true"));
    assertEquals(true, db.sharesPipelines(), "the engine's cluster routing");
    db.setProperties(props("redis.asyncclient", "jedis"));
    assertEquals(false, db.sharesPipelines(), "Jedis pipelines: a thread per pipelined client");
    db.setProperties(props("redis.connections", "pool"));
    assertEquals(false, db.sharesPipelines(), "a pool of Jedis connections");
    db.setProperties(props("redis.reconnect.every", "100"));
    assertEquals(false, db.sharesPipelines(), "each client reopens its own connection");
  }
}
