/**
 * The contracts between the engine and bindings, and nothing else: a binding announces itself with a
 * {@link io.github.ycsbkv.spi.Binding} found by {@link java.util.ServiceLoader}
 * ({@link io.github.ycsbkv.spi.BindingRegistry}), documents its properties ({@link io.github.ycsbkv.spi.PropertyDoc}),
 * may read the store's own figures ({@link io.github.ycsbkv.spi.ServerProbe}, {@link io.github.ycsbkv.spi.ServerSample},
 * {@link io.github.ycsbkv.spi.ServerLoad}); the work itself is done by an ordinary {@code site.ycsb.DB} subclass named
 * by the descriptor, which may add optional capabilities, each a small interface with a documented fallback:
 * {@link io.github.ycsbkv.spi.AsyncOperations} (and {@link io.github.ycsbkv.spi.DirectCompletion}),
 * {@link io.github.ycsbkv.spi.ExpiringWrites}, {@link io.github.ycsbkv.spi.EmptiesStore},
 * {@link io.github.ycsbkv.spi.ConnectionShape}, {@link io.github.ycsbkv.spi.RenamedProperties},
 * {@link io.github.ycsbkv.spi.Reconnecting}, {@link io.github.ycsbkv.spi.StagedConnections},
 * {@link io.github.ycsbkv.spi.WireBytes}; what it has to tell the
 * user goes through the engine's {@link io.github.ycsbkv.spi.Notices}. A failure to reach the
 * store is an {@link io.github.ycsbkv.spi.Unavailable} status. What a workload tells the engine is
 * {@code io.github.ycsbkv.engine.WorkloadTraits}.
 */
package io.github.ycsbkv.spi;
