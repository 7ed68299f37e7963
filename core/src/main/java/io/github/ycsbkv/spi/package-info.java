/**
 * The contracts between the engine and bindings: a binding announces itself with a
 * {@link io.github.ycsbkv.spi.Binding} found by {@link java.util.ServiceLoader}; the work itself is
 * done by an ordinary {@code site.ycsb.DB} subclass named by the descriptor.
 */
package io.github.ycsbkv.spi;
