package io.github.ycsbkv.spi;

/**
 * Marker for a {@code site.ycsb.Workload} that never looks at what an operation returned (its status
 * or the values read), so that its operations may complete after the workload's call returned. The
 * engine then may serve many closed-loop clients from a few threads through a binding's
 * {@link AsyncOperations} ({@code drivers=auto}). A workload that reacts to a miss (populate on miss),
 * verifies values, or reads and then writes what it read must not implement it.
 */
public interface PipelineSafe {

  /**
   * Whether this workload, initialised, will call a blocking operation (a scan, a write with a time
   * to live), which cannot run on a client library's event loop; the engine then serves its clients
   * from threads of its own. Default: no.
   */
  default boolean callsBlockingOperations() {
    return false;
  }
}
