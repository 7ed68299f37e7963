package io.github.ycsbkv.aerospike;

import com.aerospike.client.AerospikeClient;
import com.aerospike.client.Info;
import com.aerospike.client.cluster.Node;
import io.github.ycsbkv.spi.ServerEvents;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * What the Aerospike binding can make its cluster go through mid-run ({@code -p events=join:HOST:PORT@10s}, #53): a
 * node added. The node is an {@code asd} the user started with the cluster's {@code cluster-name} and mesh
 * heartbeats but no seed of the cluster (a cluster of its own); the event gives it the heartbeat address of every
 * node of the cluster ({@code tip:host=H;port=P}, Aerospike's info command for a mesh seed, sent to the new node),
 * so that it joins. Its window lasts until every node, the new one too, says the cluster has one node more and no
 * partition left to migrate ({@code cluster_size}, {@code migrate_partitions_remaining}): the migrations that
 * rebalance the data onto it. Used by the probe's thread.
 */
final class AerospikeEvents implements ServerEvents {

  static final String JOIN = "join";

  private final Supplier<AerospikeClient> client;
  private String joining;
  private int expected;

  AerospikeEvents(Supplier<AerospikeClient> client) {
    this.client = client;
  }

  @Override
  public List<String> kinds(String server) {
    return List.of(JOIN);
  }

  @Override
  public String argumentProblem(String kind, String argument) {
    if (!JOIN.equals(kind)) {
      return ServerEvents.super.argumentProblem(kind, argument);
    }
    return argument != null && argument.matches("[a-z0-9_.-]+:[0-9]{1,5}") ? null : "join:HOST:PORT names the service"
        + " address of an asd to add to the cluster (started with its cluster-name and mesh heartbeats)";
  }

  @Override
  public void begin(String kind, String argument) {
    Node[] nodes = client.get().getNodes();
    expected = nodes.length + 1;
    joining = argument;
    List<String> heartbeats = new ArrayList<>();
    for (Node node : nodes) {
      Map<String, String> network = AerospikeProbe.pairs(Info.request(node, "get-config:context=network"));
      if (!"mesh".equals(network.get("heartbeat.mode"))) {
        throw new IllegalStateException("node " + node.getHost() + " has " + network.get("heartbeat.mode")
            + " heartbeats: join sends a new node the mesh heartbeat address of each node");
      }
      String address = network.getOrDefault("heartbeat.address", "any");
      if (address.equals("any") || address.equals("0.0.0.0") || address.isBlank()) {
        address = node.getHost().name;
      }
      heartbeats.add("tip:host=" + address + ";port=" + network.get("heartbeat.port"));
    }
    int colon = argument.lastIndexOf(':');
    String host = argument.substring(0, colon);
    int port = Integer.parseInt(argument.substring(colon + 1));
    for (String tip : heartbeats) {
      String reply = Info.request(host, port, tip);
      if (reply == null || !reply.trim().equalsIgnoreCase("ok")) {
        throw new IllegalStateException("the asd at " + argument + " answered " + tip + " with: " + reply);
      }
    }
  }

  @Override
  public boolean inProgress(String kind) {
    int colon = joining.lastIndexOf(':');
    Map<String, String> own = AerospikeProbe.pairs(Info.request(joining.substring(0, colon),
        Integer.parseInt(joining.substring(colon + 1)), "statistics"));
    if (count(own, "cluster_size") != expected || count(own, "migrate_partitions_remaining") != 0) {
      return true;
    }
    Node[] nodes = client.get().getNodes();
    if (nodes.length < expected) {
      return true; // the client's tend has not found the new node yet
    }
    for (Node node : nodes) {
      Map<String, String> stats = AerospikeProbe.pairs(Info.request(node, "statistics"));
      if (count(stats, "cluster_size") != expected || count(stats, "migrate_partitions_remaining") != 0) {
        return true;
      }
    }
    return false;
  }

  @Override
  public Map<String, Double> figures(String kind) {
    Map<String, Double> out = new LinkedHashMap<>();
    out.put("nodes", (double) client.get().getNodes().length);
    return out;
  }

  private static long count(Map<String, String> m, String name) {
    try {
      return Long.parseLong(m.getOrDefault(name, "-1").trim());
    } catch (NumberFormatException e) {
      return -1;
    }
  }
}
