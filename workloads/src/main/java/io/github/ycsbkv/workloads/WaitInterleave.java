package io.github.ycsbkv.workloads;

import java.nio.charset.StandardCharsets;
import java.util.Properties;
import java.util.SplittableRandom;
import site.ycsb.WorkloadException;

/**
 * memtier_benchmark's {@code --wait-ratio SETS:WAITS} with {@code --num-slaves} and {@code --wait-timeout}: a
 * {@code WAIT REPLICAS TIMEOUT} sent between a connection's operations, as memtier's client.cpp
 * ({@code create_request}) sends it: first of all, then whenever the connection's SETs (the operations recorded as
 * {@code SET}) divided by its WAITs exceed SETS divided by WAITS, both divisions whole. REPLICAS is drawn uniformly
 * from its range, TIMEOUT (milliseconds) from a normal distribution over its range (its middle the mean, a sixth of it
 * the deviation), as memtier's object generator draws them. Immutable; the counts are the connection's.
 */
final class WaitInterleave {

  /** {@code SETS:WAITS}; {@code 0:0} or none: no WAIT. */
  static final String RATIO = "command.wait.ratio";
  /** {@code MIN-MAX} replicas to wait for (default 0-0). */
  static final String REPLICAS = "command.wait.replicas";
  /** {@code MIN-MAX} milliseconds to wait at most (default 0-0; 0 waits for ever when replicas are missing). */
  static final String TIMEOUT = "command.wait.timeout";

  private static final byte[] WAIT = "WAIT".getBytes(StandardCharsets.US_ASCII);

  private final long sets;
  private final long waits;
  private final long[] replicas;
  private final long[] timeout;

  private WaitInterleave(long sets, long waits, long[] replicas, long[] timeout) {
    this.sets = sets;
    this.waits = waits;
    this.replicas = replicas;
    this.timeout = timeout;
  }

  /** The WAITs {@code p} asks for, or null for none. */
  static WaitInterleave of(Properties p) throws WorkloadException {
    String ratio = p.getProperty(RATIO, "").trim();
    if (ratio.isEmpty()) {
      return null;
    }
    if (!ratio.matches("\\d{1,9}:\\d{1,9}")) {
      throw new WorkloadException("property '" + RATIO + "' must be SETS:WAITS, for example 10:1, got '" + ratio + "'");
    }
    long a = Long.parseLong(ratio.substring(0, ratio.indexOf(':')));
    long b = Long.parseLong(ratio.substring(ratio.indexOf(':') + 1));
    if (b == 0) {
      return null; // memtier's default, 1:0: no WAIT
    }
    return new WaitInterleave(a, b, range(p, REPLICAS), range(p, TIMEOUT));
  }

  private static long[] range(Properties p, String key) throws WorkloadException {
    String text = p.getProperty(key, "0-0").trim();
    if (!text.matches("\\d{1,9}-\\d{1,9}")) {
      throw new WorkloadException("property '" + key + "' must be MIN-MAX, for example 0-2, got '" + text + "'");
    }
    long low = Long.parseLong(text.substring(0, text.indexOf('-')));
    long high = Long.parseLong(text.substring(text.indexOf('-') + 1));
    return new long[] {Math.min(low, high), Math.max(low, high)}; // memtier swaps a reversed range
  }

  /** Whether a connection that has sent {@code setsSent} SETs and {@code waitsSent} WAITs sends a WAIT next. */
  boolean due(long setsSent, long waitsSent) {
    return waitsSent == 0 || setsSent / waitsSent > sets / waits;
  }

  /** A WAIT's words: its replicas and timeout drawn from {@code r}. */
  byte[][] args(SplittableRandom r) {
    long n = replicas[0] + (replicas[1] > replicas[0] ? r.nextLong(replicas[1] - replicas[0] + 1) : 0);
    return new byte[][] {WAIT, ascii(n), ascii(normal(r, timeout[0], timeout[1]))};
  }

  /**
   * A whole number from {@code min} to {@code max}: a normal draw around {@code (max - min) / 2 + min} with deviation
   * {@code (max - min) / 6}, drawn again while outside {@code [min, max + 1)}, its fraction dropped (memtier's
   * gaussian_distribution_range).
   */
  static long normal(SplittableRandom r, long min, long max) {
    if (min == max) {
      return min;
    }
    double median = (max - min) / 2.0 + min;
    double deviation = (max - min) / 6.0;
    double v;
    do {
      v = r.nextGaussian() * deviation + median;
    } while (v < min || v >= max + 1);
    return (long) v;
  }

  private static byte[] ascii(long v) {
    return Long.toString(v).getBytes(StandardCharsets.US_ASCII);
  }
}
