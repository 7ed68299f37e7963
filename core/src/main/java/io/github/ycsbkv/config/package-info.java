/** Benchmark properties: precedence of {@code -P} and {@code -p}, typed reads, and redaction of secrets. */
package io.github.ycsbkv.config;
