/**
 * The benchmark engine: client threads in a closed loop or on an open-loop schedule, timing in one wrapper around
 * each client's DB, HdrHistogram recorders per operation and outcome (nanoseconds), and stop conditions.
 *
 * <p>Public: {@link io.github.ycsbkv.engine.Benchmarks} (a binding by name, the entry point for programs that embed
 * ycsb-kv), {@link io.github.ycsbkv.engine.Benchmark} (one phase), {@link io.github.ycsbkv.engine.Phase},
 * {@link io.github.ycsbkv.engine.stop.StopSignal}, {@link io.github.ycsbkv.engine.stop.StopReason},
 * and {@link io.github.ycsbkv.engine.WorkloadTraits}, what a workload tells the engine (the clock a program can
 * inject, {@link io.github.ycsbkv.engine.time.NanoClock}, is in {@code engine.time}). A phase reads as its steps:
 * {@code PhaseSettings}, {@code WorkloadSetup}, {@code Drivers}, {@code ClientSet}, {@code WarmupRun},
 * {@code MeasuredPhase}, {@code ServerSide}. The open loop ({@code -target}) on the bindings' event loops:
 * {@code DrivenLoop} (arrivals written at once or queued in the client) and {@code OpenLoopFigures} (the client's
 * schedule lag and whether it was the bottleneck).
 *
 * <p>Its rooms, below it (none imports this package): {@link io.github.ycsbkv.engine.time} (the clock, the rate
 * schedule, the arrivals on it, the wake-up timer), {@link io.github.ycsbkv.engine.watch} (what watches a phase
 * beside the clients: stalls, outages, the server's load), {@link io.github.ycsbkv.engine.states} (the server's
 * states on the phase's time axis and the events asked of it) and {@link io.github.ycsbkv.engine.hosts} (a run of
 * several client processes: each one's share, where they meet, their common start, a capacity search's steps),
 * {@link io.github.ycsbkv.engine.metrics} (what the clients record and how it leaves the process: the recorders and
 * their totals, the open loop's lag, histogram exports, live metrics and their Prometheus endpoint) and
 * {@link io.github.ycsbkv.engine.stop} (why and how a phase stops, and what a client does when its store fails:
 * reconnects, failures counted).
 */
package io.github.ycsbkv.engine;
