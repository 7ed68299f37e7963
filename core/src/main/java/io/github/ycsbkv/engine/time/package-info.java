/**
 * Time for the engine's open loop: the clock it reads ({@link io.github.ycsbkv.engine.time.NanoClock}, injectable so
 * that tests control time), what {@code -target} offers over time ({@link io.github.ycsbkv.engine.time.RateSchedule}:
 * a rate, or holds, ramps, a sine, spikes, a file), each serving thread's arrivals on it, uniform or Poisson
 * ({@link io.github.ycsbkv.engine.time.Arrivals}), and the timer that wakes a completion thread for its next arrival
 * ({@link io.github.ycsbkv.engine.time.WakeTimer}). Imports nothing of the engine above it.
 */
package io.github.ycsbkv.engine.time;
