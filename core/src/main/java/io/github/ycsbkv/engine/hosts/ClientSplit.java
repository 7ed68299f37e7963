package io.github.ycsbkv.engine.hosts;

import io.github.ycsbkv.config.EngineProperties;
import io.github.ycsbkv.config.Props;
import io.github.ycsbkv.config.UserError;
import io.github.ycsbkv.engine.time.RateSchedule;
import java.util.Locale;
import java.util.Properties;

/**
 * One client process's part of a run that {@code clients.count} processes make together, often on as many hosts
 * ({@code -p clients.count=N -p clients.index=i}; on Kubernetes the index comes from an Indexed Job's
 * {@code JOB_COMPLETION_INDEX}). Every process is given the same command line but for its index, and takes its part
 * of it ({@link #share}), so that the merged run ({@code ycsb merge}) is the same workload as one process's at N times
 * the load:
 *
 * <ul>
 *   <li>a load inserts its own slice of the records (slices as even as whole records allow and never overlapping);
 *   <li>a run does its share of the operations and of {@code -target} (the same rate schedule at 1/N of the rate),
 *       its uniform arrivals offset by {@code index / target} seconds so that the N schedules interleave into one even
 *       schedule (not N bursts in phase), its Poisson arrivals from a seed of its own (N independent Poisson
 *       processes are one).
 * </ul>
 *
 * Which workloads can be split so is the engine's to say. Immutable.
 *
 * @param count the client processes of the run (1: this one alone)
 * @param index this process's place among them, from 0
 */
public record ClientSplit(int count, int index) {

  /** {@code clients.count}: how many client processes make the run (default 1). */
  public static final String COUNT = EngineProperties.CLIENTS_COUNT;
  /** {@code clients.index}: this process's place among them, 0 to count - 1. */
  public static final String INDEX = EngineProperties.CLIENTS_INDEX;
  /** The environment variable an Indexed Job on Kubernetes sets to the pod's index. */
  public static final String JOB_INDEX_ENV = "JOB_COMPLETION_INDEX";
  /** The most client processes a run may have. */
  static final int MAX_COUNT = 1024;

  /** This process alone. */
  public static final ClientSplit ONE = new ClientSplit(1, 0);

  /**
   * The split {@code props} ask for: {@code clients.count}, and {@code clients.index} or else {@code indexFromEnv}
   * (an Indexed Job's {@value #JOB_INDEX_ENV}, or null); a count above 1 without an index is refused.
   */
  public static ClientSplit from(Properties props, String indexFromEnv) {
    int count = Props.getInt(props, COUNT, 1, 1);
    if (count > MAX_COUNT) {
      throw new UserError("-p " + COUNT + " must be from 1 to " + MAX_COUNT + ", got " + count);
    }
    String given = props.getProperty(INDEX);
    String source = given != null ? "-p " + INDEX : indexFromEnv != null ? JOB_INDEX_ENV : null;
    if (count == 1) {
      if (given != null && Props.getInt(props, INDEX, 0, 0) != 0) {
        throw new UserError("-p " + INDEX + "=" + given.trim() + " without -p " + COUNT + ": give the number of"
            + " client processes of the run too");
      }
      return ONE;
    }
    if (source == null) {
      throw new UserError("-p " + COUNT + "=" + count + " needs this process's place among them: -p " + INDEX
          + "=0 to " + (count - 1) + " (on Kubernetes an Indexed Job's " + JOB_INDEX_ENV + " gives it)");
    }
    String text = (given != null ? given : indexFromEnv).trim();
    int index;
    try {
      index = Integer.parseInt(text);
    } catch (NumberFormatException e) {
      index = -1;
    }
    if (index < 0 || index >= count) {
      throw new UserError(source + " must be a whole number from 0 to " + (count - 1) + " (" + COUNT + "=" + count
          + "), got '" + text + "'");
    }
    return new ClientSplit(count, index);
  }

  /** Whether the run has more than this process. */
  public boolean many() {
    return count > 1;
  }

  /** The first of {@code total} items that are this process's (items {@code [first(total), first(total + 1))}). */
  public long first(long total) {
    return firstOf(total, index);
  }

  /** How many of {@code total} items are this process's: the shares differ by one at most and add up to total. */
  public long share(long total) {
    return firstOf(total, index + 1) - firstOf(total, index);
  }

  private long firstOf(long total, int i) {
    // floor(total * i / count) without overflow: total = q * count + r.
    long q = total / count;
    long r = total % count;
    return q * i + r * i / count;
  }

  /**
   * This process's part of a phase, as the engine parsed it for the whole run, with a line for the run's header.
   *
   * @param insertStart the first record this process loads (a load), else the run's
   * @param records the records this process loads (a load), else the run's
   * @param operations this process's operations, or 0 for no limit (every operation until the time limit)
   * @param schedule this process's {@code -target}: the run's schedule at 1/count of the rate, or null for a
   *     constant rate or none
   * @param targetOpsPerSec this process's mean rate, or 0 for none
   * @param arrivalsSeed the seed of this process's Poisson arrivals (one of its own)
   * @param took what this process took, in words (null for a process alone)
   */
  public record Share(long insertStart, long records, long operations, RateSchedule schedule, double targetOpsPerSec,
      long arrivalsSeed, String took) {}

  /**
   * This process's share of a phase whose whole is given ({@code load}: of {@code records} from {@code insertStart},
   * else of {@code operations}; of {@code -target}'s {@code schedule} or constant {@code targetOpsPerSec}).
   */
  public Share share(boolean load, long insertStart, long records, long operations, RateSchedule schedule,
      double targetOpsPerSec, long arrivalsSeed) {
    if (!many()) {
      return new Share(insertStart, records, operations, schedule, targetOpsPerSec, arrivalsSeed, null);
    }
    StringBuilder took = new StringBuilder(String.format(Locale.US, "client %d of %d (%s=%d):", index, count, INDEX,
        index));
    long start = insertStart;
    long mine = records;
    long ops = operations;
    if (load) {
      start = insertStart + first(records);
      mine = share(records);
      took.append(String.format(Locale.US, " records %,d to %,d (%,d of %,d)", start, start + mine - 1, mine,
          records));
    } else if (operations > 0) {
      ops = share(operations);
      took.append(String.format(Locale.US, " %,d of %,d operations", ops, operations));
    } else {
      took.append(" every operation until maxexecutiontime");
    }
    RateSchedule mySchedule = schedule;
    double target = targetOpsPerSec;
    long seed = arrivalsSeed;
    if (targetOpsPerSec > 0) {
      target = targetOpsPerSec / count;
      if (schedule != null) {
        // Its share of the rate at every instant: the same schedule at 1/count of the rate.
        mySchedule = schedule.scaled(1.0 / count);
        took.append(String.format(Locale.US, ", 1/%d of the rate schedule (mean %s of %s ops/s)", count,
            number(target), number(targetOpsPerSec)));
      } else {
        took.append(String.format(Locale.US, ", %s of %s ops/s", number(target), number(targetOpsPerSec)));
      }
      // Poisson arrivals: a schedule of its own (the same seed would give every process the same bursts).
      seed = arrivalsSeed + SEED_STRIDE * index;
    }
    return new Share(start, mine, ops, mySchedule, target, seed, took.toString());
  }

  /**
   * How much later than the phase's start this process's uniform schedule begins, so that N schedules of
   * {@code perProcessOpsPerSec} each interleave: {@code index / (count * perProcessOpsPerSec)} seconds.
   */
  public long scheduleOffsetNanos(double perProcessOpsPerSec) {
    return perProcessOpsPerSec > 0 ? Math.round(1e9 * index / (count * perProcessOpsPerSec)) : 0;
  }

  /** Between the Poisson seeds of two processes (a prime, so that user seeds a multiple apart do not collide). */
  private static final long SEED_STRIDE = 1_000_003L;

  private static String number(double v) {
    return v == Math.rint(v) ? String.format(Locale.US, "%,d", (long) v) : String.format(Locale.US, "%,.1f", v);
  }
}
