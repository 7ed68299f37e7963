package io.github.ycsbkv.results;

import java.util.Locale;

/**
 * An open-loop phase ({@code -target}): how operations arrived, what that did to the client's connections and queue,
 * and the client's proof that it kept the schedule. Immutable.
 *
 * @param arrivals {@code uniform} or {@code poisson}
 * @param targetOpsPerSec the rate asked for, over every client
 * @param offeredOpsPerSec the arrivals per second the schedule made (Poisson arrivals differ from the rate by chance
 *     over a short run), or NaN when not known
 * @param maxInFlight requests in flight on a connection at most
 * @param servedBy {@code event-loops} (the binding's completion threads, one per core at most) or
 *     {@code thread-per-client} (upstream YCSB's way: each client thread sleeps until its next start)
 * @param arrivalCount arrivals handled in the measured phase
 * @param inFlightPerConnectionMean requests in flight per connection when an arrival came, on average (at most
 *     {@code maxInFlight})
 * @param inFlightPerConnectionMax the most requests in flight per connection of a serving thread when an arrival came
 * @param queueMean arrivals waiting in the client for a free connection, on average (as each arrival found it)
 * @param queueMax the most arrivals one serving thread had waiting
 * @param scheduleLag how late the client acted on each arrival (wrote it, or queued it behind busy connections),
 *     from its intended start; queueing itself is the store's, not in this figure; null without arrivals
 * @param latency every operation's latency from its intended start, over every operation type; null without any
 * @param clientCpuShare the client's CPU in the phase over the cores its serving threads could use (1.0: saturated),
 *     or NaN when the JVM does not say
 * @param clientBound why the client, not the store, was the bottleneck of this run, or null when it was not
 * @param spikes under a rate schedule, each spike it had and how the store's P99 came back after it (empty without)
 */
public record OpenLoop(String arrivals, double targetOpsPerSec, double offeredOpsPerSec, int maxInFlight, String servedBy, long arrivalCount,
    double inFlightPerConnectionMean, double inFlightPerConnectionMax, double queueMean, long queueMax,
    LatencyStats scheduleLag,
    LatencyStats latency, double clientCpuShare, String clientBound, java.util.List<SpikeRecovery> spikes) {

  public OpenLoop {
    spikes = spikes == null ? java.util.List.of() : java.util.List.copyOf(spikes);
  }

  /** Without spikes (one rate; and results of earlier versions). */
  public OpenLoop(String arrivals, double targetOpsPerSec, double offeredOpsPerSec, int maxInFlight, String servedBy,
      long arrivalCount, double inFlightPerConnectionMean, double inFlightPerConnectionMax, double queueMean,
      long queueMax, LatencyStats scheduleLag, LatencyStats latency, double clientCpuShare, String clientBound) {
    this(arrivals, targetOpsPerSec, offeredOpsPerSec, maxInFlight, servedBy, arrivalCount, inFlightPerConnectionMean,
        inFlightPerConnectionMax, queueMean, queueMax, scheduleLag, latency, clientCpuShare, clientBound, null);
  }

  /** The same figures with the spikes of its schedule. */
  public OpenLoop withSpikes(java.util.List<SpikeRecovery> found) {
    return new OpenLoop(arrivals, targetOpsPerSec, offeredOpsPerSec, maxInFlight, servedBy, arrivalCount,
        inFlightPerConnectionMean, inFlightPerConnectionMax, queueMean, queueMax, scheduleLag, latency, clientCpuShare,
        clientBound, found);
  }

  /** Served on the binding's event loops. */
  public static final String EVENT_LOOPS = "event-loops";
  /** Served by a thread per client. */
  public static final String THREAD_PER_CLIENT = "thread-per-client";

  /** The client's CPU share at or above which it counts as saturated. */
  public static final double SATURATED = 0.9;

  /** One line for people. */
  public String describe() {
    return describe(null);
  }

  /** One line for people, naming the rate schedule (its text, null for one rate) that the arrivals followed. */
  public String describe(String schedule) {
    String rate = schedule == null ? String.format(Locale.ROOT, "at %.0f ops/s", targetOpsPerSec)
        : String.format(Locale.ROOT, "on the schedule %s (mean %.0f ops/s)", schedule, targetOpsPerSec);
    StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "open loop: %s arrivals %s, %s", arrivals, rate,
        servedBy.equals(EVENT_LOOPS) ? "on the binding's event loops" : "a thread per client"));
    if (scheduleLag != null) {
      sb.append(String.format(Locale.ROOT, "; schedule lag P99 %s, max %s", micros(scheduleLag.percentileMicros(99)),
          micros(scheduleLag.maxMicros())));
    }
    if (servedBy.equals(EVENT_LOOPS)) {
      sb.append(String.format(Locale.ROOT, "; %.2f requests in flight per connection on average, %.1f waiting in the"
          + " client (%d at most)", inFlightPerConnectionMean, queueMean, queueMax));
    }
    return sb.toString();
  }

  static String micros(double us) {
    if (Double.isNaN(us)) {
      return "n/a";
    }
    return us >= 10_000 ? String.format(Locale.ROOT, "%.1f ms", us / 1000) : String.format(Locale.ROOT, "%.0f us", us);
  }
}
