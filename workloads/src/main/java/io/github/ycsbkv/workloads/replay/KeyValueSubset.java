package io.github.ycsbkv.workloads.replay;

import io.github.ycsbkv.spi.ExpiringWrites;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;

/**
 * A recorded command on a binding that sends no commands of its own (Aerospike), as the key-value operations every
 * binding has: {@code GET}, {@code EXISTS} and each key of {@code MGET} a read; {@code SET key value} (with {@code EX}
 * or {@code PX}: its time to live, in whole seconds, at least 1), {@code SETEX}, {@code PSETEX} and each pair of
 * {@code MSET} an insert of the value as the record's one field ({@value #FIELD}); {@code DEL} and {@code UNLINK} a
 * delete of each key. Any other command, and a {@code SET} with other options ({@code NX}, {@code XX}, {@code GET},
 * {@code KEEPTTL}, ...), is not sent: the replay counts it and says so. The engine times each operation as its own
 * ({@code READ}, {@code INSERT}, {@code DELETE}).
 */
final class KeyValueSubset {

  /** The record's field that holds a recorded value. */
  static final String FIELD = "value";

  private KeyValueSubset() {}

  /**
   * Sends {@code args} (a {@code name} command) to {@code db} as its key-value operations in {@code table}; returns
   * the status of the last one (a read's {@code NOT_FOUND} is a miss), or null when the command has none.
   */
  static Status send(DB db, String table, String name, byte[][] args) {
    switch (name) {
      case "GET", "EXISTS":
        return args.length == 2 ? db.read(table, key(args[1]), null, new HashMap<>()) : null;
      case "MGET": {
        Status last = null;
        for (int i = 1; i < args.length; i++) {
          last = db.read(table, key(args[i]), null, new HashMap<>());
        }
        return last;
      }
      case "SET":
        return set(db, table, args);
      case "SETEX", "PSETEX": {
        if (args.length != 4) {
          return null;
        }
        long ttl = seconds(args[2], name.equals("PSETEX"));
        return ttl < 0 ? null : write(db, table, args[1], args[3], ttl);
      }
      case "MSET": {
        if (args.length < 3 || args.length % 2 == 0) {
          return null;
        }
        Status last = null;
        for (int i = 1; i + 1 < args.length; i += 2) {
          last = write(db, table, args[i], args[i + 1], 0);
        }
        return last;
      }
      case "DEL", "UNLINK": {
        Status last = null;
        for (int i = 1; i < args.length; i++) {
          last = db.delete(table, key(args[i]));
        }
        // A key that was not there is no miss: DEL answers how many it removed, never nil.
        return last == Status.NOT_FOUND ? Status.OK : last;
      }
      default:
        return null;
    }
  }

  /** {@code SET key value [EX s | PX ms]}; null with any other option. */
  private static Status set(DB db, String table, byte[][] args) {
    if (args.length == 3) {
      return write(db, table, args[1], args[2], 0);
    }
    if (args.length == 5) {
      String option = new String(args[3], StandardCharsets.ISO_8859_1).toUpperCase(Locale.ROOT);
      if (option.equals("EX") || option.equals("PX")) {
        long ttl = seconds(args[4], option.equals("PX"));
        return ttl < 0 ? null : write(db, table, args[1], args[2], ttl);
      }
    }
    return null;
  }

  /** An insert of {@code value} at {@code key}, expiring after {@code ttlSeconds} (0: never). */
  private static Status write(DB db, String table, byte[] key, byte[] value, long ttlSeconds) {
    Map<String, ByteIterator> values = new HashMap<>(2);
    values.put(FIELD, new ByteArrayByteIterator(value));
    if (ttlSeconds > 0) {
      if (!(db instanceof ExpiringWrites expiring)) {
        return null;
      }
      return expiring.insertWithTtl(table, key(key), values, ttlSeconds);
    }
    return db.insert(table, key(key), values);
  }

  /** A recorded time to live in whole seconds (at least 1), from seconds or milliseconds; -1 when not a number. */
  private static long seconds(byte[] word, boolean millis) {
    try {
      long n = Long.parseLong(new String(word, StandardCharsets.ISO_8859_1).trim());
      if (n <= 0) {
        return -1;
      }
      return Math.max(1, millis ? (n + 999) / 1000 : n);
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  private static String key(byte[] word) {
    return new String(word, StandardCharsets.ISO_8859_1);
  }
}
