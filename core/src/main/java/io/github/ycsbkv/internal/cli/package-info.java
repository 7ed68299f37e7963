/**
 * The {@code ycsb} command line (picocli), a class per command: {@code load} and {@code run} ({@code PhaseCommand}),
 * {@code capacity}, {@code sweep}, {@code study}, {@code memtier}, {@code suite}, {@code record}, {@code replay},
 * {@code merge}, {@code report}, {@code bindings}, {@code demo}; {@link io.github.ycsbkv.internal.cli.Main} is what
 * {@code bin/ycsb} runs. What a command runs beyond one phase is in its rooms, each importing only the ones below it:
 * <ul>
 *   <li>{@link io.github.ycsbkv.internal.cli.study}: the published studies' plans and figures, and the servers a
 *       study starts (through {@link io.github.ycsbkv.internal.provision.Provisioner});</li>
 *   <li>{@link io.github.ycsbkv.internal.cli.sweep}: a sweep's plan (targets, workloads, threads, repetitions, an
 *       optional capacity search per cell), its run and each cell's figures;</li>
 *   <li>{@link io.github.ycsbkv.internal.cli.capacity}: a capacity search's steps run one by one (on one host or
 *       across hosts with the engine's step coordinator), and its table;</li>
 *   <li>{@link io.github.ycsbkv.internal.cli.console}: how a command ends: Ctrl-C and its exit code, the failed
 *       operations' line and exit code, output streams.</li>
 * </ul>
 *
 * <p>Internal: not an API, it may change in any release without notice. Programs run a binding through
 * {@code io.github.ycsbkv.engine.Benchmarks}.
 */
package io.github.ycsbkv.internal.cli;
