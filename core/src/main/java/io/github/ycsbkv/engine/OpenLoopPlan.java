package io.github.ycsbkv.engine;

import io.github.ycsbkv.engine.time.Arrivals;
import io.github.ycsbkv.engine.time.RateSchedule;

/**
 * A client thread's share of the open loop: arrivals at {@code rate} per second for the clients it serves, on their
 * binding's completion thread (or, when the binding has none, on a timer thread of this client's own).
 *
 * @param kind how arrivals are spaced
 * @param rate this thread's operations per second
 * @param index this thread's place among {@code of} (uniform schedules are staggered by it)
 * @param seed the Poisson schedule's seed
 * @param schedule the measured phase's rate schedule, or null for one rate ({@code rate} is then its mean, and a
 *     warm-up runs at it)
 * @param share this thread's part of the schedule's arrivals
 */
record OpenLoopPlan(Arrivals.Kind kind, double rate, int index, int of, long seed, int maxInFlight,
    RateSchedule schedule, double share) {}
