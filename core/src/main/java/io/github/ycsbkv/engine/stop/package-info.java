/**
 * Why and how a phase stops ({@link io.github.ycsbkv.engine.stop.StopReason}, the signal its threads watch:
 * {@link io.github.ycsbkv.engine.stop.StopSignal}), and what a client does when its store fails: reconnects
 * ({@link io.github.ycsbkv.engine.stop.Reconnect}) and failures counted until they stop the phase
 * ({@link io.github.ycsbkv.engine.stop.ClientFailures}). Imports nothing of the engine above it.
 */
package io.github.ycsbkv.engine.stop;
