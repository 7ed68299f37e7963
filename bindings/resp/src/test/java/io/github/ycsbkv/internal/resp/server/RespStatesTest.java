package io.github.ycsbkv.internal.resp.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbkv.spi.ServerState;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** INFO fields as Redis 7.0 and Dragonfly 1.40 printed them here, read into a state and added up over nodes. */
class RespStatesTest {

  @Test
  void redisPrimaryWithTwoReplicas_savingForkAndTheFurthestReplicasLag() {
    Map<String, String> info = RespInfo.parse(String.join("\n", "used_memory:1000", "used_memory_rss:3000",
        "evicted_keys:7", "expired_keys:2", "keyspace_hits:90", "keyspace_misses:10", "rdb_bgsave_in_progress:1",
        "aof_rewrite_in_progress:0", "latest_fork_usec:3461", "total_forks:1", "connected_slaves:2",
        "master_repl_offset:5000", "slave0:ip=127.0.0.1,port=7001,state=online,offset=4990,lag=0",
        "slave1:ip=127.0.0.1,port=7002,state=online,offset=4200,lag=1", "db0:keys=12,expires=0,avg_ttl=0"));
    ServerState s = RespStates.of(List.of(info));
    assertEquals(new ServerState(1000, 3000, 12, 7, 2, 90, 10, true, false, 3461, 2, 800, -1, 1, -1,
        RespStates.SOURCE), s);
  }

  @Test
  void dragonfly_savingFromItsOwnField_noFork_noReplica() {
    // Dragonfly 1.40 kept rdb_bgsave_in_progress:1 after its save had ended; saving:0 is what it meant.
    Map<String, String> info = RespInfo.parse(String.join("\n", "used_memory:1000", "saving:0",
        "rdb_bgsave_in_progress:1", "keyspace_hits:1", "keyspace_misses:1", "evicted_keys:0", "expired_keys:0",
        "connected_slaves:0", "master_repl_offset:0"));
    ServerState s = RespStates.of(List.of(info));
    assertFalse(s.saving());
    assertEquals(-1, s.lastForkMicros());
    assertEquals(-1, s.replicaLagBytes());
    assertEquals(0, s.replicas());
    assertEquals(-1, s.rssBytes());
  }

  @Test
  void clusterNodes_addedUp_anyNodeSavingIsSaving_aMissingCounterIsNotReported() {
    Map<String, String> a = RespInfo.parse("used_memory:10\nkeyspace_hits:5\nevicted_keys:1\nrdb_bgsave_in_progress:0");
    Map<String, String> b = RespInfo.parse("used_memory:20\nkeyspace_hits:7\nrdb_bgsave_in_progress:1");
    ServerState s = RespStates.of(List.of(a, b));
    assertEquals(30, s.usedMemoryBytes());
    assertEquals(12, s.hits());
    assertEquals(-1, s.evictedKeys());
    assertTrue(s.saving());
  }

  @Test
  void redirections_movedAndAskFromErrorstats_noneYetIsZero_noSectionIsNotReported() {
    assertEquals(7, RespStates.redirections(RespInfo.parse(
        "total_error_replies:9\nerrorstat_MOVED:count=5\nerrorstat_ASK:count=2\nerrorstat_ERR:count=2")));
    assertEquals(0, RespStates.redirections(RespInfo.parse("total_error_replies:0")));
    assertEquals(-1, RespStates.redirections(RespInfo.parse("unknown_cmd:2")));
  }

  private static byte[] b(String s) {
    return s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
  }

  @Test
  void roleReplicas_redisAndDragonflyReplies_hostAndPort_noneFromAReplica() {
    Object redis = List.of(b("master"), 3129L, List.of(List.of(b("127.0.0.1"), b("7001"), b("3129")),
        List.of(b("10.0.0.2"), b("7002"), b("3100"))));
    assertEquals(List.of("127.0.0.1:7001", "10.0.0.2:7002"), RespStates.roleReplicas(redis));
    Object dragonfly = List.of(b("master"), List.of(List.of(b("127.0.0.1"), b("16403"), b("online"))));
    assertEquals(List.of("127.0.0.1:16403"), RespStates.roleReplicas(dragonfly));
    assertEquals(List.of(), RespStates.roleReplicas(List.of(b("slave"), b("127.0.0.1"), 6379L, b("connected"), 5L)));
  }

  @Test
  void listsReplica_findsTheReplicaByItsAddress_inThePrimarysSlaveLines() {
    Map<String, String> info = Map.of("role", "master", "connected_slaves", "1",
        "slave0", "ip=127.0.0.1,port=6380,state=online,offset=42,lag=0");
    assertTrue(RespStates.listsReplica(info, "127.0.0.1:6380"));
    assertTrue(RespStates.listsReplica(info, "localhost:6380"));
    assertFalse(RespStates.listsReplica(info, "127.0.0.1:638"));
    assertFalse(RespStates.listsReplica(info, "10.0.0.2:6380"));
    // Dragonfly's line has no offset.
    assertTrue(RespStates.listsReplica(Map.of("slave0", "ip=127.0.0.1,port=6390,state=online,lag=0"),
        "127.0.0.1:6390"));
  }

  @Test
  void attachAndDetach_needTheServersAddress_andAreOfferedOnAStandaloneServer() {
    RespStates.Events events = new RespStates.Events(new RespProbe(null, null, ReplicaReads.PRIMARY));
    assertEquals(List.of("bgsave", "bgrewriteaof", "attach", "detach"), events.kinds("redis"));
    assertEquals(List.of("bgsave", "attach", "detach"), events.kinds("dragonfly"));
    assertEquals(null, events.argumentProblem("attach", "127.0.0.1:6380"));
    assertEquals("attach:HOST:PORT names the server to make a replica of this one",
        events.argumentProblem("attach", null));
    assertEquals("detach:HOST:PORT names the server to stop replicating this one",
        events.argumentProblem("detach", "6380"));
  }
}
