package io.github.ycsbkv.internal.resp.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbkv.internal.resp.wire.RespException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import site.ycsb.DBException;

class ReplicaReadsTest {

  private static Properties props(String... kv) {
    Properties p = new Properties();
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return p;
  }

  @Test
  void from_readsTheModeAndTheReplicas_andRefusesWhatIsNoneOfThem() throws Exception {
    assertEquals(ReplicaReads.PRIMARY, ReplicaReads.from(props()));
    assertEquals(ReplicaReads.Mode.REPLICA, ReplicaReads.from(props("readfrom", " Replica ")).mode());
    ReplicaReads any = ReplicaReads.from(props("readfrom", "any", "readfrom.replicas", "10.0.0.2:6380, 10.0.0.3:6381"));
    assertEquals(List.of("10.0.0.2:6380", "10.0.0.3:6381"), any.replicas());
    assertTrue(any.offPrimary());
    assertEquals("-p readfrom=secondary is not one of primary (the default), replica or any",
        assertThrows(DBException.class, () -> ReplicaReads.from(props("readfrom", "secondary"))).getMessage());
    assertTrue(assertThrows(DBException.class, () -> ReplicaReads.from(props("readfrom.replicas", "h:1")))
        .getMessage().contains("add -p readfrom=replica or any"));
  }

  @Test
  void addresses_areThoseGiven_elseThosePrimarysRoleNames_elseOneLine() {
    Object role = List.of("master".getBytes(StandardCharsets.UTF_8), 42L,
        List.of(List.of("127.0.0.1".getBytes(StandardCharsets.UTF_8), "6380".getBytes(StandardCharsets.UTF_8),
            "42".getBytes(StandardCharsets.UTF_8))));
    ReplicaReads named = new ReplicaReads(ReplicaReads.Mode.REPLICA, List.of());
    assertEquals(List.of("127.0.0.1:6380"), named.addresses(role, "127.0.0.1:6379"));
    assertEquals(List.of("h:7"), new ReplicaReads(ReplicaReads.Mode.ANY, List.of("h:7")).addresses(role, "p:1"));
    Object alone = List.of("master".getBytes(StandardCharsets.UTF_8), 0L, List.of());
    RespException e = assertThrows(RespException.class, () -> named.addresses(alone, "127.0.0.1:6379"));
    assertTrue(e.isWhole());
    assertTrue(e.getMessage().contains("has no replica"), e.getMessage());
  }

  @Test
  void readCommands_areRoutedAsReads_theirCallsCountedFromCommandstats() {
    assertTrue(ReplicaReads.reads("hgetall".getBytes(StandardCharsets.US_ASCII)));
    assertTrue(ReplicaReads.reads("GET".getBytes(StandardCharsets.US_ASCII)));
    assertFalse(ReplicaReads.reads("SET".getBytes(StandardCharsets.US_ASCII)));
    assertFalse(ReplicaReads.reads("GETDEL".getBytes(StandardCharsets.US_ASCII)));
    // A replica counts the writes its primary sends it (cmdstat_set, cmdstat_hset): those are not the run's reads.
    Map<String, String> stats = Map.of("cmdstat_get", "calls=10,usec=7,usec_per_call=0.70",
        "cmdstat_hgetall", "calls=5,usec=3", "cmdstat_set", "calls=99,usec=1", "cmdstat_info", "calls=3,usec=1");
    assertEquals(15, ReplicaReads.readCalls(stats));
  }
}
