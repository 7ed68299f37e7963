package io.github.ycsbkv.spi;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.TreeMap;

/**
 * The bindings found on a class path, by name.
 *
 * <p>Fails fast: two bindings that claim the same name are an error naming both classes. Names are
 * matched without regard to case. Instances are immutable and thread-safe.
 */
public final class BindingRegistry {

  private final Map<String, Binding> byName;
  private final List<Binding> bindings;

  private BindingRegistry(List<Binding> bindings) {
    Map<String, Binding> names = new TreeMap<>();
    for (Binding binding : bindings) {
      if (binding.names().isEmpty()) {
        throw new IllegalStateException("binding " + binding.getClass().getName() + " declares no name");
      }
      for (String name : binding.names()) {
        Binding previous = names.put(name.toLowerCase(Locale.ROOT), binding);
        if (previous != null && previous != binding) {
          throw new IllegalStateException("binding name '" + name + "' is claimed by both "
              + previous.getClass().getName() + " and " + binding.getClass().getName());
        }
      }
    }
    this.byName = Collections.unmodifiableMap(names);
    List<Binding> sorted = new ArrayList<>(bindings);
    sorted.sort((a, b) -> a.names().get(0).compareTo(b.names().get(0)));
    this.bindings = List.copyOf(sorted);
  }

  /** Finds every {@link Binding} visible to {@code loader}. */
  public static BindingRegistry load(ClassLoader loader) {
    List<Binding> found = new ArrayList<>();
    try {
      for (Binding binding : ServiceLoader.load(Binding.class, loader)) {
        found.add(binding);
      }
    } catch (ServiceConfigurationError e) {
      throw new IllegalStateException("a binding on the class path cannot be loaded: " + e.getMessage(), e);
    }
    return new BindingRegistry(found);
  }

  /** A registry of exactly these bindings (for tests and embedding). */
  public static BindingRegistry of(List<Binding> bindings) {
    return new BindingRegistry(bindings);
  }

  /** The binding registered under {@code name}, ignoring case. */
  public Optional<Binding> find(String name) {
    return Optional.ofNullable(byName.get(name.toLowerCase(Locale.ROOT)));
  }

  /** Every binding, sorted by canonical name. */
  public List<Binding> bindings() {
    return bindings;
  }

  /** Every registered name, sorted. */
  public List<String> names() {
    return List.copyOf(byName.keySet());
  }
}
