package io.github.ycsbkv.internal.resp;

import io.github.ycsbkv.internal.resp.server.ReplicaReads;
import io.github.ycsbkv.internal.resp.wire.RecordFormat;
import io.github.ycsbkv.internal.resp.wire.RespConnection;
import io.github.ycsbkv.spi.Binding;
import io.github.ycsbkv.spi.PropertyDoc;
import java.util.ArrayList;
import java.util.List;

/**
 * A RESP binding's descriptor: its names, DB class, description and properties, given once at construction, and the
 * properties every RESP binding reads, documented in one place ({@link #connectionProperties},
 * {@link #engineProperties}). Immutable.
 */
public abstract class RespBinding implements Binding {

  private final List<String> names;
  private final String dbClassName;
  private final String description;
  private final List<PropertyDoc> properties;

  protected RespBinding(List<String> names, String dbClassName, String description, List<PropertyDoc> properties) {
    this.names = List.copyOf(names);
    this.dbClassName = dbClassName;
    this.description = description;
    this.properties = List.copyOf(properties);
  }

  @Override
  public final List<String> names() {
    return names;
  }

  @Override
  public final String dbClassName() {
    return dbClassName;
  }

  @Override
  public final String description() {
    return description;
  }

  @Override
  public final List<PropertyDoc> properties() {
    return properties;
  }

  /**
   * The properties of {@link RespConnection} and {@link RecordFormat} under {@code binding}'s prefix, with {@code host}
   * described as the binding takes it, and the scan index's.
   */
  protected static List<PropertyDoc> connectionProperties(String binding, String hostText) {
    String b = binding + ".";
    return List.of(
        new PropertyDoc(b + "host", RespConnection.DEFAULT_HOST, hostText),
        new PropertyDoc(b + "port", Integer.toString(RespConnection.DEFAULT_PORT), "Server port."),
        new PropertyDoc(b + "uri", null, "redis://[user:password@]host:port[/db] or rediss:// for TLS; " + b
            + "* properties win over its parts."),
        new PropertyDoc(b + "user", "default", "ACL user name."),
        new PropertyDoc(b + "password", null, "Password (of the ACL user, or requirepass); never printed."),
        new PropertyDoc(b + "db", "0", "Database number."),
        new PropertyDoc(b + "timeout", Integer.toString(RespConnection.DEFAULT_TIMEOUT_MILLIS),
            "Connect and reply timeout, in milliseconds."),
        new PropertyDoc(b + "tls", "false", "Use TLS (implied by rediss://)."),
        new PropertyDoc(b + "tls.cafile", null, "PEM file of the CA(s) to trust, instead of the JVM's."),
        new PropertyDoc(b + "tls.truststore", null, "PKCS12 (or .jks) trust store, instead of the JVM's."),
        new PropertyDoc(b + "tls.truststore.password", null, "Password of " + b + "tls.truststore."),
        new PropertyDoc(b + "tls.insecure", "false",
            "Trust any server certificate and skip host name checks: self-signed test servers only."),
        new PropertyDoc(b + "tls.cert", null, "PEM file of the client certificate, for a server that asks for one"
            + " (with " + b + "tls.key)."),
        new PropertyDoc(b + "tls.key", null, "PEM file of the client certificate's private key, unencrypted."),
        new PropertyDoc(b + "tls.sni", null, "Server name sent in the TLS handshake (SNI), and checked against the"
            + " server's certificate instead of the host."),
        new PropertyDoc(b + "tls.protocols", null, "TLS versions allowed, comma-separated: TLSv1, TLSv1.1, TLSv1.2,"
            + " TLSv1.3 (default: the TLS library's)."),
        new PropertyDoc(b + RespConnection.PROTOCOL, "resp2", "resp2, or resp3: the load's connections say HELLO 3"
            + " and are answered in RESP3, as memtier_benchmark's -P resp3 (the server probe stays RESP2)."),
        new PropertyDoc(b + "datatype", "hash", "hash: one hash per record (HSET/HGETALL/HMGET); string: one value"
            + " per record (SET/GET), the raw field when fieldcount=1."),
        new PropertyDoc(b + "scanindex", "on", "Keep a key-ordered index for scans: on (every insert, as upstream),"
            + " off (scans return NOT_IMPLEMENTED), auto (only if this workload scans: scanproportion > 0 or"
            + " ts.readspan > 1)."),
        new PropertyDoc(b + RespConnection.HANDSHAKE, "full", "What each connection sends when it connects: full"
            + " (its name, ycsb-kv; its protocol negotiated; its library said) or minimal (only AUTH and SELECT, as"
            + " memtier_benchmark connects; ycsb memtier's default)."),
        new PropertyDoc(b + RespDB.RECONNECT_EVERY, "0", "After this many operations each client opens a new"
            + " connection (its handshake too) and closes its old one, between two operations, never in one's"
            + " latency (memtier's --reconnect-interval); a client thread each, and with -p pipeline the requests in"
            + " flight completed first (none started meanwhile, as memtier drains its pipeline). 0: never."));
  }

  /** The engine's properties every RESP binding follows: the RESP engine's transport, connections and pipeline. */
  protected static List<PropertyDoc> engineProperties() {
    return List.of(
        new PropertyDoc(EngineBackend.TRANSPORT, "auto", "The RESP engine's I/O: auto (on Linux io_uring, else epoll;"
            + " on macOS kqueue; else NIO), io_uring, epoll, kqueue or nio."),
        new PropertyDoc("connections", "client", "Engine property: client (one connection per closed-loop client,"
            + " one request in flight on it, as upstream YCSB's binding and memtier_benchmark -c, whatever threads"
            + " serve the clients) or N (the clients share N connections, their requests pipelined on them; served by"
            + " min(N, cores) threads)."),
        new PropertyDoc("pipeline", "1", "Engine property: requests in flight on each client thread's connection"
            + " (like memtier's --pipeline); loading pipelines its inserts too."),
        new PropertyDoc(ReplicaReads.PROPERTY, "primary", "Where reads go on a primary with replicas: primary,"
            + " replica (its replicas in turn) or any (the primary and its replicas in turn); writes go to the"
            + " primary. On a cluster, a read's slot's replicas (READONLY). The RESP engine's; the result gives the"
            + " replicas' lag."),
        new PropertyDoc(MemoryLimit.MAXMEMORY, null, "The server's memory limit, set with CONFIG SET before the"
            + " clients connect (64mb, 1gb); the server keeps it. On a cluster, on each node (its limit for its own"
            + " keys)."),
        new PropertyDoc(MemoryLimit.POLICY, null, "The server's eviction policy (allkeys-lru, allkeys-lfu, ...), set"
            + " with CONFIG SET as server.maxmemory is; Dragonfly has none (its cache mode, set at its start)."),
        new PropertyDoc(ReplicaReads.REPLICAS, "the primary's ROLE", "host:port,... of the replicas to read from,"
            + " where the addresses they announce are not the ones to connect to."));
  }

  /** {@code lists}, one after the other. */
  @SafeVarargs
  protected static List<PropertyDoc> concat(List<PropertyDoc>... lists) {
    List<PropertyDoc> all = new ArrayList<>();
    for (List<PropertyDoc> l : lists) {
      all.addAll(l);
    }
    return all;
  }
}
