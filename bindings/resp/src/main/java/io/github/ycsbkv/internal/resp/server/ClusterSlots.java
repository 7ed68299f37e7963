package io.github.ycsbkv.internal.resp.server;

import io.github.ycsbkv.config.UserError;
import io.github.ycsbkv.internal.resp.jedis.JedisClients;
import io.github.ycsbkv.internal.resp.wire.RespConnection;
import io.github.ycsbkv.internal.resp.wire.RespException;
import io.github.ycsbkv.internal.resp.wire.RespReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;
import redis.clients.jedis.Connection;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.exceptions.JedisException;
import site.ycsb.DBException;

/**
 * A Redis Cluster's key-to-slot function and slot map, as the Redis Cluster specification defines them: a key's slot
 * is CRC16 (XMODEM) of the key, or of its hash tag (the bytes between the first <code>{</code> and the next
 * <code>}</code> when that is not empty), modulo 16,384; the map says which primary serves each slot, as {@code
 * CLUSTER SLOTS} replies it (Redis, Valkey, KeyDB and Dragonfly all answer it; {@code CLUSTER SHARDS} is Redis 7's
 * and Valkey's only, and adds node health this client does not use). Immutable and thread-safe.
 *
 * @param primaries the primaries' addresses ({@code host:port}, as mapped), in the order the map first names them
 * @param bySlot for each slot, the index in {@code primaries} of the node that serves it, or -1 where no node does
 * @param replicas for each primary (by its index in {@code primaries}), its replicas' addresses as the map names them
 */
public record ClusterSlots(List<String> primaries, int[] bySlot, List<List<String>> replicas) {

  /** Slots of a Redis Cluster (and of Dragonfly's). */
  public static final int SLOTS = 16384;

  private static final int[] TABLE = new int[256];

  static {
    for (int i = 0; i < 256; i++) {
      int crc = i << 8;
      for (int b = 0; b < 8; b++) {
        crc = (crc & 0x8000) != 0 ? (crc << 1) ^ 0x1021 : crc << 1;
      }
      TABLE[i] = crc & 0xffff;
    }
  }

  /** CRC16-XMODEM (polynomial 0x1021, initial 0) of {@code bytes[from, to)}. */
  static int crc16(byte[] bytes, int from, int to) {
    int crc = 0;
    for (int i = from; i < to; i++) {
      crc = ((crc << 8) ^ TABLE[((crc >>> 8) ^ bytes[i]) & 0xff]) & 0xffff;
    }
    return crc;
  }

  /**
   * The slot of {@code key} (its UTF-8 bytes, as it goes on the wire). ASCII keys, the workloads' own, are hashed
   * from their characters without an array.
   */
  public static int slot(String key) {
    int n = key.length();
    int from = 0;
    int to = n;
    int open = key.indexOf('{');
    if (open >= 0) {
      int close = key.indexOf('}', open + 1);
      if (close > open + 1) {
        from = open + 1;
        to = close;
      }
    }
    int crc = 0;
    for (int i = from; i < to; i++) {
      char ch = key.charAt(i);
      if (ch >= 0x80) {
        return slotOfBytes(key.getBytes(StandardCharsets.UTF_8));
      }
      crc = ((crc << 8) ^ TABLE[((crc >>> 8) ^ ch) & 0xff]) & 0xffff;
    }
    return crc & (SLOTS - 1);
  }

  /** The slot of a key given as its bytes. */
  static int slotOfBytes(byte[] key) {
    int from = 0;
    int to = key.length;
    for (int i = 0; i < key.length; i++) {
      if (key[i] == '{') {
        for (int j = i + 1; j < key.length; j++) {
          if (key[j] == '}') {
            if (j > i + 1) {
              from = i + 1;
              to = j;
            }
            break;
          }
        }
        break;
      }
    }
    return crc16(key, from, to) & (SLOTS - 1);
  }

  /**
   * The map in a {@code CLUSTER SLOTS} reply ({@link RespReader#value()}'s objects): for each range its first and
   * last slot, then its primary as {@code [host, port, id, ...]}, then its replicas alike. {@code asked} is the
   * address the reply came from, which stands in for a primary announced with an empty host (Redis announces "" for
   * itself when it does not know its address); {@code map} turns an announced address into the one to connect to
   * ({@code redis.cluster.hostmap}). Throws {@link RespException} when the reply is not a map or covers no slot.
   */
  public static ClusterSlots parse(Object reply, String asked, UnaryOperator<String> map) {
    if (!(reply instanceof List<?> ranges)) {
      throw new RespException("CLUSTER SLOTS did not reply a list of slot ranges: " + reply);
    }
    Map<String, Integer> index = new LinkedHashMap<>();
    List<Set<String>> replicas = new ArrayList<>();
    int[] bySlot = new int[SLOTS];
    java.util.Arrays.fill(bySlot, -1);
    int covered = 0;
    for (Object r : ranges) {
      if (!(r instanceof List<?> range) || range.size() < 3 || !(range.get(0) instanceof Long first)
          || !(range.get(1) instanceof Long last) || !(range.get(2) instanceof List<?> primary) || primary.size() < 2
          || !(primary.get(1) instanceof Long port)) {
        throw new RespException("CLUSTER SLOTS replied a range this client does not understand: " + r);
      }
      int node = index.computeIfAbsent(map.apply(address(primary.get(0), port, asked)), a -> index.size());
      if (node == replicas.size()) {
        replicas.add(new LinkedHashSet<>());
      }
      for (Object o : range.subList(3, range.size())) {
        if (o instanceof List<?> replica && replica.size() >= 2 && replica.get(1) instanceof Long p) {
          replicas.get(node).add(map.apply(address(replica.get(0), p, asked)));
        }
      }
      for (long s = Math.max(0, first); s <= Math.min(SLOTS - 1, last); s++) {
        if (bySlot[(int) s] < 0) {
          covered++;
        }
        bySlot[(int) s] = node;
      }
    }
    if (covered == 0) {
      throw new RespException("CLUSTER SLOTS replied no slot served: the cluster has no slots assigned yet");
    }
    return new ClusterSlots(List.copyOf(new ArrayList<>(index.keySet())), bySlot,
        replicas.stream().map(List::copyOf).toList());
  }

  /** A node's address from its entry's host ({@code asked}'s where it is empty or unknown) and port. */
  private static String address(Object host, long port, String asked) {
    String h = host instanceof byte[] b ? new String(b, StandardCharsets.UTF_8) : "";
    return (h.isEmpty() || h.equals("?") ? hostOf(asked) : h) + ":" + port;
  }

  /** Every primary's replicas, in the map's order. */
  public List<String> allReplicas() {
    List<String> all = new ArrayList<>();
    replicas.forEach(all::addAll);
    return all;
  }

  /**
   * {@code CLUSTER SLOTS} from the first of {@code c}'s hosts (the seeds) that answers it, on a connection of its own
   * (Jedis, with the binding's password and TLS). Throws {@link RespException} with every seed's reason when none does.
   */
  public static ClusterSlots read(RespConnection c, UnaryOperator<String> map) {
    List<String> seeds = new ArrayList<>();
    for (RespConnection.Endpoint e : c.endpoints()) {
      seeds.add(e.toString());
    }
    return read(c, seeds, map);
  }

  /** As {@link #read(RespConnection, UnaryOperator)}, asking {@code addresses} ({@code host:port}) in turn. */
  public static ClusterSlots read(RespConnection c, List<String> addresses, UnaryOperator<String> map) {
    List<String> why = new ArrayList<>();
    for (String address : addresses) {
      int colon = address.lastIndexOf(':');
      HostAndPort at = new HostAndPort(address.substring(0, colon), Integer.parseInt(address.substring(colon + 1)));
      try (Connection connection = new Connection(at, JedisClients.config(c.observer()))) {
        connection.sendCommand(Protocol.Command.CLUSTER, "SLOTS");
        return parse(connection.getOne(), address, map);
      } catch (JedisException | RespException e) {
        why.add(address + ": " + UserError.describe(e));
      } catch (DBException e) {
        throw new RespException(e.getMessage());
      }
    }
    throw new RespException("no node of the cluster answered CLUSTER SLOTS (" + String.join("; ", why) + ")");
  }

  /** Slots no primary serves. */
  int unserved() {
    int n = 0;
    for (int node : bySlot) {
      n += node < 0 ? 1 : 0;
    }
    return n;
  }

  /** The slot ranges each primary serves ("0-5460"), for messages. */
  String describe() {
    StringBuilder sb = new StringBuilder();
    for (int node = 0; node < primaries.size(); node++) {
      sb.append(node == 0 ? "" : ", ").append(primaries.get(node)).append(' ');
      int start = -1;
      boolean firstRange = true;
      for (int s = 0; s <= SLOTS; s++) {
        boolean mine = s < SLOTS && bySlot[s] == node;
        if (mine && start < 0) {
          start = s;
        } else if (!mine && start >= 0) {
          sb.append(firstRange ? "" : ",").append(start).append(start == s - 1 ? "" : "-" + (s - 1));
          firstRange = false;
          start = -1;
        }
      }
    }
    return sb.toString();
  }

  private static String hostOf(String address) {
    int colon = address.lastIndexOf(':');
    return colon < 0 ? address : address.substring(0, colon);
  }
}
