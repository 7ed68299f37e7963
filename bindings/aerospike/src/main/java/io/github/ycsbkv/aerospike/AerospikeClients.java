package io.github.ycsbkv.aerospike;

import com.aerospike.client.AerospikeClient;
import com.aerospike.client.AerospikeException;
import com.aerospike.client.Host;
import com.aerospike.client.Info;
import com.aerospike.client.ResultCode;
import com.aerospike.client.async.EventLoops;
import com.aerospike.client.cluster.Node;
import com.aerospike.client.policy.ClientPolicy;
import com.aerospike.client.policy.TlsPolicy;
import io.github.ycsbkv.spi.Notices;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import site.ycsb.DBException;

/**
 * One {@link AerospikeClient} per process and configuration (it has its own tend thread and
 * connection pools, so one per client thread, as upstream's binding made, wastes both), shared by
 * every client thread, reference-counted and closed by the last {@code cleanup()}; releasing more
 * often than acquiring is harmless. Thread-safe (one lock, taken only at init and cleanup).
 */
final class AerospikeClients {

  private static final class Shared {
    final AerospikeClient client;
    final EventLoops loops;
    final String transport;
    int users;

    Shared(AerospikeClient client, EventLoops loops, String transport) {
      this.client = client;
      this.loops = loops;
      this.transport = transport;
    }
  }

  private static final Map<String, Shared> CLIENTS = new HashMap<>();

  private AerospikeClients() {}

  static synchronized AerospikeClient acquire(AerospikeSettings s) throws DBException {
    return acquire(s, new AerospikeEviction(0, -1), Notices.STANDARD_ERROR);
  }

  /**
   * As {@link #acquire(AerospikeSettings)}; the process's first client of {@code s} also sets {@code eviction} on every
   * node (once, before any client runs), saying it to {@code notices}.
   */
  static synchronized AerospikeClient acquire(AerospikeSettings s, AerospikeEviction eviction, Notices notices)
      throws DBException {
    boolean first = !CLIENTS.containsKey(s.clientKey());
    Shared shared = acquireShared(s);
    if (first && eviction.given()) {
      try {
        eviction.apply(shared.client, s.namespace(), s.where(), notices);
      } catch (DBException e) {
        release(s);
        throw e;
      }
    }
    return shared.client;
  }

  /** The event loops of the shared client for {@code s}, after {@link #acquire}; null without as.async. */
  static synchronized EventLoops loops(AerospikeSettings s) {
    Shared shared = CLIENTS.get(s.clientKey());
    return shared == null ? null : shared.loops;
  }

  /** How the shared client for {@code s} does its I/O, after {@link #acquire}, for the run's header and result. */
  static synchronized String transport(AerospikeSettings s) {
    Shared shared = CLIENTS.get(s.clientKey());
    return shared == null ? null : shared.transport;
  }

  private static Shared acquireShared(AerospikeSettings s) throws DBException {
    Shared shared = CLIENTS.get(s.clientKey());
    if (shared == null) {
      AerospikeEventLoops.Transport t = s.usesEventLoops() ? AerospikeEventLoops.choose(s.eventLoopType()) : null;
      EventLoops loops = t == null ? null : AerospikeEventLoops.create(t, s.eventLoops(), commandsPerLoop(s));
      String transport = t == null ? "aerospike synchronous client (blocking sockets)"
          : "aerospike asynchronous client, " + AerospikeEventLoops.describe(t, s.eventLoops());
      AerospikeClient client;
      try {
        client = create(s, loops);
      } catch (DBException | RuntimeException e) {
        if (loops != null) {
          loops.close();
        }
        throw e;
      }
      try {
        checkNamespace(client, s);
      } catch (DBException | RuntimeException e) {
        client.close();
        if (loops != null) {
          loops.close();
        }
        throw e instanceof DBException d ? d : explain(s, (RuntimeException) e);
      }
      shared = new Shared(client, loops, transport);
      CLIENTS.put(s.clientKey(), shared);
    }
    shared.users++;
    return shared;
  }

  static synchronized void release(AerospikeSettings s) {
    Shared shared = CLIENTS.get(s.clientKey());
    if (shared != null && --shared.users <= 0) {
      CLIENTS.remove(s.clientKey());
      shared.client.close();
      if (shared.loops != null) {
        shared.loops.close();
      }
    }
  }

  static ClientPolicy policy(AerospikeSettings s, EventLoops loops) {
    ClientPolicy policy = new ClientPolicy();
    policy.user = s.user();
    policy.password = s.password();
    policy.failIfNotConnected = true;
    policy.timeout = Math.max(1000, s.totalTimeoutMillis());
    // Every client thread may hold a connection to each node at once.
    policy.maxConnsPerNode = Math.max(policy.maxConnsPerNode, s.threads());
    if (s.tls()) {
      policy.tlsPolicy = new TlsPolicy();
      if (!s.tlsProtocols().isEmpty()) {
        policy.tlsPolicy.protocols = s.tlsProtocols().toArray(new String[0]);
      }
      if (!s.tlsCiphers().isEmpty()) {
        policy.tlsPolicy.ciphers = s.tlsCiphers().toArray(new String[0]);
      }
      if (loops instanceof com.aerospike.client.async.NettyEventLoops) {
        policy.tlsPolicy.nettyContext = new com.aerospike.client.async.NettyTlsContext(policy.tlsPolicy);
      }
    }
    if (loops != null) {
      policy.eventLoops = loops;
      policy.asyncMaxConnsPerNode = asyncConnsPerNode(s);
    }
    return policy;
  }

  /**
   * Connections per node for the asynchronous client: every event loop gets an equal share of
   * {@code asyncMaxConnsPerNode}, and a command that finds its loop's share used up fails with
   * "Max async conns reached" (result code -7) unless the loop may queue it. So each loop runs at most
   * {@link #commandsPerLoop} commands and queues the rest, and the node allows that many per loop:
   * never fewer than all the commands the engine may have in flight (threads x pipeline).
   */
  static int asyncConnsPerNode(AerospikeSettings s) {
    return commandsPerLoop(s) * s.eventLoops();
  }

  /**
   * Commands one event loop runs at once: the client's default connection budget or the engine's
   * commands in flight (threads x pipeline), whichever is larger, divided over the loops.
   */
  static int commandsPerLoop(AerospikeSettings s) {
    int inFlight = Math.max(new ClientPolicy().maxConnsPerNode, s.threads() * s.pipeline());
    return Math.max(1, (inFlight + s.eventLoops() - 1) / s.eventLoops());
  }

  static AerospikeClient create(AerospikeSettings s, EventLoops loops) throws DBException {
    try {
      return new AerospikeClient(policy(s, loops), s.seeds().toArray(new Host[0]));
    } catch (AerospikeException e) {
      throw explain(s, e);
    }
  }

  private static void checkNamespace(AerospikeClient client, AerospikeSettings s) throws DBException {
    Node[] nodes = client.getNodes();
    if (nodes.length == 0) {
      throw new DBException("no Aerospike node answered at " + s.where() + " (as.host, as.port)");
    }
    String reply = Info.request(nodes[0], "namespaces");
    List<String> namespaces = Arrays.asList(reply.trim().split(";"));
    if (!namespaces.contains(s.namespace())) {
      throw new DBException("namespace '" + s.namespace() + "' does not exist on " + s.where() + " (it has: "
          + String.join(", ", namespaces) + "); set as.namespace");
    }
    for (Node node : nodes) {
      checkConnections(node, s);
    }
  }

  /**
   * Refuses up front a run that needs more connections to a node than the server would accept: a
   * server at {@code proto-fd-max} does not refuse a connection, it leaves it unanswered, and every
   * operation that waits for it times out. Skipped when the server does not say (no permission).
   */
  private static void checkConnections(Node node, AerospikeSettings s) throws DBException {
    Map<String, String> config;
    Map<String, String> stats;
    try {
      config = AerospikeProbe.pairs(Info.request(node, "get-config:context=service"));
      stats = AerospikeProbe.pairs(Info.request(node, "statistics"));
    } catch (AerospikeException e) {
      return;
    }
    String max = config.get("proto-fd-max");
    String open = stats.get("client_connections");
    if (max == null || open == null) {
      return;
    }
    long needed = connectionsNeeded(s);
    long free = Long.parseLong(max.trim()) - Long.parseLong(open.trim());
    if (needed > free) {
      throw new DBException(String.format(java.util.Locale.US, "this run needs up to %d connections to %s (%s),"
          + " but the server allows proto-fd-max=%s and has %s open; lower -threads%s, or raise proto-fd-max in"
          + " the server's service configuration", needed, node.getHost().name + ":" + node.getHost().port, s.usesEventLoops()
          ? s.threads() + " threads x pipeline " + s.pipeline() : s.threads() + " threads", max.trim(), open.trim(),
          s.pipeline() > 1 ? " or pipeline" : ""));
    }
  }

  /** Connections to one node that the benchmark may hold at once: one per operation in flight. */
  static long connectionsNeeded(AerospikeSettings s) {
    return (long) s.threads() * (s.usesEventLoops() ? s.pipeline() : 1);
  }

  /** One line that says what is wrong and what to do. */
  static DBException explain(AerospikeSettings s, RuntimeException e) {
    if (e instanceof AerospikeException ae) {
      int code = ae.getResultCode();
      if (code == ResultCode.NOT_AUTHENTICATED || code == ResultCode.INVALID_USER
          || code == ResultCode.INVALID_PASSWORD || code == ResultCode.INVALID_CREDENTIAL) {
        return new DBException("authentication failed for user '" + s.user() + "' at " + s.where()
            + "; check as.user and as.password");
      }
      if (e instanceof AerospikeException.Connection || code == ResultCode.SERVER_NOT_AVAILABLE) {
        return new DBException("cannot connect to Aerospike at " + s.where() + ": " + ae.getBaseMessage().trim()
            + "; is the server running? (as.host, as.port)");
      }
      return new DBException("Aerospike at " + s.where() + " refused: " + ae.getBaseMessage());
    }
    return new DBException("cannot talk to Aerospike at " + s.where() + ": " + e.getMessage());
  }
}
