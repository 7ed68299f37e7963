/**
 * What the RESP bindings ({@code redis}/{@code valkey}/{@code keydb} and {@code dragonfly}) share, once: the
 * base of their DB classes ({@link io.github.ycsbkv.internal.resp.RespDB}), which hands every operation to one
 * {@link io.github.ycsbkv.internal.resp.RespBackend} chosen at {@code init()}; the event-loop RESP engine
 * ({@link io.github.ycsbkv.internal.resp.EngineBackend}: connections as Netty channels on a few event loops,
 * {@link io.github.ycsbkv.internal.resp.RespTransport} io_uring, epoll, kqueue or NIO, a RESP writer and reply reader that
 * allocate nothing of their own, {@link io.github.ycsbkv.internal.resp.RespRecords}; on a cluster each call routed to
 * its key's primary, {@link io.github.ycsbkv.internal.resp.SlotRouter} and
 * {@link io.github.ycsbkv.internal.resp.ClusterSlots}); Jedis pipelines
 * ({@link io.github.ycsbkv.internal.resp.PipelineBackend}); typed connection settings
 * ({@link io.github.ycsbkv.internal.resp.RespConnection}, {@link io.github.ycsbkv.internal.resp.RecordFormat}),
 * TLS, the wording of failures ({@link io.github.ycsbkv.internal.resp.RespErrors}), the server probe
 * ({@link io.github.ycsbkv.internal.resp.RespProbe}) and the scan index
 * ({@link io.github.ycsbkv.internal.resp.ScanIndex}).
 *
 * <p>Internal: shared by ycsb-kv's own modules, not an API; it may change in any release without notice. Programs
 * that embed ycsb-kv run a binding by name ({@code io.github.ycsbkv.engine.Benchmarks}).
 */
package io.github.ycsbkv.internal.resp;
