/**
 * A sweep's results: each cell ({@link io.github.ycsbkv.results.sweep.SweepCell}) with its figures' statistics over
 * the repetitions ({@link io.github.ycsbkv.results.sweep.Summary}: mean, standard deviation, coefficient of
 * variation, 95% confidence interval), written and read back as {@code sweep.json} and {@code sweep.csv} ({@link
 * io.github.ycsbkv.results.sweep.SweepJson}).
 */
package io.github.ycsbkv.results.sweep;
