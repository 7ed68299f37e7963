package io.github.ycsbkv.engine;

import io.github.ycsbkv.config.EngineProperties;
import io.github.ycsbkv.config.Props;
import io.github.ycsbkv.config.UserError;
import io.github.ycsbkv.results.BenchmarkResult;
import io.github.ycsbkv.spi.Binding;
import io.github.ycsbkv.spi.BindingRegistry;
import io.github.ycsbkv.spi.ServerProbe;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;
import java.util.function.Consumer;
import site.ycsb.DB;

/**
 * The entry point for programs that embed ycsb-kv: a binding named as on the command line ({@code redis},
 * {@code valkey}, {@code dragonfly}, {@code aerospike}, {@code memory}, or a {@code site.ycsb.DB} class name), with
 * its properties, whose phases run as {@code bin/ycsb load} and {@code run} do, the binding's server probe included.
 * Bindings are the jars on the class path ({@link BindingRegistry}: add {@code ycsb-kv-dragonfly} and
 * {@code dragonfly} is there).
 *
 * <pre>{@code
 * Properties props = PropertySources.load(List.of("workloads/readheavy"),
 *     List.of("dragonfly.port=6380", "recordcount=10000", "operationcount=10000", "threadcount=8"));
 * Benchmarks dragonfly = Benchmarks.of("dragonfly", props);
 * dragonfly.run(Phase.LOAD);
 * BenchmarkResult ran = dragonfly.run(Phase.RUN);
 * System.out.printf("%.0f ops/s, READ P99 %.0f us%n", ran.throughputOpsPerSec(),
 *     ran.operation("READ").serviceOk().percentileMicros(99));
 * }</pre>
 *
 * <p>A name that is not a binding, a class that is not on the class path or is no {@code DB}, and every
 * configuration error a phase finds before it starts throw {@link UserError} with one line that says what to do.
 * Immutable (the properties are copied); each {@link #run} is a new phase.
 */
public final class Benchmarks {

  private final String name;
  private final Class<? extends DB> dbClass;
  private final Binding binding;
  private final Properties props;
  private final ClassLoader loader;

  private Benchmarks(String name, Class<? extends DB> dbClass, Binding binding, Properties props, ClassLoader loader) {
    this.name = name;
    this.dbClass = dbClass;
    this.binding = binding;
    this.props = new Properties();
    this.props.putAll(props);
    this.loader = loader;
  }

  /** {@code binding}'s benchmarks with {@code props}, from the class path that loaded ycsb-kv. */
  public static Benchmarks of(String binding, Properties props) {
    return of(binding, props, Benchmarks.class.getClassLoader());
  }

  /** As {@link #of(String, Properties)}, the bindings and the workload found through {@code loader}. */
  public static Benchmarks of(String binding, Properties props, ClassLoader loader) {
    return of(binding, props, BindingRegistry.load(loader), loader);
  }

  /**
   * As {@link #of(String, Properties, ClassLoader)}, names looked up in {@code registry}. The name reported is the one
   * given ({@code valkey}, not the binding's first name {@code redis}): results speak of the store asked for.
   */
  public static Benchmarks of(String binding, Properties props, BindingRegistry registry, ClassLoader loader) {
    String nameOrClass = Objects.requireNonNull(binding).trim();
    Optional<Binding> found = registry.find(nameOrClass);
    String className;
    String name;
    if (found.isPresent()) {
      className = found.get().dbClassName();
      name = nameOrClass.toLowerCase(Locale.ROOT);
    } else if (nameOrClass.contains(".")) {
      className = nameOrClass;
      name = nameOrClass;
    } else {
      throw new UserError("unknown binding '" + nameOrClass + "'; known: " + String.join(", ", registry.names())
          + " (or give a fully qualified site.ycsb.DB class)");
    }
    Class<?> type;
    try {
      type = Class.forName(className, false, loader);
    } catch (ClassNotFoundException | LinkageError e) {
      throw new UserError("binding class '" + className + "' not found on the class path; add its jar to it"
          + " (bin/ycsb: -cp or YCSB_CLASSPATH)");
    }
    if (!DB.class.isAssignableFrom(type)) {
      throw new UserError("'" + className + "' is not a site.ycsb.DB");
    }
    Binding descriptor = found.orElseGet(() -> registry.bindings().stream()
        .filter(b -> b.dbClassName().equals(className)).findFirst().orElse(null));
    return new Benchmarks(name, type.asSubclass(DB.class), descriptor, props, loader);
  }

  /** The same binding with other properties. */
  public Benchmarks with(Properties other) {
    return new Benchmarks(name, dbClass, binding, other, loader);
  }

  /** The name results report: the one given. */
  public String name() {
    return name;
  }

  /** The binding's {@code site.ycsb.DB} class, one instance per client thread. */
  public Class<? extends DB> dbClass() {
    return dbClass;
  }

  /** A phase, not started yet: for a caller that sets its outputs first ({@link Benchmark#statusTo}, ...). */
  public Benchmark benchmark(Phase phase) {
    Properties phaseProps = props;
    if (binding != null) {
      phaseProps = new Properties();
      phaseProps.putAll(props);
      phaseProps.setProperty(EngineProperties.SERVER_CLUSTER, Boolean.toString(binding.cluster(props)));
    }
    return new Benchmark(phase, phaseProps, name, dbClass, loader);
  }

  /** Runs {@code phase} with the binding's server probe (closed afterwards), and returns what it measured. */
  public BenchmarkResult run(Phase phase) {
    return run(phase, b -> {});
  }

  /**
   * As {@link #run(Phase)}, {@code configure} called with the phase before it starts (its outputs, a stop signal to
   * keep for Ctrl-C).
   */
  public BenchmarkResult run(Phase phase, Consumer<Benchmark> configure) {
    Benchmark benchmark = benchmark(phase);
    String noProbe = null;
    ServerProbe probe = null;
    try {
      probe = newProbe();
    } catch (UserError e) {
      throw e;
    } catch (RuntimeException e) {
      noProbe = "no server probe: " + UserError.describe(e);
    }
    benchmark.probe(probe);
    if (noProbe != null) {
      benchmark.warnFirst(noProbe);
    }
    configure.accept(benchmark);
    try {
      return benchmark.run();
    } finally {
      if (probe != null) {
        probe.close();
      }
    }
  }

  /**
   * The binding's server probe of these properties (the caller closes it), or null: the binding has none, or
   * {@code probe=false}. Properties the binding finds invalid throw {@link UserError}.
   */
  public ServerProbe newProbe() {
    if (binding == null || !Props.getBoolean(props, "probe", true)) {
      return null;
    }
    try {
      return binding.probe(props);
    } catch (IllegalArgumentException e) {
      // The binding's own properties are invalid (Binding.probe's contract): init would fail the same way.
      throw new UserError(UserError.describe(e));
    }
  }
}
