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
    int users;

    Shared(AerospikeClient client, EventLoops loops) {
      this.client = client;
      this.loops = loops;
    }
  }

  private static final Map<String, Shared> CLIENTS = new HashMap<>();

  private AerospikeClients() {}

  static synchronized AerospikeClient acquire(AerospikeSettings s) throws DBException {
    return acquireShared(s).client;
  }

  /** The event loops of the shared client for {@code s}, after {@link #acquire}; null without as.async. */
  static synchronized EventLoops loops(AerospikeSettings s) {
    Shared shared = CLIENTS.get(s.clientKey());
    return shared == null ? null : shared.loops;
  }

  private static Shared acquireShared(AerospikeSettings s) throws DBException {
    Shared shared = CLIENTS.get(s.clientKey());
    if (shared == null) {
      EventLoops loops = s.usesEventLoops() ? AerospikeEventLoops.create(s.eventLoopType(), s.eventLoops()) : null;
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
      shared = new Shared(client, loops);
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
      // Every client thread may have `pipeline` commands in flight on each node, and the client needs at
      // least one connection per event loop.
      policy.asyncMaxConnsPerNode = Math.max(policy.maxConnsPerNode,
          Math.max(s.threads() * s.pipeline(), s.eventLoops()));
    }
    return policy;
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
