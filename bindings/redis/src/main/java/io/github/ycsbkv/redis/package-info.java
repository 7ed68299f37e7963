/**
 * The Jedis binding for RESP servers (Redis, Valkey, KeyDB): {@link io.github.ycsbkv.redis.RedisDB}
 * does the work, {@link io.github.ycsbkv.redis.RedisBinding} registers it. See
 * {@code docs/bindings/redis.md}.
 */
package io.github.ycsbkv.redis;
