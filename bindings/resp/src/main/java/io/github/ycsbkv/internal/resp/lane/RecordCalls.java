package io.github.ycsbkv.internal.resp.lane;

import io.github.ycsbkv.codec.FieldCodec;
import io.github.ycsbkv.internal.resp.wire.RecordFormat;
import io.github.ycsbkv.internal.resp.wire.RespException;
import io.github.ycsbkv.internal.resp.wire.RespReader;
import io.github.ycsbkv.internal.resp.wire.RespWriter;
import io.github.ycsbkv.spi.AsyncOperations;
import io.github.ycsbkv.spi.DirectCompletion;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/**
 * The calls of {@link RespRecords}, one per YCSB operation: each writes its commands into a connection's buffer
 * and reads its replies straight into what the operation returns. Confined to the lane's loop once sent.
 */
final class RecordCalls {

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

  private RecordCalls() {}


  /** GET, HGETALL or HMGET, its reply straight into the result map. */
  static final class Read extends RespCall {
    private final RespRecords owner;
    private final String key;
    private final Set<String> fields;
    private final Map<String, ByteIterator> result;
    private boolean found;

    Read(RespRecords owner, String key, Set<String> fields, Map<String, ByteIterator> result) {
      this.owner = owner;
      this.key = key;
      this.fields = fields;
      this.result = result;
    }

    @Override
    protected String routingKey() {
      return key;
    }

    @Override
    protected boolean readsOnly() {
      return true;
    }

    @Override
    protected int write(ByteBuf out) {
      if (owner.format.model() == RecordFormat.Model.STRING) {
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
      if (owner.format.model() == RecordFormat.Model.STRING) {
        byte[] value = r.bytes();
        if (value == null) {
          return;
        }
        found = true;
        if (owner.format.fieldCount() == 1) {
          if (fields == null || fields.contains(owner.onlyField)) {
            put(owner.onlyField, value);
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
      if (owner.format.model() == RecordFormat.Model.STRING) {
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
  static final class Write extends RespCall {
    private final RespRecords owner;
    private final String key;
    private final Map<String, ByteIterator> values;
    private final String indexKey;
    private final boolean multi;
    private final long ttl;
    private boolean aborted;

    Write(RespRecords owner, String key, Map<String, ByteIterator> values, String indexKey, boolean multi, long ttl) {
      this.owner = owner;
      this.key = key;
      this.values = values;
      this.indexKey = indexKey;
      this.multi = multi;
      this.ttl = ttl;
    }

    /** The record's key: on a cluster the index entry is a call of its own ({@link Then}). */
    @Override
    protected String routingKey() {
      return key;
    }

    @Override
    protected int write(ByteBuf out) {
      int commands = 1;
      if (multi) {
        RespWriter.command(out, 1);
        RespWriter.bulk(out, MULTI);
      }
      if (owner.format.model() == RecordFormat.Model.HASH) {
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
        RespWriter.bulk(out, owner.stringValue(values));
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
      if (ttl > 0 && owner.format.model() == RecordFormat.Model.HASH) {
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
  static final class Delete extends RespCall {
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
    protected String routingKey() {
      return key;
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
  static final class Range extends RespCall {
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
    protected String routingKey() {
      return indexKey;
    }

    @Override
    protected boolean readsOnly() {
      return true;
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

  /**
   * Two calls, the second sent once the first succeeded, as one operation: on a cluster a record and its scan-index
   * entry, whose keys are in different slots (record first on insert, index first on delete, as the standalone
   * path's commands without MULTI/EXEC: a client that stops in between leaves at most an index entry without its
   * record, which scans skip). Its status is the first's when that failed, else the second's. Never written itself.
   */
  static final class Then extends RespCall implements DirectCompletion.Listener {
    private final RespLane lane;
    private final RespCall first;
    private final RespCall second;
    private boolean firstDone;

    Then(RespLane lane, RespCall first, RespCall second) {
      this.lane = lane;
      this.first = first;
      this.second = second;
    }

    /** Sends the first call; returns this, the operation's stage. */
    Then start() {
      first.whenDone(this);
      lane.send(first);
      return this;
    }

    @Override
    public void done(Status status) {
      if (firstDone || !status.isOk()) {
        completeWith(status);
        return;
      }
      firstDone = true;
      second.whenDone(this);
      lane.send(second);
      lane.flush();
    }

    @Override
    protected int write(ByteBuf out) {
      throw new IllegalStateException("a call made of two calls is not written itself");
    }

    @Override
    protected void reply(RespReader reader, int index) {
      throw new IllegalStateException("a call made of two calls has no replies of its own");
    }

    @Override
    protected Status outcome() {
      throw new IllegalStateException("a call made of two calls completes with its calls' status");
    }
  }

  private static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }
}
