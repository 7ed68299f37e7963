package io.github.ycsbkv.internal.resp.lane;

import io.github.ycsbkv.codec.FieldCodec;
import io.github.ycsbkv.internal.resp.wire.IndexWrite;
import io.github.ycsbkv.internal.resp.wire.RecordFormat;
import io.github.ycsbkv.internal.resp.wire.RespException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/**
 * YCSB's operations on records over a {@link RespLane}, in the commands the redis and dragonfly bindings send
 * (docs/bindings/redis.md): a record is a hash (HSET, HGETALL, HMGET) or one string (SET, GET; several fields
 * packed by {@link FieldCodec}); the scan index is a sorted set per index key (ZADD, ZREM, ZRANGEBYLEX) changed
 * with its record as {@link IndexWrite} says: in one MULTI/EXEC, in the same write, or after it. Each operation is one
 * {@link RespCall}: what it allocates is the call, the workload's values' arrays and what a read hands back.
 *
 * <p>One per binding instance; the asynchronous methods may be called on the lane's loop, the blocking ones
 * ({@link #scan}, {@link #mergeUpdate}) never.
 */
public final class RespRecords {

  private final RespLane lane;
  final RecordFormat format;
  /** The one field's name when records have one field ({@code <prefix>0}), kept so that reads allocate none. */
  final String onlyField;
  /** How a record and its index entry are written: {@link IndexWrite#AFTER} on a cluster, whose nodes own them. */
  private final IndexWrite write;

  /**
   * @param write how a record and its index entry change together (record first on insert, index first on delete);
   *     on a cluster they are two calls, each to its own node, whatever it says
   */
  public RespRecords(RespLane lane, RecordFormat format, IndexWrite write) {
    this.lane = lane;
    this.format = format;
    this.onlyField = format.fieldPrefix() + "0";
    this.write = lane.cluster() ? IndexWrite.AFTER : write;
  }

  public RespLane lane() {
    return lane;
  }

  /** GET, HGETALL or HMGET (some fields); a missing record is NOT_FOUND. */
  public RespCall read(String key, Set<String> fields, Map<String, ByteIterator> result) {
    return lane.send(new RecordCalls.Read(this, key, fields, result));
  }

  /** HSET of the given fields, or SET of the whole record (string model: every field given, or one field). */
  public RespCall update(String key, Map<String, ByteIterator> values) {
    return lane.send(new RecordCalls.Write(this, key, values, null, false, -1));
  }

  /**
   * HSET or SET, and ZADD to {@code indexKey} (null: no index), as {@link IndexWrite} says. {@link IndexWrite#AFTER}
   * (always on a cluster, where the index entry's key is in another slot than the record's): the ZADD goes once
   * the record is written, to its own node.
   */
  public RespCall insert(String key, Map<String, ByteIterator> values, String indexKey) {
    if (write == IndexWrite.AFTER && indexKey != null) {
      return new RecordCalls.Then(lane, new RecordCalls.Write(this, key, values, null, false, -1),
          ValueCall.keyed(indexKey, "ZADD", indexKey, "0", key)).start();
    }
    return lane.send(new RecordCalls.Write(this, key, values, indexKey, write == IndexWrite.MULTI && indexKey != null,
        -1));
  }

  /**
   * A record that the server expires: SET key value EX ttl (string model), or HSET and EXPIRE (hash model; one
   * key: in one MULTI/EXEC with {@link IndexWrite#MULTI}, else in one write). Not indexed.
   */
  public RespCall insertWithTtl(String key, Map<String, ByteIterator> values, long ttlSeconds) {
    return lane.send(new RecordCalls.Write(this, key, values, null, write == IndexWrite.MULTI && format.hash(),
        Math.max(1, ttlSeconds)));
  }

  /**
   * DEL, and ZREM from {@code indexKey} (null: no index), as {@link IndexWrite} says; NOT_FOUND when the record did
   * not exist. With {@link IndexWrite#AFTER} (always on a cluster) the ZREM goes first, then the DEL.
   */
  public RespCall delete(String key, String indexKey) {
    if (write == IndexWrite.AFTER && indexKey != null) {
      return new RecordCalls.Then(lane, ValueCall.keyed(indexKey, "ZREM", indexKey, key),
          new RecordCalls.Delete(key, null, false)).start();
    }
    return lane.send(new RecordCalls.Delete(key, indexKey, write == IndexWrite.MULTI && indexKey != null));
  }

  /** Whether an update of {@code values} must read the record first (string model, some fields of several). */
  public boolean partialUpdate(Map<String, ByteIterator> values) {
    return format.partialUpdate(values);
  }

  /** Read, merge, write (string model, some fields): two round trips, not atomic. Blocking. */
  public Status mergeUpdate(String key, Map<String, ByteIterator> values) {
    try {
      Object old = lane.callFor(key, "GET", key);
      if (!(old instanceof byte[] bytes)) {
        return Status.NOT_FOUND;
      }
      Map<String, byte[]> record = new HashMap<>(FieldCodec.decode(bytes));
      record.putAll(FieldCodec.toBytes(values));
      lane.callFor(key, "SET", key, format.encode(record));
      return Status.OK;
    } catch (RespException e) {
      return error(e);
    }
  }

  /**
   * Up to {@code count} records from {@code startKey} on in key order: ZRANGEBYLEX on every index key, merged,
   * then the records read in one batch (a key without record is skipped). Blocking.
   */
  public Status scan(List<String> indexKeys, String startKey, int count, Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    try {
      List<RespCall> ranges = new ArrayList<>(indexKeys.size());
      List<List<String>> found = new ArrayList<>(indexKeys.size());
      for (String indexKey : indexKeys) {
        List<String> keys = new ArrayList<>();
        found.add(keys);
        ranges.add(lane.send(new RecordCalls.Range(indexKey, "[" + startKey, count, keys)));
      }
      lane.flush();
      List<String> keys = new ArrayList<>();
      for (int i = 0; i < ranges.size(); i++) {
        Status s = lane.await(ranges.get(i));
        if (!s.isOk()) {
          return s;
        }
        keys.addAll(found.get(i));
      }
      keys.sort(null);
      if (keys.size() > count) {
        keys = keys.subList(0, count);
      }
      List<HashMap<String, ByteIterator>> rows = new ArrayList<>(keys.size());
      List<RespCall> reads = new ArrayList<>(keys.size());
      for (String key : keys) {
        HashMap<String, ByteIterator> row = new HashMap<>();
        rows.add(row);
        reads.add(read(key, fields, row));
      }
      lane.flush();
      for (int i = 0; i < reads.size(); i++) {
        Status s = lane.await(reads.get(i));
        if (s == Status.OK) {
          result.add(rows.get(i));
        } else if (s != Status.NOT_FOUND) {
          return s;
        }
      }
      return Status.OK;
    } catch (RespException e) {
      return error(e);
    }
  }

  /** Members of a sorted set (ZCARD), blocking. */
  public long count(String indexKey) {
    Object n = lane.callFor(indexKey, "ZCARD", indexKey);
    return n instanceof Long l ? l : 0;
  }

  /** ERROR with the exception's message. */
  public static Status error(RuntimeException e) {
    return new Status("ERROR", e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
  }

  /** The string model's value of a whole record: the one field's bytes, or the fields packed. */
  byte[] stringValue(Map<String, ByteIterator> values) {
    if (format.fieldCount() == 1 && values.size() == 1) {
      return values.values().iterator().next().toArray();
    }
    return format.encode(FieldCodec.toBytes(values));
  }
}
