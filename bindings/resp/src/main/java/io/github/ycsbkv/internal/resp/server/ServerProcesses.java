package io.github.ycsbkv.internal.resp.server;

import io.github.ycsbkv.internal.host.ServerProcess;
import io.github.ycsbkv.internal.resp.wire.RespConnection;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import site.ycsb.DBException;

/**
 * A server's processes on this host, one per node it reads, whose CPU time the probe reads from {@code /proc} where
 * the server's own total is no measurement (Dragonfly's, {@link RespProbe#load()}). All or none: a node whose process
 * is not on this host leaves the CPU time not reported. Immutable.
 *
 * @param processes the processes found, or none
 */
record ServerProcesses(List<ServerProcess> processes) {

  /** No process found: the CPU time is not reported. */
  static final ServerProcesses NONE = new ServerProcesses(List.of());

  /** The processes named {@code name} that listen on each of {@code addresses}, or {@link #NONE}. */
  static ServerProcesses find(List<String> addresses, String name) throws DBException {
    List<ServerProcess> found = new ArrayList<>();
    for (String address : addresses) {
      RespConnection.Endpoint e = RespConnection.endpoint(address, -1, "node");
      ServerProcess p = ServerProcess.find(e.host(), e.port(), Set.of(name));
      if (p == null) {
        return NONE;
      }
      found.add(p);
    }
    return new ServerProcesses(List.copyOf(found));
  }

  /** Their CPU time added up, in microseconds, or -1 when none was found. */
  long cpuMicros() {
    long cpu = processes.isEmpty() ? -1 : 0;
    for (ServerProcess p : processes) {
      cpu = RespStates.sum(cpu, p.cpuMicros());
    }
    return cpu;
  }

  /** Where the CPU time comes from, or null when none was found. */
  String source() {
    return processes.isEmpty() ? null : processes.get(0).source();
  }
}
