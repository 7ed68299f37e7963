/**
 * Starting a store's server, for the integration tests and {@code ycsb study}: a Testcontainers container of the
 * store's pinned image ({@link io.github.ycsbkv.provision.StoreContainer}, {@link io.github.ycsbkv.provision.ServerKind}
 * names the images), or its binary on PATH on a free loopback port ({@link io.github.ycsbkv.provision.LocalServers},
 * also the study's {@code io.github.ycsbkv.internal.provision.Provisioner}), with TLS from a throw-away CA
 * ({@link io.github.ycsbkv.provision.ThrowAwayCa}). Testcontainers is this module's dependency, never core's.
 */
package io.github.ycsbkv.provision;
