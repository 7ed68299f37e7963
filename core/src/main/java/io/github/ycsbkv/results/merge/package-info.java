/**
 * Several client processes' results merged into one, exactly: histograms added, not percentiles averaged ({@link
 * io.github.ycsbkv.results.merge.ResultMerge}), with the load they offered together and their common timeline.
 */
package io.github.ycsbkv.results.merge;
