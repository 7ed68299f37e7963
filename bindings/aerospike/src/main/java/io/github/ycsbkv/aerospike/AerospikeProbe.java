package io.github.ycsbkv.aerospike;

import com.aerospike.client.AerospikeClient;
import com.aerospike.client.AerospikeException;
import com.aerospike.client.Info;
import com.aerospike.client.cluster.Node;
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
 * ({@code process_rss} where the server reports it, else -1). Owns its client; one thread at a time.
 */
final class AerospikeProbe implements ServerProbe {

  private final AerospikeSettings settings;
  private AerospikeClient client;

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
