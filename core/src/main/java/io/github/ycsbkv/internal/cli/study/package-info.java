/**
 * The published studies {@code ycsb study} reproduces: their stores, workloads, thread counts and published figures
 * ({@link io.github.ycsbkv.internal.cli.study.Studies}), the servers a study starts, each just before its own cells
 * ({@link io.github.ycsbkv.internal.cli.study.StudyServers}), and this run's side of the setup beside the published
 * one ({@link io.github.ycsbkv.internal.cli.study.StudySetup}).
 */
package io.github.ycsbkv.internal.cli.study;
