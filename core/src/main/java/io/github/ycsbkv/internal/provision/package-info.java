/**
 * How {@code ycsb study} starts a store's server: the {@link io.github.ycsbkv.internal.provision.Provisioner} that
 * module {@code ycsb-kv-provision} implements (found with {@link java.util.ServiceLoader}), so that core never depends
 * on Testcontainers.
 *
 * <p>Internal: between ycsb-kv's own modules, not an API; it may change in any release without notice.
 */
package io.github.ycsbkv.internal.provision;
