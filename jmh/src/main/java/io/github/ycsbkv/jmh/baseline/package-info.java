/** Baselines that docs/benchmarks.md measures ycsb-kv against; not meant for use as bindings. */
package io.github.ycsbkv.jmh.baseline;
