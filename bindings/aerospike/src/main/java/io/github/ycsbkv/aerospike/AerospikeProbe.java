package io.github.ycsbkv.aerospike;

import com.aerospike.client.AerospikeClient;
import com.aerospike.client.AerospikeException;
import com.aerospike.client.Info;
import com.aerospike.client.cluster.Node;
import io.github.ycsbkv.internal.host.ServerProcess;
import io.github.ycsbkv.spi.ServerProbe;
import io.github.ycsbkv.spi.ServerSample;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import site.ycsb.DBException;

/**
 * Reads Aerospike's own figures with info commands, added up over every node: {@code build} (version), {@code
 * namespace/<ns>} ({@code master_objects}, each record once, where the server reports it, else {@code objects}; the
 * replicas apart; the namespace's data use: {@code data_used_bytes} on server 7+, else {@code memory_used_bytes}),
 * and the resident memory: {@code statistics} {@code process_rss} where the server reports it, else (Aerospike 8)
 * asd's {@code VmRSS} from {@code /proc/PID/status} where every node runs on this host, else -1. While a phase runs:
 * connections, transactions, the nodes the client no longer lists (lost), and where every node runs on this host
 * their processes' CPU time ({@code /proc/PID/stat}: Aerospike reports a CPU percentage, not a total). Owns its
 * client; one thread at a time.
 */
final class AerospikeProbe implements ServerProbe {

  private final AerospikeSettings settings;
  private AerospikeClient client;
  /** Every node's {@code asd} process on this host, once looked for; empty when one was not found. */
  private final java.util.List<ServerProcess> processes = new java.util.ArrayList<>();
  private boolean processSought;
  /** Every node this probe has seen ({@code host:port}), so that one the client no longer lists is named as lost. */
  private final java.util.Set<String> seen = new java.util.LinkedHashSet<>();

  AerospikeProbe(AerospikeSettings settings) {
    this.settings = settings;
  }

  @Override
  public ServerSample sample() throws DBException {
    if (client == null) {
      client = AerospikeClients.create(settings, null);
    }
    try {
      String version = "unknown";
      long objects = 0;
      long replicas = 0;
      boolean split = true;
      long used = 0;
      long rss = 0;
      boolean rssKnown = true;
      String usedField = null;
      Node[] nodes = client.getNodes();
      for (Node node : nodes) {
        version = Info.request(node, "build").trim();
        Map<String, String> ns = pairs(Info.request(node, "namespace/" + settings.namespace()));
        // With replication, objects counts each record once per copy: master_objects are the records, prole_objects
        // the replicas (Aerospike 7 and 8 report both).
        if (ns.containsKey("master_objects")) {
          objects += Long.parseLong(ns.get("master_objects"));
          replicas += Long.parseLong(ns.getOrDefault("prole_objects", "0"));
        } else {
          objects += Long.parseLong(ns.getOrDefault("objects", "0"));
          split = false;
        }
        usedField = ns.containsKey("data_used_bytes") ? "data_used_bytes" : "memory_used_bytes";
        used += Long.parseLong(ns.getOrDefault(usedField, "0"));
        Map<String, String> stats = pairs(Info.request(node, "statistics"));
        if (stats.containsKey("process_rss")) {
          rss += Long.parseLong(stats.get("process_rss"));
        } else {
          rssKnown = false;
        }
      }
      // Aerospike 8 reports no process memory: asd's resident set where it runs on this host, each node's added up.
      String rssFrom = rssKnown ? "statistics process_rss" : null;
      if (!rssKnown && !processes().isEmpty()) {
        rss = 0;
        for (ServerProcess p : processes()) {
          long r = p.rssBytes();
          rss = rss < 0 || r < 0 ? -1 : rss + r;
        }
        rssKnown = rss >= 0;
        rssFrom = rssKnown ? processes().get(0).rssSource() + (processes().size() > 1 ? ", every node's" : "") : null;
      }
      Map<String, String> out = new LinkedHashMap<>();
      out.put("namespace", settings.namespace());
      if (split && nodes.length > 1) {
        out.put("replica_objects", Long.toString(replicas));
      }
      return new ServerSample(Instant.now(), "aerospike", version, nodes.length, objects, used,
          rssKnown && nodes.length > 0 ? rss : -1, "info namespace/" + settings.namespace() + " "
          + (split ? "master_objects (prole_objects: replica_objects) " : "objects ") + usedField
          + (rssKnown ? ", " + rssFrom : ""), out);
    } catch (AerospikeException e) {
      throw AerospikeClients.explain(settings, e);
    }
  }

  /** Where {@link #state()}'s figures come from. */
  private static final String STATE_SOURCE = "info namespace/NS data_used_bytes, master_objects (objects),"
      + " evicted_objects, expired_objects, client_read_success / client_read_not_found";

  /**
   * The namespace's state, added up over every node: its data's memory and asd's resident set (as {@link #sample()}),
   * its records (each once), the records evicted and expired since the nodes started, and its reads that found their
   * record ({@code client_read_success}) or not ({@code client_read_not_found}): Aerospike's hits and misses. Nothing
   * saves or forks; replicas are the namespace's copies, not servers, and have no lag to give (-1).
   */
  @Override
  public io.github.ycsbkv.spi.ServerState state() throws DBException {
    ServerSample s = sample();
    try {
      long evicted = 0;
      long expired = 0;
      long hits = 0;
      long misses = 0;
      for (Node node : client.getNodes()) {
        Map<String, String> ns;
        try {
          ns = pairs(Info.request(node, "namespace/" + settings.namespace()));
        } catch (AerospikeException e) {
          continue; // a node lost: the others are still read
        }
        evicted = sum(evicted, ns, "evicted_objects");
        expired = sum(expired, ns, "expired_objects");
        hits = sum(hits, ns, "client_read_success");
        misses = sum(misses, ns, "client_read_not_found");
      }
      return new io.github.ycsbkv.spi.ServerState(s.usedMemoryBytes(), s.rssBytes(), s.keys(), evicted, expired,
          hits, misses, false, false, -1, -1, -1, -1, -1, -1,
          STATE_SOURCE.replace("NS", settings.namespace()));
    } catch (AerospikeException e) {
      throw AerospikeClients.explain(settings, e);
    }
  }

  /** {@code total} plus the counter {@code name} of {@code ns}; -1 once either is unknown. */
  private static long sum(long total, Map<String, String> ns, String name) {
    String v = ns.get(name);
    if (total < 0 || v == null) {
      return -1;
    }
    try {
      return total + Long.parseLong(v.trim());
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  /** The namespace's client transactions, by outcome: what the server counts per command it served. */
  private static final java.util.List<String> TRANSACTIONS = java.util.List.of("client_read_success",
      "client_read_not_found", "client_read_error", "client_read_timeout", "client_read_filtered_out",
      "client_write_success", "client_write_error", "client_write_timeout", "client_write_filtered_out",
      "client_delete_success", "client_delete_not_found", "client_delete_error", "client_delete_timeout",
      "client_delete_filtered_out", "client_udf_complete", "client_udf_error", "client_udf_timeout",
      "client_lang_read_success", "client_lang_write_success", "client_lang_delete_success", "client_lang_error");

  /**
   * {@code statistics client_connections} (the client's pooled sockets: one per command in flight, kept open
   * for reuse, and the probe's own: its client's tend and info sockets, two per node) and the namespace's client transactions ({@code client_read_success} and
   * the other outcomes of reads, writes, deletes and UDFs), added up over every node. Info commands are not
   * transactions, so the probe's own reads do not count.
   */
  @Override
  public io.github.ycsbkv.spi.ServerLoad load() throws DBException {
    if (client == null) {
      client = AerospikeClients.create(settings, null);
    }
    try {
      int connections = 0;
      long transactions = 0;
      java.util.Set<String> now = new java.util.LinkedHashSet<>();
      Node[] nodes = client.getNodes();
      for (Node node : nodes) {
        Map<String, String> stats;
        Map<String, String> ns;
        try {
          stats = pairs(Info.request(node, "statistics"));
          ns = pairs(Info.request(node, "namespace/" + settings.namespace()));
        } catch (AerospikeException e) {
          continue; // a node lost between the client's tend and this read: named below
        }
        now.add(address(node));
        connections += Integer.parseInt(stats.getOrDefault("client_connections", "0").trim());
        for (String t : TRANSACTIONS) {
          transactions += Long.parseLong(ns.getOrDefault(t, "0").trim());
        }
      }
      seen.addAll(now);
      java.util.List<String> lost = new java.util.ArrayList<>();
      for (String node : seen) {
        if (!now.contains(node)) {
          lost.add(node);
        }
      }
      String source = "info statistics client_connections / namespace/" + settings.namespace()
          + " client_* transactions" + (seen.size() > 1 ? ", added up over " + seen.size() + " nodes" : "");
      long cpu = -1;
      if (!processes().isEmpty()) {
        cpu = 0;
        for (ServerProcess p : processes) {
          long c = p.cpuMicros();
          cpu = cpu < 0 || c < 0 ? -1 : cpu + c;
        }
        source += " / " + processes.get(0).source() + (processes.size() > 1 ? " (each node's)" : "");
      }
      if (!lost.isEmpty()) {
        // Its counters are missing from the sums (and start again from zero if it restarts).
        transactions = -1;
        cpu = -1;
      }
      return new io.github.ycsbkv.spi.ServerLoad(connections, transactions, source, 2 * now.size(), cpu, lost);
    } catch (AerospikeException e) {
      throw AerospikeClients.explain(settings, e);
    }
  }

  private static String address(Node node) {
    return node.getHost().name + ":" + node.getHost().port;
  }

  /** Every node's {@code asd} process on this host (empty: a remote node, a container, or one not found). */
  private java.util.List<ServerProcess> processes() {
    if (!processSought) {
      processSought = true;
      for (Node node : client.getNodes()) {
        ServerProcess p = ServerProcess.find(node.getHost().name, node.getHost().port, java.util.Set.of("asd"));
        if (p == null) {
          processes.clear();
          break;
        }
        processes.add(p);
      }
    }
    return processes;
  }

  /** {@code k=v;k=v} as a map. */
  static Map<String, String> pairs(String reply) {
    Map<String, String> out = new HashMap<>();
    for (String kv : reply.trim().split(";")) {
      int eq = kv.indexOf('=');
      if (eq > 0) {
        out.put(kv.substring(0, eq), kv.substring(eq + 1));
      }
    }
    return out;
  }

  /** A node added mid-run ({@link AerospikeEvents}), through this probe's client. */
  @Override
  public io.github.ycsbkv.spi.ServerEvents events() {
    return events;
  }

  private final AerospikeEvents events = new AerospikeEvents(this::client);

  /** The probe's own client, created on first use. */
  private AerospikeClient client() {
    if (client == null) {
      try {
        client = AerospikeClients.create(settings, null);
      } catch (DBException e) {
        throw new IllegalStateException(e.getMessage(), e);
      }
    }
    return client;
  }

  @Override
  public void close() {
    if (client != null) {
      client.close();
      client = null;
    }
  }
}
