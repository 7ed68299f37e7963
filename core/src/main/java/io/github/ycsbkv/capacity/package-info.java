/**
 * The search for a store's capacity under a latency budget ({@code ycsb capacity}, docs/capacity.md):
 * {@link io.github.ycsbkv.capacity.CapacitySearch}, a pure state machine that says which open-loop step to run next
 * and, from what each step measured, how it stood against the budget ({@link io.github.ycsbkv.config.Slo}) and when
 * the search ends; and {@link io.github.ycsbkv.capacity.CapacityFile}, the search's {@code capacity.json}, the one
 * type that writes it and reads it. Public: a program that runs its own steps (through
 * {@link io.github.ycsbkv.engine.Benchmarks} with {@code target} set) can drive the search and read or write its file;
 * the command line's runner (one process, or client 0 of several announcing each step) is internal.
 */
package io.github.ycsbkv.capacity;
