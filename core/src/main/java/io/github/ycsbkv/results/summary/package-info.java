/**
 * What a run prints and writes for people and scripts: the table at the end of a run ({@link
 * io.github.ycsbkv.results.summary.SummaryTable}), the YCSB-compatible text summary ({@link
 * io.github.ycsbkv.results.summary.SummaryText}) and {@code summary.csv} ({@link
 * io.github.ycsbkv.results.summary.SummaryCsv}).
 */
package io.github.ycsbkv.results.summary;
