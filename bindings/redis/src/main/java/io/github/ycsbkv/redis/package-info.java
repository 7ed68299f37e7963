/**
 * The binding for Redis, Valkey and KeyDB: {@link io.github.ycsbkv.redis.RedisBinding} registers
 * {@link io.github.ycsbkv.redis.RedisDB} as {@code redis}, {@code valkey} and {@code keydb}; the DB chooses its
 * client at {@code init()}: the RESP engine of {@code ycsb-kv-resp}, or blocking Jedis (a thread's own connection,
 * the shared pool, or a Redis Cluster's client). See {@code docs/bindings/redis.md}.
 */
package io.github.ycsbkv.redis;
