package io.github.ycsbkv.aerospike;

import com.aerospike.client.AerospikeClient;
import com.aerospike.client.AerospikeException;
import com.aerospike.client.Bin;
import com.aerospike.client.Key;
import com.aerospike.client.Record;
import com.aerospike.client.ResultCode;
import com.aerospike.client.policy.Policy;
import com.aerospike.client.policy.RecordExistsAction;
import com.aerospike.client.policy.WritePolicy;
import com.aerospike.client.async.EventLoops;
import com.aerospike.client.listener.DeleteListener;
import com.aerospike.client.listener.RecordListener;
import com.aerospike.client.listener.WriteListener;
import io.github.ycsbkv.spi.AsyncOperations;
import io.github.ycsbkv.spi.ExpiringWrites;
import io.github.ycsbkv.spi.InstancePlan;
import io.github.ycsbkv.spi.Notices;
import io.github.ycsbkv.spi.Unavailable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * YCSB binding for Aerospike (aerospike-client-java 9): one shared {@link AerospikeClient} per
 * process ({@link AerospikeClients}). A record is the Aerospike record ({@code as.namespace},
 * {@code as.set}, key) with one bin per field: insert creates or replaces it with every bin, update
 * merges only the given bins ({@code UPDATE_ONLY}: a missing record is {@code NOT_FOUND}), read
 * returns all or the requested bins, delete removes it. A miss is {@code NOT_FOUND}, never an error
 * and never a line on stderr.
 *
 * <p>Scans: Aerospike's scans and queries return records in no key order, so YCSB's ordered scan
 * is not implemented; {@code scan} returns {@code NOT_IMPLEMENTED}, and {@code init()} says so once
 * when the workload scans. Retries default to none ({@code as.maxRetries=0}), so that a retried
 * operation never hides its latency. One instance per client thread.
 *
 * <p>With {@code as.async=true} every operation goes through the asynchronous client on the shared
 * event loops ({@link AerospikeEventLoops}), and a client thread waits for each; with
 * {@code pipeline=N}, or several clients served by one thread, the engine keeps N in flight per thread through
 * {@link AsyncOperations} (its {@link InstancePlan}; event loops are then created whatever {@code as.async} says).
 */
public class AerospikeDB extends DB implements ExpiringWrites, AsyncOperations, io.github.ycsbkv.spi.EmptiesStore,
    io.github.ycsbkv.spi.ConnectionShape, InstancePlan.Planned, Notices.Told {

  /** Where this instance's warnings go: the phase's, once the engine said so. */
  private Notices notices = Notices.STANDARD_ERROR;
  /** What the engine decided for this instance, or null without the engine (then {@code pipeline} as given). */
  private InstancePlan plan;

  @Override
  public void notices(Notices notices) {
    this.notices = notices;
  }

  @Override
  public void plan(InstancePlan plan) {
    this.plan = plan;
  }

  /**
   * Aerospike's client takes a pooled socket for each command in flight (to the node that owns the key) and
   * keeps it for reuse: as many sockets in use as commands in flight; {@code connections=N} cannot share them.
   */
  @Override
  public Model connectionModel() {
    return Model.SOCKET_PER_COMMAND;
  }

  /**
   * The shared client's I/O: blocking sockets, or with {@code as.async} or pipelining the event loops that
   * {@code as.eventLoopType} gave on this platform ({@code aerospike asynchronous client, netty epoll event loops (2)}).
   */
  @Override
  public String transport() {
    if (settings == null) {
      return null;
    }
    String t = AerospikeClients.transport(settings);
    return t == null || settings.readReplica() == null ? t : t + "; reads to each partition's master and replicas in"
        + " turn (" + settings.readReplica() + ")";
  }

  private AerospikeSettings settings;
  private AerospikeClient client;
  private Policy readPolicy;
  private WritePolicy insertPolicy;
  private WritePolicy updatePolicy;
  private WritePolicy deletePolicy;
  /** The shared client's event loops with as.async or pipelining, else null. */
  private EventLoops loops;
  /**
   * With pipelining: the one event loop all of this instance's commands run on, so that they complete
   * on one thread ({@link #completionExecutor()}); else null (commands spread over the loops).
   */
  private com.aerospike.client.async.EventLoop loop;
  private static final java.util.concurrent.atomic.AtomicInteger NEXT_LOOP = new java.util.concurrent.atomic.AtomicInteger();

  /** Public no-arg constructor, as YCSB requires. */
  public AerospikeDB() {}

  @Override
  public void init() throws DBException {
    settings = AerospikeSettings.from(getProperties());
    if (plan != null) {
      settings = settings.withPipeline(plan.pipeline());
    }
    settings.checkBinNames();
    client = AerospikeClients.acquire(settings, AerospikeEviction.from(getProperties()), notices);
    loops = settings.usesEventLoops() ? AerospikeClients.loops(settings) : null;
    loop = loops != null && settings.pipeline() > 1
        ? loops.get(Math.floorMod(NEXT_LOOP.getAndIncrement(), loops.getSize())) : null;
    readPolicy = new Policy(client.getReadPolicyDefault());
    apply(readPolicy);
    if (settings.readReplica() != null) {
      readPolicy.replica = settings.readReplica();
    }
    insertPolicy = new WritePolicy(client.getWritePolicyDefault());
    apply(insertPolicy);
    insertPolicy.recordExistsAction = RecordExistsAction.REPLACE;
    updatePolicy = new WritePolicy(insertPolicy);
    updatePolicy.recordExistsAction = RecordExistsAction.UPDATE_ONLY;
    deletePolicy = new WritePolicy(insertPolicy);
    String scans = getProperties().getProperty("scanproportion", "0").trim();
    if (!scans.isEmpty() && Double.parseDouble(scans) > 0) {
      notices.warn("the aerospike binding does not implement YCSB's ordered scan (Aerospike"
          + " scans are unordered): every SCAN will be NOT_IMPLEMENTED");
    }
  }

  private void apply(Policy p) {
    p.totalTimeout = settings.totalTimeoutMillis();
    p.socketTimeout = settings.socketTimeoutMillis();
    p.maxRetries = settings.maxRetries();
    p.sendKey = settings.sendKey();
  }

  private com.aerospike.client.async.EventLoop loop() {
    return loop != null ? loop : loops.next();
  }

  /** With pipelining, this instance's event loop, on which its operations complete. */
  @Override
  public java.util.concurrent.Executor completionExecutor() {
    com.aerospike.client.async.EventLoop l = loop;
    return l == null ? null : l::execute;
  }

  /**
   * Truncates the set ({@code truncate}) and waits, up to 60 s, until every node's object count for the
   * set is 0: the server deletes truncated records in the background, and a memory figure taken before
   * that would still count them.
   */
  @Override
  public String emptyStore() throws DBException {
    String what = settings.namespace() + "." + settings.set() + " at " + settings.where();
    try {
      client.truncate(null, settings.namespace(), settings.set(), null);
      long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(60);
      long left;
      while ((left = setObjects()) > 0) {
        if (System.nanoTime() > deadline) {
          return "truncate of " + what + " (" + left + " objects still counted after 60 s)";
        }
        Thread.sleep(100);
      }
    } catch (com.aerospike.client.AerospikeException e) {
      throw new DBException("cannot truncate " + what + ": " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new DBException("interrupted while truncating " + what);
    }
    return "truncate of " + what;
  }

  /** The set's objects over every node ({@code sets/<ns>/<set>}: {@code objects=N}). */
  private long setObjects() {
    long n = 0;
    for (com.aerospike.client.cluster.Node node : client.getNodes()) {
      String reply = com.aerospike.client.Info.request(node, "sets/" + settings.namespace() + "/" + settings.set());
      for (String field : reply.split("[:;]")) {
        if (field.startsWith("objects=")) {
          n += Long.parseLong(field.substring("objects=".length()).trim());
        }
      }
    }
    return n;
  }

  @Override
  public void cleanup() {
    if (client != null) {
      client = null;
      AerospikeClients.release(settings);
    }
  }

  private Key key(String key) {
    return new Key(settings.namespace(), settings.set(), key);
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    if (settings.async()) {
      return readAsync(table, key, fields, result).toCompletableFuture().join();
    }
    try {
      Record record = fields == null ? client.get(readPolicy, key(key))
          : client.get(readPolicy, key(key), fields.toArray(new String[0]));
      return fill(record, result);
    } catch (AerospikeException e) {
      return status(e);
    }
  }

  private static Status fill(Record record, Map<String, ByteIterator> result) {
    if (record == null) {
      return Status.NOT_FOUND;
    }
    for (Map.Entry<String, Object> bin : record.bins.entrySet()) {
      if (bin.getValue() instanceof byte[] bytes) {
        result.put(bin.getKey(), new ByteArrayByteIterator(bytes));
      } else if (bin.getValue() != null) {
        result.put(bin.getKey(), new ByteArrayByteIterator(bin.getValue().toString().getBytes(
            java.nio.charset.StandardCharsets.UTF_8)));
      }
    }
    return Status.OK;
  }

  @Override
  public CompletionStage<Status> readAsync(String table, String key, Set<String> fields,
      Map<String, ByteIterator> result) {
    CompletableFuture<Status> done = new CompletableFuture<>();
    RecordListener listener = new RecordListener() {
      @Override
      public void onSuccess(Key k, Record record) {
        done.complete(fill(record, result));
      }

      @Override
      public void onFailure(AerospikeException e) {
        done.complete(status(e));
      }
    };
    try {
      if (fields == null) {
        client.get(loop(), listener, readPolicy, key(key));
      } else {
        client.get(loop(), listener, readPolicy, key(key), fields.toArray(new String[0]));
      }
    } catch (AerospikeException e) {
      done.complete(status(e));
    }
    return done;
  }

  @Override
  public CompletionStage<Status> updateAsync(String table, String key, Map<String, ByteIterator> values) {
    return writeAsync(updatePolicy, key, values);
  }

  @Override
  public CompletionStage<Status> insertAsync(String table, String key, Map<String, ByteIterator> values) {
    return writeAsync(insertPolicy, key, values);
  }

  private CompletionStage<Status> writeAsync(WritePolicy policy, String key, Map<String, ByteIterator> values) {
    CompletableFuture<Status> done = new CompletableFuture<>();
    try {
      client.put(loop(), new WriteListener() {
        @Override
        public void onSuccess(Key k) {
          done.complete(Status.OK);
        }

        @Override
        public void onFailure(AerospikeException e) {
          done.complete(status(e));
        }
      }, policy, key(key), bins(values));
    } catch (AerospikeException e) {
      done.complete(status(e));
    }
    return done;
  }

  @Override
  public CompletionStage<Status> deleteAsync(String table, String key) {
    CompletableFuture<Status> done = new CompletableFuture<>();
    try {
      client.delete(loop(), new DeleteListener() {
        @Override
        public void onSuccess(Key k, boolean existed) {
          done.complete(existed ? Status.OK : Status.NOT_FOUND);
        }

        @Override
        public void onFailure(AerospikeException e) {
          done.complete(status(e));
        }
      }, deletePolicy, key(key));
    } catch (AerospikeException e) {
      done.complete(status(e));
    }
    return done;
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    return Status.NOT_IMPLEMENTED;
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    return write(updatePolicy, key, values);
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    return write(insertPolicy, key, values);
  }

  @Override
  public Status insertWithTtl(String table, String key, Map<String, ByteIterator> values, long ttlSeconds) {
    WritePolicy p = new WritePolicy(insertPolicy);
    p.expiration = (int) Math.min(Integer.MAX_VALUE, Math.max(1, ttlSeconds));
    return write(p, key, values);
  }

  private static Bin[] bins(Map<String, ByteIterator> values) {
    Bin[] bins = new Bin[values.size()];
    int i = 0;
    for (Map.Entry<String, ByteIterator> e : values.entrySet()) {
      bins[i++] = new Bin(e.getKey(), e.getValue().toArray());
    }
    return bins;
  }

  private Status write(WritePolicy policy, String key, Map<String, ByteIterator> values) {
    if (settings.async()) {
      return writeAsync(policy, key, values).toCompletableFuture().join();
    }
    try {
      client.put(policy, key(key), bins(values));
      return Status.OK;
    } catch (AerospikeException e) {
      return status(e);
    }
  }

  @Override
  public Status delete(String table, String key) {
    if (settings.async()) {
      return deleteAsync(table, key).toCompletableFuture().join();
    }
    try {
      return client.delete(deletePolicy, key(key)) ? Status.OK : Status.NOT_FOUND;
    } catch (AerospikeException e) {
      return status(e);
    }
  }

  /**
   * KEY_NOT_FOUND is a miss; every other result code is an error whose description names the code
   * and what it means, and for a timeout which side gave up. The description stays the same for
   * every error of one kind (no node names, loop numbers or timings), so the engine can count them as
   * one cause; a client-side error (-1) also carries the client's own message.
   */
  static Status status(AerospikeException e) {
    int code = e.getResultCode();
    if (code == ResultCode.KEY_NOT_FOUND_ERROR) {
      return Status.NOT_FOUND;
    }
    StringBuilder cause = new StringBuilder(ResultCode.getResultString(code)).append(" (Aerospike result code ")
        .append(code).append(')');
    if (e instanceof AerospikeException.Timeout t) {
      cause.append(t.client ? ", client-side timeout" : ", server-side timeout");
    } else if (code == ResultCode.CLIENT_ERROR && e.getBaseMessage() != null) {
      cause.append(": ").append(e.getBaseMessage());
    }
    return unavailable(e) ? new Unavailable(cause.toString()) : new Status("ERROR", cause.toString());
  }

  /**
   * Whether the failure says the cluster could not be reached, rather than that the operation was wrong: a
   * connection that failed, no node for the key's partition, a timeout, the client's error-rate breaker or
   * retries used up, no response, a partition that is unavailable.
   */
  static boolean unavailable(AerospikeException e) {
    if (e instanceof AerospikeException.Connection || e instanceof AerospikeException.InvalidNode
        || e instanceof AerospikeException.Timeout || e instanceof AerospikeException.Backoff) {
      return true;
    }
    return switch (e.getResultCode()) {
      case ResultCode.SERVER_NOT_AVAILABLE, ResultCode.INVALID_NODE_ERROR, ResultCode.MAX_RETRIES_EXCEEDED,
          ResultCode.MAX_ERROR_RATE, ResultCode.NO_RESPONSE, ResultCode.TIMEOUT, ResultCode.PARTITION_UNAVAILABLE ->
          true;
      default -> false;
    };
  }
}
