package io.github.ycsbkv.workloads.replay;

import java.nio.charset.StandardCharsets;
import java.util.Set;

/**
 * Which words of a recorded command are keys, so that a replay can prefix them ({@value ReplayWorkload#KEY_PREFIX}):
 * the first word after the name for most commands; every word for the commands that take only keys ({@code DEL},
 * {@code MGET}, {@code SINTER}, ...); every other word from the first for {@code MSET} and {@code MSETNX}; the first
 * two for {@code RENAME}, {@code SMOVE}, {@code LMOVE}, ...; all but the timeout for the blocking pops; the destination
 * and the {@code numkeys} keys for {@code ZUNIONSTORE} and the like; the {@code numkeys} keys of a script; none for
 * the commands that name no key ({@code PING}, {@code SCAN}, ...). docs/replay.md lists them.
 */
final class KeyPositions {

  /** Commands with no key at all. */
  static final Set<String> KEYLESS = Set.of("PING", "ECHO", "INFO", "TIME", "DBSIZE", "FLUSHALL",
      "FLUSHDB", "MULTI", "EXEC", "DISCARD", "CONFIG", "COMMAND", "SCRIPT", "CLUSTER", "SCAN", "KEYS", "RANDOMKEY",
      "LASTSAVE", "SAVE", "BGSAVE", "BGREWRITEAOF", "SLOWLOG", "LATENCY", "MEMORY", "FUNCTION", "WAIT", "PUBLISH",
      "SUBSCRIBE", "PSUBSCRIBE", "DEBUG", "SWAPDB", "ROLE", "LOLWUT");
  /** Commands whose every word after the name is a key. */
  private static final Set<String> ALL = Set.of("DEL", "UNLINK", "EXISTS", "MGET", "TOUCH", "WATCH", "SINTER",
      "SUNION", "SDIFF", "SINTERSTORE", "SUNIONSTORE", "SDIFFSTORE", "PFCOUNT", "PFMERGE");
  /** Commands of key-value pairs. */
  private static final Set<String> PAIRS = Set.of("MSET", "MSETNX");
  /** Commands whose first two words are keys. */
  private static final Set<String> TWO = Set.of("RENAME", "RENAMENX", "SMOVE", "LMOVE", "BLMOVE", "RPOPLPUSH",
      "BRPOPLPUSH", "COPY", "LCS", "GEOSEARCHSTORE", "ZRANGESTORE");
  /** Blocking pops: every word but the last (the timeout) is a key. */
  private static final Set<String> ALL_BUT_LAST = Set.of("BLPOP", "BRPOP", "BZPOPMIN", "BZPOPMAX");
  /** A destination, then {@code numkeys} keys. */
  private static final Set<String> STORE_NUMKEYS = Set.of("ZUNIONSTORE", "ZINTERSTORE", "ZDIFFSTORE");
  /** {@code numkeys}, then that many keys (the sorted-set reads and the scripts). */
  private static final Set<String> NUMKEYS = Set.of("ZUNION", "ZINTER", "ZDIFF", "ZINTERCARD", "SINTERCARD",
      "EVAL", "EVALSHA", "EVAL_RO", "EVALSHA_RO", "FCALL", "FCALL_RO", "LMPOP", "ZMPOP");

  private KeyPositions() {}

  /** Whether word {@code i} (0: the name) of {@code args}, a {@code name} command, is a key. */
  static boolean isKey(String name, byte[][] args, int i) {
    if (i < 1 || KEYLESS.contains(name)) {
      return false;
    }
    if (ALL.contains(name)) {
      return true;
    }
    if (PAIRS.contains(name)) {
      return i % 2 == 1;
    }
    if (TWO.contains(name)) {
      return i <= 2;
    }
    if (ALL_BUT_LAST.contains(name)) {
      return i < args.length - 1;
    }
    if (STORE_NUMKEYS.contains(name)) {
      return i == 1 || (i >= 3 && i < 3 + number(args, 2));
    }
    if (NUMKEYS.contains(name)) {
      // EVAL script numkeys key...: the count is the second word; ZUNION numkeys key...: the first.
      int at = name.startsWith("EVAL") || name.startsWith("FCALL") ? 2 : 1;
      return i > at && i <= at + number(args, at);
    }
    return i == 1;
  }

  /** The first key of {@code args}, or null when it names none (a cluster sends it to any node). */
  static String first(String name, byte[][] args) {
    for (int i = 1; i < args.length; i++) {
      if (isKey(name, args, i)) {
        return new String(args[i], StandardCharsets.ISO_8859_1);
      }
    }
    return null;
  }

  /** {@code args} with {@code prefix} before each key (a copy; the recording's words are shared). */
  static byte[][] prefixed(String name, byte[][] args, byte[] prefix) {
    byte[][] out = args.clone();
    for (int i = 1; i < args.length; i++) {
      if (isKey(name, args, i)) {
        byte[] k = new byte[prefix.length + args[i].length];
        System.arraycopy(prefix, 0, k, 0, prefix.length);
        System.arraycopy(args[i], 0, k, prefix.length, args[i].length);
        out[i] = k;
      }
    }
    return out;
  }

  /** Word {@code at} as a count, 0 when it is missing or not one. */
  private static int number(byte[][] args, int at) {
    if (at >= args.length) {
      return 0;
    }
    try {
      return Math.max(0, Integer.parseInt(new String(args[at], StandardCharsets.ISO_8859_1)));
    } catch (NumberFormatException e) {
      return 0;
    }
  }
}
