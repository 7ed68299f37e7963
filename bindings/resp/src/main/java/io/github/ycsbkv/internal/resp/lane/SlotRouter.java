package io.github.ycsbkv.internal.resp.lane;

import io.github.ycsbkv.internal.resp.server.ClusterSlots;
import io.github.ycsbkv.internal.resp.server.ReplicaReads;
import io.github.ycsbkv.internal.resp.wire.RespConnection;
import io.github.ycsbkv.internal.resp.wire.RespEndpoint;
import io.github.ycsbkv.internal.resp.wire.RespException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;

/**
 * How a {@link RespLane} on a cluster (Redis, Valkey or KeyDB Cluster; Dragonfly's {@code --cluster_mode=yes} or
 * {@code emulated}) sends each call to the primary that serves its key's slot, on that lane's connections to that node
 * (memtier_benchmark's {@code --cluster-mode} shape: each client has a connection to every primary).
 *
 * <ul>
 *   <li>The slot map ({@link ClusterSlots}) is read with {@code CLUSTER SLOTS} from a seed at start, on a short-lived
 *   connection of its own, then from any node when the map may have changed.
 *   <li>{@code MOVED slot host:port}: the slot's entry now names that node and the call goes there again; the whole map
 *   is read again in the background. {@code ASK slot host:port}: the call goes there once, after {@code ASKING}, and the
 *   map stays. A call redirected more than {@link #MAX_REDIRECTS} times fails with the last redirection.
 *   <li>A node lost (its connection closed, or a reconnect refused): its calls fail as the standalone engine's do (an
 *   outage in the result), and the map is read again, at most every {@link #REFRESH_INTERVAL_MILLIS} ms while the
 *   trouble lasts, so that a replica promoted in its place takes its slots as soon as the cluster says so.
 *   <li>A node the map names that the lane has no connections to yet (a promoted replica, a node added): opened off
 *   the loop with as many connections as every other node, the calls that wait for it sent once it is.
 *   <li>Reads off the primaries ({@code readfrom=replica|any}, {@link ReplicaReads}): the lane also has as many
 *   connections to each primary's replicas, each of them in {@code READONLY} mode, and a call that only reads goes to
 *   its slot's replicas (with {@code any}, its primary and its replicas) in turn. A {@code MOVED} from a replica sends
 *   that slot's reads to its new primary until the map is read again; where a primary has no replica left (one
 *   promoted in its place), its slots' reads go to it.
 * </ul>
 *
 * <p>Routing and redirections run on the lane's event loop; the map is read and nodes opened on the thread the lane's
 * loops keep for it ({@code RespTransport.Loops#mapThread()}), and the result handed to the loop. The router holds
 * no state of the process: only its lane calls it, and it calls back only through {@link RoutedLane}: to send on that
 * lane.
 */
final class SlotRouter implements LaneRoute {

  /** Redirections of one call at most (Jedis's cluster client tries 5 times, too). */
  static final int MAX_REDIRECTS = 5;
  /** The least time between two reads of the map while a node is in trouble. */
  static final long REFRESH_INTERVAL_MILLIS = 250;

  private final RoutedLane lane;
  private final RespConnection connection;
  private final UnaryOperator<String> hostMap;
  private final int connectionsPerNode;
  /** Where calls that only read go. */
  private final ReplicaReads.Mode reads;
  /** Every primary this lane has connections to, by address ({@code host:port}); written on the loop. */
  final Map<String, LaneNode> nodes = new ConcurrentHashMap<>();
  /** Every replica this lane reads from (none with {@code readfrom=primary}), by address; written on the loop. */
  final Map<String, LaneNode> replicas = new ConcurrentHashMap<>();
  /** For each slot, the nodes its reads go to in turn, or null: its primary; all null with {@code readfrom=primary}. */
  private volatile LaneNode[][] readsBySlot;
  /** The next of a slot's read nodes, in turn over every slot. On the loop. */
  private int nextRead;
  /** The node of each slot (null: none serves it); replaced whole by a refresh, entries changed by MOVED. */
  private volatile LaneNode[] bySlot = new LaneNode[ClusterSlots.SLOTS];
  private volatile ClusterSlots slots;
  /** Calls redirected to a node that is not open yet: sent again once the map was read. On the loop. */
  private final ArrayDeque<RespCall> parked = new ArrayDeque<>();
  /** Whether a read of the map is queued or running. */
  private volatile boolean refreshing;
  private volatile long lastRefreshNanos;
  private volatile String lastTrouble;

  SlotRouter(RoutedLane lane, RespConnection connection, UnaryOperator<String> hostMap, int connectionsPerNode,
      ReplicaReads.Mode reads) {
    this.lane = lane;
    this.connection = connection;
    this.hostMap = hostMap;
    this.connectionsPerNode = connectionsPerNode;
    this.reads = reads;
  }

  /**
   * Reads the map from the seeds and opens the connections to every primary, and to every replica reads go to (off
   * the loop, blocking). Throws {@link RespException} when no seed answers, the cluster serves no slot, a node cannot
   * be reached, or {@code readfrom=replica} finds a primary without a replica.
   */
  @Override
  public void open() {
    ClusterSlots map = readMap(seeds());
    for (String address : map.primaries()) {
      LaneNode node = newNode(address, false);
      nodes.put(address, node);
      node.open();
    }
    if (reads != ReplicaReads.Mode.PRIMARY) {
      for (int p = 0; p < map.primaries().size(); p++) {
        String primary = map.primaries().get(p);
        if (reads == ReplicaReads.Mode.REPLICA && map.replicas().get(p).isEmpty()) {
          throw RespException.whole("-p " + ReplicaReads.PROPERTY + "=replica: the cluster's primary " + primary
              + " has no replica to read its slots from; add one (redis-cli --cluster add-node HOST:PORT " + primary
              + " --cluster-slave), or read from -p " + ReplicaReads.PROPERTY + "=any or the primaries");
        }
        for (String address : map.replicas().get(p)) {
          LaneNode node = newNode(address, true);
          replicas.put(address, node);
          try {
            node.open();
          } catch (RespException x) {
            throw LaneReads.unreachable(reads, address, ", a replica of " + primary + " in the cluster's map", x);
          }
        }
      }
    }
    bySlot = table(map);
    readsBySlot = readTable(map);
    slots = map;
  }

  /** Where the reads go, for the run's header; null: to the primaries. */
  @Override
  public String readsDescribed() {
    if (reads == ReplicaReads.Mode.PRIMARY) {
      return null;
    }
    return (reads == ReplicaReads.Mode.ANY ? "each slot's primary and its replicas" : "each slot's replicas")
        + " (" + replicas.size() + " replica(s) of " + primaries() + " primaries, READONLY), in turn";
  }

  /** The primaries the map named last. */
  @Override
  public boolean failsWhileDown() {
    return true;
  }

  @Override
  public List<LaneNode> nodes() {
    return java.util.stream.Stream.concat(nodes.values().stream(), replicas.values().stream()).toList();
  }

  @Override
  public int connections() {
    return Math.max(1, nodes.values().stream().mapToInt(n -> n.conns.length).max().orElse(0));
  }

  @Override
  public int nodeCount() {
    return primaries() + replicas.size();
  }

  @Override
  public List<String> primaryAddresses() {
    return List.copyOf(nodes.keySet());
  }

  @Override
  public boolean cluster() {
    return true;
  }

  int primaries() {
    ClusterSlots s = slots;
    return s == null ? 0 : s.primaries().size();
  }

  /** The node of {@code call} (on the loop): where a redirection sent it, else its key's slot's; null when none. */
  @Override
  public LaneNode route(RespCall call) {
    LaneNode to = call.target;
    if (to != null) {
      call.target = null;
      return to;
    }
    String key = call.routingKey();
    if (key == null) {
      for (LaneNode n : bySlot) {
        if (n != null) {
          return n;
        }
      }
      return null;
    }
    int slot = ClusterSlots.slot(key);
    LaneNode[][] r = readsBySlot;
    if (r != null && call.readsOnly()) {
      LaneNode[] reading = r[slot];
      if (reading != null) {
        LaneNode n = reading[nextRead % reading.length];
        nextRead = (nextRead + 1) & Integer.MAX_VALUE;
        return n;
      }
    }
    return bySlot[slot];
  }

  /** Why {@link #route} found no node for {@code call}. */
  @Override
  public String unrouted(RespCall call) {
    String key = call.routingKey();
    return "no node of the cluster serves " + (key == null ? "any slot" : "slot " + ClusterSlots.slot(key))
        + " (CLUSTERDOWN)" + (lastTrouble == null ? "" : "; " + lastTrouble);
  }

  /**
   * Sends {@code call} again when its replies were a redirection (on the loop, after its last reply); false when
   * it was not, or was redirected too often (it then completes with the redirection as its error).
   */
  @Override
  public boolean redirected(RespCall call) {
    String r = call.redirection();
    if (r == null || ++call.redirects > MAX_REDIRECTS) {
      return false;
    }
    String[] parts = r.split(" ");
    if (parts.length < 3) {
      return false;
    }
    int slot;
    try {
      slot = Integer.parseInt(parts[1]);
    } catch (NumberFormatException e) {
      return false;
    }
    boolean ask = parts[0].equals("ASK");
    String address = hostMap.apply(withHost(parts[2]));
    LaneNode to = nodes.get(address);
    if (!ask) {
      if (to != null && slot >= 0 && slot < ClusterSlots.SLOTS) {
        bySlot[slot] = to;
        LaneNode[][] readTable = readsBySlot;
        if (readTable != null) {
          readTable[slot] = null; // its reads go to its new primary until the map is read again
        }
      }
      refreshSoon(true);
    }
    if (to == null) {
      parked.add(call);
      refreshSoon(true);
      return true;
    }
    call.target = to;
    call.asking = ask;
    lane.resend(call);
    return true;
  }

  /** A node's connection was lost or refused (on the loop): read the map again soon. */
  @Override
  public void trouble(String why) {
    lastTrouble = why;
    refreshSoon(false);
  }

  /**
   * Reads the map again on the map thread, at most every {@link #REFRESH_INTERVAL_MILLIS} ms; {@code onLane}: after
   * a redirection, when the nodes answer, asked on one of this lane's own connections first.
   */
  private void refreshSoon(boolean onLane) {
    if (refreshing || lane.closed()) {
      return;
    }
    ExecutorService t = lane.mapThread();
    if (t == null) {
      return;
    }
    refreshing = true;
    long waitNanos = lastRefreshNanos + TimeUnit.MILLISECONDS.toNanos(REFRESH_INTERVAL_MILLIS) - System.nanoTime();
    try {
      t.execute(() -> refresh(Math.max(0, waitNanos), onLane));
    } catch (java.util.concurrent.RejectedExecutionException e) {
      refreshing = false;
    }
  }

  /** On the map thread: reads the map, opens the nodes it names that are new, and hands both to the loop. */
  private void refresh(long waitNanos, boolean onLane) {
    ClusterSlots map = null;
    Map<String, LaneNode> opened = new java.util.HashMap<>();
    Map<String, LaneNode> openedReplicas = new java.util.HashMap<>();
    try {
      if (waitNanos > 0) {
        TimeUnit.NANOSECONDS.sleep(waitNanos);
      }
      Set<String> from = new LinkedHashSet<>(slots == null ? List.of() : slots.primaries());
      from.addAll(seeds());
      map = onLane ? readMapOnLane() : null;
      if (map == null) {
        map = readMap(new ArrayList<>(from));
      }
      for (String address : map.primaries()) {
        if (!nodes.containsKey(address)) {
          open(address, false, opened);
        }
      }
      for (String address : reads == ReplicaReads.Mode.PRIMARY ? List.<String>of() : map.allReplicas()) {
        if (!replicas.containsKey(address)) {
          open(address, true, openedReplicas);
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (RespException e) {
      lastTrouble = e.getMessage();
    } finally {
      lastRefreshNanos = System.nanoTime();
    }
    ClusterSlots read = map;
    try {
      lane.loop().execute(() -> applied(read, opened, openedReplicas));
    } catch (java.util.concurrent.RejectedExecutionException e) {
      refreshing = false;
    }
  }

  /** On the map thread: a node the map names, opened; one that cannot be reached is kept, its calls connect again. */
  private void open(String address, boolean readOnly, Map<String, LaneNode> into) {
    LaneNode node = newNode(address, readOnly);
    into.put(address, node);
    try {
      node.open();
    } catch (RespException e) {
      lastTrouble = e.getMessage(); // its calls connect again, or fail with why, as any lost connection's
    }
  }

  /** On the loop: the map read (null: none answered) and the nodes opened for it take effect; parked calls go. */
  private void applied(ClusterSlots map, Map<String, LaneNode> opened, Map<String, LaneNode> openedReplicas) {
    refreshing = false;
    if (map != null) {
      nodes.putAll(opened);
      replicas.putAll(openedReplicas);
      LaneNode[] table = table(map);
      for (Map.Entry<String, LaneNode> e : nodes.entrySet()) {
        if (!map.primaries().contains(e.getKey())) {
          nodes.remove(e.getKey());
          lane.closeNode(e.getValue()); // no longer a primary: no call goes there
        }
      }
      List<String> nowReplicas = map.allReplicas();
      for (Map.Entry<String, LaneNode> e : replicas.entrySet()) {
        if (!nowReplicas.contains(e.getKey())) {
          replicas.remove(e.getKey());
          lane.closeNode(e.getValue()); // no longer a replica (promoted, or gone): no read goes there
        }
      }
      bySlot = table;
      readsBySlot = readTable(map);
      slots = map;
    }
    RespCall call;
    while ((call = parked.poll()) != null) {
      if (map == null) {
        call.fail("the cluster moved a slot to a node this client cannot reach"
            + (lastTrouble == null ? "" : ": " + lastTrouble), true);
      } else {
        lane.resend(call);
      }
    }
  }

  private LaneNode[] table(ClusterSlots map) {
    LaneNode[] table = new LaneNode[ClusterSlots.SLOTS];
    for (int s = 0; s < table.length; s++) {
      int n = map.bySlot()[s];
      table[s] = n < 0 ? null : nodes.get(map.primaries().get(n));
    }
    return table;
  }

  /**
   * For each slot the nodes its reads go to, in turn: its primary's replicas that this lane has (with {@code any}, the
   * primary first), or null where none (the primary then); null with {@code readfrom=primary}.
   */
  private LaneNode[][] readTable(ClusterSlots map) {
    if (reads == ReplicaReads.Mode.PRIMARY) {
      return null;
    }
    LaneNode[][] perPrimary = new LaneNode[map.primaries().size()][];
    for (int p = 0; p < perPrimary.length; p++) {
      List<LaneNode> to = new ArrayList<>();
      LaneNode primary = nodes.get(map.primaries().get(p));
      if (reads == ReplicaReads.Mode.ANY && primary != null) {
        to.add(primary);
      }
      for (String address : map.replicas().get(p)) {
        LaneNode replica = replicas.get(address);
        if (replica != null) {
          to.add(replica);
        }
      }
      perPrimary[p] = to.isEmpty() ? null : to.toArray(LaneNode[]::new);
    }
    LaneNode[][] table = new LaneNode[ClusterSlots.SLOTS][];
    for (int s = 0; s < table.length; s++) {
      int n = map.bySlot()[s];
      table[s] = n < 0 ? null : perPrimary[n];
    }
    return table;
  }

  private LaneNode newNode(String address, boolean readOnly) {
    int colon = address.lastIndexOf(':');
    String host = address.substring(0, colon);
    int port = Integer.parseInt(address.substring(colon + 1));
    return lane.node(lane.seed().at(host, port, address), connectionsPerNode, readOnly);
  }

  private List<String> seeds() {
    List<String> seeds = new ArrayList<>();
    for (RespConnection.Endpoint e : connection.endpoints()) {
      seeds.add(e.toString());
    }
    return seeds;
  }

  /**
   * On the map thread: {@code CLUSTER SLOTS} asked on one of this lane's own connections to a primary, so that a
   * refresh while the load runs opens no connection besides the ones its shape counts (a connection of its own, as
   * {@link #readMap} makes, showed on the server as one more than the load's); null when no primary answered.
   */
  private ClusterSlots readMapOnLane() {
    for (Map.Entry<String, LaneNode> e : nodes.entrySet()) {
      ValueCall c = new ValueCall("CLUSTER", "SLOTS");
      c.target = e.getValue();
      if (lane.ask(c).isOk()) {
        try {
          return ClusterSlots.parse(c.value, e.getKey(), hostMap);
        } catch (RespException x) {
          return null;
        }
      }
    }
    return null;
  }

  private ClusterSlots readMap(List<String> addresses) {
    return ClusterSlots.read(connection, addresses, hostMap);
  }

  /** A redirection's address with an empty host ({@code :6380}) is the asked node's host: ours, the seed's. */
  private String withHost(String address) {
    return address.startsWith(":") ? lane.seed().host() + address : address;
  }

}
