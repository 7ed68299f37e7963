package io.github.ycsbkv.internal.resp;

import io.github.ycsbkv.internal.resp.jedis.JedisClients;
import io.github.ycsbkv.internal.resp.lane.CommandCall;
import io.github.ycsbkv.internal.resp.lane.RespCall;
import io.github.ycsbkv.internal.resp.lane.RespLane;
import io.github.ycsbkv.internal.resp.lane.RespRecords;
import io.github.ycsbkv.internal.resp.server.ReplicaReads;
import io.github.ycsbkv.internal.resp.wire.IndexWrite;
import io.github.ycsbkv.internal.resp.wire.RecordFormat;
import io.github.ycsbkv.internal.resp.wire.RespConnection;
import io.github.ycsbkv.internal.resp.wire.RespEndpoint;
import io.github.ycsbkv.internal.resp.wire.RespException;
import io.github.ycsbkv.internal.resp.wire.RespTls;
import io.github.ycsbkv.internal.resp.wire.RespTransport;
import io.github.ycsbkv.spi.InstancePlan;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import site.ycsb.ByteIterator;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * The event-loop RESP engine as a binding instance's backend: its connections on one of the process's event loops
 * ({@link RespLane}), its operations as {@link RespRecords} calls that complete on that loop. What serves the
 * engine's asynchronous operations ({@link InstancePlan#servesAsync}) and every cluster; a blocking operation is the
 * asynchronous one, flushed and awaited.
 */
public final class EngineBackend implements RespBackend {

  /** The property that picks the transport of the engine's loops (auto, io_uring, epoll, kqueue, nio). */
  public static final String TRANSPORT = RespTransport.PROPERTY;

  private final RespConnection connection;
  private final RespRecords records;
  private final RespLane lane;

  private EngineBackend(RespConnection connection, RespRecords records) {
    this.connection = connection;
    this.records = records;
    this.lane = records.lane();
  }

  /**
   * Opens {@code connections} connections to {@code c}'s (standalone) server, each checked with a PING; a failure
   * is thrown as it came ({@link RespException}, with the socket's or TLS's exception as its cause).
   *
   * @param write how a record and its index entry change together (Redis: in one MULTI/EXEC by default;
   *     Dragonfly, which runs transactions across its shards far slower: in one write)
   * @param transport {@link #TRANSPORT}'s value, or null for auto
   * @param maxInFlight requests in flight on a connection at most ({@link #maxInFlight}): more than 1 makes the lane
   *     write each call on a connection below it
   */
  public static EngineBackend open(RespConnection c, RecordFormat format, int connections, IndexWrite write,
      String transport, int maxInFlight) throws DBException {
    return open(c, format, connections, write, transport, maxInFlight, null);
  }

  /**
   * As {@link #open(RespConnection, RecordFormat, int, IndexWrite, String, int)}; with {@code cluster} (its seeds are
   * {@code c}'s hosts), {@code connections} connections to every primary, each call sent to its key's node ({@link
   * SlotRouter}), and a record's scan-index entry changed by a call of its own (its key is in another slot).
   */
  public static EngineBackend open(RespConnection c, RecordFormat format, int connections, IndexWrite write,
      String transport, int maxInFlight, RespLane.Cluster cluster) throws DBException {
    return open(c, format, connections, write, transport, maxInFlight, cluster, ReplicaReads.PRIMARY);
  }

  /**
   * As {@link #open(RespConnection, RecordFormat, int, IndexWrite, String, int, RespLane.Cluster)}; with {@code reads}
   * off the primary, {@code connections} connections to each of a standalone primary's replicas too, which serve the
   * reads ({@link ReplicaReads}).
   */
  public static EngineBackend open(RespConnection c, RecordFormat format, int connections, IndexWrite write,
      String transport, int maxInFlight, RespLane.Cluster cluster, ReplicaReads reads) throws DBException {
    return open(c, format, connections, write, transport, maxInFlight, cluster, reads, connections);
  }

  /**
   * As {@link #open(RespConnection, RecordFormat, int, IndexWrite, String, int, RespLane.Cluster, ReplicaReads)}; on a
   * standalone server read from alone, only {@code atStart} of the connections opened now, the others by {@link
   * #openMore} (a staircase's steps).
   */
  public static EngineBackend open(RespConnection c, RecordFormat format, int connections, IndexWrite write,
      String transport, int maxInFlight, RespLane.Cluster cluster, ReplicaReads reads, int atStart)
      throws DBException {
    RespConnection.Endpoint e = c.endpoint();
    RespEndpoint endpoint = new RespEndpoint(e.host(), e.port(), c.user(), c.password(), c.database(),
        c.timeoutMillis(), RespTls.nettyContext(c), c.where(), c.minimalHandshake(), c.tls().sni(), c.resp3());
    RespLane lane = RespLane.open(endpoint, connections, transport == null ? "auto" : transport, maxInFlight,
        cluster, reads, atStart);
    return new EngineBackend(c, new RespRecords(lane, format, write));
  }

  /**
   * The transport to ask {@link RespTransport} for: {@link #TRANSPORT} as given; unset or {@code auto} on an open
   * loop ({@code plan}), {@value RespTransport#AUTO_OPEN_LOOP} (epoll before io_uring: the loop wakes on a timer for
   * each arrival, and io_uring's timer wake-ups cost more CPU per operation, measured in docs/capacity.md).
   */
  public static String transport(Properties p, InstancePlan plan) {
    String t = p.getProperty(TRANSPORT);
    boolean auto = t == null || t.isBlank() || t.trim().equalsIgnoreCase("auto");
    return auto && plan.openLoop() ? RespTransport.AUTO_OPEN_LOOP : t;
  }

  @Override
  public Status read(String key, Set<String> fields, Map<String, ByteIterator> result) {
    return await(records.read(key, fields, result));
  }

  @Override
  public Status scan(List<String> indexKeys, String startKey, int count, Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    return records.scan(indexKeys, startKey, count, fields, result);
  }

  @Override
  public Status update(String key, Map<String, ByteIterator> values) {
    return records.partialUpdate(values) ? records.mergeUpdate(key, values) : await(records.update(key, values));
  }

  @Override
  public Status insert(String key, Map<String, ByteIterator> values, String indexKey) {
    return await(records.insert(key, values, indexKey));
  }

  @Override
  public Status insertWithTtl(String key, Map<String, ByteIterator> values, long ttlSeconds) {
    return await(records.insertWithTtl(key, values, ttlSeconds));
  }

  @Override
  public Status delete(String key, String indexKey) {
    return await(records.delete(key, indexKey));
  }

  @Override
  public CompletionStage<Status> readAsync(String key, Set<String> fields, Map<String, ByteIterator> result) {
    return records.read(key, fields, result);
  }

  /** A partial update of a string record reads before it writes: blocking, done before this returns. */
  @Override
  public CompletionStage<Status> updateAsync(String key, Map<String, ByteIterator> values) {
    return records.partialUpdate(values) ? CompletableFuture.completedFuture(records.mergeUpdate(key, values))
        : records.update(key, values);
  }

  @Override
  public CompletionStage<Status> insertAsync(String key, Map<String, ByteIterator> values, String indexKey) {
    return records.insert(key, values, indexKey);
  }

  @Override
  public CompletionStage<Status> deleteAsync(String key, String indexKey) {
    return records.delete(key, indexKey);
  }

  @Override
  public void flush() {
    lane.flush();
  }

  @Override
  public CompletionStage<Void> reopen() {
    return lane.reopen();
  }

  @Override
  public CompletionStage<Void> openMore(int n) {
    return lane.openMore(n);
  }

  @Override
  public Executor completionExecutor() {
    return lane.executor();
  }

  @Override
  public String transport() {
    return "netty " + lane.transport() + (lane.readsTo() == null ? "" : "; reads to " + lane.readsTo());
  }

  /**
   * The servers each of this backend's clients has connections to: 1, or a cluster's primaries; and the replicas read
   * from.
   */
  public int nodes() {
    return lane.nodes();
  }

  @Override
  public long count(String sortedSet) {
    return records.count(sortedSet);
  }

  @Override
  public String info(String section) {
    Object reply = lane.call("INFO", section);
    return reply instanceof byte[] b ? new String(b, StandardCharsets.UTF_8) : String.valueOf(reply);
  }

  /** {@code FLUSHDB} of the database, on a cluster of every primary the map names. */
  @Override
  public void flushDatabase() throws DBException {
    flush();
    if (!lane.cluster()) {
      JedisClients.flushDatabase(connection);
      return;
    }
    for (String address : lane.primaryAddresses()) {
      RespConnection.Endpoint at = RespConnection.endpoint(address, -1, "cluster node");
      JedisClients.flushDatabase(new RespConnection(connection.binding(), List.of(at), connection.user(),
          connection.password(), connection.database(), connection.timeoutMillis(), connection.tls(),
          connection.minimalHandshake(), connection.resp3()));
    }
  }

  @Override
  public void close() {
    lane.close();
  }

  /** The engine's call, sent and awaited (a blocking operation, never on the event loop). */
  @Override
  public Status command(String key, byte[][] args, java.util.function.Consumer<byte[]> head) {
    return await(lane.send(new CommandCall(key, args, head)));
  }

  @Override
  public CompletionStage<Status> commandAsync(String key, byte[][] args, java.util.function.Consumer<byte[]> head) {
    return lane.send(new CommandCall(key, args, head));
  }

  @Override
  public Status command(String key, byte[][] args, java.util.function.Consumer<byte[]> head,
      io.github.ycsbkv.internal.resp.lane.WireTally tally) {
    return await(lane.send(new CommandCall(key, args, head, tally)));
  }

  @Override
  public CompletionStage<Status> commandAsync(String key, byte[][] args, java.util.function.Consumer<byte[]> head,
      io.github.ycsbkv.internal.resp.lane.WireTally tally) {
    return lane.send(new CommandCall(key, args, head, tally));
  }

  private Status await(CompletionStage<Status> call) {
    lane.flush();
    return lane.await((RespCall) call);
  }
}
