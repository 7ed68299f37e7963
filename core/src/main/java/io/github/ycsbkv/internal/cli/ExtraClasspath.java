package io.github.ycsbkv.internal.cli;

import io.github.ycsbkv.config.UserError;
import java.io.File;
import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The class loader for bindings and workloads that are not part of ycsb-kv: entries from
 * {@code -cp} and from the {@code YCSB_CLASSPATH} environment variable, separated by the platform's
 * path separator, each a jar, a directory of classes, or {@code dir/*} for every jar in a
 * directory (as {@code java -cp} takes it). So an upstream YCSB binding jar runs unchanged.
 *
 * <p>The loader is child-first: a user's jars see their own dependencies before ycsb-kv's, so an
 * upstream binding built on Jedis 2.9 or aerospike-client 3 runs with those, not with the Jedis 8
 * or aerospike-client 9 that ycsb-kv's own bindings use. Only the contracts the engine and the
 * binding must share come from ycsb-kv ({@link ChildFirstLoader#sharedPackage}).
 */
final class ExtraClasspath {

  static final String ENV = "YCSB_CLASSPATH";

  private ExtraClasspath() {}

  static ClassLoader create(List<String> cpOptions, String envValue, ClassLoader parent) {
    List<String> entries = new ArrayList<>();
    for (String option : cpOptions) {
      split(option, entries);
    }
    if (envValue != null) {
      split(envValue, entries);
    }
    if (entries.isEmpty()) {
      return parent;
    }
    List<URL> urls = new ArrayList<>();
    for (String entry : entries) {
      addEntry(entry, urls);
    }
    return new ChildFirstLoader(urls.toArray(new URL[0]), parent);
  }

  private static void split(String value, List<String> into) {
    for (String part : value.split(File.pathSeparator)) {
      if (!part.isBlank()) {
        into.add(part.trim());
      }
    }
  }

  private static void addEntry(String entry, List<URL> urls) {
    try {
      if (entry.endsWith("/*") || entry.equals("*")) {
        Path dir = Path.of(entry.length() == 1 ? "." : entry.substring(0, entry.length() - 2));
        if (!Files.isDirectory(dir)) {
          throw new UserError("class path entry '" + entry + "': no such directory");
        }
        try (DirectoryStream<Path> jars = Files.newDirectoryStream(dir, "*.{jar,JAR}")) {
          for (Path jar : jars) {
            urls.add(jar.toUri().toURL());
          }
        }
        return;
      }
      Path path = Path.of(entry);
      if (!Files.exists(path)) {
        throw new UserError("class path entry '" + entry + "' does not exist");
      }
      urls.add(path.toUri().toURL());
    } catch (MalformedURLException e) {
      throw new UserError("class path entry '" + entry + "' is not a valid path");
    } catch (IOException e) {
      throw new UserError("cannot list class path entry '" + entry + "': " + UserError.describe(e));
    }
  }

  /**
   * A {@link URLClassLoader} that looks in its own URLs first, except for the packages the engine
   * and a binding must share (the JDK, YCSB's API, ycsb-kv's SPI), which come from the parent when
   * the parent has them. Thread-safe (parallel capable, as {@link URLClassLoader}).
   */
  static final class ChildFirstLoader extends URLClassLoader {

    static {
      ClassLoader.registerAsParallelCapable();
    }

    ChildFirstLoader(URL[] urls, ClassLoader parent) {
      super("ycsb-extra-classpath", urls, parent);
    }

    /**
     * Whether {@code className} belongs to what the engine and user code share: the JDK, YCSB's
     * {@code site.ycsb} API (DB, Status, ByteIterator, Workload: a user jar's own copy of YCSB's core
     * must not replace them) and ycsb-kv's own packages (its SPI).
     */
    static boolean sharedPackage(String className) {
      return className.startsWith("java.") || className.startsWith("javax.") || className.startsWith("jdk.")
          || className.startsWith("sun.") || className.startsWith("com.sun.") || className.startsWith("site.ycsb.")
          || className.startsWith("io.github.ycsbkv.") || className.startsWith("org.HdrHistogram.");
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
      synchronized (getClassLoadingLock(name)) {
        Class<?> c = findLoadedClass(name);
        if (c == null) {
          if (sharedPackage(name)) {
            try {
              c = getParent().loadClass(name);
            } catch (ClassNotFoundException e) {
              c = findClass(name);
            }
          } else {
            try {
              c = findClass(name);
            } catch (ClassNotFoundException e) {
              c = getParent().loadClass(name);
            }
          }
        }
        if (resolve) {
          resolveClass(c);
        }
        return c;
      }
    }

    @Override
    public URL getResource(String name) {
      URL own = findResource(name);
      return own != null ? own : getParent().getResource(name);
    }
  }
}
