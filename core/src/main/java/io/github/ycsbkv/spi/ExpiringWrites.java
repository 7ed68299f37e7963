package io.github.ycsbkv.spi;

import java.util.Map;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/**
 * Optional capability of a {@code site.ycsb.DB}: writes that the store removes after a time to
 * live, as caches use them ({@code SET key value EX ttl} on RESP stores). Cache workloads check for
 * it with {@code instanceof}; a binding without it cannot run workloads that set TTLs, and the run
 * stops with one line that says so.
 *
 * <p>Implemented by the {@code memory} and {@code redis}/{@code valkey}/{@code keydb} bindings. The
 * engine's timing wrapper implements it too and records these writes as {@code INSERT}.
 */
public interface ExpiringWrites {

  /**
   * Inserts or replaces the record {@code key}, which the store removes {@code ttlSeconds} seconds
   * from now (at least 1).
   */
  Status insertWithTtl(String table, String key, Map<String, ByteIterator> values, long ttlSeconds);
}
