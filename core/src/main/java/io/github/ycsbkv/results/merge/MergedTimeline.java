package io.github.ycsbkv.results.merge;

import io.github.ycsbkv.results.BenchmarkResult;
import io.github.ycsbkv.results.IntervalSample;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToLongFunction;

/**
 * The per-interval timeline of a merged run ({@code ycsb merge}): the clients' status intervals added up by wall
 * clock over the window in which every client ran, on a grid of the first client's status interval. Each client's
 * count at a grid point is read from its own cumulative samples (by its own start and clock), linearly between them,
 * so the clients' samples need not fall at the same instants; so is what their {@code -target}s offered, from each
 * sample's offered rate over its span. A merged interval has no P99 (NaN): the clients' percentiles do not add up,
 * and the whole run's exact percentiles are the merged histograms'. Stateless.
 */
final class MergedTimeline {

  private MergedTimeline() {}

  /** The merged intervals over {@code start} to {@code end} (the common window), or none when a client has none. */
  static List<IntervalSample> of(List<BenchmarkResult> results, Instant start, Instant end) {
    for (BenchmarkResult r : results) {
      if (r.intervals().isEmpty()) {
        return List.of();
      }
    }
    long step = Math.max(100, Math.round(results.get(0).intervals().get(0).elapsedMillis() / 100.0) * 100);
    long span = end.toEpochMilli() - start.toEpochMilli();
    List<IntervalSample> out = new ArrayList<>();
    // The window starts when the last client started: the others had completed some operations by then.
    double opsAtStart = cumulative(results, start, 0, IntervalSample::operations, BenchmarkResult::operations);
    double failedAtStart = cumulative(results, start, 0, IntervalSample::failedOperations,
        MergedTimeline::failedTotal);
    double lastOps = opsAtStart;
    List<Offered> offeredBy = results.stream().map(Offered::of).toList();
    double lastOffered = offered(offeredBy, results, start, 0);
    long lastT = 0;
    for (long t = Math.min(step, span); t > lastT; t = Math.min(t + step, span)) {
      double ops = cumulative(results, start, t, IntervalSample::operations, BenchmarkResult::operations);
      double failed = cumulative(results, start, t, IntervalSample::failedOperations, MergedTimeline::failedTotal);
      double offered = offered(offeredBy, results, start, t);
      out.add(new IntervalSample(t, Math.round(ops - opsAtStart), (ops - lastOps) * 1000.0 / (t - lastT), Double.NaN,
          Math.round(failed - failedAtStart), (offered - lastOffered) * 1000.0 / (t - lastT)));
      lastOps = ops;
      lastOffered = offered;
      lastT = t;
    }
    return out;
  }

  /**
   * The arrivals every client's {@code -target} had offered by {@code millis} after {@code start} on the wall clock,
   * added up; NaN when a client ran without a target (or its result is of a version that did not record it).
   */
  private static double offered(List<Offered> offered, List<BenchmarkResult> results, Instant start, long millis) {
    double sum = 0;
    for (int i = 0; i < results.size(); i++) {
      Offered o = offered.get(i);
      sum += o == null ? Double.NaN : o.by(start.toEpochMilli() + millis - results.get(i).start().toEpochMilli());
    }
    return sum;
  }

  /** The arrivals {@code r}'s target offered by {@code millis} into its phase: its samples' rates over their spans. */
  static double offeredBy(BenchmarkResult r, long millis) {
    Offered o = Offered.of(r);
    return o == null ? Double.NaN : o.by(millis);
  }

  /**
   * One client's offered rates by sample, with what was offered before each, so that a point of the timeline is found
   * by binary search rather than by summing from the start (a day's soak at 1 s intervals has 86,400 samples).
   */
  private record Offered(long[] ends, double[] rates, double[] before, double total) {

    /** Null when a sample has no offered rate. */
    static Offered of(BenchmarkResult r) {
      List<IntervalSample> samples = r.intervals();
      long[] ends = new long[samples.size()];
      double[] rates = new double[ends.length];
      double[] before = new double[ends.length];
      double sum = 0;
      long t0 = 0;
      for (int i = 0; i < ends.length; i++) {
        IntervalSample s = samples.get(i);
        if (Double.isNaN(s.offeredOpsPerSec())) {
          return null;
        }
        ends[i] = s.elapsedMillis();
        rates[i] = s.offeredOpsPerSec();
        before[i] = sum;
        sum += rates[i] * Math.max(0, ends[i] - t0) / 1000.0;
        t0 = ends[i];
      }
      return new Offered(ends, rates, before, sum);
    }

    double by(long millis) {
      if (millis <= 0) {
        return 0;
      }
      int i = firstAtOrAfter(ends, millis);
      if (i == ends.length) {
        return total;
      }
      long t0 = i == 0 ? 0 : ends[i - 1];
      return before[i] + rates[i] * Math.max(0, millis - t0) / 1000.0;
    }
  }

  /** The first index whose value is at least {@code key} in the ascending {@code values}, or its length. */
  private static int firstAtOrAfter(long[] values, long key) {
    int lo = 0;
    int hi = values.length;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (values[mid] >= key) {
        hi = mid;
      } else {
        lo = mid + 1;
      }
    }
    return lo;
  }

  /** Every client's {@code count} at {@code millis} after {@code start} on the wall clock, added up. */
  private static double cumulative(List<BenchmarkResult> results, Instant start, long millis,
      ToLongFunction<IntervalSample> count, ToLongFunction<BenchmarkResult> total) {
    double sum = 0;
    for (BenchmarkResult r : results) {
      long local = start.toEpochMilli() + millis - r.start().toEpochMilli();
      sum += at(r, local, count, total);
    }
    return sum;
  }

  /** {@code r}'s count {@code millis} into its phase, between its samples (0 before, its total after the end). */
  static double at(BenchmarkResult r, long millis, ToLongFunction<IntervalSample> count,
      ToLongFunction<BenchmarkResult> total) {
    if (millis <= 0) {
      return 0;
    }
    if (millis >= r.runtimeMillis()) {
      return total.applyAsLong(r);
    }
    // The first sample at or after millis, by binary search (the samples' times ascend).
    List<IntervalSample> samples = r.intervals();
    int lo = 0;
    int hi = samples.size();
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (Math.min(samples.get(mid).elapsedMillis(), r.runtimeMillis()) >= millis) {
        hi = mid;
      } else {
        lo = mid + 1;
      }
    }
    long t0 = lo == 0 ? 0 : Math.min(samples.get(lo - 1).elapsedMillis(), r.runtimeMillis());
    double n0 = lo == 0 ? 0 : count.applyAsLong(samples.get(lo - 1));
    if (lo < samples.size()) {
      IntervalSample s = samples.get(lo);
      long t1 = Math.min(s.elapsedMillis(), r.runtimeMillis());
      return t1 <= t0 ? count.applyAsLong(s) : n0 + (count.applyAsLong(s) - n0) * (millis - t0) / (t1 - t0);
    }
    double n1 = total.applyAsLong(r);
    return r.runtimeMillis() <= t0 ? n1 : n0 + (n1 - n0) * (millis - t0) / (r.runtimeMillis() - t0);
  }

  private static long failedTotal(BenchmarkResult r) {
    return r.totalErrors();
  }
}
