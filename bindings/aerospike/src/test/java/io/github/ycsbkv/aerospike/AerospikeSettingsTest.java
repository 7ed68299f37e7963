package io.github.ycsbkv.aerospike;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Properties;
import org.junit.jupiter.api.Test;
import site.ycsb.DBException;

class AerospikeSettingsTest {

  private static Properties props(String... kv) {
    Properties p = new Properties();
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return p;
  }

  @Test
  void from_nothing_usesTheDocumentedDefaults() throws Exception {
    AerospikeSettings s = AerospikeSettings.from(props());
    assertEquals("127.0.0.1:3000", s.where());
    assertEquals("test", s.namespace());
    assertEquals("usertable", s.set());
    assertEquals(0, s.maxRetries(), "retries never hide latency unless asked for");
    assertEquals(10000, s.totalTimeoutMillis());
  }

  @Test
  void from_severalSeeds_withAndWithoutPorts() throws Exception {
    AerospikeSettings s = AerospikeSettings.from(props("as.host", "10.0.0.1:3100, 10.0.0.2", "as.port", "3200",
        "table", "points", "as.set", "custom"));
    assertEquals("10.0.0.1:3100,10.0.0.2:3200", s.where());
    assertEquals("custom", s.set());
  }

  @Test
  void checkBinNames_longFieldNames_areRefusedAtInit() throws Exception {
    AerospikeSettings.from(props("fieldcount", "64", "fieldnameprefix", "field")).checkBinNames();
    AerospikeSettings.from(props("fieldcount", "10", "fieldnameprefix", "measurement_")).checkBinNames();
    DBException e = assertThrows(DBException.class,
        () -> AerospikeSettings.from(props("fieldcount", "10", "fieldnameprefix", "measurement_no_")).checkBinNames());
    assertEquals("field name 'measurement_no_9' has 16 characters; Aerospike bin names have at most 15 (shorten"
        + " fieldnameprefix or lower fieldcount)", e.getMessage());
  }

  @Test
  void readfrom_primaryLeavesTheClientsPolicy_anyIsMasterProles_replicaAndOthersOneLine() throws Exception {
    assertEquals(null, AerospikeSettings.from(props()).readReplica());
    assertEquals(null, AerospikeSettings.from(props("readfrom", "primary")).readReplica());
    assertEquals(com.aerospike.client.policy.Replica.MASTER_PROLES,
        AerospikeSettings.from(props("readfrom", " Any ")).readReplica());
    DBException replica = assertThrows(DBException.class,
        () -> AerospikeSettings.from(props("readfrom", "replica")));
    assertTrue(replica.getMessage().startsWith("-p readfrom=replica: Aerospike's client has no policy that reads from"
        + " replicas only"), replica.getMessage());
    DBException odd = assertThrows(DBException.class,
        () -> AerospikeSettings.from(props("readfrom", "nearest")));
    assertEquals("-p readfrom=nearest is not one of primary (the default) or any (on Aerospike)", odd.getMessage());
  }

  @Test
  void toString_masksThePassword() throws Exception {
    String text = AerospikeSettings.from(props("as.user", "admin", "as.password", "hunter2")).toString();
    assertFalse(text.contains("hunter2"), text);
    assertTrue(text.contains("password=*****"), text);
  }

  @Test
  void pairs_readsInfoReplies() {
    var m = AerospikeProbe.pairs("objects=1000;data_used_bytes=123456;stop_writes=false\n");
    assertEquals("1000", m.get("objects"));
    assertEquals("123456", m.get("data_used_bytes"));
  }
}
