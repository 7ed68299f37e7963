package io.github.ycsbkv.dragonfly;

import io.github.ycsbkv.internal.resp.RespBinding;
import io.github.ycsbkv.internal.resp.server.ReplicaReads;
import io.github.ycsbkv.internal.resp.server.RespProbe;
import io.github.ycsbkv.internal.resp.wire.IndexWrite;
import io.github.ycsbkv.spi.PropertyDoc;
import io.github.ycsbkv.spi.ServerProbe;
import java.util.List;
import java.util.Properties;
import site.ycsb.DBException;

/** Registers {@link DragonflyDB} as {@code dragonfly} and documents its properties. Immutable. */
public final class DragonflyBinding extends RespBinding {

  private static final List<PropertyDoc> OWN = List.of(
      new PropertyDoc("dragonfly.asyncclient", "netty", "Client of every key operation: netty (the event-loop RESP"
          + " engine for the asynchronous operations, a blocking Jedis connection for a client thread of its own),"
          + " jedis (Jedis pipelines on the connections the engine's connections and pipeline say, sent when the"
          + " engine waits, replies read by the thread) or lettuce (Lettuce: a connection per client thread shared"
          + " by nothing else, or with pipeline each thread's own connection, manual flushing; connections=N is not"
          + " served)."),
      new PropertyDoc("dragonfly.scanindex.shards", "server thread_count", "Index keys the index is spread over."),
      new PropertyDoc("dragonfly." + IndexWrite.SUFFIX, IndexWrite.PIPELINED.id(),
          IndexWrite.doc(IndexWrite.PIPELINED)),
      new PropertyDoc("dragonfly.cluster", "false", "Talk to a Dragonfly cluster (--cluster_mode=yes or emulated) through"
          + " the RESP engine: a connection per client to every primary, each request to its key's node; dragonfly.host"
          + " lists seeds."),
      new PropertyDoc("dragonfly.require", "false", "Fail at start unless the server is Dragonfly (INFO tells)."),
      new PropertyDoc("dragonfly.connections", null, "Replaced by the engine's connections (read for this release"
          + " only, with a line saying so): client or threadcount is connections=client, a number N is"
          + " connections=N."));

  public DragonflyBinding() {
    super(List.of("dragonfly"), "io.github.ycsbkv.dragonfly.DragonflyDB",
        "Dragonfly (the RESP engine, Jedis pipelines, or Lettuce): a connection per client, shared connections or"
            + " pipelining as the engine's connections and pipeline say; docs/bindings/dragonfly.md",
        concat(connectionProperties("dragonfly", "Server host, or host:port."), OWN, engineProperties()));
  }

  @Override
  public ServerProbe probe(Properties props) {
    try {
      DragonflySettings s = DragonflySettings.from(props);
      return new RespProbe(s.connection(), s.cluster() ? address -> address : null, ReplicaReads.from(props));
    } catch (DBException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
  }

  /** {@code dragonfly.cluster=true}, as the settings read it; settings that do not parse are init's to refuse. */
  @Override
  public boolean cluster(Properties props) {
    try {
      return DragonflySettings.from(props).cluster();
    } catch (DBException | RuntimeException e) {
      return false;
    }
  }
}
