/**
 * The Aerospike binding: {@link io.github.ycsbkv.aerospike.AerospikeDB} does the work,
 * {@link io.github.ycsbkv.aerospike.AerospikeBinding} registers it. See {@code docs/bindings/aerospike.md}.
 */
package io.github.ycsbkv.aerospike;
