package io.github.ycsbkv.engine;

import io.github.ycsbkv.config.EngineProperties;
import io.github.ycsbkv.config.Props;
import io.github.ycsbkv.config.UserError;
import io.github.ycsbkv.engine.hosts.ClientSplit;
import io.github.ycsbkv.engine.metrics.LiveMetrics;
import io.github.ycsbkv.engine.states.EventPlan;
import io.github.ycsbkv.engine.stop.Reconnect;
import io.github.ycsbkv.engine.time.RateSchedule;
import io.github.ycsbkv.engine.watch.OutageWatch;
import io.github.ycsbkv.spi.AsyncOperations;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import site.ycsb.DB;

/**
 * The engine properties of one phase, read and checked before anything runs (every name and default is one of
 * {@link EngineProperties}'s constants). Immutable.
 *
 * @param threads closed-loop clients ({@value EngineProperties#THREADS})
 * @param targetOpsPerSec total operations per second over every client, or 0 for no limit
 * @param operations operations to do over every client (records for a load), or 0 for no limit
 * @param maxTime the phase's time limit, or zero for none
 * @param percentiles the percentiles of every latency series
 * @param abortAfterNanos a run of nothing but errors this long stops the phase as failed (0: never)
 * @param pipeline operations in flight per client thread
 * @param warmup the unmeasured load before a run, or null for none
 * @param schedule {@code -target} as a schedule whose rate changes, or null (no target, or one rate); then
 *     {@code targetOpsPerSec} is its mean and {@code maxTime} at most its length
 * @param arrivalsSeed the seed of the open loop's Poisson arrivals ({@value EngineProperties#ARRIVALS_SEED})
 * @param stopGrace how long stopped clients get to finish what they have in flight
 *     ({@value EngineProperties#STOP_GRACE})
 *
 * <p>One of several client processes ({@link ClientSplit}) holds its share here: its operations, its rate or schedule,
 * its seed; nothing is written back into the properties but the records a load's workload reads
 * ({@code insertstart}/{@code insertcount}, as upstream's CoreWorkload reads its slice).
 */
record PhaseSettings(int threads, double targetOpsPerSec, long operations, Duration maxTime, long statusIntervalMillis,
    List<Double> percentiles, long abortAfterNanos, String label, int pipeline, Reconnect reconnect,
    WarmupSetting warmup, RateSchedule schedule, long arrivalsSeed, Duration stopGrace) {

  /** The workloads whose records a load slices by {@code insertstart}/{@code insertcount}. */
  private static final java.util.Set<String> SLICED = java.util.Set.of(EngineProperties.DEFAULT_WORKLOAD,
      "io.github.ycsbkv.workloads.CacheWorkload");
  private static final String INSERT_START = EngineProperties.INSERT_START;

  /** An open loop's settings in a closed loop (no -target): said in a warning, not silently dropped. */
  private static void warnUnusedOpenLoopSettings(Phase phase, Properties props, Warnings warnings) {
    List<String> unused = new java.util.ArrayList<>();
    for (String key : List.of(EngineProperties.MAX_IN_FLIGHT, EngineProperties.ARRIVALS,
        EngineProperties.ARRIVALS_SEED)) {
      if (props.getProperty(key) != null) {
        unused.add(key + "=" + props.getProperty(key).trim());
      }
    }
    if (!unused.isEmpty()) {
      warnings.warn(String.join(", ", unused) + " set an open loop, which -target starts; without it this "
          + phase.command() + " is a closed loop and they are not used");
    }
  }

  /**
   * Reads {@code props} for {@code phase} of {@code dbClass}, as {@code split}'s part of the run; what is odd but
   * allowed becomes a warning.
   */
  static PhaseSettings parse(Phase phase, Properties props, String bindingName, Class<? extends DB> dbClass,
      Warnings warnings, ClientSplit split) {
    return parse(phase, props, bindingName, dbClass, warnings, split, false);
  }

  /** As above, for a workload whose threads end on their own ({@link WorkloadTraits#endsOnItsOwn}) when true. */
  static PhaseSettings parse(Phase phase, Properties props, String bindingName, Class<? extends DB> dbClass,
      Warnings warnings, ClientSplit split, boolean endsOnItsOwn) {
    int threads = Props.getInt(props, EngineProperties.THREADS, EngineProperties.DEFAULT_THREADS, 1);
    String targetText = props.getProperty(EngineProperties.TARGET);
    RateSchedule schedule = targetText == null || targetText.isBlank() || RateSchedule.isNumber(targetText) ? null
        : RateSchedule.parse(targetText);
    double target = schedule != null ? schedule.meanOpsPerSec() : Props.getDouble(props, EngineProperties.TARGET, 0);
    if (target < 0) {
      throw new UserError("property 'target' must be 0 (no limit), a positive ops/sec or a rate schedule, got "
          + target);
    }
    if (target <= 0) {
      warnUnusedOpenLoopSettings(phase, props, warnings);
    }
    long operations = phase == Phase.LOAD
        ? Props.getLong(props, EngineProperties.INSERT_COUNT,
            Props.getLong(props, EngineProperties.RECORD_COUNT, 0, 0), 0)
        : Props.getLong(props, EngineProperties.OPERATION_COUNT, 0, 0);
    long seed = target > 0 ? arrivalsSeed(props) : 0;
    if (split.many()) {
      ClientSplit.Share share = share(phase, props, split, operations, schedule, target, seed);
      operations = phase == Phase.LOAD ? share.records() : share.operations();
      schedule = share.schedule();
      target = share.targetOpsPerSec();
      seed = share.arrivalsSeed();
      warnings.note("load: " + share.took());
    }
    Duration maxTime = Props.getSeconds(props, EngineProperties.MAX_EXECUTION_TIME, 0);
    if (schedule != null && (maxTime.isZero() || maxTime.toNanos() > schedule.durationNanos())) {
      // The run ends with its schedule (or earlier, at operationcount or maxexecutiontime).
      maxTime = Duration.ofNanos(schedule.durationNanos());
    }
    int pipeline = Props.getInt(props, EngineProperties.PIPELINE, 1, 1);
    if (pipeline > 1 && !AsyncOperations.class.isAssignableFrom(dbClass)) {
      throw new UserError("binding '" + bindingName + "' has no asynchronous operations (io.github.ycsbkv.spi."
          + "AsyncOperations), so it cannot pipeline; drop -p pipeline=" + pipeline);
    }
    WarmupSetting warmup = WarmupSetting.parse(props.getProperty(EngineProperties.WARMUP));
    if (warmup != null && phase == Phase.LOAD) {
      warnings.warn("warmup=" + warmup.text() + " applies to run only (a load's warm-up would insert records of its"
          + " own); this load ran without one");
      warmup = null;
    }
    if (operations == 0 && maxTime.isZero() && !endsOnItsOwn) {
      String what = phase == Phase.LOAD ? "recordcount/insertcount" : "operationcount";
      warnings.warn(what + " is 0 and no maxexecutiontime is set: running until interrupted (Ctrl-C)");
    }
    return new PhaseSettings(threads, target, operations, maxTime,
        // Served metrics are as fresh as the status interval, and events' windows as fine: 1 s unless given.
        Props.getLong(props, EngineProperties.STATUS_INTERVAL, LiveMetrics.wanted(props)
            || !props.getProperty(EventPlan.EVENTS, "").isBlank() ? 1
            : EngineProperties.DEFAULT_STATUS_INTERVAL_SECONDS, 1) * 1000,
        Props.getPercentiles(props, EngineProperties.PERCENTILES, EngineProperties.DEFAULT_PERCENTILES),
        TimeUnit.SECONDS.toNanos(Props.getLong(props, EngineProperties.ERRORS_ABORT_AFTER,
            EngineProperties.DEFAULT_ERRORS_ABORT_AFTER_SECONDS, 0)),
        props.getProperty(EngineProperties.LABEL), pipeline, Reconnect.from(props), warmup, schedule, seed,
        Duration.ofSeconds(Props.getLong(props, EngineProperties.STOP_GRACE,
            EngineProperties.DEFAULT_STOP_GRACE_SECONDS, 1)));
  }

  /**
   * {@code split}'s share of the phase, or one line when the workload cannot be split: one not record-sliced by
   * {@code insertstart}, or a run that inserts (each process would insert the same keys from {@code recordcount} up).
   * A load's slice is given to the workload through its properties.
   */
  private static ClientSplit.Share share(Phase phase, Properties props, ClientSplit split, long operations,
      RateSchedule schedule, double target, long seed) {
    String workload = props.getProperty(EngineProperties.WORKLOAD, EngineProperties.DEFAULT_WORKLOAD).trim();
    if (!SLICED.contains(workload)) {
      throw new UserError("workload " + workload + " cannot be split over " + ClientSplit.COUNT + "=" + split.count()
          + " (its records and series are not sliced by insertstart/insertcount): run it from one client process");
    }
    if (phase == Phase.RUN && Props.getDouble(props, "insertproportion", 0) > 0
        && EngineProperties.DEFAULT_WORKLOAD.equals(workload)) {
      throw new UserError("insertproportion=" + props.getProperty("insertproportion").trim() + ": a run that inserts"
          + " cannot be split over " + ClientSplit.COUNT + "=" + split.count() + " (every process would insert the"
          + " same keys from recordcount up): run it from one client process");
    }
    long recordcount = Props.getLong(props, EngineProperties.RECORD_COUNT, 0, 0);
    long start = Props.getLong(props, INSERT_START, 0, 0);
    long records = Props.getLong(props, EngineProperties.INSERT_COUNT, recordcount - start, 0);
    ClientSplit.Share share = split.share(phase == Phase.LOAD, start, records, operations, schedule, target, seed);
    if (phase == Phase.LOAD) {
      props.setProperty(INSERT_START, Long.toString(share.insertStart()));
      props.setProperty(EngineProperties.INSERT_COUNT, Long.toString(share.records()));
    }
    return share;
  }

  private static long arrivalsSeed(Properties props) {
    String text = props.getProperty(EngineProperties.ARRIVALS_SEED, "1").trim();
    try {
      return Long.parseLong(text);
    } catch (NumberFormatException e) {
      throw new UserError("property '" + EngineProperties.ARRIVALS_SEED + "' must be a whole number, got '" + text
          + "'");
    }
  }

  /** The interval between one client's scheduled starts under a target, or 0 for a closed loop. */
  long tickNanos() {
    return targetOpsPerSec > 0 ? Math.max(1, (long) (1e9 * threads / targetOpsPerSec)) : 0;
  }

  /**
   * How far apart failures may be and still belong to one outage: {@link EngineProperties#OUTAGE_GAP}, or a longest
   * reconnect wait and a tick of the outage watch, if longer.
   */
  long outageGapNanos() {
    return Math.max(EngineProperties.OUTAGE_GAP.toNanos(),
        reconnect.maxNanos() + TimeUnit.MILLISECONDS.toNanos(OutageWatch.TICK_MILLIS));
  }
}
