/**
 * Plain connections to a RESP server for what surrounds a run, never the run itself ({@link
 * io.github.ycsbkv.internal.link.RespLink}): a server's INFO, FLUSHALL, CONFIG SET, a suite's init commands, a
 * MONITOR recording.
 *
 * <p>Internal: between ycsb-kv's own modules, not an API; it may change in any release without notice.
 */
package io.github.ycsbkv.internal.link;
