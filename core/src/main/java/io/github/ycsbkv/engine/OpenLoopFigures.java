package io.github.ycsbkv.engine;

import io.github.ycsbkv.config.EngineProperties;
import io.github.ycsbkv.config.Slo;
import io.github.ycsbkv.engine.metrics.Metrics;
import io.github.ycsbkv.engine.metrics.OpenLoopStats;
import io.github.ycsbkv.engine.metrics.OperationRecorder;
import io.github.ycsbkv.engine.time.Arrivals;
import io.github.ycsbkv.engine.time.RateSchedule;
import io.github.ycsbkv.results.LatencyStats;
import io.github.ycsbkv.results.OpenLoop;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.TreeSet;
import org.HdrHistogram.Histogram;

/**
 * The open loop's part of a result ({@link OpenLoop}): its arrivals, the client's connections and queue, every
 * operation's latency from its intended start, and whether the client was the bottleneck. A run is client-bound when
 * the client acted on its arrivals late (schedule lag P99 over a tenth of the tightest bound of {@code slo}, or 1 ms
 * without one) or its CPU was saturated (at least {@link OpenLoop#SATURATED} of the cores its serving threads could
 * use); such a run's figures are the client's, not the store's.
 */
final class OpenLoopFigures {

  /** The lag a run without {@code slo} may have at P99 before it counts as client-bound. */
  static final double DEFAULT_MAX_LAG_MICROS = 1000;
  /** The percentiles every open-loop summary carries, beside the run's own and the budget's. */
  static final List<Double> PERCENTILES = List.of(50.0, 90.0, 99.0, 99.9, 99.99);

  /** The arrivals of a workload that says each operation's instant (a recording replayed at its pace). */
  static final String RECORDED = "recorded";

  private OpenLoopFigures() {}

  /**
   * The figures, or null for a closed loop.
   *
   * @param cpuNanos the client's CPU in the measured phase, or -1 when the JVM does not say
   * @param instants the workload that said each operation's instant, or null (then only {@code -target} makes an
   *     open loop)
   */
  static OpenLoop of(PhaseSettings s, Drivers drivers, Properties props, OpenLoopStats.Total total,
      List<Metrics.Totals> totals, long runtimeNanos, long cpuNanos, io.github.ycsbkv.spi.ArrivalInstants instants) {
    boolean paced = instants != null;
    if (s.targetOpsPerSec() <= 0 && !paced) {
      return null;
    }
    Slo slo = slo(props);
    TreeSet<Double> ps = new TreeSet<>(PERCENTILES);
    ps.addAll(s.percentiles());
    if (slo != null) {
      ps.addAll(slo.percentiles());
    }
    List<Double> percentiles = List.copyOf(ps);
    Histogram latency = new Histogram(OperationRecorder.SIGNIFICANT_DIGITS);
    for (Metrics.Totals t : totals) {
      if (t.name.equals(OperationRecorder.CLEANUP)) {
        continue;
      }
      for (OperationRecorder.Series series : List.of(OperationRecorder.Series.OK_INTENDED,
          OperationRecorder.Series.FAILED_INTENDED)) {
        if (t.total(series) != null) {
          latency.add(t.total(series));
        }
      }
    }
    LatencyStats lag = LatencyStats.ofNanos(total.lag, percentiles);
    int cores = Math.max(1, Runtime.getRuntime().availableProcessors());
    int usable = Math.min(cores, drivers.threads());
    double cpuShare = cpuNanos < 0 || runtimeNanos <= 0 ? Double.NaN : cpuNanos / (double) runtimeNanos / usable;
    String bound = clientBound(lag, cpuShare, usable, slo);
    String arrivals = paced ? RECORDED : !drivers.openLoop() ? "uniform"
        : Arrivals.Kind.parse(props.getProperty(EngineProperties.ARRIVALS)).name().toLowerCase(Locale.ROOT);
    // The workload's own instants: the rate it says they offer, else what arrived over the phase.
    double offered = paced ? offeredByInstants(instants, total, runtimeNanos)
        : drivers.openLoop() ? total.offered() : s.targetOpsPerSec();
    String servedBy = drivers.openLoop() ? OpenLoop.EVENT_LOOPS : OpenLoop.THREAD_PER_CLIENT;
    int maxInFlight = drivers.openLoop() ? ClientSet.maxInFlight(props) : 1;
    return new OpenLoop(arrivals, s.targetOpsPerSec() > 0 ? s.targetOpsPerSec() : offered, offered, maxInFlight,
        servedBy, total.arrivals, total.perConnectionMean(), total.perConnectionMax, total.queueMean, total.queueMax,
        lag,
        LatencyStats.ofNanos(latency, percentiles), cpuShare, bound);
  }

  private static double offeredByInstants(io.github.ycsbkv.spi.ArrivalInstants instants, OpenLoopStats.Total total,
      long runtimeNanos) {
    double said = instants.offeredOpsPerSec();
    if (!Double.isNaN(said)) {
      return said;
    }
    return runtimeNanos <= 0 ? 0 : total.arrivals * 1e9 / runtimeNanos;
  }

  /**
   * Each spike of {@code schedule} and how the interval P99 came back after it ({@link SpikeRecovery}), from the
   * measured phase's status intervals; a spike with no interval P99 before it is left out (nothing to come back to).
   * The P99 is each interval's response time from the intended start where it has one (every interval of an open
   * loop): a backlog that waits in the client for a connection after the spike is in it, where the service time
   * (timed from each request's write) is back to normal as soon as the store is.
   */
  static List<io.github.ycsbkv.results.SpikeRecovery> spikes(RateSchedule schedule,
      List<io.github.ycsbkv.results.IntervalSample> intervals) {
    List<io.github.ycsbkv.results.SpikeRecovery> out = new java.util.ArrayList<>();
    if (schedule == null) {
      return out;
    }
    double previousEnd = 0;
    for (RateSchedule.Spike spike : schedule.spikes()) {
      List<Double> before = new java.util.ArrayList<>();
      double during = Double.NaN;
      double recovered = Double.NaN;
      long intervalStart = 0;
      double p99Before = Double.NaN;
      for (io.github.ycsbkv.results.IntervalSample s : intervals) {
        double from = intervalStart / 1000.0;
        double to = s.elapsedMillis() / 1000.0;
        intervalStart = s.elapsedMillis();
        double p99 = Double.isNaN(s.responseP99Micros()) ? s.p99Micros() : s.responseP99Micros();
        if (Double.isNaN(p99)) {
          continue;
        }
        if (from >= previousEnd && to <= spike.startSeconds()) {
          before.add(p99);
        } else if (from < spike.endSeconds() && to > spike.startSeconds()) {
          during = Double.isNaN(during) ? p99 : Math.max(during, p99);
        } else if (from >= spike.endSeconds() && Double.isNaN(recovered)) {
          if (Double.isNaN(p99Before)) {
            p99Before = median(before);
          }
          if (!Double.isNaN(p99Before) && p99 <= io.github.ycsbkv.results.SpikeRecovery.BACK_WITHIN * p99Before) {
            recovered = to - spike.endSeconds();
          }
        }
      }
      if (Double.isNaN(p99Before)) {
        p99Before = median(before);
      }
      if (!Double.isNaN(p99Before)) {
        out.add(new io.github.ycsbkv.results.SpikeRecovery(spike.startSeconds(), spike.endSeconds(),
            spike.baseOpsPerSec(), spike.peakOpsPerSec(), p99Before, during, recovered));
      }
      previousEnd = spike.endSeconds();
    }
    return out;
  }

  private static double median(List<Double> values) {
    if (values.isEmpty()) {
      return Double.NaN;
    }
    List<Double> sorted = new java.util.ArrayList<>(values);
    java.util.Collections.sort(sorted);
    int n = sorted.size();
    return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
  }

  /** Why the client was the bottleneck, or null. */
  static String clientBound(LatencyStats lag, double cpuShare, int usableCores, Slo slo) {
    double maxLag = slo == null ? DEFAULT_MAX_LAG_MICROS : slo.tightestMicros() / 10;
    if (lag != null && lag.percentileMicros(99) > maxLag) {
      return String.format(Locale.ROOT, "its schedule lag P99 was %s, over %s (%s)",
          Slo.measured(lag.percentileMicros(99)), Slo.duration(maxLag), slo == null
              ? "without -p slo, 1 ms" : "a tenth of " + slo.describe());
    }
    if (!Double.isNaN(cpuShare) && cpuShare >= OpenLoop.SATURATED) {
      return String.format(Locale.ROOT, "its CPU was saturated (%.0f%% of the %d core%s its serving threads could"
          + " use)", cpuShare * 100, usableCores, usableCores == 1 ? "" : "s");
    }
    return null;
  }

  /** {@code slo}, or null when not given. */
  static Slo slo(Properties props) {
    String text = props.getProperty(EngineProperties.SLO);
    return text == null || text.isBlank() ? null : Slo.parse(text, "property '" + EngineProperties.SLO + "'");
  }
}
