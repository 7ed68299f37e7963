package io.github.ycsbkv.internal.resp.jedis;

import io.github.ycsbkv.internal.resp.wire.RespConnection;
import io.github.ycsbkv.internal.resp.wire.RespErrors;
import java.util.ArrayList;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import java.util.function.Supplier;
import redis.clients.jedis.AbstractPipeline;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.JedisClientConfig;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.RedisClient;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisException;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * One client thread's asynchronous RESP operations over Jedis: the commands of each operation wait in a
 * Jedis pipeline, and {@link #flush()} sends them, reads every reply on the calling thread and completes the
 * operations there. No thread of its own and no hand-off between threads: the engine calls {@code flush()}
 * whenever it is about to wait, so a thread that serves several closed-loop clients sends one batch per round
 * trip (docs/bindings/redis.md).
 *
 * <p>One connection (the default): every operation's commands wait on it and leave in one write. A
 * connection per client ({@link #open(RespConnection, int)} with n > 1, memtier_benchmark's model): each
 * operation goes to a connection with nothing in flight, so each carries one operation at a time; a flush
 * writes every connection's commands first, then reads their replies.
 *
 * <p>Used by both RESP bindings ({@code PipelineBackend}). Not thread-safe: one per client thread.
 */
public final class JedisPipelines implements AutoCloseable {

  private final UnifiedJedis client;
  private final boolean ownsClient;
  private final Slot[] slots;
  /** Where its own connections count their bytes; null for a client it was given. */
  private final WireCounter wire;
  /** Where the search for a connection with nothing in flight starts (connection per client). */
  private int next;

  /** An operation waiting in a pipeline: its stage, and how its status is read from its replies after a sync. */
  private record Held(CompletableFuture<Status> stage, Supplier<Status> outcome) {}

  /** A connection's pipeline and the operations waiting in it. */
  private static final class Slot {
    final Supplier<AbstractPipeline> opener;
    /** With a connection per client: writes the slot's commands without reading; null with one connection. */
    final ThreadConnection connection;
    AbstractPipeline batch;
    final ArrayList<Held> held = new ArrayList<>();
    RuntimeException failure;

    Slot(Supplier<AbstractPipeline> opener, ThreadConnection connection) {
      this.opener = opener;
      this.connection = connection;
    }
  }

  /** Pipelines over {@code client}'s pipelines; {@link #close()} closes the client when {@code ownsClient}. */
  public JedisPipelines(UnifiedJedis client, boolean ownsClient) {
    this(client, ownsClient, null);
  }

  private JedisPipelines(UnifiedJedis client, boolean ownsClient, WireCounter wire) {
    this.client = client;
    this.ownsClient = ownsClient;
    this.slots = new Slot[] {new Slot(client::pipelined, null)};
    this.wire = wire;
  }

  private JedisPipelines(HostAndPort address, JedisClientConfig config, int connections, WireCounter wire) {
    this.slots = new Slot[connections];
    this.wire = wire;
    ThreadConnection first = null;
    for (int i = 0; i < connections; i++) {
      ThreadConnection c = new ThreadConnection(address, config, wire);
      first = first == null ? c : first;
      slots[i] = new Slot(() -> new Pipeline(c.getConnection(), false), c);
    }
    // Blocking commands ({@link #client()}) use the first connection, after the held commands.
    this.client = RedisClient.builder().clientConfig(config).connectionProvider(first).build();
    this.ownsClient = true;
  }

  /**
   * A blocking client on the (first) connection, for commands that are not operations in flight:
   * call {@link #flush()} before using it. Closed with them.
   */
  public UnifiedJedis client() {
    return client;
  }

  /**
   * Pipelines on {@code connections} connections of its own to the (first) server of {@code c}: one, whose client
   * connects with the first operation, or more, which give each operation in flight a connection of its own.
   */
  public static JedisPipelines open(RespConnection c, int connections) throws DBException {
    WireCounter wire = new WireCounter();
    if (connections <= 1) {
      return new JedisPipelines(JedisClients.ownClient(c, wire), true, wire);
    }
    RespConnection.Endpoint e = c.endpoint();
    return new JedisPipelines(new HostAndPort(e.host(), e.port()), JedisClients.config(c), connections, wire);
  }

  /** The bytes its own connections wrote and read after their handshakes; null for a client it was given. */
  public WireCounter wire() {
    return wire;
  }

  /**
   * Appends one operation's commands to a pipeline; {@code append} returns how the operation's status is
   * read from its replies ({@code Response.get()} throws for an error reply: the operation is then ERROR with
   * the server's message). A connection that fails fails every operation it held, and this one.
   */
  public CompletionStage<Status> hold(Function<AbstractPipeline, Supplier<Status>> append) {
    Slot slot = choose();
    Supplier<Status> outcome;
    try {
      if (slot.batch == null) {
        slot.batch = slot.opener.get();
      }
      outcome = append.apply(slot.batch);
    } catch (JedisException | IllegalArgumentException e) {
      abandon(slot);
      complete(slot, e);
      return CompletableFuture.completedFuture(error(e));
    }
    CompletableFuture<Status> stage = new CompletableFuture<>();
    slot.held.add(new Held(stage, outcome));
    return stage;
  }

  /**
   * Sends the held commands (one write per connection), reads every reply on this thread and completes their
   * operations (an operation whose reply is an error, or all of a connection's when it failed, with ERROR).
   */
  public void flush() {
    if (slots.length > 1) {
      for (Slot s : slots) {
        if (!s.held.isEmpty()) {
          try {
            s.connection.send();
          } catch (JedisException e) {
            s.failure = e;
          }
        }
      }
    }
    for (Slot s : slots) {
      if (s.held.isEmpty()) {
        abandon(s);
        continue;
      }
      RuntimeException failure = s.failure;
      s.failure = null;
      if (failure == null) {
        try {
          s.batch.sync();
        } catch (RuntimeException e) {
          failure = e;
        }
      }
      abandon(s);
      complete(s, failure);
    }
  }

  /**
   * Opens every connection now (normally each opens with its first operation), so that a run's
   * connections exist, with their set-up commands sent, before its clock starts.
   */
  public void connect() {
    for (Slot s : slots) {
      if (s.batch == null) {
        s.batch = s.opener.get();
      }
    }
  }

  /** The connections these pipelines open. */
  public int connections() {
    return slots.length;
  }

  /**
   * Sends one command after what is held and returns its reply (set-up and checks, not the measured
   * path); an error reply or a broken connection throws {@link JedisException} with the reason.
   */
  public <T> T call(Function<AbstractPipeline, redis.clients.jedis.Response<T>> command) {
    Object[] reply = new Object[1];
    CompletionStage<Status> stage = hold(p -> {
      redis.clients.jedis.Response<T> r = command.apply(p);
      return () -> {
        reply[0] = r.get();
        return Status.OK;
      };
    });
    flush();
    Status status = stage.toCompletableFuture().join();
    if (!status.isOk()) {
      throw new JedisException(status.getDescription());
    }
    @SuppressWarnings("unchecked")
    T t = (T) reply[0];
    return t;
  }

  /** Sends what is held, then closes the connections owned here. */
  @Override
  public void close() {
    flush();
    if (ownsClient) {
      try {
        client.close();
      } catch (RuntimeException e) {
        // Closing is best effort.
      }
    }
    for (Slot s : slots) {
      if (s.connection != null) {
        s.connection.close();
      }
    }
  }

  /** Slot 0 with one connection; else a connection with nothing in flight, in turn. */
  private Slot choose() {
    if (slots.length == 1) {
      return slots[0];
    }
    for (int i = 0; i < slots.length; i++) {
      Slot s = slots[(next + i) % slots.length];
      if (s.held.isEmpty()) {
        next = (next + i + 1) % slots.length;
        return s;
      }
    }
    Slot s = slots[next];
    next = (next + 1) % slots.length;
    return s;
  }

  /** Closes a slot's pipeline (its connection stays open unless it broke). */
  private static void abandon(Slot s) {
    if (s.batch != null) {
      try {
        s.batch.close();
      } catch (RuntimeException e) {
        // A pipeline whose connection failed: its operations fail with it.
      }
      s.batch = null;
    }
  }

  /** Completes every operation {@code s} held: from its replies, or with {@code failure}'s ERROR when not null. */
  private static void complete(Slot s, RuntimeException failure) {
    if (s.held.isEmpty()) {
      return;
    }
    Held[] done = s.held.toArray(new Held[0]);
    s.held.clear();
    for (Held h : done) {
      Status status;
      if (failure != null) {
        status = error(failure);
      } else {
        try {
          status = h.outcome().get();
        } catch (JedisException | IllegalArgumentException | ClassCastException e) {
          status = error(e);
        }
      }
      h.stage().complete(status);
    }
  }

  private static Status error(RuntimeException e) {
    return RespErrors.status(e);
  }
}
