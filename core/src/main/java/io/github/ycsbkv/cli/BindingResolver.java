package io.github.ycsbkv.cli;

import io.github.ycsbkv.config.UserError;
import io.github.ycsbkv.spi.Binding;
import io.github.ycsbkv.spi.BindingRegistry;
import java.util.Optional;
import site.ycsb.DB;

/**
 * Turns what the user typed (a short name such as {@code redis}, or a fully qualified
 * {@code site.ycsb.DB} class) into a DB class, with one-line errors that list the known names.
 */
final class BindingResolver {

  /** A resolved binding: the name to report and the class to instantiate per client thread. */
  record Resolved(String name, Class<? extends DB> dbClass) {}

  private BindingResolver() {}

  static Resolved resolve(String nameOrClass, BindingRegistry registry, ClassLoader loader) {
    Optional<Binding> binding = registry.find(nameOrClass);
    String className;
    String name;
    if (binding.isPresent()) {
      className = binding.get().dbClassName();
      // The name the user typed (valkey, keydb), not the binding's first name: messages and results
      // must speak of the store the user asked for.
      name = nameOrClass.toLowerCase(java.util.Locale.ROOT);
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
      throw new UserError("binding class '" + className + "' not found on the class path; add its jar with -cp"
          + " or " + ExtraClasspath.ENV);
    }
    if (!DB.class.isAssignableFrom(type)) {
      throw new UserError("'" + className + "' is not a site.ycsb.DB");
    }
    return new Resolved(name, type.asSubclass(DB.class));
  }
}
