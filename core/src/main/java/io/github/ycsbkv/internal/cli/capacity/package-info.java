/**
 * A capacity search's steps, run one by one against a binding ({@link
 * io.github.ycsbkv.internal.cli.capacity.CapacityRunner}: each an ordinary run at the step's rate after its warm-up,
 * on one host or split over client hosts), its options ({@link io.github.ycsbkv.internal.cli.capacity.SearchOptions},
 * shared by {@code capacity} and the {@code --capacity} of {@code sweep} and {@code study}) and its table for people
 * ({@link io.github.ycsbkv.internal.cli.capacity.CapacityTable}). The search itself is {@code
 * io.github.ycsbkv.capacity.CapacitySearch}.
 */
package io.github.ycsbkv.internal.cli.capacity;
