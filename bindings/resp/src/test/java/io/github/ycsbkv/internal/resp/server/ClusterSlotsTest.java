package io.github.ycsbkv.internal.resp.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbkv.internal.resp.wire.RespException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The key-to-slot function against the Redis Cluster specification's own figures, and the reading of {@code CLUSTER
 * SLOTS} replies as Redis, Valkey and Dragonfly give them. Real clusters route through it in RespClusterIT.
 */
class ClusterSlotsTest {

  @Test
  void crc16_ofTheSpecificationsCheckString_is0x31C3() {
    // The Redis Cluster specification's reference: CRC16 of "123456789" is 0x31C3 (XMODEM).
    byte[] check = "123456789".getBytes(StandardCharsets.US_ASCII);
    assertEquals(0x31C3, ClusterSlots.crc16(check, 0, check.length));
  }

  @Test
  void slot_ofKnownKeys_isWhatRedisSays() {
    // CLUSTER KEYSLOT on Redis 7.0: foo 12182, bar 5061, user1000 3443, foo{}{bar} 8363.
    assertEquals(12182, ClusterSlots.slot("foo"));
    assertEquals(5061, ClusterSlots.slot("bar"));
    assertEquals(3443, ClusterSlots.slot("user1000"));
    assertEquals(3443, ClusterSlots.slotOfBytes("user1000".getBytes(StandardCharsets.US_ASCII)));
    assertEquals(8363, ClusterSlots.slot("foo{}{bar}"));
  }

  @Test
  void slot_withHashTag_isTheTagsSlot_andAnEmptyTagHashesTheWholeKey() {
    assertEquals(ClusterSlots.slot("user1000"), ClusterSlots.slot("{user1000}.following"));
    assertEquals(ClusterSlots.slot("user1000"), ClusterSlots.slot("foo{user1000}{bar}"));
    assertEquals(ClusterSlots.slot("ycsbkv:idx:usertable:{3}"), ClusterSlots.slot("3"));
    // "{}" is no tag: the whole key is hashed; only the first "{" counts.
    assertEquals(ClusterSlots.slotOfBytes("foo{}{bar}".getBytes(StandardCharsets.US_ASCII)),
        ClusterSlots.slot("foo{}{bar}"));
    assertTrue(ClusterSlots.slot("foo{}{bar}") != ClusterSlots.slot("bar"));
  }

  @Test
  void slot_ofANonAsciiKey_hashesItsUtf8Bytes() {
    String key = "clé-ü";
    assertEquals(ClusterSlots.slotOfBytes(key.getBytes(StandardCharsets.UTF_8)), ClusterSlots.slot(key));
  }

  @Test
  void parse_threeRanges_mapsEverySlotToItsPrimary_andEachPrimarysReplicas() {
    Object reply = List.of(
        List.of(0L, 5460L, node("127.0.0.1", 7001), node("127.0.0.1", 7004), node("", 7005)),
        List.of(5461L, 10922L, node("127.0.0.1", 7002)),
        List.of(10923L, 16383L, node("127.0.0.1", 7003), node("127.0.0.1", 7006)));
    ClusterSlots s = ClusterSlots.parse(reply, "127.0.0.1:7001", a -> a);
    assertEquals(List.of(List.of("127.0.0.1:7004", "127.0.0.1:7005"), List.of(), List.of("127.0.0.1:7006")),
        s.replicas());
    assertEquals(List.of("127.0.0.1:7004", "127.0.0.1:7005", "127.0.0.1:7006"), s.allReplicas());
    assertEquals(List.of("127.0.0.1:7001", "127.0.0.1:7002", "127.0.0.1:7003"), s.primaries());
    assertEquals(0, s.bySlot()[0]);
    assertEquals(0, s.bySlot()[5460]);
    assertEquals(1, s.bySlot()[5461]);
    assertEquals(2, s.bySlot()[16383]);
    assertEquals(0, s.unserved());
    assertEquals("127.0.0.1:7001 0-5460, 127.0.0.1:7002 5461-10922, 127.0.0.1:7003 10923-16383", s.describe());
  }

  @Test
  void parse_emptyHost_isTheAskedNodesHost_andTheHostMapApplies() {
    Object reply = List.of(List.of(0L, 16383L, node("", 6380)));
    ClusterSlots s = ClusterSlots.parse(reply, "10.1.2.3:6380", a -> a.equals("10.1.2.3:6380") ? "127.0.0.1:16380" : a);
    assertEquals(List.of("127.0.0.1:16380"), s.primaries());
  }

  @Test
  void parse_partialCoverage_countsTheUnservedSlots() {
    ClusterSlots s = ClusterSlots.parse(List.of(List.of(0L, 99L, node("127.0.0.1", 7001))), "x:1", a -> a);
    assertEquals(ClusterSlots.SLOTS - 100, s.unserved());
    assertEquals(-1, s.bySlot()[100]);
  }

  @Test
  void parse_noSlotsOrNotAList_isOneClearError() {
    RespException none = assertThrows(RespException.class, () -> ClusterSlots.parse(List.of(), "x:1", a -> a));
    assertTrue(none.getMessage().contains("no slot served"), none.getMessage());
    RespException odd = assertThrows(RespException.class,
        () -> ClusterSlots.parse("ERR This instance has cluster support disabled".getBytes(StandardCharsets.UTF_8),
            "x:1", a -> a));
    assertTrue(odd.getMessage().startsWith("CLUSTER SLOTS did not reply a list"), odd.getMessage());
  }

  private static List<Object> node(String host, long port) {
    return List.of(host.getBytes(StandardCharsets.UTF_8), port, "id".getBytes(StandardCharsets.UTF_8));
  }
}
