package io.github.ycsbkv.results;

import java.util.Locale;

/**
 * A spike of a rate schedule ({@code -target}, #43) and what it did to the store: its P99 in the intervals before
 * it, the highest interval P99 during it, and how long after its end the interval P99 was back to at most 10% above
 * its level before (to the status interval's resolution). The P99s are of the response time from the intended start
 * ({@link IntervalSample#responseP99Micros()}), or of the service time in intervals without it. Immutable.
 *
 * @param startSeconds where the rate stepped up, from the start of the measured phase
 * @param endSeconds where it was back near its rate before
 * @param baseOpsPerSec the rate before
 * @param peakOpsPerSec the highest rate of the spike
 * @param p99BeforeMicros the median of the interval P99s between the last spike (or the start) and this one
 * @param p99DuringMicros the highest interval P99 of the intervals that overlap the spike, or NaN
 * @param recoveredAfterSeconds from the spike's end to the end of the first interval after it whose P99 was back, or
 *     NaN when none was before the run ended
 */
public record SpikeRecovery(double startSeconds, double endSeconds, double baseOpsPerSec, double peakOpsPerSec,
    double p99BeforeMicros, double p99DuringMicros, double recoveredAfterSeconds) {

  /** How far above its level before a P99 may be and count as back. */
  public static final double BACK_WITHIN = 1.10;

  /** One line for people. */
  public String describe() {
    String during = Double.isNaN(p99DuringMicros) ? "" : String.format(Locale.ROOT, ", P99 up to %.0f us",
        p99DuringMicros);
    String back = Double.isNaN(recoveredAfterSeconds) ? "not back to it before the run ended"
        : String.format(Locale.ROOT, "back to it %.1f s after the spike", recoveredAfterSeconds);
    return String.format(Locale.ROOT, "spike at %.1f s (%,.0f to %,.0f ops/s for %.1f s)%s; P99 before it %.0f us, %s",
        startSeconds, baseOpsPerSec, peakOpsPerSec, endSeconds - startSeconds, during, p99BeforeMicros, back);
  }
}
