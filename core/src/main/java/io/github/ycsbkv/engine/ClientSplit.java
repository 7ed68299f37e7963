package io.github.ycsbkv.engine;

import io.github.ycsbkv.config.Props;
import io.github.ycsbkv.config.UserError;
import io.github.ycsbkv.engine.time.RateSchedule;
import java.util.Locale;
import java.util.Properties;

/**
 * One client process's part of a run that {@code clients.count} processes make together, often on as many hosts
 * ({@code -p clients.count=N -p clients.index=i}; on Kubernetes the index comes from an Indexed Job's
 * {@code JOB_COMPLETION_INDEX}). Every process is given the same command line but for its index, and takes its part
 * of it, so that the merged run ({@code ycsb merge}) is the same workload as one process's at N times the load:
 *
 * <ul>
 *   <li>a load inserts its own slice of the records ({@code insertstart}/{@code insertcount}, slices as even as whole
 *       records allow and never overlapping);
 *   <li>a run does its share of {@code operationcount} and of {@code -target}, its uniform arrivals offset by
 *       {@code index / target} seconds so that the N schedules interleave into one even schedule (not N bursts in
 *       phase), its Poisson arrivals from a seed of its own (N independent Poisson processes are one);
 *   <li>a workload that cannot be split that way is refused with one line: one that inserts during a run (each
 *       process would insert the same keys from {@code recordcount} up) or is not record-sliced by
 *       {@code insertstart}.
 * </ul>
 *
 * Immutable.
 *
 * @param count the client processes of the run (1: this one alone)
 * @param index this process's place among them, from 0
 */
record ClientSplit(int count, int index) {

  /** {@code clients.count}: how many client processes make the run (default 1). */
  static final String COUNT = "clients.count";
  /** {@code clients.index}: this process's place among them, 0 to count - 1. */
  static final String INDEX = "clients.index";
  /** The environment variable an Indexed Job on Kubernetes sets to the pod's index. */
  static final String JOB_INDEX_ENV = "JOB_COMPLETION_INDEX";
  /** The most client processes a run may have. */
  static final int MAX_COUNT = 1024;

  /** This process alone. */
  static final ClientSplit ONE = new ClientSplit(1, 0);

  /** The workloads whose records a load slices by {@code insertstart}/{@code insertcount}. */
  private static final java.util.Set<String> SLICED = java.util.Set.of(Benchmark.DEFAULT_WORKLOAD,
      "io.github.ycsbkv.workloads.CacheWorkload");

  /**
   * The split {@code props} ask for: {@code clients.count}, and {@code clients.index} or else {@code indexFromEnv}
   * (an Indexed Job's {@value #JOB_INDEX_ENV}, or null); a count above 1 without an index is refused.
   */
  static ClientSplit from(Properties props, String indexFromEnv) {
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
  boolean many() {
    return count > 1;
  }

  /** The first of {@code total} items that are this process's (items {@code [first(total), first(total + 1))}). */
  long first(long total) {
    return firstOf(total, index);
  }

  /** How many of {@code total} items are this process's: the shares differ by one at most and add up to total. */
  long share(long total) {
    return firstOf(total, index + 1) - firstOf(total, index);
  }

  private long firstOf(long total, int i) {
    // floor(total * i / count) without overflow: total = q * count + r.
    long q = total / count;
    long r = total % count;
    return q * i + r * i / count;
  }

  /**
   * Rewrites {@code props} to this process's part of {@code phase} (the class comment says how), or refuses with one
   * line. Returns one line that says what this process took, for the run's header.
   */
  String apply(Phase phase, Properties props) {
    String workload = props.getProperty(Benchmark.WORKLOAD, Benchmark.DEFAULT_WORKLOAD).trim();
    if (!SLICED.contains(workload)) {
      throw new UserError("workload " + workload + " cannot be split over " + COUNT + "=" + count + " (its records"
          + " and series are not sliced by insertstart/insertcount): run it from one client process");
    }
    StringBuilder took = new StringBuilder(String.format(Locale.US, "client %d of %d (%s=%d):", index, count, INDEX,
        index));
    if (phase == Phase.LOAD) {
      long recordcount = Props.getLong(props, Benchmark.RECORD_COUNT, 0, 0);
      long start = Props.getLong(props, INSERT_START, 0, 0);
      long records = Props.getLong(props, Benchmark.INSERT_COUNT, recordcount - start, 0);
      long mine = share(records);
      props.setProperty(INSERT_START, Long.toString(start + first(records)));
      props.setProperty(Benchmark.INSERT_COUNT, Long.toString(mine));
      took.append(String.format(Locale.US, " records %,d to %,d (%,d of %,d)", start + first(records),
          start + first(records) + mine - 1, mine, records));
    } else {
      double inserts = Props.getDouble(props, "insertproportion", 0);
      if (inserts > 0 && Benchmark.DEFAULT_WORKLOAD.equals(workload)) {
        throw new UserError("insertproportion=" + props.getProperty("insertproportion").trim() + ": a run that"
            + " inserts cannot be split over " + COUNT + "=" + count + " (every process would insert the same keys"
            + " from recordcount up): run it from one client process");
      }
      long operations = Props.getLong(props, Benchmark.OPERATION_COUNT, 0, 0);
      if (operations > 0) {
        props.setProperty(Benchmark.OPERATION_COUNT, Long.toString(share(operations)));
        took.append(String.format(Locale.US, " %,d of %,d operations", share(operations), operations));
      } else {
        took.append(" every operation until maxexecutiontime");
      }
    }
    String targetText = props.getProperty(Benchmark.TARGET, "").trim();
    RateSchedule schedule = targetText.isEmpty() || RateSchedule.isNumber(targetText) ? null
        : RateSchedule.parse(targetText);
    double target = schedule != null ? schedule.meanOpsPerSec() : Props.getDouble(props, Benchmark.TARGET, 0);
    if (target > 0) {
      if (schedule != null) {
        // Its share of the rate at every instant: the same schedule at 1/count of the rate.
        props.setProperty(Benchmark.TARGET, schedule.scaled(1.0 / count).text());
        took.append(String.format(Locale.US, ", 1/%d of the rate schedule (mean %s of %s ops/s)", count,
            number(target / count), number(target)));
      } else {
        props.setProperty(Benchmark.TARGET, Double.toString(target / count));
        took.append(String.format(Locale.US, ", %s of %s ops/s", number(target / count), number(target)));
      }
      long seed = Props.getLong(props, Benchmark.ARRIVALS_SEED, 1);
      // Poisson arrivals: a schedule of its own (the same seed would give every process the same bursts).
      props.setProperty(Benchmark.ARRIVALS_SEED, Long.toString(seed + SEED_STRIDE * index));
    }
    return took.toString();
  }

  /**
   * How much later than the phase's start this process's uniform schedule begins, so that N schedules of
   * {@code perProcessOpsPerSec} each interleave: {@code index / (count * perProcessOpsPerSec)} seconds.
   */
  long scheduleOffsetNanos(double perProcessOpsPerSec) {
    return perProcessOpsPerSec > 0 ? Math.round(1e9 * index / (count * perProcessOpsPerSec)) : 0;
  }

  private static final String INSERT_START = "insertstart";
  /** Between the Poisson seeds of two processes (a prime, so that user seeds a multiple apart do not collide). */
  private static final long SEED_STRIDE = 1_000_003L;

  private static String number(double v) {
    return v == Math.rint(v) ? String.format(Locale.US, "%,d", (long) v) : String.format(Locale.US, "%,.1f", v);
  }
}
