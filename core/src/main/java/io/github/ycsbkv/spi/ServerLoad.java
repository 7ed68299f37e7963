package io.github.ycsbkv.spi;

/**
 * The server's own view of the load at one moment, as the server counts it: the connections it holds
 * (every client's, the probe's own included) and the commands it has processed since it started.
 * Compared with the load shape the engine intended, it shows what the server really saw.
 *
 * @param connections connections open on the server now, or -1 if the server does not say
 * @param commandsProcessed commands processed since the server started, less those the probe itself sent (up to a
 *     constant: only differences of it mean something), or -1 if the server does not count them
 * @param source where the figures come from, for example {@code INFO clients connected_clients / INFO stats
 *     total_commands_processed}
 * @param probeConnections connections the probe itself holds on the server (counted in {@code connections})
 * @param cpuMicros CPU time (user and system) the server process has used since it started, in microseconds, or -1
 *     if the server does not say (only differences of it mean something)
 * @param unreachable the nodes of a cluster ({@code host:port}) the probe could not read this time (lost, or not
 *     answering); their figures are missing from the others, so the commands and CPU time are then -1
 */
public record ServerLoad(int connections, long commandsProcessed, String source, int probeConnections,
    long cpuMicros, java.util.List<String> unreachable) {

  public ServerLoad {
    unreachable = unreachable == null ? java.util.List.of() : java.util.List.copyOf(unreachable);
  }

  /** Counters of a server, or of a cluster whose every node the probe read. */
  public ServerLoad(int connections, long commandsProcessed, String source, int probeConnections, long cpuMicros) {
    this(connections, commandsProcessed, source, probeConnections, cpuMicros, java.util.List.of());
  }

  /** Counters without the server's CPU time. */
  public ServerLoad(int connections, long commandsProcessed, String source, int probeConnections) {
    this(connections, commandsProcessed, source, probeConnections, -1);
  }
}
