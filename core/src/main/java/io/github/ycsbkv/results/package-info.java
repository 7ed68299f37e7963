/**
 * Result types (immutable records, usable as a library), their JSON form ({@code result.json}) and
 * the YCSB-compatible text summary. Latency is in microseconds wherever it leaves the engine.
 */
package io.github.ycsbkv.results;
