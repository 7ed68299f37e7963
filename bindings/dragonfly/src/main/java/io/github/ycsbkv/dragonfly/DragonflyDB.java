package io.github.ycsbkv.dragonfly;

import io.github.ycsbkv.internal.resp.AsyncClient;
import io.github.ycsbkv.internal.resp.EngineBackend;
import io.github.ycsbkv.internal.resp.PipelineBackend;
import io.github.ycsbkv.internal.resp.RespBackend;
import io.github.ycsbkv.internal.resp.RespDB;
import io.github.ycsbkv.internal.resp.jedis.JedisPipelines;
import io.github.ycsbkv.internal.resp.lane.RespLane;
import io.github.ycsbkv.internal.resp.server.RespInfo;
import io.github.ycsbkv.internal.resp.wire.IndexWrite;
import io.github.ycsbkv.internal.resp.wire.RespConnection;
import io.github.ycsbkv.internal.resp.wire.RespErrors;
import io.github.ycsbkv.spi.InstancePlan;
import io.github.ycsbkv.spi.RenamedProperties;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import site.ycsb.DBException;

/**
 * YCSB binding for Dragonfly, built for a multi-threaded server: a {@link RespDB} whose backend is the event-loop
 * RESP engine when the instance serves the engine's asynchronous operations ({@code dragonfly.asyncclient=netty},
 * the default), Jedis pipelines on the connections the engine says otherwise and with
 * {@code dragonfly.asyncclient=jedis}, or Lettuce ({@code dragonfly.asyncclient=lettuce}). It works with any RESP
 * server; {@code dragonfly.require=true} makes sure it is Dragonfly.
 *
 * <p>Data models as the redis binding's. No multi-key transactions: Dragonfly runs them across shards far slower
 * than Redis. The scan index (unless {@code dragonfly.scanindex=off}, or {@code auto} and the workload does not
 * scan) is spread over as many sorted-set keys as the server has threads, so that no single shard takes every
 * insert; insert writes the record then its index entry, delete removes the entry then the record.
 *
 * <p>One instance per client thread. Depends on YCSB and {@code ycsb-kv-core}'s small interfaces, not on the engine.
 */
public class DragonflyDB extends RespDB<DragonflySettings> implements RenamedProperties {

  /** The scan index's shards: {@code dragonfly.scanindex.shards}, else the server's threads. */
  private int shards;

  /**
   * Public no-arg constructor, as YCSB requires. The scan index's cost was measured on Dragonfly 1.40
   * (docs/bindings/dragonfly.md).
   */
  public DragonflyDB() {
    super(DragonflySettings::from, "about 75 bytes per record on the server and about 5% fewer inserts per second,"
        + " measured on Dragonfly 1.40");
  }

  /**
   * The RESP engine serves a cluster and the default client; Lettuce everything with dragonfly.asyncclient=lettuce,
   * Jedis pipelines a standalone server with dragonfly.asyncclient=jedis.
   */
  @Override
  protected boolean asyncOnEngine(Properties p) {
    try {
      DragonflySettings s = DragonflySettings.from(p);
      return s.asyncClient() != AsyncClient.LETTUCE && (s.cluster() || s.asyncClient() == AsyncClient.NETTY);
    } catch (DBException | RuntimeException e) {
      return false; // init says what is wrong
    }
  }

  @Override
  protected String binding(java.util.Properties p) {
    return DragonflySettings.BINDING;
  }

  /**
   * Connections as the engine says with the engine or Jedis pipelines ({@code dragonfly.asyncclient=netty}, the
   * default, or {@code jedis}); Lettuce's own sharing makes no claim (the server's view in the result says what it
   * was).
   */
  @Override
  public Model connectionModel() {
    String client = getProperties().getProperty("dragonfly.asyncclient", AsyncClient.DEFAULT.id());
    return AsyncClient.LETTUCE.id().equals(client.trim().toLowerCase(Locale.ROOT)) ? null : Model.FOLLOWS_ENGINE;
  }

  @Override
  protected int indexShards() {
    return shards;
  }

  /**
   * The engine for an instance that serves the engine's asynchronous operations, Jedis pipelines on the connections
   * the engine says for one that does not (and with {@code dragonfly.asyncclient=jedis}), or Lettuce; each reads
   * the server's {@code INFO server} for {@code dragonfly.require} and its threads.
   */
  @Override
  protected RespBackend open(boolean first) throws DBException {
    DragonflySettings settings = settings();
    Properties p = getProperties();
    InstancePlan plan = plan();
    int connections = plan.connections();
    IndexWrite write = settings.indexWrite();
    if (write != IndexWrite.PIPELINED && settings.asyncClient() == AsyncClient.LETTUCE) {
      throw new DBException("dragonfly.scanindex.write=" + write.id() + " is not sent through Lettuce"
          + " (dragonfly.asyncclient=lettuce): drop one of the two");
    }
    if (write == IndexWrite.AFTER && !settings.cluster() && settings.asyncClient() == AsyncClient.JEDIS
        && plan.servesAsync()) {
      throw new DBException("dragonfly.scanindex.write=after is not sent through Jedis pipelines"
          + " (dragonfly.asyncclient=jedis, with clients served by few threads): drop one of the two");
    }
    if (settings.asyncClient() == AsyncClient.LETTUCE) {
      if (settings.connection().tls().sni() != null) {
        throw new DBException("dragonfly.tls.sni is sent by dragonfly.asyncclient=netty (the default) or jedis;"
            + " Lettuce sends the host's name: drop one of the two");
      }
      if (connections > 1 && !"client".equalsIgnoreCase(p.getProperty("connections", "client").trim())) {
        throw new DBException("-p connections=N (connections shared by the clients) is served by"
            + " dragonfly.asyncclient=netty (the default) or jedis; drop dragonfly.asyncclient=lettuce or"
            + " -p connections");
      }
      LettuceBackend lettuce = LettuceBackend.open(settings, plan.pipeline() > 1);
      shards = shards(lettuce.serverInfo());
      return lettuce;
    }
    RespConnection c = settings.connection();
    RespBackend backend;
    try {
      if (settings.cluster()) {
        backend = EngineBackend.open(c, settings.format(), connections, write,
            EngineBackend.transport(p, plan), plan.maxInFlight(), new RespLane.Cluster(c, address -> address),
            reads());
      } else if (settings.asyncClient() == AsyncClient.NETTY && (plan.servesAsync() || reads().offPrimary())) {
        backend = EngineBackend.open(c, settings.format(), connections, write,
            EngineBackend.transport(p, plan), plan.maxInFlight(), null, reads(), connectionsAtStart());
      } else {
        JedisPipelines pipelines = JedisPipelines.open(c, connections);
        backend = new PipelineBackend(c, pipelines, settings.format(), write);
        pipelines.connect();
      }
    } catch (RuntimeException e) {
      throw RespErrors.explain(c, e);
    }
    try {
      Map<String, String> info = RespInfo.parse(backend.info("server"));
      requireDragonfly(settings, info);
      shards = shards(info);
    } catch (RuntimeException e) {
      backend.close();
      throw RespErrors.explain(c, e);
    } catch (DBException e) {
      backend.close();
      throw e;
    }
    return backend;
  }

  /** {@code dragonfly.require}: fails unless {@code INFO server} says Dragonfly. */
  static void requireDragonfly(DragonflySettings s, Map<String, String> info) throws DBException {
    if (s.requireDragonfly() && !"dragonfly".equals(RespInfo.serverName(info))) {
      throw new DBException("the server at " + s.connection().where() + " is " + RespInfo.serverName(info) + " "
          + RespInfo.version(info) + ", not Dragonfly (dragonfly.require=true); use the redis binding for it,"
          + " or drop dragonfly.require");
    }
  }

  /** The index's shards: {@code dragonfly.scanindex.shards}, else the server's {@code thread_count} (1 if none). */
  private int shards(Map<String, String> info) {
    if (settings().indexShards() > 0) {
      return settings().indexShards();
    }
    try {
      return Math.max(1, Integer.parseInt(info.getOrDefault("thread_count", "1").trim()));
    } catch (NumberFormatException e) {
      return 1;
    }
  }




  /**
   * {@code dragonfly.connections} of earlier releases, read for this release: {@code client} and {@code threadcount}
   * are today's default, a number N becomes {@code connections=N} (unless that is set too).
   */
  @Override
  public List<String> renameProperties(Properties p) {
    String v = RenamedProperties.oldValue(p, "dragonfly.connections");
    if (v == null) {
      return List.of();
    }
    if (v.equals("client") || v.equals("threadcount")) {
      return List.of("dragonfly.connections=" + v + " is replaced by -p connections=client, the default now; the old"
          + " name is read for this release only");
    }
    if (p.containsKey("connections")) {
      return List.of();
    }
    p.setProperty("connections", v);
    return List.of("dragonfly.connections=" + v + " is replaced by -p connections=" + v + " (the clients share " + v
        + " connections), which this run uses; the old name is read for this release only");
  }
}
