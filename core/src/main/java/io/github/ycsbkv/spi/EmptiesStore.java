package io.github.ycsbkv.spi;

import site.ycsb.DBException;

/**
 * A {@code site.ycsb.DB} that can empty the store it benchmarks, so that every cell of a sweep (or a
 * study) starts from the same state and memory figures are each workload's own. Called between phases on
 * an initialized instance, never while operations run. Only ever used when the user asked for it
 * ({@code sweep --flush}): it deletes data.
 */
public interface EmptiesStore {

  /**
   * Removes every record this binding's configuration reaches (a RESP store's database, an Aerospike
   * namespace's set), as the store's own command does; returns what was done, for the log, for example
   * {@code "FLUSHDB of database 0 at 127.0.0.1:6379"}.
   */
  String emptyStore() throws DBException;
}
