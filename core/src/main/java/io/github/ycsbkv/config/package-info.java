/**
 * Benchmark properties: the precedence of {@code -P} files and {@code -p} pairs
 * ({@link io.github.ycsbkv.config.PropertySources}), typed reads for the engine ({@link io.github.ycsbkv.config.Props})
 * and for bindings' {@code init()} ({@link io.github.ycsbkv.config.BindingProperties}), one-line user errors
 * ({@link io.github.ycsbkv.config.UserError}), the redaction of secrets ({@link io.github.ycsbkv.config.Secrets}), and
 * latency budgets ({@link io.github.ycsbkv.config.Slo}: {@code p99=1ms,p999=5ms}).
 */
package io.github.ycsbkv.config;
