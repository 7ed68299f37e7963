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
 * Reads Aerospike's own figures with info commands, added up over every node: {@code build}
 * (version), {@code namespace/<ns>} ({@code objects}, and the namespace's data use:
 * {@code data_used_bytes} on server 7+, else {@code memory_used_bytes}), and {@code statistics}
 * ({@code process_rss} where the server reports it, else -1). While a phase runs: connections, transactions and,
 * for one node on this host, its process's CPU time ({@code /proc/PID/stat}: Aerospike reports a CPU percentage, not
 * a total). Owns its client; one thread at a time.
 */
final class AerospikeProbe implements ServerProbe {

  private final AerospikeSettings settings;
  private AerospikeClient client;
  /** The one node's {@code asd} process on this host, once looked for; null when not found. */
  private ServerProcess process;
  private boolean processSought;

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
      long used = 0;
      long rss = 0;
      boolean rssKnown = true;
      String usedField = null;
      Node[] nodes = client.getNodes();
      for (Node node : nodes) {
        version = Info.request(node, "build").trim();
        Map<String, String> ns = pairs(Info.request(node, "namespace/" + settings.namespace()));
        objects += Long.parseLong(ns.getOrDefault("objects", "0"));
        usedField = ns.containsKey("data_used_bytes") ? "data_used_bytes" : "memory_used_bytes";
        used += Long.parseLong(ns.getOrDefault(usedField, "0"));
        Map<String, String> stats = pairs(Info.request(node, "statistics"));
        if (stats.containsKey("process_rss")) {
          rss += Long.parseLong(stats.get("process_rss"));
        } else {
          rssKnown = false;
        }
      }
      Map<String, String> out = new LinkedHashMap<>();
      out.put("namespace", settings.namespace());
      return new ServerSample(Instant.now(), "aerospike", version, nodes.length, objects, used,
          rssKnown && nodes.length > 0 ? rss : -1, "info namespace/" + settings.namespace() + " " + usedField
          + (rssKnown ? ", statistics process_rss" : ""), out);
    } catch (AerospikeException e) {
      throw AerospikeClients.explain(settings, e);
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
      for (Node node : client.getNodes()) {
        Map<String, String> stats = pairs(Info.request(node, "statistics"));
        connections += Integer.parseInt(stats.getOrDefault("client_connections", "0").trim());
        Map<String, String> ns = pairs(Info.request(node, "namespace/" + settings.namespace()));
        for (String t : TRANSACTIONS) {
          transactions += Long.parseLong(ns.getOrDefault(t, "0").trim());
        }
      }
      String source = "info statistics client_connections / namespace/" + settings.namespace()
          + " client_* transactions";
      ServerProcess process = process();
      return new io.github.ycsbkv.spi.ServerLoad(connections, transactions, process == null ? source
          : source + " / " + process.source(), 2 * client.getNodes().length, process == null ? -1
          : process.cpuMicros());
    } catch (AerospikeException e) {
      throw AerospikeClients.explain(settings, e);
    }
  }

  /** The {@code asd} process of a single seed on this host, or null (a cluster, a remote node, a container). */
  private ServerProcess process() {
    if (!processSought) {
      processSought = true;
      if (settings.seeds().size() == 1 && client.getNodes().length == 1) {
        com.aerospike.client.Host seed = settings.seeds().get(0);
        process = ServerProcess.find(seed.name, seed.port, java.util.Set.of("asd"));
      }
    }
    return process;
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

  @Override
  public void close() {
    if (client != null) {
      client.close();
      client = null;
    }
  }
}
