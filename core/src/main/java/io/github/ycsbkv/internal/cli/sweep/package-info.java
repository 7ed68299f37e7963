/**
 * A sweep: its plan ({@link io.github.ycsbkv.internal.cli.sweep.SweepPlan}: targets, workloads, thread counts,
 * repetitions, a capacity search per cell with {@code --capacity}), its run with one directory per repetition and
 * resumption ({@link io.github.ycsbkv.internal.cli.sweep.SweepRunner}) and each cell's figures with their
 * confidence intervals. {@code study} runs its cells through this room too.
 */
package io.github.ycsbkv.internal.cli.sweep;
