/**
 * The server's states on a phase's time axis (#53): its own account every status interval ({@link
 * io.github.ycsbkv.engine.states.StateWatch}, through the probe's {@link io.github.ycsbkv.spi.ServerProbe#state()}),
 * the events the user asks it to go through ({@link io.github.ycsbkv.engine.states.EventPlan}, {@code -p events=
 * bgsave@20s}, begun through {@link io.github.ycsbkv.spi.ServerEvents}), and each event's window set against the rest
 * of the phase ({@link io.github.ycsbkv.engine.states.EventWindows}). Read by the thread that reads the server's load
 * ({@link io.github.ycsbkv.engine.watch.LoadWatch}); the windows are shared with the status sampler.
 */
package io.github.ycsbkv.engine.states;
