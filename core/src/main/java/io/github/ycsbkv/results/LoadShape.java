package io.github.ycsbkv.results;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The load a phase put on the server: what the engine intended (clients, the connections they used,
 * requests in flight on each, the OS threads that served them) and what the server itself saw. A
 * comparison of stores or clients holds only at equal load, so every result carries it
 * ({@code result.json} {@code load}, the run's header, the summary). Immutable.
 *
 * @param clients closed-loop clients ({@code -threads})
 * @param connections connections the binding opened to the server for them, or -1 when the binding does not say
 * @param inFlightPerConnection requests in flight on each connection at most (1: one request per connection)
 * @param servingThreads OS threads that ran the clients
 * @param model how the connections were used ({@link Model})
 * @param server what the server saw, or null when the binding has no probe or the store no counters
 * @param transport how the binding's connections did their I/O when it says ("netty io_uring (ring 256)"), or null
 * @param openLoop how operations arrived under {@code -target} and what the client proved of itself, or null for a
 *     closed loop (and in results of earlier versions)
 * @param nodes the servers the connections went to: 1 for a standalone server, a cluster's primaries when each
 *     client has a connection to every primary, a primary and the replicas it reads from ({@code readfrom});
 *     {@code connections} then counts them all
 * @param hosts the client processes the run was one of ({@code clients.count} above 1), or null for a process alone;
 *     every other figure here is this result's own (a merged result's: summed over the processes)
 */
public record LoadShape(int clients, int connections, double inFlightPerConnection, int servingThreads, Model model,
    ServerView server, String transport, OpenLoop openLoop, int nodes, ClientHosts hosts) {

  public LoadShape(int clients, int connections, double inFlightPerConnection, int servingThreads, Model model,
      ServerView server, String transport, OpenLoop openLoop, int nodes) {
    this(clients, connections, inFlightPerConnection, servingThreads, model, server, transport, openLoop, nodes, null);
  }

  public LoadShape(int clients, int connections, double inFlightPerConnection, int servingThreads, Model model,
      ServerView server, String transport, OpenLoop openLoop) {
    this(clients, connections, inFlightPerConnection, servingThreads, model, server, transport, openLoop, 1);
  }

  public LoadShape(int clients, int connections, double inFlightPerConnection, int servingThreads, Model model,
      ServerView server) {
    this(clients, connections, inFlightPerConnection, servingThreads, model, server, null, null);
  }

  public LoadShape(int clients, int connections, double inFlightPerConnection, int servingThreads, Model model,
      ServerView server, String transport) {
    this(clients, connections, inFlightPerConnection, servingThreads, model, server, transport, null);
  }

  /** How a run's connections were used; its text is what {@code result.json} and the summaries say. */
  public enum Model {
    /** A connection per client, one request in flight on it: upstream YCSB's and memtier's {@code -c}. */
    PER_CLIENT("connection-per-client"),
    /** The clients share fewer connections, their requests pipelined on them ({@code -p connections=N}). */
    SHARED("shared-connections"),
    /** A connection per client thread with several requests in flight ({@code -p pipeline=P}). */
    PIPELINED("pipelined"),
    /** A pooled socket per command in flight (Aerospike's client). */
    PER_COMMAND("socket-per-command"),
    /** The binding does not say how it connects (or merged processes' shapes differ). */
    UNKNOWN("unknown");

    private final String text;

    Model(String text) {
      this.text = text;
    }

    /** The model {@code text} names ({@link #toString()}'s words); any other text is {@link #UNKNOWN}. */
    public static Model of(String text) {
      for (Model m : values()) {
        if (m.text.equals(text)) {
          return m;
        }
      }
      return UNKNOWN;
    }

    @Override
    public String toString() {
      return text;
    }
  }

  /**
   * The server's counters around the measured phase.
   *
   * @param connectionsBefore connections on the server without the run's clients (the probe's own, and any
   *     other client's), read once the clients had closed theirs, or -1
   * @param probeConnections connections the probe itself held (counted in both figures)
   * @param connectionsMax the most connections on the server at once while the clients were connected, sampled
   *     every {@code ServerProbe.LOAD_INTERVAL_MILLIS} ms, or -1
   * @param commandsPerOperation commands the server processed per workload operation during the measured phase
   *     (the probe's own subtracted), or NaN when the server does not count them
   * @param source where the figures come from
   * @param cpuMicrosPerOperation CPU time (user and system) the server process used during the measured phase per
   *     workload operation, in microseconds, or NaN when the server does not say
   * @param nodeEvents cluster nodes lost and back during the phase
   * @param commands the commands the server processed during the measured phase (the probe's own subtracted), or
   *     NaN: with the CPU below, what a merge of client processes sharing the server divides by all their operations
   *     (a process of several leaves its per-operation figures out, since the server served the others too)
   * @param cpuMicros the server's CPU time during the measured phase, in microseconds, or NaN
   */
  public record ServerView(int connectionsBefore, int probeConnections, int connectionsMax, double commandsPerOperation,
      String source, double cpuMicrosPerOperation, List<NodeEvent> nodeEvents, double commands, double cpuMicros) {

    public ServerView {
      nodeEvents = nodeEvents == null ? List.of() : List.copyOf(nodeEvents);
    }

    /** A view without the phase's totals (results of earlier versions). */
    public ServerView(int connectionsBefore, int probeConnections, int connectionsMax, double commandsPerOperation,
        String source, double cpuMicrosPerOperation, List<NodeEvent> nodeEvents) {
      this(connectionsBefore, probeConnections, connectionsMax, commandsPerOperation, source, cpuMicrosPerOperation,
          nodeEvents, Double.NaN, Double.NaN);
    }

    /**
     * The view of client processes that shared the server ({@code clients.count}): this one's counters, with the
     * figures per operation over {@code operations}, all of theirs.
     */
    public ServerView perOperationOf(long operations, String whose) {
      return new ServerView(connectionsBefore, probeConnections, connectionsMax,
          operations > 0 ? commands / operations : Double.NaN, source + "; " + whose,
          operations > 0 ? cpuMicros / operations : Double.NaN, nodeEvents, commands, cpuMicros);
    }

    /** A view without node events (a standalone server, or a cluster whose every node stayed readable). */
    public ServerView(int connectionsBefore, int probeConnections, int connectionsMax, double commandsPerOperation,
        String source, double cpuMicrosPerOperation) {
      this(connectionsBefore, probeConnections, connectionsMax, commandsPerOperation, source, cpuMicrosPerOperation,
          List.of());
    }

    /** A view without the server's CPU (stores that do not report it, results of earlier versions). */
    public ServerView(int connectionsBefore, int probeConnections, int connectionsMax, double commandsPerOperation,
        String source) {
      this(connectionsBefore, probeConnections, connectionsMax, commandsPerOperation, source, Double.NaN);
    }

    /** Connections the run added to the server at most ({@code connectionsMax - connectionsBefore}), or -1. */
    public int runConnections() {
      return connectionsBefore < 0 || connectionsMax < 0 ? -1 : connectionsMax - connectionsBefore;
    }
  }

  /**
   * A cluster node the probe lost or found again while the phase ran (the probe reads every node every
   * {@code ServerProbe.LOAD_INTERVAL_MILLIS} ms).
   *
   * @param node the node's address ({@code host:port})
   * @param event {@value #LOST} (the probe could not read it) or {@value #BACK} (readable again)
   * @param atMillis when the probe saw it, in milliseconds since the measured phase started
   */
  public record NodeEvent(String node, String event, long atMillis) {
    public static final String LOST = "lost";
    public static final String BACK = "back";

    /** One line for people: {@code 127.0.0.1:7002 lost at 2.50 s}. */
    public String describe() {
      return String.format(Locale.ROOT, "%s %s at %.2f s", node, event, atMillis / 1000.0);
    }
  }

  /** The same shape with the server's view. */
  public LoadShape withServer(ServerView view) {
    return new LoadShape(clients, connections, inFlightPerConnection, servingThreads, model, view, transport, openLoop,
        nodes, hosts);
  }

  /** The same shape with the binding's transport. */
  public LoadShape withTransport(String how) {
    return new LoadShape(clients, connections, inFlightPerConnection, servingThreads, model, server, how, openLoop,
        nodes, hosts);
  }

  /** The same shape with the open loop's figures. */
  public LoadShape withOpenLoop(OpenLoop open) {
    return new LoadShape(clients, connections, inFlightPerConnection, servingThreads, model, server, transport, open,
        nodes, hosts);
  }

  /**
   * The same shape on {@code n} servers, each connection of the shape opened to every one of them (a cluster's
   * primaries, memtier_benchmark's {@code --cluster-mode}; a primary and the replicas it reads from): {@code n} times
   * the connections, the same requests in flight on each at most.
   */
  public LoadShape onNodes(int n) {
    if (n <= 1) {
      return this;
    }
    return new LoadShape(clients, connections < 0 ? connections : connections * n, inFlightPerConnection,
        servingThreads, model, server, transport, openLoop, n, hosts);
  }

  /** The same shape, of one of the client processes {@code h} names. */
  public LoadShape withHosts(ClientHosts h) {
    return new LoadShape(clients, connections, inFlightPerConnection, servingThreads, model, server, transport,
        openLoop, nodes, h);
  }

  /** One line for people, for example {@code 32 clients on 32 connections, 1 request in flight on each, 2 threads}. */
  public String describe() {
    String served = String.format(Locale.ROOT, ", served by %d thread%s", servingThreads, servingThreads == 1 ? "" : "s");
    if (nodes > 1 && connections > 0) {
      return String.format(Locale.ROOT, "%d client%s on %d connection%s to each of %d servers (%d in all), %s in"
          + " flight on each", clients, plural(clients), connections / nodes, plural(connections / nodes), nodes,
          connections, inFlightPerConnection > 1 ? "up to " + number(inFlightPerConnection) + " requests"
          : "1 request") + served;
    }
    return switch (model) {
      case PER_CLIENT -> String.format(Locale.ROOT, "%d client%s on %d connection%s, %s in flight on each",
          clients, plural(clients), connections, plural(connections), inFlightPerConnection > 1 ? "up to "
          + number(inFlightPerConnection) + " requests" : "1 request") + served;
      case SHARED -> String.format(Locale.ROOT, "%d clients sharing %d connection%s, up to %s requests in flight on"
          + " each", clients, connections, plural(connections), number(inFlightPerConnection)) + served;
      case PIPELINED -> String.format(Locale.ROOT, "%d connection%s with %s requests in flight on each (pipeline)",
          connections, plural(connections), number(inFlightPerConnection)) + served;
      case PER_COMMAND -> String.format(Locale.ROOT, "%d client%s, the client library's socket per command in flight"
          + " (%d)", clients, plural(clients), connections) + served;
      default -> String.format(Locale.ROOT, "%d client%s; connections not reported by the binding", clients,
          plural(clients)) + served;
    };
  }

  /** What the server saw, in one line, or null when there is no server view. */
  public String describeServer() {
    if (server == null) {
      return null;
    }
    List<String> parts = new ArrayList<>();
    if (server.runConnections() >= 0) {
      parts.add(String.format(Locale.ROOT, "%d connections at most during the run (%d without its clients)",
          server.connectionsMax(), server.connectionsBefore()));
    }
    if (!Double.isNaN(server.commandsPerOperation())) {
      parts.add(String.format(Locale.ROOT, "%.2f commands per operation", server.commandsPerOperation()));
    }
    if (!Double.isNaN(server.cpuMicrosPerOperation())) {
      parts.add(String.format(Locale.ROOT, "%.1f us of its CPU per operation", server.cpuMicrosPerOperation()));
    }
    return parts.isEmpty() ? null : "the server saw " + String.join(", ", parts);
  }

  /**
   * Warnings when the server saw another load than intended: more or fewer connections than the binding
   * opened (another client on the server, or connections the binding did not declare), or other clients
   * connected before the run.
   */
  public List<String> mismatches() {
    List<String> out = new ArrayList<>();
    // A pooled socket per command (Aerospike): the server still counts the sockets of a client closed a moment
    // ago, and the pool keeps what the load needed at its peak, so neither figure is a shape to hold it to.
    if (server == null || server.runConnections() < 0 || model == Model.PER_COMMAND) {
      return out;
    }
    // A cluster node lost during the run: its connections are in the peak and not in the count after it, so neither
    // figure is the shape's (the node's loss is said on its own).
    if (!server.nodeEvents().isEmpty()) {
      return out;
    }
    // Some of a run's client processes: the server saw every process's connections.
    if (hosts != null && hosts.indexes().size() < hosts.count()) {
      return out;
    }
    if (server.connectionsBefore() > server.probeConnections()) {
      out.add(String.format(Locale.ROOT, "the server had %d connections without this run's clients (the probe's: %d):"
          + " other clients share this server, and its figures include their load", server.connectionsBefore(),
          server.probeConnections()));
    }
    if (connections > 0 && server.runConnections() != connections) {
      out.add(String.format(Locale.ROOT, "the load shape says %d connections, but the server saw %d more connections"
          + " during the run than without its clients: the load was not the intended one", connections,
          server.runConnections()));
    }
    return out;
  }

  private static String plural(int n) {
    return n == 1 ? "" : "s";
  }

  private static String number(double v) {
    return v == Math.rint(v) ? String.format(Locale.ROOT, "%d", (long) v) : String.format(Locale.ROOT, "%.1f", v);
  }
}
