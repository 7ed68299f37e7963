package io.github.ycsbkv.engine;

import io.github.ycsbkv.config.Slo;
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

  private OpenLoopFigures() {}

  /**
   * The figures, or null for a closed loop.
   *
   * @param cpuNanos the client's CPU in the measured phase, or -1 when the JVM does not say
   */
  static OpenLoop of(PhaseSettings s, Drivers drivers, Properties props, OpenLoopStats.Total total,
      List<Metrics.Totals> totals, long runtimeNanos, long cpuNanos) {
    if (s.targetOpsPerSec() <= 0) {
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
      if (t.name.equals(TimedDB.CLEANUP)) {
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
    String arrivals = drivers.openLoop() ? Arrivals.Kind.parse(props.getProperty(Benchmark.ARRIVALS)).name()
        .toLowerCase(Locale.ROOT) : "uniform";
    double offered = drivers.openLoop() ? total.offered() : s.targetOpsPerSec();
    String servedBy = drivers.openLoop() ? OpenLoop.EVENT_LOOPS : OpenLoop.THREAD_PER_CLIENT;
    int maxInFlight = drivers.openLoop() ? ClientSet.maxInFlight(props) : 1;
    return new OpenLoop(arrivals, s.targetOpsPerSec(), offered, maxInFlight, servedBy, total.arrivals,
        total.perConnectionMean(), total.perConnectionMax, total.queueMean, total.queueMax, lag,
        LatencyStats.ofNanos(latency, percentiles), cpuShare, bound);
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
    String text = props.getProperty(Benchmark.SLO);
    return text == null || text.isBlank() ? null : Slo.parse(text, "property '" + Benchmark.SLO + "'");
  }
}
