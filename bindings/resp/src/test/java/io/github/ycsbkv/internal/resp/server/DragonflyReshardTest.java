package io.github.ycsbkv.internal.resp.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbkv.internal.resp.wire.RespException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class DragonflyReshardTest {

  private static byte[] b(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static List<Object> node(String id, long port, String role) {
    return List.of(b("id"), b(id), b("endpoint"), b("127.0.0.1"), b("ip"), b("127.0.0.1"), b("port"), port,
        b("role"), b(role), b("replication-offset"), 0L, b("health"), b("online"));
  }

  /** Dragonfly 1.40's CLUSTER SHARDS for two shards, the first with a replica. */
  private static final Object SHARDS = List.of(
      List.of(b("slots"), List.of(0L, 8191L), b("nodes"), List.of(node("n0", 7000, "master"),
          node("n2", 7002, "replica"))),
      List.of(b("slots"), List.of(8192L, 9000L, 9100L, 16383L), b("nodes"), List.of(node("n1", 7001, "master"))));

  private static String text(List<int[]> ranges) {
    return ranges.stream().map(Arrays::toString).toList().toString();
  }

  @Test
  void shards_primaryReplicasAndRanges_addressesMapped() {
    List<DragonflyReshard.Shard> s = DragonflyReshard.shards(SHARDS, a -> a.replace("127.0.0.1", "10.0.0.9"));
    assertEquals(2, s.size());
    assertEquals(new DragonflyReshard.Node("n0", "127.0.0.1", 7000, "10.0.0.9:7000"), s.get(0).primary());
    assertEquals(List.of(new DragonflyReshard.Node("n2", "127.0.0.1", 7002, "10.0.0.9:7002")), s.get(0).replicas());
    assertEquals("[[8192, 9000], [9100, 16383]]", text(s.get(1).ranges()));
    assertEquals(8192, s.get(0).slotCount());
    assertEquals(8093, s.get(1).slotCount());
    assertThrows(RespException.class, () -> DragonflyReshard.shards(b("ERR"), a -> a));
  }

  @Test
  void lowestAndWithout_takeTheLowestSlotsAcrossRanges_andLeaveTheRest() {
    List<int[]> ranges = List.of(new int[] {9100, 16383}, new int[] {8192, 9000});
    List<int[]> moving = DragonflyReshard.lowest(ranges, 1000);
    assertEquals("[[8192, 9000], [9100, 9290]]", text(moving));
    assertEquals("[[9291, 16383]]", text(DragonflyReshard.without(ranges, moving)));
    assertEquals("[[0, 99], [200, 300]]", text(DragonflyReshard.without(List.of(new int[] {0, 300}),
        List.of(new int[] {100, 199}))));
  }

  @Test
  void json_theMigrationOnTheSource_thenTheSlotsOnTheTarget() {
    List<DragonflyReshard.Shard> s = DragonflyReshard.shards(SHARDS, a -> a);
    List<int[]> moving = List.of(new int[] {0, 99});
    String migrating = DragonflyReshard.json(s, s.get(0), s.get(1), moving, false);
    assertEquals("[{\"slot_ranges\":[{\"start\":0,\"end\":8191}],\"master\":{\"id\":\"n0\",\"ip\":\"127.0.0.1\","
        + "\"port\":7000},\"replicas\":[{\"id\":\"n2\",\"ip\":\"127.0.0.1\",\"port\":7002}],\"migrations\":["
        + "{\"slot_ranges\":[{\"start\":0,\"end\":99}],\"node_id\":\"n1\",\"ip\":\"127.0.0.1\",\"port\":7001}]},"
        + "{\"slot_ranges\":[{\"start\":8192,\"end\":9000},{\"start\":9100,\"end\":16383}],\"master\":{\"id\":\"n1\","
        + "\"ip\":\"127.0.0.1\",\"port\":7001},\"replicas\":[]}]", migrating);
    String moved = DragonflyReshard.json(s, s.get(0), s.get(1), moving, true);
    assertTrue(moved.startsWith("[{\"slot_ranges\":[{\"start\":100,\"end\":8191}]"), moved);
    assertTrue(moved.contains("\"slot_ranges\":[{\"start\":0,\"end\":99},{\"start\":8192,\"end\":9000},"
        + "{\"start\":9100,\"end\":16383}]"), moved);
    assertEquals("[[0, 300], [400, 500]]", text(DragonflyReshard.merged(List.of(new int[] {400, 500},
        new int[] {100, 300}, new int[] {0, 99}))));
    assertTrue(!moved.contains("migrations"), moved);
  }
}
