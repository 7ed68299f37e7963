package io.github.ycsbkv.capacity;

import java.util.Map;

/**
 * What a step of a {@link CapacitySearch} measured.
 *
 * @param achieved operations per second completed
 * @param offered the arrivals per second the step's schedule made (a Poisson schedule's differ from its rate by
 *     chance over a short step), or NaN when not known (then {@code achieved} is held to the rate)
 * @param latencyMicros every operation's latency from its intended start (the probe: from its start), by percentile
 * @param erred whether its errors went beyond the tolerance
 * @param clientBound why the client was the bottleneck, or null when it was not
 * @param interrupted whether the user stopped it (Ctrl-C): the search ends with what it has
 * @param lagP99Micros the client's schedule lag, its 99th percentile, or NaN when not known
 * @param stallP99Micros how late a thread of the client that only sleeps woke (its stall meter), the 99th
 *     percentile, or NaN when not known: the machine's timer and scheduling, without the client's work
 */
public record Observation(double achieved, double offered, Map<Double, Double> latencyMicros, boolean erred,
    String clientBound, boolean interrupted, double lagP99Micros, double stallP99Micros) {

  /** An observation without the client's lag and stalls. */
  public Observation(double achieved, double offered, Map<Double, Double> latencyMicros, boolean erred,
      String clientBound, boolean interrupted) {
    this(achieved, offered, latencyMicros, erred, clientBound, interrupted, Double.NaN, Double.NaN);
  }

  /** An observation without the offered rate. */
  public Observation(double achieved, Map<Double, Double> latencyMicros, boolean erred, String clientBound,
      boolean interrupted) {
    this(achieved, Double.NaN, latencyMicros, erred, clientBound, interrupted);
  }
}
