/**
 * The {@code ycsb} command line (picocli): {@code load}, {@code run}, {@code sweep} ({@code SweepPlan} run by
 * {@code SweepRunner}), {@code study} (a study's plan, its servers started through
 * {@link io.github.ycsbkv.internal.provision.Provisioner}), {@code report}, {@code merge}, {@code bindings},
 * {@code demo}. {@link io.github.ycsbkv.internal.cli.Main} is what {@code bin/ycsb} runs.
 *
 * <p>Internal: not an API, it may change in any release without notice. Programs run a binding through
 * {@code io.github.ycsbkv.engine.Benchmarks}.
 */
package io.github.ycsbkv.internal.cli;
