package io.github.ycsbkv.internal.cli.sweep;

import java.io.IOException;
import java.util.Map;

/** What runs around one target's cells: {@code ycsb study} starts and stops its server. */
public interface SweepServers {
  /**
   * Before the target's cells of {@code workload}; returns properties for them (a started server's address). A
   * server already running for the target is kept, or started again when the workload wants it otherwise.
   */
  Map<String, String> start(String label, String workload) throws IOException;

  /** After its last cell (also when it failed). */
  void stop(String label);

  SweepServers NONE = new SweepServers() {
    @Override
    public Map<String, String> start(String label, String workload) {
      return Map.of();
    }

    @Override
    public void stop(String label) {}
  };
}
