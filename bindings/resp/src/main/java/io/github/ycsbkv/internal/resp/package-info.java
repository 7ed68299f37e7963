/**
 * What the RESP bindings ({@code redis}/{@code valkey}/{@code keydb} and {@code dragonfly}) share, once: the base of
 * their DB classes ({@link io.github.ycsbkv.internal.resp.RespDB}), which hands every operation to one
 * {@link io.github.ycsbkv.internal.resp.RespBackend} chosen at {@code init()}: the event-loop RESP engine
 * ({@link io.github.ycsbkv.internal.resp.EngineBackend}) or Jedis pipelines
 * ({@link io.github.ycsbkv.internal.resp.PipelineBackend}); their settings, the memory limit a run may set and the
 * scan index. Its rooms, each importing only the ones below it:
 * <ul>
 *   <li>{@link io.github.ycsbkv.internal.resp.lane}: the engine's connections as Netty channels on a few event loops,
 *       each operation a call that writes its command and reads its reply on that loop, and on a cluster each call
 *       routed to its key's primary (or a replica, for reads);</li>
 *   <li>{@link io.github.ycsbkv.internal.resp.server}: what the server says of itself and what is done to it beside
 *       the load: the probe, its states over a run, the cluster map, replicas found and attached, slots moved;</li>
 *   <li>{@link io.github.ycsbkv.internal.resp.jedis}: Jedis connections made from the typed settings, for the
 *       pipelines, the probe and the server's administration;</li>
 *   <li>{@link io.github.ycsbkv.internal.resp.wire}: the protocol itself and how to reach a server: the reply reader
 *       and command writer, the connection settings, transport and TLS, a record's layout, the wording of
 *       failures.</li>
 * </ul>
 *
 * <p>Internal: shared by ycsb-kv's own modules, not an API; it may change in any release without notice. Programs
 * that embed ycsb-kv run a binding by name ({@code io.github.ycsbkv.engine.Benchmarks}).
 */
package io.github.ycsbkv.internal.resp;
