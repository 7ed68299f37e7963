package io.github.ycsbkv.internal.resp;

import io.github.ycsbkv.internal.resp.wire.RespConnection;

/** What {@link RespDB} needs of a RESP binding's settings. Implementations are immutable. */
public interface RespSettings {

  /** Where and how the binding connects. */
  RespConnection connection();

  /** Whether the binding talks to a cluster. */
  boolean cluster();

  /** Whether the binding keeps a scan index ({@code <binding>.scanindex}). */
  ScanIndex scanIndex();

  /**
   * Identifies the configuration whose first instance in the process connects alone, and the clients it shares (the
   * password is part of it, never printed).
   */
  String clientKey();

  /**
   * The address that reaches a cluster node announced as {@code address} ({@code host:port}); itself unless the binding
   * maps addresses ({@code redis.cluster.hostmap}).
   */
  default String mapAddress(String address) {
    return address;
  }

  /** How messages name the server (an address, or a cluster's seeds). */
  default String where() {
    return connection().where();
  }
}
