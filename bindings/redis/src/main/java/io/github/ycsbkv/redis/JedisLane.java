package io.github.ycsbkv.redis;

import java.util.ArrayList;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import java.util.function.Supplier;
import redis.clients.jedis.AbstractPipeline;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisException;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * One client thread's asynchronous RESP operations over Jedis: the commands of each operation wait in a
 * Jedis pipeline on the thread's connection, and {@link #flush()} sends them all in one write, reads every
 * reply on the calling thread and completes the operations there. No thread of its own and no hand-off
 * between threads: the engine calls {@code flush()} whenever it is about to wait, so a thread that serves
 * several closed-loop clients sends one batch per round trip (docs/bindings/redis.md).
 *
 * <p>Used by the redis binding, and by the dragonfly binding for its asynchronous operations. Not
 * thread-safe: one per client thread.
 */
public final class JedisLane implements AutoCloseable {

  private final UnifiedJedis client;
  private final boolean ownsClient;
  /** The pipeline the held operations' commands wait in, or null. */
  private AbstractPipeline batch;
  /** The operations in {@link #batch}, in order. */
  private final ArrayList<Held> held = new ArrayList<>();

  /** An operation waiting in the pipeline: its stage, and how its status is read from its replies after a sync. */
  private record Held(CompletableFuture<Status> stage, Supplier<Status> outcome) {}

  /** A lane over {@code client}'s pipelines; {@link #close()} closes the client when {@code ownsClient}. */
  JedisLane(UnifiedJedis client, boolean ownsClient) {
    this.client = client;
    this.ownsClient = ownsClient;
  }

  /**
   * A lane on a connection of its own to the server that the {@code redis.*} properties of
   * docs/bindings/redis.md describe (address, user and password, database, timeout, TLS). Opens the
   * connection with the first operation.
   */
  public static JedisLane open(Properties redisProperties) throws DBException {
    return new JedisLane(RedisClients.ownClient(RedisSettings.from(redisProperties)), true);
  }

  /**
   * Appends one operation's commands to the pipeline; {@code append} returns how the operation's status is
   * read from its replies ({@code Response.get()} throws for an error reply: the operation is then ERROR with
   * the server's message). A connection that fails fails every operation it held, and this one.
   */
  public CompletionStage<Status> hold(Function<AbstractPipeline, Supplier<Status>> append) {
    Supplier<Status> outcome;
    try {
      if (batch == null) {
        batch = client.pipelined();
      }
      outcome = append.apply(batch);
    } catch (JedisException | IllegalArgumentException e) {
      if (batch != null) {
        closeQuietly(batch);
        batch = null;
      }
      complete(e);
      return CompletableFuture.completedFuture(error(e));
    }
    CompletableFuture<Status> stage = new CompletableFuture<>();
    held.add(new Held(stage, outcome));
    return stage;
  }

  /** Whether operations wait for {@link #flush()}. */
  public boolean holding() {
    return !held.isEmpty();
  }

  /**
   * Sends the held commands in one write, reads every reply on this thread and completes their operations
   * (an operation whose reply is an error, or all of them when the connection failed, with ERROR).
   */
  public void flush() {
    if (held.isEmpty()) {
      if (batch != null) {
        closeQuietly(batch);
        batch = null;
      }
      return;
    }
    AbstractPipeline p = batch;
    batch = null;
    RuntimeException failure = null;
    try {
      p.sync();
    } catch (RuntimeException e) {
      failure = e;
    } finally {
      closeQuietly(p);
    }
    complete(failure);
  }

  /** Sends what is held, then closes the client if the lane owns it. */
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
  }

  /** Completes every held operation: from its replies, or with {@code failure}'s ERROR when not null. */
  private void complete(RuntimeException failure) {
    if (held.isEmpty()) {
      return;
    }
    Held[] done = held.toArray(new Held[0]);
    held.clear();
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

  private static void closeQuietly(AbstractPipeline p) {
    try {
      p.close();
    } catch (RuntimeException e) {
      // A pipeline whose connection failed: its operations have failed already.
    }
  }

  /** ERROR with the exception's message. */
  static Status error(RuntimeException e) {
    String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    return new Status("ERROR", message);
  }
}
