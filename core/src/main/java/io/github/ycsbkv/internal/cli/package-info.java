/**
 * The {@code ycsb} command line (picocli): {@code load} and {@code run} ({@code PhaseCommand}), {@code capacity}
 * ({@code CapacityCommand}, its steps run by {@code CapacityRunner}, across hosts with the engine's
 * {@code StepCoordinator}), {@code sweep} ({@code SweepPlan} run by {@code SweepRunner}, a cell's figures
 * {@code CellFigures}), {@code study} (a study's plan, its servers started through
 * {@link io.github.ycsbkv.internal.provision.Provisioner}: {@code StudyServers}), {@code report}, {@code merge},
 * {@code bindings}, {@code demo}. {@link io.github.ycsbkv.internal.cli.Main} is what {@code bin/ycsb} runs.
 *
 * <p>Internal: not an API, it may change in any release without notice. Programs run a binding through
 * {@code io.github.ycsbkv.engine.Benchmarks}.
 */
package io.github.ycsbkv.internal.cli;
