/**
 * What watches a phase while it runs, beside the clients: the client's own stalls
 * ({@link io.github.ycsbkv.engine.watch.HiccupMeter}, as jHiccup measures them), the store's outages and the client's
 * stalls seen in the operations completed ({@link io.github.ycsbkv.engine.watch.OutageWatch}), and the server's
 * connections, commands and CPU as its probe reads them ({@link io.github.ycsbkv.engine.watch.LoadWatch}). Each is
 * started and stopped by the phase; their figures go into the result and the live metrics. Imports nothing of the
 * engine above it.
 */
package io.github.ycsbkv.engine.watch;
