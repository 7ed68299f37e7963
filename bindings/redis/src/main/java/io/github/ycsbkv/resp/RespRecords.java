package io.github.ycsbkv.resp;

import io.github.ycsbkv.codec.FieldCodec;
import io.github.ycsbkv.spi.AsyncOperations;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/**
 * YCSB's operations on records over a {@link RespLane}, in the commands the redis and dragonfly bindings send
 * (docs/bindings/redis.md): a record is a hash (HSET, HGETALL, HMGET) or one string (SET, GET; several fields
 * packed by {@link FieldCodec}); the scan index is a sorted set per index key (ZADD, ZREM, ZRANGEBYLEX) changed
 * with its record in one MULTI/EXEC ({@code transactions}) or right after it. Each operation is one
 * {@link RespCall}: what it allocates is the call, the workload's values' arrays and what a read hands back.
 *
 * <p>One per binding instance; the asynchronous methods may be called on the lane's loop, the blocking ones
 * ({@link #scan}, {@link #mergeUpdate}) never.
 */
public final class RespRecords {

  /** How a record is stored. */
  public enum Model { HASH, STRING }

  /** Command names and fixed arguments, encoded once (the writer would otherwise measure each per command). */
  private static final byte[] GET = ascii("GET");
  private static final byte[] HGETALL = ascii("HGETALL");
  private static final byte[] HMGET = ascii("HMGET");
  private static final byte[] MULTI = ascii("MULTI");
  private static final byte[] HSET = ascii("HSET");
  private static final byte[] SET = ascii("SET");
  private static final byte[] EX = ascii("EX");
  private static final byte[] ZADD = ascii("ZADD");
  private static final byte[] EXPIRE = ascii("EXPIRE");
  private static final byte[] EXEC = ascii("EXEC");
  private static final byte[] DEL = ascii("DEL");
  private static final byte[] ZREM = ascii("ZREM");
  private static final byte[] ZERO = ascii("0");

  private static final Status EMPTY_EXEC = new Status("ERROR", "transaction aborted (EXEC returned no replies)");

  private final RespLane lane;
  private final Model model;
  private final int fieldCount;
  private final String fieldPrefix;
  private final String onlyField;
  private final boolean transactions;

  /**
   * @param transactions whether a record and its index entry change in one MULTI/EXEC (a standalone Redis), or
   *     by two commands in a row (record first on insert, index first on delete)
   */
  public RespRecords(RespLane lane, Model model, int fieldCount, String fieldPrefix, boolean transactions) {
    this.lane = lane;
    this.model = model;
    this.fieldCount = fieldCount;
    this.fieldPrefix = fieldPrefix;
    this.onlyField = fieldPrefix + "0";
    this.transactions = transactions;
  }

  public RespLane lane() {
    return lane;
  }

  /** GET, HGETALL or HMGET (some fields); a missing record is NOT_FOUND. */
  public RespCall read(String key, Set<String> fields, Map<String, ByteIterator> result) {
    return lane.send(new Read(key, fields, result));
  }

  /** HSET of the given fields, or SET of the whole record (string model: every field given, or one field). */
  public RespCall update(String key, Map<String, ByteIterator> values) {
    return lane.send(new Write(key, values, null, false, -1));
  }

  /** HSET or SET, and ZADD to {@code indexKey} (null: no index), in one MULTI/EXEC with transactions. */
  public RespCall insert(String key, Map<String, ByteIterator> values, String indexKey) {
    return lane.send(new Write(key, values, indexKey, transactions && indexKey != null, -1));
  }

  /**
   * A record that the server expires: SET key value EX ttl (string model), or HSET and EXPIRE in one
   * MULTI/EXEC (hash model; two commands in a row without transactions). Not indexed.
   */
  public RespCall insertWithTtl(String key, Map<String, ByteIterator> values, long ttlSeconds) {
    return lane.send(new Write(key, values, null, transactions && model == Model.HASH, Math.max(1, ttlSeconds)));
  }

  /** DEL, and ZREM from {@code indexKey} (null: no index); NOT_FOUND when the record did not exist. */
  public RespCall delete(String key, String indexKey) {
    return lane.send(new Delete(key, indexKey, transactions && indexKey != null));
  }

  /** Whether an update of {@code values} must read the record first (string model, some fields of several). */
  public boolean partialUpdate(Map<String, ByteIterator> values) {
    return model == Model.STRING && fieldCount > 1 && values.size() < fieldCount;
  }

  /** Read, merge, write (string model, some fields): two round trips, not atomic. Blocking. */
  public Status mergeUpdate(String key, Map<String, ByteIterator> values) {
    try {
      Object old = lane.call("GET", key);
      if (!(old instanceof byte[] bytes)) {
        return Status.NOT_FOUND;
      }
      Map<String, byte[]> record = new HashMap<>(FieldCodec.decode(bytes));
      record.putAll(FieldCodec.toBytes(values));
      lane.call("SET", key, FieldCodec.encodeRecord(record, fieldCount));
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
        ranges.add(lane.send(new Range(indexKey, "[" + startKey, count, keys)));
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
    Object n = lane.call("ZCARD", indexKey);
    return n instanceof Long l ? l : 0;
  }

  /** ERROR with the exception's message. */
  public static Status error(RuntimeException e) {
    return new Status("ERROR", e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
  }

  // ---- the calls ----

  /** GET, HGETALL or HMGET, its reply straight into the result map. */
  private final class Read extends RespCall {
    private final String key;
    private final Set<String> fields;
    private final Map<String, ByteIterator> result;
    private boolean found;

    Read(String key, Set<String> fields, Map<String, ByteIterator> result) {
      this.key = key;
      this.fields = fields;
      this.result = result;
    }

    @Override
    protected int write(ByteBuf out) {
      if (model == Model.STRING) {
        RespWriter.command(out, 2);
        RespWriter.bulk(out, GET);
        RespWriter.bulk(out, key);
      } else if (fields == null) {
        RespWriter.command(out, 2);
        RespWriter.bulk(out, HGETALL);
        RespWriter.bulk(out, key);
      } else {
        RespWriter.command(out, 2 + fields.size());
        RespWriter.bulk(out, HMGET);
        RespWriter.bulk(out, key);
        for (String f : fields) {
          RespWriter.bulk(out, f);
        }
      }
      return 1;
    }

    @Override
    protected void reply(RespReader r, int index) {
      if (result == AsyncOperations.DISCARDED) {
        found = found(r);
        return;
      }
      if (model == Model.STRING) {
        byte[] value = r.bytes();
        if (value == null) {
          return;
        }
        found = true;
        if (fieldCount == 1) {
          if (fields == null || fields.contains(onlyField)) {
            put(onlyField, value);
          }
          return;
        }
        for (Map.Entry<String, byte[]> e : FieldCodec.decode(value).entrySet()) {
          if (fields == null || fields.contains(e.getKey())) {
            put(e.getKey(), e.getValue());
          }
        }
        return;
      }
      int n = r.aggregate();
      if (fields == null) {
        found = n > 0;
        for (int i = 0; i + 1 < n; i += 2) {
          String name = r.ascii();
          put(name, r.bytes());
        }
        return;
      }
      int i = 0;
      for (String f : fields) {
        if (i++ >= n) {
          break;
        }
        byte[] v = r.bytes();
        if (v != null) {
          put(f, v);
          found = true;
        }
      }
    }

    /** Whether the reply holds the record (some field of it), without copying its values. */
    private boolean found(RespReader r) {
      if (model == Model.STRING) {
        return !r.isNull();
      }
      int n = r.aggregate();
      if (fields == null) {
        return n > 0;
      }
      for (int i = 0; i < n; i++) {
        if (!r.isNull()) {
          return true;
        }
        r.skip();
      }
      return false;
    }

    private void put(String name, byte[] value) {
      if (result != null) {
        result.put(name, new ByteArrayByteIterator(value));
      }
    }

    @Override
    protected Status outcome() {
      return found ? Status.OK : Status.NOT_FOUND;
    }
  }

  /**
   * HSET or SET, optionally with ZADD to an index or EXPIRE (a TTL), optionally inside MULTI/EXEC: OK unless a
   * reply is an error (inside EXEC, too).
   */
  private final class Write extends RespCall {
    private final String key;
    private final Map<String, ByteIterator> values;
    private final String indexKey;
    private final boolean multi;
    private final long ttl;
    private boolean aborted;

    Write(String key, Map<String, ByteIterator> values, String indexKey, boolean multi, long ttl) {
      this.key = key;
      this.values = values;
      this.indexKey = indexKey;
      this.multi = multi;
      this.ttl = ttl;
    }

    @Override
    protected int write(ByteBuf out) {
      int commands = 1;
      if (multi) {
        RespWriter.command(out, 1);
        RespWriter.bulk(out, MULTI);
      }
      if (model == Model.HASH) {
        RespWriter.command(out, 2 + 2 * values.size());
        RespWriter.bulk(out, HSET);
        RespWriter.bulk(out, key);
        for (Map.Entry<String, ByteIterator> e : values.entrySet()) {
          RespWriter.bulk(out, e.getKey());
          RespWriter.bulk(out, e.getValue());
        }
      } else {
        RespWriter.command(out, ttl > 0 ? 5 : 3);
        RespWriter.bulk(out, SET);
        RespWriter.bulk(out, key);
        RespWriter.bulk(out, stringValue(values));
        if (ttl > 0) {
          RespWriter.bulk(out, EX);
          RespWriter.bulk(out, ttl);
        }
      }
      if (indexKey != null) {
        RespWriter.command(out, 4);
        RespWriter.bulk(out, ZADD);
        RespWriter.bulk(out, indexKey);
        RespWriter.bulk(out, ZERO);
        RespWriter.bulk(out, key);
        commands++;
      }
      if (ttl > 0 && model == Model.HASH) {
        RespWriter.command(out, 3);
        RespWriter.bulk(out, EXPIRE);
        RespWriter.bulk(out, key);
        RespWriter.bulk(out, ttl);
        commands++;
      }
      if (multi) {
        RespWriter.command(out, 1);
        RespWriter.bulk(out, EXEC);
        return commands + 2;
      }
      return commands;
    }

    @Override
    protected void reply(RespReader r, int index) {
      if (multi && r.type() != '+' && !aborted) {
        // EXEC's reply: the queued commands' replies; an error among them fails the operation.
        int n = r.aggregate();
        if (n <= 0) {
          aborted = true;
          return;
        }
        for (int i = 0; i < n; i++) {
          if (r.isError()) {
            throw new RespException(r.error(), true);
          }
          r.skip();
        }
      }
    }

    @Override
    protected Status outcome() {
      return aborted ? EMPTY_EXEC : Status.OK;
    }
  }

  /** DEL (and ZREM, before it or in MULTI/EXEC): NOT_FOUND when DEL removed nothing. */
  private final class Delete extends RespCall {
    private final String key;
    private final String indexKey;
    private final boolean multi;
    private long deleted = -1;
    private boolean aborted;

    Delete(String key, String indexKey, boolean multi) {
      this.key = key;
      this.indexKey = indexKey;
      this.multi = multi;
    }

    @Override
    protected int write(ByteBuf out) {
      if (multi) {
        RespWriter.command(out, 1);
        RespWriter.bulk(out, MULTI);
        del(out);
        zrem(out);
        RespWriter.command(out, 1);
        RespWriter.bulk(out, EXEC);
        return 4;
      }
      if (indexKey != null) {
        zrem(out);
      }
      del(out);
      return indexKey != null ? 2 : 1;
    }

    private void del(ByteBuf out) {
      RespWriter.command(out, 2);
      RespWriter.bulk(out, DEL);
      RespWriter.bulk(out, key);
    }

    private void zrem(ByteBuf out) {
      RespWriter.command(out, 3);
      RespWriter.bulk(out, ZREM);
      RespWriter.bulk(out, indexKey);
      RespWriter.bulk(out, key);
    }

    @Override
    protected void reply(RespReader r, int index) {
      if (multi) {
        if (index == 3) {
          int n = r.aggregate();
          if (n <= 0) {
            aborted = true;
            return;
          }
          if (r.isError()) {
            throw new RespException(r.error(), true);
          }
          deleted = r.integer();
          if (n > 1 && r.isError()) {
            throw new RespException(r.error(), true);
          }
        }
      } else if (index == (indexKey != null ? 1 : 0)) {
        deleted = r.integer();
      }
    }

    @Override
    protected Status outcome() {
      return aborted ? EMPTY_EXEC : deleted == 0 ? Status.NOT_FOUND : Status.OK;
    }
  }

  /** ZRANGEBYLEX key min + LIMIT 0 count: the keys into a list. */
  private static final class Range extends RespCall {
    private final String indexKey;
    private final String min;
    private final int count;
    private final List<String> keys;

    Range(String indexKey, String min, int count, List<String> keys) {
      this.indexKey = indexKey;
      this.min = min;
      this.count = count;
      this.keys = keys;
    }

    @Override
    protected int write(ByteBuf out) {
      RespWriter.command(out, "ZRANGEBYLEX", indexKey, min, "+", "LIMIT", 0L, (long) count);
      return 1;
    }

    @Override
    protected void reply(RespReader r, int index) {
      int n = r.aggregate();
      for (int i = 0; i < n; i++) {
        keys.add(r.ascii());
      }
    }

    @Override
    protected Status outcome() {
      return Status.OK;
    }
  }

  private static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }

  /** The string model's value of a whole record: the one field's bytes, or the fields packed. */
  private byte[] stringValue(Map<String, ByteIterator> values) {
    if (fieldCount == 1 && values.size() == 1) {
      return values.values().iterator().next().toArray();
    }
    return FieldCodec.encodeRecord(FieldCodec.toBytes(values), fieldCount);
  }
}
