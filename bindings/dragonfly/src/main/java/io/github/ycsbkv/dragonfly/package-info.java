/**
 * The Dragonfly binding: {@link io.github.ycsbkv.dragonfly.DragonflyBinding} registers
 * {@link io.github.ycsbkv.dragonfly.DragonflyDB} as {@code dragonfly}; the DB chooses its client at {@code init()}:
 * the RESP engine or Jedis pipelines of {@code ycsb-kv-resp}, or Lettuce ({@code dragonfly.asyncclient=lettuce},
 * {@link io.github.ycsbkv.dragonfly.DragonflyClients}). Depends on core and {@code ycsb-kv-resp}, not on the redis
 * binding. See {@code docs/bindings/dragonfly.md}.
 */
package io.github.ycsbkv.dragonfly;
