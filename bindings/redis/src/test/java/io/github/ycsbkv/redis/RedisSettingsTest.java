package io.github.ycsbkv.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbkv.internal.resp.ScanIndex;
import io.github.ycsbkv.internal.resp.wire.IndexWrite;
import io.github.ycsbkv.internal.resp.wire.RecordFormat;
import io.github.ycsbkv.internal.resp.wire.RespConnection;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import site.ycsb.DBException;

class RedisSettingsTest {

  private static Properties props(String... kv) {
    Properties p = new Properties();
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return p;
  }

  @Test
  void from_nothing_usesTheDocumentedDefaults() throws Exception {
    RedisSettings s = RedisSettings.from(props());
    assertEquals(List.of(new RespConnection.Endpoint("127.0.0.1", 6379)), s.connection().endpoints());
    assertEquals(2000, s.connection().timeoutMillis());
    assertEquals(RecordFormat.Model.HASH, s.format().model());
    assertEquals(ScanIndex.ON, s.scanIndex());
    assertEquals(1, s.poolSize());
    assertEquals(1, s.indexShards());
    assertEquals(IndexWrite.MULTI, s.indexWrite());
    assertFalse(s.connection().tls().enabled());
    assertNull(s.connection().user());
  }

  @Test
  void scanIndexWrite_namesItsWays_andAnyOtherIsOneLine() throws Exception {
    assertEquals(IndexWrite.AFTER, RedisSettings.from(props("redis.scanindex.write", " After ")).indexWrite());
    assertEquals(IndexWrite.PIPELINED, RedisSettings.from(props("redis.scanindex.write", "pipelined")).indexWrite());
    DBException e = assertThrows(DBException.class, () -> RedisSettings.from(props("redis.scanindex.write", "exec")));
    assertEquals("property 'redis.scanindex.write' must be multi, pipelined or after, got 'exec'", e.getMessage());
  }

  @Test
  void from_uri_suppliesEveryPart_andPropertiesWin() throws Exception {
    RedisSettings s = RedisSettings.from(props("redis.uri", "rediss://bench:p%40ss@db.example:6380/3"));
    assertEquals(List.of(new RespConnection.Endpoint("db.example", 6380)), s.connection().endpoints());
    assertEquals("bench", s.connection().user());
    assertEquals("p@ss", s.connection().password());
    assertEquals(3, s.connection().database());
    assertTrue(s.connection().tls().enabled());
    RedisSettings over = RedisSettings.from(props("redis.uri", "redis://bench:pw@db.example:6380/3",
        "redis.db", "5", "redis.password", "other"));
    assertEquals(5, over.connection().database());
    assertEquals("other", over.connection().password());
  }

  @Test
  void from_poolSize_defaultsToThreadCount() throws Exception {
    assertEquals(32, RedisSettings.from(props("threadcount", "32")).poolSize());
    assertEquals(4, RedisSettings.from(props("threadcount", "32", "redis.poolsize", "4")).poolSize());
  }

  @Test
  void connections_threadByDefault_poolOnRequest_andAlwaysPooledOnACluster() throws Exception {
    assertTrue(RedisSettings.from(props()).threadConnections());
    assertFalse(RedisSettings.from(props("redis.connections", "pool")).threadConnections());
    assertFalse(RedisSettings.from(props("redis.cluster", "true", "redis.host", "a:1")).threadConnections());
    assertEquals("redis.connections must be thread or pool, got 'many'",
        assertThrows(DBException.class, () -> RedisSettings.from(props("redis.connections", "many"))).getMessage());
  }

  @Test
  void from_clusterSeedsAndHostMap() throws Exception {
    RedisSettings s = RedisSettings.from(props("redis.cluster", "true", "redis.host", "10.0.0.1:7000, 10.0.0.2:7001",
        "redis.cluster.hostmap", "172.17.0.2:6379=127.0.0.1:32768"));
    assertEquals(2, s.connection().endpoints().size());
    assertEquals(new RespConnection.Endpoint("10.0.0.2", 7001), s.connection().endpoints().get(1));
    assertEquals(new RespConnection.Endpoint("127.0.0.1", 32768),
        s.hostMap().get(new RespConnection.Endpoint("172.17.0.2", 6379)));
    assertEquals(16, s.indexShards());
  }

  @Test
  void from_badInput_saysWhichPropertyAndWhat() {
    assertEquals("redis.uri must start with redis:// or rediss://, got 'http://'",
        assertThrows(DBException.class, () -> RedisSettings.from(props("redis.uri", "http://x:1"))).getMessage());
    assertEquals("property 'redis.datatype' must be one of hash, string, got 'json'",
        assertThrows(DBException.class, () -> RedisSettings.from(props("redis.datatype", "json"))).getMessage());
    assertEquals("redis.host lists 2 servers; set redis.cluster=true for a cluster, or give one host",
        assertThrows(DBException.class, () -> RedisSettings.from(props("redis.host", "a:1,b:2"))).getMessage());
    assertEquals("redis.db must be 0 with redis.cluster=true (Redis Cluster has one database)",
        assertThrows(DBException.class, () -> RedisSettings.from(props("redis.cluster", "true", "redis.db", "2")))
            .getMessage());
    assertEquals("property 'redis.port' must be a whole number, got 'x'",
        assertThrows(DBException.class, () -> RedisSettings.from(props("redis.port", "x"))).getMessage());
  }

  /** Regression: the default followed the current workload's scans, so a load with workloada left workloade no index. */
  @Test
  void indexEnabled_byDefault_evenForAWorkloadThatDoesNotScan() throws Exception {
    assertTrue(RedisSettings.from(props()).scanIndex().enabled(props("scanproportion", "0")));
  }

  @Test
  void indexEnabled_autoFollowsScanProportion() throws Exception {
    RedisSettings auto = RedisSettings.from(props("redis.scanindex", "auto"));
    assertFalse(auto.scanIndex().enabled(props("scanproportion", "0")));
    assertTrue(auto.scanIndex().enabled(props("scanproportion", "0.95")));
    assertTrue(RedisSettings.from(props("redis.scanindex", "on")).scanIndex().enabled(props()));
    assertFalse(RedisSettings.from(props("redis.scanindex", "off")).scanIndex().enabled(props("scanproportion", "1")));
  }

  @Test
  void toString_masksThePassword() throws Exception {
    String text = RedisSettings.from(props("redis.password", "hunter2")).toString();
    assertFalse(text.contains("hunter2"), text);
    assertTrue(text.contains("password=*****"), text);
  }
}
