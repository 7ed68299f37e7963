/**
 * The benchmark engine: client threads in a closed loop or on an open-loop schedule, timing in one wrapper around
 * each client's DB, HdrHistogram recorders per operation and outcome (nanoseconds), and stop conditions.
 *
 * <p>Public: {@link io.github.ycsbkv.engine.Benchmarks} (a binding by name, the entry point for programs that embed
 * ycsb-kv), {@link io.github.ycsbkv.engine.Benchmark} (one phase), {@link io.github.ycsbkv.engine.Phase},
 * {@link io.github.ycsbkv.engine.StopSignal}, {@link io.github.ycsbkv.engine.StopReason},
 * {@link io.github.ycsbkv.engine.NanoClock}, and {@link io.github.ycsbkv.engine.WorkloadTraits}, what a workload tells
 * the engine. Every other class is package-private. A phase reads as its steps: {@code PhaseSettings},
 * {@code WorkloadSetup}, {@code Drivers}, {@code ClientSet}, {@code WarmupRun}, {@code MeasuredPhase},
 * {@code ServerSide}. The open loop ({@code -target}) on the bindings' event loops: {@code Arrivals} (the schedule),
 * {@code DrivenLoop} (arrivals written at once or queued in the client), {@code WakeTimer}, {@code OpenLoopStats}
 * and {@code OpenLoopFigures} (the client's schedule lag and whether it was the bottleneck).
 */
package io.github.ycsbkv.engine;
