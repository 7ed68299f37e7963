/**
 * The event-loop RESP engine of the redis and dragonfly bindings: connections as Netty channels on a few event
 * loops ({@link io.github.ycsbkv.resp.RespTransport}: io_uring, epoll or NIO), a RESP writer and a reply reader
 * that allocate nothing of their own, and {@link io.github.ycsbkv.resp.RespRecords}, the YCSB operations on
 * records in the commands both bindings send.
 */
package io.github.ycsbkv.resp;
