package io.github.ycsbkv.dragonfly;

import io.github.ycsbkv.config.BindingProperties;
import io.github.ycsbkv.internal.resp.AsyncClient;
import io.github.ycsbkv.internal.resp.RespSettings;
import io.github.ycsbkv.internal.resp.ScanIndex;
import io.github.ycsbkv.internal.resp.wire.IndexWrite;
import io.github.ycsbkv.internal.resp.wire.RecordFormat;
import io.github.ycsbkv.internal.resp.wire.RespConnection;
import java.util.Locale;
import java.util.Properties;
import site.ycsb.DBException;

/**
 * The dragonfly binding's configuration: where and how it connects ({@link RespConnection}: {@code dragonfly.uri},
 * {@code dragonfly.host}, ...), how records are stored ({@link RecordFormat}), the scan index, whether the server
 * must be Dragonfly, and which client serves the operations, with Lettuce's own settings when it is Lettuce. Every
 * property and default is in {@link DragonflyBinding#properties()} and {@code docs/bindings/dragonfly.md}.
 * Immutable; {@link #toString()} masks the password.
 *
 * @param indexShards the sorted sets the scan index is spread over; 0: as many as the server has threads
 * @param indexWrite how an insert writes a record and its index entry ({@code dragonfly.scanindex.write})
 */
record DragonflySettings(RespConnection connection, RecordFormat format, ScanIndex scanIndex, int indexShards,
    IndexWrite indexWrite, boolean requireDragonfly, AsyncClient asyncClient, Lettuce lettuce, boolean cluster)
    implements RespSettings {

  static final String BINDING = "dragonfly";

  /**
   * Lettuce's settings ({@code dragonfly.asyncclient=lettuce}).
   *
   * @param connections connections the process shares: one per client thread with the engine's
   *     {@code connections=client}, N with {@code connections=N}
   * @param reconnectIntervalMillis Lettuce's first reconnection delay: the engine's {@code reconnect.interval}
   * @param reconnectMaxMillis Lettuce's longest reconnection delay: the engine's {@code reconnect.max}
   */
  record Lettuce(int connections, long reconnectIntervalMillis, long reconnectMaxMillis) {

    static Lettuce from(Properties p) throws DBException {
      String shape = p.getProperty("connections", "client").trim().toLowerCase(Locale.ROOT);
      int connections = shape.equals("client") ? BindingProperties.integer(p, "threadcount", 1, 1)
          : BindingProperties.integer(p, "connections", 1, 1);
      int interval = BindingProperties.integer(p, "reconnect.interval", 100, 0);
      int max = BindingProperties.integer(p, "reconnect.max", 1000, 0);
      return new Lettuce(connections, Math.max(1, interval), Math.max(1, Math.max(interval, max)));
    }
  }

  static DragonflySettings from(Properties p) throws DBException {
    RespConnection connection = RespConnection.parse(p, BINDING);
    boolean cluster = BindingProperties.bool(p, "dragonfly.cluster", false);
    if (!cluster && connection.endpoints().size() > 1) {
      throw new DBException("dragonfly.host lists " + connection.endpoints().size() + " servers; set"
          + " dragonfly.cluster=true for a Dragonfly cluster, or give one host");
    }
    AsyncClient client = AsyncClient.parse(p, "dragonfly.asyncclient", AsyncClient.NETTY, AsyncClient.JEDIS,
        AsyncClient.LETTUCE);
    if (cluster && client != AsyncClient.NETTY) {
      throw new DBException("dragonfly.cluster=true is served by the RESP engine (dragonfly.asyncclient=netty, the"
          + " default), not by " + client.id() + "; drop dragonfly.asyncclient");
    }
    if (cluster && connection.database() != 0) {
      throw new DBException("dragonfly.db must be 0 with dragonfly.cluster=true (a cluster has one database)");
    }
    return new DragonflySettings(connection, RecordFormat.parse(p, BINDING), ScanIndex.from(p, "dragonfly.scanindex"),
        BindingProperties.integer(p, "dragonfly.scanindex.shards", 0, 0),
        IndexWrite.parse(p, BINDING, IndexWrite.PIPELINED),
        BindingProperties.bool(p, "dragonfly.require", false), client, Lettuce.from(p), cluster);
  }

  @Override
  public String clientKey() {
    return connection.key() + "|" + asyncClient + "|" + lettuce + "|" + cluster;
  }

  /** The server, or a cluster's seeds, for messages. */
  @Override
  public String where() {
    return cluster ? "Dragonfly cluster seeds " + connection.endpoints() : connection.where();
  }

  @Override
  public String toString() {
    return "DragonflySettings[" + connection.where() + ", user=" + connection.user() + ", password="
        + (connection.password() == null ? "none" : "*****") + ", tls=" + connection.tls().enabled() + ", client="
        + asyncClient.id() + ", connections=" + lettuce.connections() + "]";
  }
}
