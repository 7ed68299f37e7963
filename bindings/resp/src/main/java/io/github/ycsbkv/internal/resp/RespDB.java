package io.github.ycsbkv.internal.resp;

import io.github.ycsbkv.config.BindingProperties;
import io.github.ycsbkv.internal.resp.lane.WireTally;
import io.github.ycsbkv.internal.resp.server.ReplicaReads;
import io.github.ycsbkv.spi.AsyncOperations;
import io.github.ycsbkv.spi.ConnectionShape;
import io.github.ycsbkv.spi.EmptiesStore;
import io.github.ycsbkv.spi.ExpiringWrites;
import io.github.ycsbkv.spi.InstancePlan;
import io.github.ycsbkv.spi.Notices;
import io.github.ycsbkv.spi.Reconnecting;
import io.github.ycsbkv.spi.WireBytes;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.Vector;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * What a RESP binding's {@code site.ycsb.DB} class does whatever client it talks through: at {@code init()} it reads
 * the binding's settings, opens the one {@link RespBackend} they choose, and from then on hands every operation to
 * it, with the scan index's key when the run keeps one ({@link ScanIndex}). The first instance of a configuration
 * in the process opens its backend alone (a server that accepts and never answers fails the run after one timeout
 * and one connection, not one per client thread) and prints the run's notices.
 *
 * <p>A subclass says how its binding reads its settings ({@code S}), which backend they choose, and what the scan
 * index costs on its store. The class depends on YCSB and core's small interfaces, not on the engine, so it also runs inside
 * upstream's {@code site.ycsb.Client}. One instance per client thread, as YCSB uses DBs.
 */
public abstract class RespDB<S extends RespSettings> extends DB
    implements AsyncOperations, ExpiringWrites, EmptiesStore, ConnectionShape, io.github.ycsbkv.spi.Commands,
    InstancePlan.Planned, Notices.Told, Reconnecting, io.github.ycsbkv.spi.StagedConnections,
    WireBytes {

  /**
   * Property, under the binding's prefix: after this many operations a client closes its connection and opens
   * another (memtier_benchmark's {@code --reconnect-interval}); 0 (default): never.
   */
  public static final String RECONNECT_EVERY = "reconnect.every";

  /** Instances alive per configuration in this process (a run's clients): the first connects alone. */
  private static final Map<String, Integer> USERS = new HashMap<>();

  private final Reader<S> reader;
  private final String indexCost;
  private S settings;
  /** What the engine decided for this instance; one connection and one client without the engine. */
  private InstancePlan plan = InstancePlan.SINGLE;
  private Notices notices = Notices.STANDARD_ERROR;
  /** {@link #RECONNECT_EVERY}'s value (0: never), and the operations on the connection so far. */
  private long reconnectEvery;
  private long onConnection;
  /** The connections {@code init()} opens: all (0), or a staircase's first ({@link #openAtStart}). */
  private int atStart;
  private RespBackend backend;
  /** The scan index's keys, or null when this run keeps none. */
  private ScanIndex.Keys index;
  private Status noIndex;
  private String usersKey;
  private ReplicaReads reads = ReplicaReads.PRIMARY;
  /** Each command operation's bytes on the wire, where {@link WireBytes#PROPERTY} asks; else null. */
  private Map<String, WireTally> wire;

  /** Reads a binding's settings from its properties. */
  @FunctionalInterface
  public interface Reader<S> {
    S read(Properties p) throws DBException;
  }

  /**
   * @param reader reads the binding's settings (the first step of {@code init()})
   * @param indexCost what keeping the scan index costs on this store, for the load's note
   */
  protected RespDB(Reader<S> reader, String indexCost) {
    this.reader = reader;
    this.indexCost = indexCost;
  }

  /**
   * Opens the backend the settings choose; {@code first}: this is the configuration's first instance in the process,
   * which runs alone and checks the server.
   */
  protected abstract RespBackend open(boolean first) throws DBException;

  /** The sorted sets the scan index is spread over, once the backend is open. */
  protected abstract int indexShards();

  @Override
  public void notices(Notices notices) {
    this.notices = notices;
  }

  @Override
  public void plan(InstancePlan plan) {
    this.plan = plan;
  }

  /** Where this run's reads go ({@link ReplicaReads}), read at {@code init()}; the primary before. */
  protected ReplicaReads reads() {
    return reads;
  }

  /** What the engine decided for this instance ({@link InstancePlan#SINGLE} without the engine). */
  protected InstancePlan plan() {
    return plan;
  }

  /** The settings {@code init()} read (null before). */
  protected S settings() {
    return settings;
  }

  @Override
  public void init() throws DBException {
    settings = reader.read(getProperties());
    reads = ReplicaReads.from(getProperties());
    wire = WireBytes.asked(getProperties()) ? new ConcurrentHashMap<>() : null;
    MemoryLimit limit = MemoryLimit.from(getProperties());
    String binding = settings.connection().binding();
    noIndex = new Status("NOT_IMPLEMENTED", ScanIndex.noIndexCause(binding));
    usersKey = settings.clientKey();
    boolean first;
    synchronized (USERS) {
      first = !USERS.containsKey(usersKey);
      if (first) {
        limit.apply(settings, notices);
        backend = open(true);
        USERS.put(usersKey, 1);
      }
    }
    if (!first) {
      backend = open(false);
      synchronized (USERS) {
        USERS.merge(usersKey, 1, Integer::sum);
      }
    }
    if (reads.offPrimary() && !(backend instanceof EngineBackend)) {
      String client = backend.getClass().getSimpleName();
      cleanup();
      throw new DBException("-p " + ReplicaReads.PROPERTY + "=" + reads.mode().id() + " sends reads to replicas"
          + " through the event-loop RESP engine on a standalone primary (the default client there), which this run"
          + " does not use (" + client + "): drop " + ReplicaReads.PROPERTY + ", or the property that chose that"
          + " client");
    }
    int maxInFlight = plan.maxInFlight();
    if (maxInFlight > 1 && !(backend instanceof EngineBackend)) {
      String client = backend.getClass().getSimpleName();
      cleanup();
      throw new DBException("-p maxinflight=" + maxInFlight + " keeps several requests in flight on each connection"
          + " through the event-loop RESP engine (the default client on a standalone server), which this run does"
          + " not use (" + client + "): drop maxinflight, or the property that chose that client");
    }
    reconnectEvery = reconnectEvery(getProperties(), binding);
    if (reconnectEvery > 0 && plan.servesAsync() && !reopensPipeline()) {
      cleanup();
      throw new DBException(binding + "." + RECONNECT_EVERY + "=" + reconnectEvery + " reopens a client's one"
          + " connection once the requests on it completed: it needs a client thread of its own, on the RESP engine"
          + " (the default client) with -p pipeline for several requests in flight; drop -target, connections=N,"
          + " drivers=D or the client chosen, or " + binding + "." + RECONNECT_EVERY);
    }
    index = settings.scanIndex().enabled(getProperties()) ? new ScanIndex.Keys(indexShards()) : null;
    if (first) {
      ScanIndex.notices(getProperties(), binding, index != null, indexCost, table -> {
        long n = 0;
        for (String key : index.all(table)) {
          n += backend.count(key);
        }
        return n;
      }, notices);
    }
  }

  @Override
  public void cleanup() {
    if (backend != null) {
      backend.close();
      backend = null;
      synchronized (USERS) {
        USERS.computeIfPresent(usersKey, (k, n) -> n <= 1 ? null : n - 1);
      }
    }
  }

  /**
   * Whether this instance's requests in flight are a pipeline on its one connection of the RESP engine, which the
   * engine drains before {@link #reopen()} (a closed loop: no open loop, no clients sharing the connection).
   */
  private boolean reopensPipeline() {
    return plan.pipeline() > 1 && plan.connections() == 1 && plan.clients() == 1 && !plan.openLoop()
        && backend instanceof EngineBackend;
  }

  /** {@link #RECONNECT_EVERY} under {@code binding}'s prefix in {@code p}: 0 when not given. */
  static long reconnectEvery(Properties p, String binding) throws DBException {
    return BindingProperties.integer(p, binding + "." + RECONNECT_EVERY, 0, 0);
  }

  /**
   * With {@link #RECONNECT_EVERY}, the clients keep a thread each: a connection is reopened between one client's
   * operations, which a thread serving several would do in their midst.
   */
  @Override
  public String sharedThreadsDeclined() {
    String binding = binding(getProperties());
    try {
      long every = reconnectEvery(getProperties(), binding);
      return every > 0 ? binding + "." + RECONNECT_EVERY + "=" + every + ": a thread per client, each reopening its"
          + " own connection between its operations" : null;
    } catch (DBException e) {
      return null; // init says what is wrong
    }
  }

  /**
   * Where the RESP engine serves the asynchronous operations (the default client), several pipelined clients may share
   * a thread: its lane writes each request on a connection below the plan's {@link InstancePlan#maxInFlight()}.
   */
  @Override
  public boolean sharesPipelines() {
    return sharedThreadsDeclined() == null && asyncOnEngine(getProperties());
  }

  /** Whether the properties {@code p} serve asynchronous operations through the RESP engine ({@link EngineBackend}). */
  protected abstract boolean asyncOnEngine(Properties p);

  /** The prefix of this binding's properties. */
  protected abstract String binding(Properties p);

  /**
   * Before an operation, once {@link #RECONNECT_EVERY} operations went on the connection: a new connection opened
   * (with its handshake: AUTH, HELLO, SELECT), then the old one closed, as memtier reconnects after every N replies
   * but the last. A connection that cannot be opened keeps the old one, and says so (once per text).
   */
  @Override
  public void reconnectIfDue() {
    if (reconnectEvery == 0 || plan.servesAsync()) {
      return;
    }
    if (onConnection++ < reconnectEvery) {
      return;
    }
    onConnection = 1;
    RespBackend old = backend;
    try {
      backend = open(false);
    } catch (DBException | RuntimeException e) {
      notices.warn(settings.where() + ": a client could not open a new connection for " + RECONNECT_EVERY + " ("
          + e.getMessage() + "); it goes on with the one it has");
      return;
    }
    old.close();
  }

  /** With a pipeline on the instance's one connection: {@link #RECONNECT_EVERY}'s value, else 0. */
  @Override
  public long reconnectEvery() {
    return plan.servesAsync() ? reconnectEvery : 0;
  }

  /** Closes the RESP engine's connection, which has nothing in flight, and opens it again with its handshake. */
  @Override
  public java.util.concurrent.CompletionStage<Void> reopen() {
    return backend.reopen();
  }

  /**
   * A staircase: {@code init()} opens the first {@code n} connections only, on the RESP engine to a standalone server
   * read from alone; any other backend opens them all ({@link #openMore} then has nothing to do).
   */
  @Override
  public boolean openAtStart(int n) {
    atStart = Math.max(1, n);
    return true;
  }

  /** The connections {@code open()} opens now: the plan's, or a staircase's first. */
  protected int connectionsAtStart() {
    return atStart > 0 ? Math.min(atStart, plan.connections()) : plan.connections();
  }

  @Override
  public java.util.concurrent.CompletionStage<Void> openMore(int n) {
    return backend.openMore(n);
  }

  /** The backend this instance opened (null before {@code init()} and after {@code cleanup()}). */
  protected RespBackend backend() {
    return backend;
  }

  /** How the connections do their I/O: the RESP engine's transport, Jedis's blocking sockets, or Lettuce. */
  @Override
  public String transport() {
    return backend == null ? null : backend.transport();
  }

  /** The servers each client's connections go to on the RESP engine (a cluster's primaries, replicas read), else 1. */
  @Override
  public int nodes() {
    return backend instanceof EngineBackend e ? e.nodes() : 1;
  }

  /** {@code FLUSHDB} of the configured database (on a cluster, of every primary). */
  @Override
  public String emptyStore() throws DBException {
    backend.flushDatabase();
    return "FLUSHDB of database " + settings.connection().database() + " at " + settings.where();
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    return backend.read(key, fields, result);
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    if (index == null) {
      backend.flush();
      return noIndex;
    }
    return backend.scan(index.all(table), startkey, recordcount, fields, result);
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    return backend.update(key, values);
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    return backend.insert(key, values, index == null ? null : index.of(table, key));
  }

  /** A record that the server expires: never added to the scan index. */
  @Override
  public Status insertWithTtl(String table, String key, Map<String, ByteIterator> values, long ttlSeconds) {
    return backend.insertWithTtl(key, values, ttlSeconds);
  }

  @Override
  public Status delete(String table, String key) {
    return backend.delete(key, index == null ? null : index.of(table, key));
  }

  @Override
  public CompletionStage<Status> readAsync(String table, String key, Set<String> fields,
      Map<String, ByteIterator> result) {
    return backend.readAsync(key, fields, result);
  }

  @Override
  public CompletionStage<Status> updateAsync(String table, String key, Map<String, ByteIterator> values) {
    return backend.updateAsync(key, values);
  }

  @Override
  public CompletionStage<Status> insertAsync(String table, String key, Map<String, ByteIterator> values) {
    return backend.insertAsync(key, values, index == null ? null : index.of(table, key));
  }

  @Override
  public CompletionStage<Status> deleteAsync(String table, String key) {
    return backend.deleteAsync(key, index == null ? null : index.of(table, key));
  }

  @Override
  public Status command(String operation, String key, byte[][] args) {
    return backend.command(key, args, null, tally(operation));
  }

  @Override
  public CompletionStage<Status> commandAsync(String operation, String key, byte[][] args) {
    return backend.commandAsync(key, args, null, tally(operation));
  }

  @Override
  public Status command(String operation, String key, byte[][] args, java.util.function.Consumer<byte[]> head) {
    return backend.command(key, args, head, tally(operation));
  }

  @Override
  public CompletionStage<Status> commandAsync(String operation, String key, byte[][] args,
      java.util.function.Consumer<byte[]> head) {
    return backend.commandAsync(key, args, head, tally(operation));
  }

  /**
   * The last operation and its tally: a workload's commands come in runs of the same name (one template's). Used by
   * the one thread that sends this instance's commands.
   */
  private String lastOperation;
  private WireTally lastTally;

  private WireTally tally(String operation) {
    if (wire == null) {
      return null;
    }
    if (operation != lastOperation) { // the same instance: the template's own name
      lastTally = wire.computeIfAbsent(operation, o -> new WireTally());
      lastOperation = operation;
    }
    return lastTally;
  }

  /**
   * The commands' bytes on the wire by operation: counted on the event-loop engine and on Jedis's own connections of
   * a client (not on a shared pool's, a cluster client's or Lettuce's).
   */
  @Override
  public Map<String, long[]> wireBytes() {
    Map<String, long[]> out = new TreeMap<>();
    if (wire != null) {
      wire.forEach((op, t) -> {
        long[] c = t.counts();
        if (c[0] > 0) {
          out.put(op, c);
        }
      });
    }
    return out;
  }

  /** Sends what the asynchronous operations wrote; every blocking operation does so first. */
  @Override
  public void flush() {
    backend.flush();
  }

  /** The thread on which the asynchronous operations complete (the engine's event loop), or null. */
  @Override
  public Executor completionExecutor() {
    return backend.completionExecutor();
  }
}
