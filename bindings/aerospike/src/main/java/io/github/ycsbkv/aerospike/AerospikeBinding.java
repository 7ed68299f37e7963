package io.github.ycsbkv.aerospike;

import io.github.ycsbkv.spi.Binding;
import io.github.ycsbkv.spi.PropertyDoc;
import io.github.ycsbkv.spi.ServerProbe;
import java.util.List;
import java.util.Properties;
import site.ycsb.DBException;

/** Registers {@link AerospikeDB} as {@code aerospike} and documents its properties. Immutable. */
public final class AerospikeBinding implements Binding {

  private static final List<PropertyDoc> PROPERTIES = List.of(
      new PropertyDoc("as.host", "127.0.0.1", "Seed node(s): host or host:port, comma-separated."),
      new PropertyDoc("as.port", Integer.toString(AerospikeSettings.DEFAULT_PORT), "Port of seeds given without one."),
      new PropertyDoc("as.namespace", AerospikeSettings.DEFAULT_NAMESPACE, "Namespace (the official image has 'test')."),
      new PropertyDoc("as.set", "the YCSB table", "Set name."),
      new PropertyDoc("as.user", null, "User (Enterprise security)."),
      new PropertyDoc("as.password", null, "Password; never printed."),
      new PropertyDoc("as.timeout", Integer.toString(AerospikeSettings.DEFAULT_TOTAL_TIMEOUT_MILLIS),
          "Total timeout of an operation, in milliseconds."),
      new PropertyDoc("as.socketTimeout", Integer.toString(AerospikeSettings.DEFAULT_SOCKET_TIMEOUT_MILLIS),
          "Socket idle timeout, in milliseconds."),
      new PropertyDoc("as.maxRetries", Integer.toString(AerospikeSettings.DEFAULT_MAX_RETRIES),
          "Retries per operation; 0 so that retries never hide latency."),
      new PropertyDoc("as.sendKey", "false", "Store the user key with the record."),
      new PropertyDoc("as.tls", "false", "TLS with the JVM's trust store (javax.net.ssl.* system properties)."),
      new PropertyDoc("as.tls.name", null, "TLS name of the seed nodes."),
      new PropertyDoc("as.tls.protocols", null, "TLS protocols allowed, comma-separated (e.g. TLSv1.3)."),
      new PropertyDoc("as.tls.ciphers", null, "TLS cipher suites allowed, comma-separated."),
      new PropertyDoc("as.async", "false",
          "Every operation through the asynchronous client on shared event loops (pipeline=N implies it)."),
      new PropertyDoc("as.eventLoops", "the number of CPUs", "Event loops of the asynchronous client."),
      new PropertyDoc("as.eventLoopType", "direct", "direct (the client's own NIO loops), netty (native epoll on"
          + " Linux, kqueue on macOS, x86_64 or ARM64, where it loads, else Netty NIO), netty-epoll, netty-kqueue or"
          + " netty-nio."),
      new PropertyDoc(AerospikeSettings.READ_FROM, "primary", "Where reads go: primary (each partition's master;"
          + " the client's SEQUENCE policy, no retries) or any (its master and its replicas in turn: MASTER_PROLES)."
          + " Aerospike's client has no policy for replicas only."),
      new PropertyDoc(AerospikeEviction.MAXMEMORY, null, "The namespace's memory limit (64mb, 1gb), set on every node"
          + " before the clients connect as evict-used-pct, a whole percent of its data-size (rounded down; from 1%"
          + " to below stop-writes-used-pct); default-ttl set to a day where it is 0 (Aerospike evicts only records"
          + " that expire), evict-hist-buckets to a bucket a second, nsup-period to 1 s. The server keeps them. No"
          + " eviction policy to choose."),
      new PropertyDoc(AerospikeEviction.TENTHS_PCT, "the server's", "With server.maxmemory: the namespace's"
          + " evict-tenths-pct, the share of its records (tenths of a percent, 0-1000) a supervisor round may evict;"
          + " a round evicts whole seconds of expiry time, none where the first second's records are more."));

  @Override
  public List<String> names() {
    return List.of("aerospike");
  }

  @Override
  public String dbClassName() {
    return "io.github.ycsbkv.aerospike.AerospikeDB";
  }

  @Override
  public String description() {
    return "Aerospike over aerospike-client-java 9, one shared client per process; docs/bindings/aerospike.md";
  }

  @Override
  public List<PropertyDoc> properties() {
    return PROPERTIES;
  }

  @Override
  public ServerProbe probe(Properties props) {
    try {
      return new AerospikeProbe(AerospikeSettings.from(props));
    } catch (DBException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
  }
}
