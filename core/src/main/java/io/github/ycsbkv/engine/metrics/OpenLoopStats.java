package io.github.ycsbkv.engine.metrics;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.SingleWriterRecorder;

/**
 * What one serving thread's open loop saw of itself, recorded as each arrival is handled: the schedule lag (from the
 * arrival's intended start to the moment the client acted on it: wrote it, or put it in the queue behind busy
 * connections), and the requests in flight and waiting in the client at that moment. Single writer (the thread that
 * handles the arrivals); {@link #addTo} after it finished, {@link #lagInterval} from another thread meanwhile.
 */
public final class OpenLoopStats {

  private final SingleWriterRecorder lag = new SingleWriterRecorder(OperationRecorder.SIGNIFICANT_DIGITS);
  /** The lag taken by {@link #lagInterval} so far (guarded by this). */
  private final Histogram lagTaken = new Histogram(OperationRecorder.SIGNIFICANT_DIGITS);
  private long arrivals;
  private double perConnectionSum;
  private double perConnectionMax;
  private long queueSum;
  private long queueMax;
  private double offered = Double.NaN;

  /**
   * An arrival handled {@code lagNanos} after its intended start, with {@code inFlight} requests on this thread's
   * {@code connections} and {@code queued} waiting in the client then.
   */
  public void arrived(long lagNanos, long inFlight, int connections, long queued) {
    lag.recordValue(Math.max(0, lagNanos));
    arrivals++;
    double perConnection = connections == 0 ? 0 : inFlight / (double) connections;
    perConnectionSum += perConnection;
    queueSum += queued;
    if (perConnection > perConnectionMax) {
      perConnectionMax = perConnection;
    }
    if (queued > queueMax) {
      queueMax = queued;
    }
  }

  /**
   * The schedule this thread kept: {@code count} arrivals from {@code start} to the last one at {@code last}, at a
   * mean {@code rate}; its offered rate is the arrivals over that span (a Poisson schedule's differs from its rate).
   */
  public void schedule(long count, long start, long last, double rate) {
    offered = count == 0 ? 0 : count / ((last - start) / 1e9 + 1 / rate);
  }

  /**
   * The schedule lag recorded since the last call (from the sampler's thread while the phase runs, for the live
   * metrics); what it returns is still in {@link #addTo}'s total.
   */
  public synchronized Histogram lagInterval() {
    Histogram h = lag.getIntervalHistogram();
    lagTaken.add(h);
    return h;
  }

  /** Adds this thread's figures to {@code total} (call once its thread finished). */
  public synchronized void addTo(Total total) {
    total.lag.add(lagTaken);
    total.lag.add(lag.getIntervalHistogram());
    total.arrivals += arrivals;
    total.perConnectionSum += perConnectionSum;
    total.perConnectionMax = Math.max(total.perConnectionMax, perConnectionMax);
    total.queueMean += arrivals == 0 ? 0 : queueSum / (double) arrivals;
    total.queueMax = Math.max(total.queueMax, queueMax);
    total.offeredSum += Double.isNaN(offered) ? 0 : offered;
    total.offeredUnknown |= Double.isNaN(offered);
  }

  /**
   * Every serving thread's figures together: requests in flight per connection when an arrival came (mean over every
   * arrival, and the most), arrivals waiting in the client (the sum of each thread's mean: the client's queue on
   * average, and the longest one thread's queue was). Not thread-safe.
   */
  public static final class Total {
    public final Histogram lag = new Histogram(OperationRecorder.SIGNIFICANT_DIGITS);
    public long arrivals;
    double perConnectionSum;
    public double perConnectionMax;
    public double queueMean;
    public long queueMax;
    double offeredSum;
    boolean offeredUnknown;

    /** The arrivals per second the schedules offered, over every thread; NaN when a thread did not say. */
    public double offered() {
      return offeredUnknown ? Double.NaN : offeredSum;
    }

    public double perConnectionMean() {
      return arrivals == 0 ? 0 : perConnectionSum / arrivals;
    }
  }
}
