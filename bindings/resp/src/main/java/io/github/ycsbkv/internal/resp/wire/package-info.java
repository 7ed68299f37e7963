/**
 * The RESP protocol and how to reach a server: the reply reader and command writer, which allocate nothing of their
 * own ({@link io.github.ycsbkv.internal.resp.wire.RespReader}, {@link io.github.ycsbkv.internal.resp.wire.RespWriter}),
 * the typed connection settings ({@link io.github.ycsbkv.internal.resp.wire.RespConnection}, from properties or a
 * {@code redis://} URI), the event loops' transport (io_uring, epoll, kqueue or NIO: {@link
 * io.github.ycsbkv.internal.resp.wire.RespTransport}) and TLS, how a record is laid out ({@link
 * io.github.ycsbkv.internal.resp.wire.RecordFormat}) and the wording of failures ({@link
 * io.github.ycsbkv.internal.resp.wire.RespErrors}). The ground floor: imports no other room of the RESP bindings.
 */
package io.github.ycsbkv.internal.resp.wire;
