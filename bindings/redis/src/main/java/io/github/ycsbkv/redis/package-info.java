/** The Jedis binding for RESP servers (Redis, Valkey, KeyDB). Not implemented yet: see issue 3. */
package io.github.ycsbkv.redis;
