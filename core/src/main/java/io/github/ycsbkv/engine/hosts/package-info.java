/**
 * Client hosts: one run made by several client processes, often on as many hosts. Each process's part of it
 * ({@link io.github.ycsbkv.engine.hosts.ClientSplit}: {@code clients.count}, {@code clients.index}, parsed once, and
 * its share of the records, operations and rate schedule, handed to the phase typed), where the processes meet and
 * the one handshake by which they do ({@link io.github.ycsbkv.engine.hosts.Meeting}, {@code clients.barrier}), the
 * instant their measured phases start at ({@link io.github.ycsbkv.engine.hosts.StartBarrier}), and the steps of a
 * capacity search that client 0 chooses and the others follow
 * ({@link io.github.ycsbkv.engine.hosts.StepCoordinator}). Imports nothing of the engine above it (the time room's
 * rate schedule only).
 */
package io.github.ycsbkv.engine.hosts;
