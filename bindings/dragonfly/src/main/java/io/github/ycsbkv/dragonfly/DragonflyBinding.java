package io.github.ycsbkv.dragonfly;

import io.github.ycsbkv.spi.Binding;
import io.github.ycsbkv.spi.PropertyDoc;
import io.github.ycsbkv.spi.ServerProbe;
import java.util.List;
import java.util.Properties;
import site.ycsb.DBException;

/** Registers {@link DragonflyDB} as {@code dragonfly} and documents its properties. Immutable. */
public final class DragonflyBinding implements Binding {

  private static final List<PropertyDoc> PROPERTIES = List.of(
      new PropertyDoc("dragonfly.host", "127.0.0.1", "Server host."),
      new PropertyDoc("dragonfly.port", "6379", "Server port."),
      new PropertyDoc("dragonfly.uri", null,
          "redis://[user:password@]host:port[/db] or rediss:// for TLS; dragonfly.* properties win over its parts."),
      new PropertyDoc("dragonfly.user", "default", "ACL user name."),
      new PropertyDoc("dragonfly.password", null, "Password; never printed."),
      new PropertyDoc("dragonfly.db", "0", "Database number."),
      new PropertyDoc("dragonfly.timeout", "2000", "Command and connect timeout, in milliseconds."),
      new PropertyDoc("dragonfly.connections", null, "Replaced by the engine's connections (read for this release"
          + " only, with a line saying so): client or threadcount is connections=client, a number N is connections=N."),
      new PropertyDoc("dragonfly.tls", "false", "Use TLS (implied by rediss://)."),
      new PropertyDoc("dragonfly.tls.cafile", null, "PEM file of the CA(s) to trust."),
      new PropertyDoc("dragonfly.tls.insecure", "false", "Trust any server certificate: self-signed test servers only."),
      new PropertyDoc("dragonfly.datatype", "hash", "hash (HSET/HGETALL/HMGET) or string (SET/GET, the raw field"
          + " when fieldcount=1)."),
      new PropertyDoc("dragonfly.scanindex", "on", "Keep a key-ordered index for scans: on (every insert, as"
          + " upstream), off (scans return NOT_IMPLEMENTED), auto (only if this workload scans: scanproportion > 0"
          + " or ts.readspan > 1)."),
      new PropertyDoc("dragonfly.scanindex.shards", "server thread_count", "Index keys the index is spread over."),
      new PropertyDoc("dragonfly.require", "false", "Fail at start unless the server is Dragonfly (INFO tells)."),
      new PropertyDoc("dragonfly.asyncclient", "netty", "Client of every key operation: netty (the event-loop RESP"
          + " engine of the redis binding for the asynchronous operations, a blocking Jedis connection for a client"
          + " thread of its own), jedis (Jedis pipelines on"
          + " the connections the engine's connections and pipeline say, sent when the engine waits, replies read by"
          + " the thread) or lettuce (Lettuce: a connection per client thread shared by nothing else, or with"
          + " pipeline each thread's own connection, manual flushing; connections=N is not served)."),
      new PropertyDoc("resp.transport", "auto", "The RESP engine's I/O: auto (io_uring, else epoll, else NIO),"
          + " io_uring, epoll or nio."),
      new PropertyDoc("connections", "client", "Engine property: client (one connection per closed-loop client, one"
          + " request in flight on it, as upstream YCSB and memtier_benchmark -c) or N (the clients share N"
          + " connections, their requests pipelined on them; served by min(N, cores) threads)."),
      new PropertyDoc("pipeline", "1", "Engine property: requests in flight on each client thread's connection (like"
          + " memtier's --pipeline); loading pipelines its inserts too."));

  @Override
  public List<String> names() {
    return List.of("dragonfly");
  }

  @Override
  public String dbClassName() {
    return "io.github.ycsbkv.dragonfly.DragonflyDB";
  }

  @Override
  public String description() {
    return "Dragonfly (Jedis pipelines, or Lettuce): a connection per client, shared connections or pipelining as"
        + " the engine's connections and pipeline say; docs/bindings/dragonfly.md";
  }

  @Override
  public List<PropertyDoc> properties() {
    return PROPERTIES;
  }

  @Override
  public ServerProbe probe(Properties props) {
    try {
      return new DragonflyProbe(DragonflySettings.from(props));
    } catch (DBException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
  }
}
