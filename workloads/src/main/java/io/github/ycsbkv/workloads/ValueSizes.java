package io.github.ycsbkv.workloads;

import java.util.Properties;
import java.util.SplittableRandom;
import site.ycsb.WorkloadException;

/**
 * The sizes of the {@code commands} workload's {@code __data__} ({@link CommandWorkload#VALUE_SIZE},
 * {@link CommandWorkload#VALUE_SIZE_PATTERN}, {@link CommandWorkload#VALUE_SIZE_LIST}), as memtier_benchmark sizes its
 * values: a fixed size; a random one of a range; by the key's place in the range (memtier's
 * {@code --data-size-pattern S}, object_generator::get_value); or from a list of sizes with weights, each sent its
 * weight's times in a row on each connection (memtier's {@code --data-size-list}, config_weight_list::get_next_size).
 * Immutable; a connection's place in the list is its {@link Turn}.
 */
final class ValueSizes {

  /**
   * The largest value: 512 MiB, a RESP server's largest bulk string by default ({@code proto-max-bulk-len}). memtier
   * takes any; the specification's largest is 100,000,000 bytes (its BITFIELD suite's one key of 800M bits).
   */
  private static final int MOST = 512 * 1024 * 1024;
  private final int min;
  private final int max;
  private final boolean byKey;
  /** Each size and its weight, or null. */
  private final int[][] list;

  private ValueSizes(int min, int max, boolean byKey, int[][] list) {
    this.min = min;
    this.max = max;
    this.byKey = byKey;
    this.list = list;
  }

  /** A connection's place in the list: the size being sent, and how many times it has been. */
  static final class Turn {
    int size;
    long sent;
  }

  static ValueSizes of(Properties p) throws WorkloadException {
    long[] size = CacheWorkload.range(p.getProperty(CommandWorkload.VALUE_SIZE, "32"), CommandWorkload.VALUE_SIZE,
        "-");
    if (size[0] > size[1] || size[1] > MOST) {
      throw new WorkloadException("property '" + CommandWorkload.VALUE_SIZE + "' must be N or N-M with N <= M <= 512"
          + " MiB, got '" + p.getProperty(CommandWorkload.VALUE_SIZE) + "'");
    }
    String pattern = p.getProperty(CommandWorkload.VALUE_SIZE_PATTERN, "random").trim();
    if (!pattern.equals("random") && !pattern.equals("key")) {
      throw new WorkloadException("property '" + CommandWorkload.VALUE_SIZE_PATTERN + "' must be random or key, got '"
          + pattern + "'");
    }
    return new ValueSizes((int) size[0], (int) size[1], pattern.equals("key"),
        list(p.getProperty(CommandWorkload.VALUE_SIZE_LIST)));
  }

  /** The list read: each size and its weight; null when not given. */
  private static int[][] list(String text) throws WorkloadException {
    if (text == null || text.isBlank()) {
      return null;
    }
    String[] items = text.trim().split(",");
    int[][] list = new int[items.length][];
    long total = 0;
    for (int i = 0; i < items.length; i++) {
      String[] sw = items[i].trim().split(":");
      list[i] = new int[] {-1, -1};
      try {
        if (sw.length == 2) {
          list[i] = new int[] {Integer.parseInt(sw[0].trim()), Integer.parseInt(sw[1].trim())};
        }
      } catch (NumberFormatException e) {
        // refused below
      }
      if (list[i][0] < 1 || list[i][0] > MOST || list[i][1] < 0) {
        throw new WorkloadException("property '" + CommandWorkload.VALUE_SIZE_LIST + "' must be SIZE:WEIGHT,... with"
            + " sizes from 1 to 512 MiB and whole weights, got '" + text + "'");
      }
      total += list[i][1];
    }
    if (total == 0) {
      throw new WorkloadException("property '" + CommandWorkload.VALUE_SIZE_LIST + "': every weight is 0, got '" + text
          + "'");
    }
    return list;
  }

  /** The largest size it gives. */
  int largest() {
    if (list == null) {
      return max;
    }
    int most = 1;
    for (int[] sw : list) {
      most = Math.max(most, sw[0]);
    }
    return most;
  }

  /** Whether a size depends on the key's place ({@link #size}'s {@code place} is then read). */
  boolean byKey() {
    return byKey && list == null && min != max;
  }

  /**
   * The next size on a connection at {@code turn}: from the list in turn; else by {@code place} (the key's place in
   * its range, 0 to 1; NaN without one: the smallest) when by key; else a random one of the range.
   */
  int size(Turn turn, SplittableRandom random, double place) {
    if (list != null) {
      while (turn.sent >= list[turn.size][1]) {
        turn.size = (turn.size + 1) % list.length;
        turn.sent = 0;
      }
      turn.sent++;
      return list[turn.size][0];
    }
    if (min == max) {
      return min;
    }
    if (byKey) {
      return Double.isNaN(place) ? min : (int) ((max - min) * place + min);
    }
    return min + random.nextInt(max - min + 1);
  }
}
