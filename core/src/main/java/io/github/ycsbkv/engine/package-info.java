/**
 * The benchmark engine: client threads in a closed loop or on an open-loop schedule, timing in one
 * wrapper around each client's DB, HdrHistogram recorders per operation and outcome (nanoseconds),
 * and stop conditions. {@link io.github.ycsbkv.engine.Benchmark} is the entry point.
 */
package io.github.ycsbkv.engine;
