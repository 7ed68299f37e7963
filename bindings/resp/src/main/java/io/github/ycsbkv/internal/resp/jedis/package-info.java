/**
 * Jedis connections made from a {@link io.github.ycsbkv.internal.resp.wire.RespConnection} as every Jedis connection
 * of the RESP bindings is made (timeouts, database, AUTH or HELLO, TLS, client name): a client thread's own
 * connection, its pipelines, and the connections of the probe and the server's administration.
 */
package io.github.ycsbkv.internal.resp.jedis;
