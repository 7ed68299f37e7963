package io.github.ycsbkv.spi;

import java.util.List;
import java.util.Properties;

/**
 * A binding's announcement to the engine, found with {@link java.util.ServiceLoader}.
 *
 * <p>A binding module lists its implementation in
 * {@code META-INF/services/io.github.ycsbkv.spi.Binding}. The descriptor names the binding (for
 * example {@code redis}, {@code valkey}, {@code keydb}), the {@code site.ycsb.DB} class that does
 * the work, and the properties it reads, which {@code ycsb bindings} prints.
 *
 * <p>The DB class is referred to by name only, so that a binding's DB class never depends on this
 * interface at run time and keeps working inside upstream YCSB's {@code site.ycsb.Client}.
 *
 * <p>Implementations must have a public no-argument constructor and be immutable; the engine may
 * call them from any thread.
 */
public interface Binding {

  /** The names users type, lower case; the first is the canonical one. Never empty. */
  List<String> names();

  /** The fully qualified name of the {@code site.ycsb.DB} subclass. */
  String dbClassName();

  /** One line saying what the binding talks to. */
  String description();

  /** The properties the binding reads, in the order {@code ycsb bindings} lists them. */
  default List<PropertyDoc> properties() {
    return List.of();
  }

  /**
   * A probe of the server that {@code props} point at, or {@code null} when the binding has none.
   * The caller closes it. May throw if the properties are invalid; connection problems may wait
   * until {@link ServerProbe#sample()}.
   */
  default ServerProbe probe(Properties props) {
    return null;
  }

  /**
   * Whether {@code props} point the binding at a cluster that serves each key on the node of its hash slot, so that a
   * command of several keys must keep them in one slot. The engine tells the workload through
   * {@link io.github.ycsbkv.config.EngineProperties#SERVER_CLUSTER}; workloads never read a binding's own keys.
   * Default: no.
   */
  default boolean cluster(Properties props) {
    return false;
  }
}
